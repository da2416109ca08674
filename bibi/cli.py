"""The ``bibi`` command: the rules, deals and games played by bots, replays, and a game in the terminal.

    bibi rules [PRESET] [--diff A B]    the options, their values and the sentences they come from
    bibi deal  [--rules ru] [--players 6] [--seed 7] [--bots heuristic] [--json [FILE]]
    bibi game  [--rules ru] [--players 6] [--rounds 1] [--seed 7] [--bots heuristic] [--json [FILE]]
    bibi replay FILE                    a deal or game record, replayed and printed
    bibi play  [--rules ru] [--players 4] [--seat 0] [--bots heuristic] [--seed 7] [--deals 1]
    bibi simulate / bibi compare        many deals to tables (bibi.simulation, imported when they run)

Each command is a function ``cmd_NAME(args) -> exit status`` registered with ``@subcommand``, which also
takes the function that adds the command's arguments; ``build_parser()`` builds the parser from the
registry. A new command is two functions and a decorator, added below the last command;
``add_table_arguments`` gives it the common ``--rules/--players/--seed/--bots`` options.

Bad input ends with a one-line ``bibi COMMAND: error: …`` on stderr and exit status 1 (2 for a bad
command line, as argparse does); Ctrl-C with a one-line ``bibi COMMAND: interrupted`` and status 130.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

from bibi.cards import Card, sort_key
from bibi.deal import RECORD_FORMAT as DEAL_FORMAT
from bibi.deal import Deal, Event
from bibi.errors import MAX_SEED, shorten
from bibi.game import RECORD_FORMAT as GAME_FORMAT
from bibi.game import Game
from bibi.i18n import LANGUAGES, find_language, language
from bibi.kinds import EventKind
from bibi.notation import cards_text as _cards
from bibi.notation import game_text, score_line, transcript
from bibi.play import BOTS, Bot, bot_name, bots_rng, get_bot, play, trick_number
from bibi.rules import OPTIONS, PRESETS, Rules, call_word, parse_rules, preset
from bibi.session import Session
from bibi.terminal import ask_line, read_line
from bibi.tricks import reason_of

# -- the registry -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Subcommand:
    """One ``bibi`` command: its name, its one-line help, what adds its arguments, what runs it."""

    name: str
    help: str
    arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


SUBCOMMANDS: dict[str, Subcommand] = {}


def subcommand(name: str, summary: str, arguments: Callable[[argparse.ArgumentParser], None]):
    """Register the decorated ``run(args) -> exit status`` as ``bibi NAME``."""

    def register(run: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
        SUBCOMMANDS[name] = Subcommand(name, summary, arguments, run)
        return run

    return register


class _Parser(argparse.ArgumentParser):
    """argparse, with its error messages cut short: they quote what was typed, which may be anything."""

    def error(self, message: str) -> NoReturn:
        super().error(message if len(message) <= 200 else message[:199] + "…")


def build_parser() -> argparse.ArgumentParser:
    """The ``bibi`` parser, one subparser per registered command."""
    parser = _Parser(
        prog="bibi", description="Learn and explore the card game Bi-bi! / bip bip / Pip-Pip!.",
        epilog="Run 'bibi COMMAND --help' for a command's options.",
    )
    parser.add_argument("--lang", type=lang_arg, default=None, metavar="LANG",
                        help=f"the language to speak ({', '.join(LANGUAGES)}; default: the environment's, "
                             "from LANGUAGE, LC_ALL, LC_MESSAGES or LANG, else English)")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in SUBCOMMANDS.values():
        # argparse %-formats help strings (not descriptions): a "95%" in a command's help must stay a percent.
        sub = commands.add_parser(command.name, help=command.help.replace("%", "%%"), description=command.help)
        command.arguments(sub)
        sub.set_defaults(run=command.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``bibi`` with ``argv`` (default: the command line); return the exit status."""
    args = build_parser().parse_args(argv)
    try:
        with language(args.lang):  # --lang speaks for this command only; without it, the environment's language
            check_outputs(args)
            status = args.run(args)
            sys.stdout.flush()
        return status
    except KeyboardInterrupt:  # Ctrl-C: a long run or a game stopped on purpose; one line, no traceback
        print(f"bibi {args.command}: interrupted", file=sys.stderr)
        return 130  # as a shell reports a command ended by SIGINT
    except BrokenPipeError:  # `bibi rules it | head`: the reader has gone; end quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # nothing more to write at exit either
        return 1
    except (ValueError, TypeError, OSError) as exc:  # bad input of every kind: one line, exit 1
        text = " ".join(str(exc).split())
        print(f"bibi {args.command}: error: {text[:400]}", file=sys.stderr)
        return 1


OUTPUTS = ("json", "out", "deals_out")  # the options that name a file to write


def check_outputs(args: argparse.Namespace) -> None:
    """Every output path a command will write, checked before it runs (a long run must not end in a bad path)."""
    for option in OUTPUTS:
        path = getattr(args, option, None)
        if not path or path == "-":
            continue
        flag = "--" + option.replace("_", "-")
        folder = os.path.dirname(os.path.abspath(path))
        if os.path.isdir(path):
            raise ValueError(f"{flag}: {shorten(path, 200)} is a folder, not a file")
        if not os.path.isdir(folder):
            raise ValueError(f"{flag}: the folder of {shorten(path, 200)} does not exist")
        if not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
            raise ValueError(f"{flag}: {shorten(path, 200)} cannot be written")


# -- argument types shared by the commands -------------------------------------------------------------


def lang_arg(text: str) -> str:
    """A language (``ru``, ``it``, ``en``, or a locale like ``ru_RU.UTF-8``), for argparse (``bibi --lang``)."""
    try:
        return find_language(text, "LANG")
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def rules_arg(text: str) -> Rules:
    """A preset by name or alias, for argparse (``bibi rules``)."""
    try:
        return preset(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def variant_arg(text: str) -> Rules:
    """A preset with optional changes, ``ru`` or ``ru:follow=follow_or_trump,dealt_pairs=false``, for argparse."""
    try:
        return parse_rules(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def whole_arg(text: str) -> int:
    """A whole number, for argparse: digits only (no ``²``), at most 18 of them."""
    digits = text.strip().removeprefix("-")
    if not (digits.isascii() and digits.isdecimal()) or len(digits) > 18:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {shorten(text)}")
    return int(text)


def seed_arg(text: str) -> int | str:
    """A seed for argparse, read so that it gives the deal the same seed gives everywhere else: a whole number
    written as Python writes it (``7``, ``-3``: no leading zero, no sign ``+``, no spaces, ASCII digits) is that
    number, within ±2**64 as the engine takes it; anything else is that very text (``007``, ``bibi/0/5``), as
    ``Deal.new(..., seed="007")`` takes it."""
    if not text.strip():
        raise argparse.ArgumentTypeError(f"a seed cannot be blank ({shorten(text)})")
    digits = text.removeprefix("-")
    if not (digits.isascii() and digits.isdecimal()) or (digits != "0" and digits.startswith("0")) or text == "-0":
        return text  # a text seed, taken as typed
    if len(digits) > 20 or abs(int(text)) > MAX_SEED:
        raise argparse.ArgumentTypeError(f"{shorten(text)} is outside ±2**64, the whole-number seeds; "
                                         "a seed that is not a whole number is a text, like 'bibi/0/5'")
    return int(text)


SEED_HELP = ("random seed, for the same deal again: a whole number (7, -3), or any other text, taken as typed "
             "('007' and 'bibi/0/5' are texts, as the API takes seed='007')")


def bots_arg(text: str) -> list[str]:
    """A bot name, or comma-separated names one per seat, for argparse."""
    names = [name.strip().lower() for name in text.split(",")]
    for name in names:
        try:
            get_bot(name)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
    return names


def add_table_arguments(parser: argparse.ArgumentParser, rules: str = "russian", players: int = 6) -> None:
    """The options that set a table: ``--rules``, ``--players``, ``--seed``, ``--bots``."""
    parser.add_argument("--rules", type=variant_arg, default=preset(rules), metavar="RULES",
                        help="a preset (ru, it, en or their full names) with optional changes, "
                             f"like 'ru:follow=follow_or_trump' (default: {rules})")
    parser.add_argument("--players", type=whole_arg, default=players, metavar="N",
                        help=f"number of players, 2 to 12 (default: {players})")
    parser.add_argument("--seed", type=seed_arg, default=None, help=SEED_HELP)
    parser.add_argument("--bots", type=bots_arg, default=["heuristic"], metavar="NAME[,NAME…]",
                        help=f"who plays: one of {', '.join(_bot_names())} for every seat, or one name per seat "
                             "(default: heuristic)")


def _bot_names() -> list[str]:
    return list(BOTS)  # the registry: the kit's bots and any registered before the parser is built


def add_json_argument(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument("--json", nargs="?", const="-", metavar="FILE",
                        help=f"write the {what} record as JSON to FILE (to standard output without FILE)")


def _seed(args: argparse.Namespace) -> int | str:
    """The seed asked for, or a fresh one (shown, so the same deal can be had again)."""
    return args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)


def _report(args: argparse.Namespace, seed: int | str, text: str, record: dict[str, Any]) -> int:
    """Print the seed, the bots and ``text``, unless the record goes to standard output; write the record."""
    if args.json != "-":
        print(f"seed {seed}; bots: {', '.join(args.bots)}")
        print(text)
    if args.json:
        _write_json(record, args.json)
    return 0


def _write_json(record: dict[str, Any], target: str) -> None:
    text = json.dumps(record, ensure_ascii=False, indent=1) + "\n"
    if target == "-":
        sys.stdout.write(text)
    else:
        with open(target, "w", encoding="utf-8") as f:
            f.write(text)


# -- bibi rules -------------------------------------------------------------------------------------------


def _rules_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("preset", nargs="?", type=rules_arg, metavar="PRESET",
                        help="a preset (ru, it, en): its options, what each value means, the sentences cited")
    parser.add_argument("--diff", nargs=2, type=rules_arg, metavar=("A", "B"),
                        help="only the options where presets A and B differ")


@subcommand("rules", "show the rule options of a preset, with their citations, or compare two", _rules_arguments)
def cmd_rules(args: argparse.Namespace) -> int:
    if args.diff:
        print(rules_diff(*args.diff))
    elif args.preset:
        print(rules_text(args.preset))
    else:
        print(rules_table())
    return 0


def rules_text(rules: Rules) -> str:
    """A preset's options: value, citation, and what the value means."""
    lines = [rules.describe()]
    for name, value in rules.options().items():
        if OPTIONS[name].meaning(value) or rules.no_effect(name):
            lines.append(f"  {name:<13} = {value}: {rules.explain(name)}")
    return "\n".join([lines[0], "", "What the values mean:", *lines[1:]])


def rules_diff(a: Rules, b: Rules) -> str:
    """The options where ``a`` and ``b`` differ, each value with its meaning; an option that has no
    effect under one side's rules is listed apart, as no difference in play."""
    rows = a.diff(b)
    if not rows:
        return f"{a.name} and {b.name} have the same rules"
    live = [row for row in rows if not (a.no_effect(row[0]) or b.no_effect(row[0]))]
    inert = [row for row in rows if row not in live]
    lines = [f"{len(live)} option(s) differ between {a.name} and {b.name}:"]
    for name, mine, theirs in live:
        lines.append(f"  {name} ({OPTIONS[name].title}; {a.citation(name)})")
        for rules, value in ((a, mine), (b, theirs)):
            meaning = OPTIONS[name].meaning(value)
            lines.append(f"    {rules.name:<8} {value}" + (f": {meaning}" if meaning else ""))
    if inert:
        lines.append(f"{len(inert)} more set differently, with no effect under one side's rules "
                     "(no difference between the texts):")
        for name, mine, theirs in inert:
            lines.append(f"  {name} ({OPTIONS[name].title}; {a.citation(name)})")
            for rules, value in ((a, mine), (b, theirs)):
                lines.append(f"    {rules.name:<8} {value}: {rules.explain(name)}")
    return "\n".join(lines)


def rules_table() -> str:
    """Every option with its value in each preset and its sources."""
    names = list(PRESETS)
    # each column as wide as its longest value, with room for a * (no effect) and two spaces
    widths = [max(len(n), *(len(str(p.options()[o])) for o in OPTIONS)) + 3 for n, p in PRESETS.items()]
    lines = [f"{'option':<14}" + "".join(f"{n:<{w}}" for n, w in zip(names, widths, strict=True)) + "sources"]
    for option in OPTIONS:
        values = "".join(f"{str(p.options()[option]) + ('*' if p.no_effect(option) else ''):<{w}}"
                         for p, w in zip(PRESETS.values(), widths, strict=True))
        note = f" ({OPTIONS[option].note})" if OPTIONS[option].note else ""
        lines.append(f"{option:<14}{values}{'; '.join(OPTIONS[option].sources)}{note}")
    for name, p in PRESETS.items():
        for option in OPTIONS:
            if p.no_effect(option):
                lines.append(f"* {name} {option}: {p.no_effect(option)}")
    lines.append("\nbibi rules PRESET shows one preset's citations and meanings; bibi rules --diff ru it compares.")
    return "\n".join(lines)


# -- bibi deal --------------------------------------------------------------------------------------------


def _deal_arguments(parser: argparse.ArgumentParser) -> None:
    add_table_arguments(parser)
    parser.add_argument("--dealer", type=whole_arg, default=None, metavar="SEAT",
                        help="who deals (default: as the rules say, R5, R6); a simulation's deal i has dealer "
                             "i mod players")
    add_json_argument(parser, "deal")
    parser.add_argument("--draws", action="store_true", help="show every card drawn from the stock too")


@subcommand("deal", "deal once and let bots play it: a transcript trick by trick", _deal_arguments)
def cmd_deal(args: argparse.Namespace) -> int:
    seed = _seed(args)
    deal = play(Deal.new(args.rules, args.players, seed=seed, dealer=args.dealer), args.bots, bots_rng(seed))
    return _report(args, seed, transcript(deal, draws=args.draws), deal.record())


# -- bibi game --------------------------------------------------------------------------------------------


def _game_arguments(parser: argparse.ArgumentParser) -> None:
    add_table_arguments(parser)
    parser.add_argument("--rounds", type=whole_arg, default=1, help="each player deals this often (default: 1)")
    add_json_argument(parser, "game")
    parser.add_argument("--deals", action="store_true", help="show every deal's transcript too")


@subcommand("game", "a whole game played by bots, deal after deal, until all have dealt equally", _game_arguments)
def cmd_game(args: argparse.Namespace) -> int:
    seed = _seed(args)
    game = Game.new(args.rules, args.players, args.rounds, seed=seed).play(args.bots)
    return _report(args, seed, game_text(game, deals=args.deals), game.record())


# -- bibi replay ------------------------------------------------------------------------------------------


def _replay_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="a deal or game record (JSON), or - for standard input")
    parser.add_argument("--draws", action="store_true", help="show every card drawn from the stock too")


@subcommand("replay", "replay a deal or game record and print it", _replay_arguments)
def cmd_replay(args: argparse.Namespace) -> int:
    record = read_record(args.file)
    try:
        if record.get("format") == DEAL_FORMAT:
            text = transcript(Deal.replay(record), draws=args.draws)
        else:
            text = game_text(Game.replay(record), deals=True)
    except ValueError as exc:
        raise ValueError(f"{shorten(args.file, 200)}: {exc}") from None
    print(text)
    return 0


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a record holds")


def read_record(path: str) -> dict[str, Any]:
    """A deal or game record from a JSON file (``-``: standard input); ``ValueError`` saying what is wrong."""
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read()
    except OSError as exc:
        raise ValueError(f"{shorten(path, 200)}: cannot read it ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise ValueError(f"{shorten(path, 200)}: not a text file (a record is JSON in UTF-8)") from None
    try:
        record = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{shorten(path, 200)}: not JSON ({exc.msg} at line {exc.lineno})") from None
    except RecursionError:
        raise ValueError(f"{shorten(path, 200)}: not a bibi record (JSON nested too deeply)") from None
    except ValueError as exc:
        raise ValueError(f"{shorten(path, 200)}: not a bibi record ({exc})") from None
    kind = record.get("format") if isinstance(record, dict) else None
    if kind not in (DEAL_FORMAT, GAME_FORMAT):
        raise ValueError(f"{shorten(path, 200)}: not a bibi record (format {shorten(kind)}; "
                         f"expected {DEAL_FORMAT} or {GAME_FORMAT})")
    return record


# -- bibi play --------------------------------------------------------------------------------------------


def _play_arguments(parser: argparse.ArgumentParser) -> None:
    add_table_arguments(parser, players=4)
    parser.add_argument("--seat", type=whole_arg, default=0, help="your seat, 0 to players - 1 (default: 0)")
    parser.add_argument("--deals", type=whole_arg, default=None, metavar="N",
                        help="1 for one deal; otherwise a game of N deals, every player dealing equally often "
                             "(R26; default: a game of one deal each)")


@subcommand("play", "play a game (or one deal) against bots in the terminal", _play_arguments)
def cmd_play(args: argparse.Namespace) -> int:
    seed = _seed(args)
    players = args.players
    if not 0 <= args.seat < players:
        raise ValueError(f"--seat: {args.seat} is not a seat 0…{players - 1}")
    deals = players if args.deals is None else args.deals
    if deals != 1 and (deals < 1 or deals % players):
        raise ValueError(f"--deals: {deals} is neither 1 nor a game where everyone deals equally often "
                         f"({players}, {2 * players}, …; R26)")
    names = args.bots if len(args.bots) != 1 else args.bots * (players - 1)
    if len(names) != players - 1:
        raise ValueError(f"--bots: {len(names)} names for the {players - 1} other seats")
    others = iter(map(get_bot, names))
    bots = [None if s == args.seat else next(others) for s in range(players)]
    played: Deal | Game = (Deal.new(args.rules, players, seed=seed) if deals == 1
                           else Game.new(args.rules, players, deals // players, seed=seed))
    what = "one deal" if deals == 1 else f"a game of {deals} deals"
    print(f"Bi-bi! with the {args.rules.label} rules: {what}, {players} players, seed {seed}. You are seat "
          f"{args.seat}; bots: {', '.join(names)}. Type a card (K♥ or KH, 10♦ or TD), a choice's number, "
          "'help' for the moves, 'quit' to leave.")
    return Terminal(played, args.seat, bots, bots_rng(seed), seed=seed).run()


def plain(reason: str) -> str:
    """An engine message with its option jargon (``(trump_change=next_trick)``) said in plain words."""

    def words(match: re.Match) -> str:
        name, value = match.group(1), match.group(2)
        option = OPTIONS.get(name)
        meaning = option.meaning(value) if option is not None else ""
        return f": {meaning} —" if meaning else match.group(0)

    return re.sub(r" ?\((\w+)=(\w+)\)", words, reason).replace("—;", "—")


def rules_summary(rules: Rules) -> str:
    """The rules in force in a few lines, each with the sentences it comes from."""
    o = rules.options()
    lines = [f"Rules in force: {rules.label}",
             f"  {o['decks']} pack(s), {o['hand_size']} cards in hand, kept full from the stock while it lasts "
             f"({rules.citation('decks')}; {rules.citation('hand_size')})",
             f"  card points: {o['card_points']}; Bi-bi! (a king and queen of one suit) scores "
             f"{o['bibi_points']} ({rules.citation('card_points')}; {rules.citation('bibi_points')})"]
    for name, value in o.items():
        meaning = OPTIONS[name].meaning(value)
        if meaning and name not in ("first_dealer", "first_trump"):
            lines.append(f"  {OPTIONS[name].title}: {meaning}")
    lines.append("  the trick goes to the highest trump, else to the highest card of the suit led (I8)")
    return "\n".join(lines)


class Terminal:
    """``bibi play``: a person's session at a table (``bibi.session.Session``: the deal or game, the bots, undo,
    hint, why, the next deal) in the terminal. It shows what the person's seat may see, reads his moves and
    questions, and prints what the session answers; the play itself is the session's.

    ``bots`` has one bot per seat (the person's seat is ignored: ``None`` there). Besides a move the person may ask
    for a ``hint`` (the strongest bot's choice in plain words; ``hint more`` adds its own reasons and figures),
    ``undo`` (back to his previous decision), ``why`` (the last bot move's reason; ``why N`` for seat N's),
    ``score``, ``rules`` and ``help``. A move with a single legal action is played for him.
    """

    def __init__(self, played: Deal | Game, seat: int, bots: Sequence[Callable | str | None], rng: random.Random,
                 ask: Callable[[str], str] = read_line, say: Callable[[str], None] = print,
                 hint_bot: Callable | str | None = None, seed: Any = None):
        self.session = Session(played, seat, list(bots), rng, seed=seed, hint_bot=hint_bot)
        self.seat = seat
        self.ask, self.say = ask, say
        self.shown = 0
        self._forced = -1  # where the event of a move played for the person (his only choice) begins

    @property
    def deal(self) -> Deal:
        return self.session.deal

    @property
    def game(self) -> Game | None:
        return self.session.game

    @property
    def bots(self) -> list[Bot | None]:
        return self.session.bots

    def run(self) -> int:
        """Play the deal or the game to its end (exit status 0), or until the player leaves (0 too)."""
        session = self.session
        while True:
            self.say(self.header())
            self.shown = 0
            if not self.play_deal():
                self.say("bye")
                return 0
            self.say(score_line(self.deal))
            if not self.after_deal():
                self.say("bye")
                return 0
            if session.game is None:
                return 0
            self.say(str(session.game))
            if session.is_over:
                return 0
            session.next_deal()

    def after_deal(self) -> bool:
        """Once the deal is over, the bots' reasons may be told in full: ``review`` (or ``why``) lists every bot
        move with them (``bibi.play.review``), Enter goes on; False when the player quits or input ends."""
        while True:
            word = ask_line(self.ask, "deal over: 'review' tells every bot move with its reasons; Enter goes on> ",
                            self.say)
            if word is None or word.lower() in ("quit", "exit", "q"):
                return False
            if word.lower() not in ("review", "why"):
                return True
            for line in self.session.review():
                self.say(f"trick {line.trick}, seat {line.seat} ({bot_name(self.bots[line.seat])}): {line.why}")

    def header(self) -> str:
        deal = self.deal
        game = self.session.game
        where = f"deal {len(game.deals)} of {game.deals_total}: " if game is not None else ""
        you = " (you)" if deal.dealer == self.seat else ""
        return (f"== {where}seat {deal.dealer}{you} deals; trump {deal.first_trump.symbol} "
                f"({_SUIT_WORDS[deal.first_trump.value]}); {deal.tricks_total} tricks")

    def play_deal(self) -> bool:
        """Play the current deal to its end (True), or until the player quits (False)."""
        session = self.session
        session.advance()
        while True:
            self.show_events()
            deal = self.deal
            if deal.is_over:
                return True
            legal = deal.legal_actions()
            if len(legal) == 1:  # played for the person; the event's line says so (event_text)
                self._forced = len(deal.events_for(self.seat))
                session.play(legal[0])
                continue
            action = self.your_action()
            if action is None:
                return False
            if action != "undo":
                session.play(action)

    def your_action(self):
        """Ask until the answer is legal (or ``"undo"`` once undone); ``None`` when the player quits."""
        self.say(self.status())
        while True:
            legal = self.choices()
            text = ask_line(self.ask, f"seat {self.seat}> ", self.say)  # an undecodable line: asked again
            if text is None:
                return None
            word = " ".join(text.lower().split())
            if word in ("quit", "exit", "q"):
                return None
            if not text:
                continue
            if word in ("help", "?"):
                self.say(HELP)
            elif word == "hint":
                self.say(self.hint())
            elif word in ("hint more", "more"):
                self.say(self.hint(more=True))
            elif word == "why":
                self.say(self.why())
            elif word.startswith("why ") and word[4:].isascii() and word[4:].isdigit():  # why N: seat N's bot
                self.say(self.why(int(word[4:]) if len(word) <= 7 else -1))
            elif word == "score":
                self.say(str(self.game) if self.game is not None else score_line(self.deal))
            elif word == "rules":
                self.say(rules_summary(self.deal.rules))
            elif word == "undo":
                if self.undo():
                    return "undo"
            elif text.isdigit():  # also ² and the like: only a short number in ASCII digits is a choice
                if text.isascii() and len(text) <= 3 and 1 <= int(text) <= len(legal):
                    return legal[int(text) - 1]
                self.say(f"not a choice: pick 1…{len(legal)}")
            else:
                reason = self.deal.why_illegal(text, self.seat)
                if reason is None:
                    return text
                self.say(f"not allowed: {plain(reason)}")

    def choices(self) -> list:
        """The legal actions, the cards in the order the hand is shown, then calls, passes and switches."""
        legal = self.deal.legal_actions()
        cards = sorted((a for a in legal if isinstance(a, Card)), key=sort_key)
        return cards + [a for a in legal if not isinstance(a, Card)]

    def hint(self, more: bool = False) -> str:
        """The session's hint in plain words; with ``more``, the bot's own reasons and figures as well."""
        hint = self.session.hint()
        if hint is None:
            return "no decision of yours to hint at now"
        if more:
            return f"hint ({hint.bot}): {hint.words}\n  in the bot's own words: {hint.details}"
        return f"hint ({hint.bot}): {hint.words} ('hint more': the bot's own reasons and figures)"

    def why(self, seat: int | None = None) -> str:
        """Why the last bot move this seat saw was made (of seat ``seat``'s bot, if given): while the deal is on,
        what the table saw of it and what the rules make of it, never the bot's hand."""
        if seat is not None and not (0 <= seat < self.session.players and self.bots[seat] is not None):
            return f"not a bot's seat: pick one of {', '.join(str(s) for s, b in enumerate(self.bots) if b)}"
        last = self.session.why(seat)
        if last is None:
            return "no bot has moved yet in this deal" if seat is None else f"seat {seat} has not moved yet"
        return f"seat {last.seat} ({last.bot}) played {last.words}"

    def undo(self) -> bool:
        """Back to the previous decision of the person; False (and a note) when there is none."""
        again = self.session.undo(forced=False)
        if again is None:
            self.say("nothing to take back in this deal")
            return False
        self.shown = len(self.deal.events_for(self.seat))
        self.say(f"taken back: your move again, trick {self.session.trick}")
        return True

    def status(self) -> str:
        """What the seat sees now: trick, trump, stock, scores, the table's cards, its hand, its choices."""
        view = self.deal.view(self.seat)
        scores = " ".join(f"{s}:{x}" for s, x in enumerate(view.scores))
        lines = [f"— trick {trick_number(self.deal)} of {self.deal.tricks_total} · trump {view.trump.symbol} · "
                 f"dealer seat {view.dealer} · stock {view.stock_size} · scores {scores}"]
        if view.pending_trump is not None:
            lines.append(f"  trump {view.pending_trump.symbol} from the next trick")
        if view.leftovers:
            lines.append(f"  turned up: {_cards(view.leftovers)}")
        if view.trick and len(view.trick) < view.players:
            lines.append("  trick: " + "  ".join(f"seat {s} {c.unicode}" for s, c in view.trick))
        laid = [f"seat {s} {_cards(cards)}" for s, cards in enumerate(view.laid_down) if cards]
        if laid:
            lines.append("  laid down: " + ", ".join(laid))
        lines.append(f"  your hand: {_cards(view.hand)}")
        lines.append("  choices: " + "  ".join(f"{i}) {a.unicode}" for i, a in enumerate(self.choices(), 1)))
        return "\n".join(lines)

    def show_events(self) -> None:
        """Tell what happened since last time, as this seat may know it (``Deal.events_for``): others' draws
        stay face down (not told at all), their passes silent."""
        events = self.deal.events_for(self.seat)
        tricks = sum(1 for e in events[: self.shown] if e.kind == "trick")
        for at, event in enumerate(events[self.shown:], self.shown):
            line = self.event_text(event, tricks)
            if at == self._forced and line is not None:  # the person's only choice, played for him
                line += ": your only choice"
            if event.kind == "trick":
                tricks += 1
            if line:
                self.say(line)
        self.shown = len(events)

    def event_text(self, event: Event, trick: int = -1) -> str | None:
        mine = event.seat == self.seat
        if event.kind == EventKind.DRAW:
            return f"you draw {event.card.unicode}" if mine and event.card is not None else None
        if event.kind == "pass":  # only the seat's own: the engine keeps the others' silent
            return "you pass"
        if event.kind in ("deal", "end"):
            return None
        if event.kind == "play" and mine and event.card is not None:
            return f"you play {event.card.unicode}"
        if event.kind == "call" and mine and event.suit is not None:
            suit = event.suit.symbol
            word = "must say" if event.info == "mandatory" else "say"
            return (f"you {word} {call_word(self.deal.rules)}: K{suit} Q{suit} laid down, "
                    f"+{self.deal.rules.bibi_points}" + (" (I11)" if event.info == "mandatory" else ""))
        if event.kind == "trick" and 0 <= trick < len(self.deal.tricks):
            done = self.deal.tricks[trick]
            plays = "  ".join(f"{s}:{c.unicode}" for s, c in done.plays)
            rule = reason_of(done, self.deal.rules)
            who = "you win" if mine else f"seat {event.seat} wins"
            return f"trick {done.number + 1}: {plays} → {who}, {done.points} points: {rule}"
        return str(event)


_SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


HELP = """\
How a trick goes: the player on the dealer's left leads the first; everyone plays one card in turn, following the
suit led if he can (R13; under the Italian rules he must trump when he cannot follow, I7). The highest trump
wins the trick, else the highest card of the suit led (I8); of two identical cards the second wins (R14).
After each card (Russian) or each trick (Italian) everyone draws back to a full hand while the stock lasts.
A king and queen of one suit in your hand is a Bi-bi!: say it for 50 points and the trump moves to that suit
(R15, R16); the Italian rules make you say it (bip bip, I11). Card points: 2 = 11, A = 10, K = 5, Q = 4, J = 3.

What to type at your turn:
  a card: K♥ or KH (king of hearts), 10♦ or TD (ten of diamonds), 2♠ or 2S; or the number of a choice
  bibi H: say Bi-bi! with your king and queen of hearts     pass: do not call now
  trump H: when leading, switch the trump to the suit of a pair you called (Italian rules, I12, I14)
  hint: what the strongest bot would play, and why         why: what the table saw of the last bot's move
  hint more: the bot's own reasons and figures too         why N: of seat N's last move
  (once the deal is over, 'review' tells every bot move with the bot's own reasons)
  undo: take back your last move                           score: the score sheet of the game
  rules: the rules in force, with their sentences          quit (or Ctrl-D): leave"""


# -- bibi simulate, bibi compare ---------------------------------------------------------------------------
# The work is bibi.simulation's, imported only when these run: the other commands start without pandas.


def _simulate_arguments(parser: argparse.ArgumentParser, variants: bool = False) -> None:
    if variants:
        parser.add_argument("variants", nargs="+", type=variant_arg, metavar="RULES",
                            help="presets with optional changes, the first the baseline: ru it 'ru:draw=after_trick'")
    else:
        parser.add_argument("--rules", type=variant_arg, default="ru", metavar="RULES",
                            help="a preset with optional changes: ru, it, 'ru:follow=follow_or_trump' (default: ru)")
    parser.add_argument("--players", type=whole_arg, default=6, metavar="N", help="number of players (default: 6)")
    parser.add_argument("--deals", type=whole_arg, default=10_000, metavar="N", help="deals to play (default: 10000)")
    parser.add_argument("--seed", type=whole_arg, default=0, help="deal i of a run is fixed by (seed, i) (default: 0)")
    parser.add_argument("--bots", type=bots_arg, default=["random"], metavar="NAME[,NAME…]",
                        help=f"one of {', '.join(_bot_names())} for every seat, or one per seat "
                             "(default: random, the fastest)")
    parser.add_argument("--workers", type=whole_arg, default=1, metavar="N", help="processes to play on (default: 1)")
    what = "the comparison table" if variants else "the per-seat rows"
    dash = "(- for standard output, which then holds the table alone)"
    parser.add_argument("--out", metavar="CSV", help=f"write {what} to this CSV file {dash}")
    if not variants:
        parser.add_argument("--deals-out", metavar="CSV", help=f"write the per-deal rows to this CSV file {dash}")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")


@subcommand("simulate", "play many deals and print each measure's mean with its 95% interval", _simulate_arguments)
def cmd_simulate(args: argparse.Namespace) -> int:
    """Play, print the summary; write the frames as CSV when asked."""
    from bibi.simulation import simulate  # pandas is imported only by the commands that need it

    if args.out == args.deals_out == "-":
        raise ValueError("--out and --deals-out: only one of them can be standard output ('-'); write the other "
                         "to a file")
    sim = simulate(args.rules, args.players, args.deals, _one_or_each(args.bots), args.seed, args.workers,
                   progress=not args.no_progress)
    if "-" not in (args.out, args.deals_out):
        print(f"{sim!r}\n{sim.summary().round(3).to_string()}")
    if args.out:
        _write_csv(sim.seats, args.out)
    if args.deals_out:
        _write_csv(sim.deals, args.deals_out)
    return 0


@subcommand("compare", "play the same packs under rule variants: means and paired differences, 95% intervals",
            lambda parser: _simulate_arguments(parser, variants=True))
def cmd_compare(args: argparse.Namespace) -> int:
    """Play the same packs under each variant, print the paired table; write it when asked."""
    from bibi.simulation import compare

    if len(set(args.variants)) < 2:  # one rules set, or the same one twice: every difference would be 0
        named = " and ".join(dict.fromkeys(str(v.label) for v in args.variants))
        raise ValueError(f"variants: {named} alone would be compared with itself; give two different rules, "
                         "e.g. 'bibi compare ru it'")
    result = compare(args.variants, args.players, args.deals, _one_or_each(args.bots), args.seed, args.workers,
                     progress=not args.no_progress)
    if args.out != "-":
        print(repr(result))
    if args.out:
        _write_csv(result.table, args.out)
    return 0


def _write_csv(frame: Any, target: str) -> None:
    """A frame as CSV to the file ``target``, or to standard output for ``-`` (then with the table alone)."""
    if target == "-":
        frame.to_csv(sys.stdout, index=False, lineterminator="\n")  # stdout translates newlines itself
    else:
        frame.to_csv(target, index=False)


def _one_or_each(names: Sequence[str]) -> str | list[str]:
    """One bot name for every seat, or the list of one per seat."""
    return names[0] if len(names) == 1 else list(names)


# -- bibi practice ----------------------------------------------------------------------------------------
# The exercises and the question-and-answer loop are bibi.practice's, imported when the command runs.


def _practice_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rules", type=rules_arg, default=preset("russian"), metavar="PRESET",
                        help="rules preset: ru, it, en or their full names (default: russian)")
    parser.add_argument("--players", type=int, default=4, metavar="N", help="number of players (default: 4)")
    parser.add_argument("--seed", type=seed_arg, default=None, help=SEED_HELP.replace("deal", "exercises"))
    parser.add_argument("-n", type=int, default=6, metavar="N", help="how many exercises (default: 6)")


@subcommand("practice", "answer exercises on positions of deals; the engine checks and explains", _practice_arguments)
def cmd_practice(args: argparse.Namespace) -> int:
    from bibi.practice import exercises, quiz

    seed = _seed(args)
    drawn = exercises(args.n, args.rules, args.players, seed)
    print(f"{args.n} exercises, {args.rules.label} rules, {args.players} players, seed {seed}. Answer with a "
          "choice or its number; 'quit' (or Ctrl-D) stops.")
    quiz(drawn)
    return 0


__all__ = [
    "SUBCOMMANDS", "Subcommand", "Terminal", "add_json_argument", "add_table_arguments", "bots_arg",
    "build_parser", "game_text", "main", "plain", "read_record", "rules_arg", "rules_diff", "rules_summary",
    "rules_table", "rules_text", "score_line", "subcommand", "transcript", "variant_arg",
]
