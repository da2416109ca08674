"""The ``bibi`` command: the rules, deals and games played by bots, replays, and a game in the terminal.

    bibi rules [PRESET] [--diff A B]    the options, their values and the sentences they come from
    bibi deal  [--rules ru] [--players 6] [--seed 7] [--bots heuristic] [--json [FILE]]
    bibi game  [--rules ru] [--players 6] [--rounds 1] [--seed 7] [--bots heuristic] [--json [FILE]]
    bibi replay FILE                    a deal or game record, replayed and printed
    bibi analyse FILE --seat N          one seat's decisions in a record weighed (bibi.coach), the costly explained
    bibi play  [--rules ru] [--players 4] [--seat 0] [--bots heuristic] [--seed 7] [--deals 1]
    bibi simulate / bibi compare        many deals to tables (bibi.simulation, imported when they run)

Each command is a function ``cmd_NAME(args) -> exit status`` registered with ``@subcommand``, which also
takes the function that adds the command's arguments; ``build_parser()`` builds the parser from the
registry. A new command is two functions and a decorator, added below the last command;
``add_table_arguments`` gives it the common ``--rules/--players/--seed/--bots`` options.

Bad input ends with a one-line ``bibi COMMAND: error: …`` on stderr and exit status 1 (2 for a bad
command line, as argparse does); Ctrl-C with a one-line ``bibi COMMAND: interrupted`` and status 130.

The command speaks the language ``--lang`` names, else the environment's (``LANGUAGE``, ``LC_ALL``,
``LC_MESSAGES``, ``LANG``; ``bibi.i18n``), else English: its help texts, what it prints, the prompts of
``bibi play`` and the words a player types there (the English words and the notation always work too).
Errors in the arguments stay English, as the kit's errors for programmers do; argparse's own words
(``usage:``) are argparse's.
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
from typing import Any, NoReturn, cast

from bibi.cards import Card, sort_key
from bibi.deal import RECORD_FORMAT as DEAL_FORMAT
from bibi.deal import Deal, Event
from bibi.errors import MAX_SEED, NotationError, shorten
from bibi.game import RECORD_FORMAT as GAME_FORMAT
from bibi.game import Game
from bibi.i18n import LANGUAGES, N_, _, find_language, get_language, language, ngettext
from bibi.kinds import EventKind
from bibi.notation import action_text, game_text, read_action, score_line, seat_name, transcript
from bibi.notation import cards_text as _cards
from bibi.play import BOTS, Bot, bot_title, bots_rng, call_said, get_bot, play, trick_number
from bibi.rules import OPTIONS, PRESETS, Rules, parse_rules, preset, rules_name
from bibi.session import Session
from bibi.terminal import ask_line, command_word, read_command, read_line
from bibi.texts import Sentence, cite
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
    """Register the decorated ``run(args) -> exit status`` as ``bibi NAME``; ``summary`` is marked with ``N_``
    and translated when the parser is built."""

    def register(run: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
        SUBCOMMANDS[name] = Subcommand(name, summary, arguments, run)
        return run

    return register


class _Parser(argparse.ArgumentParser):
    """argparse, with its error messages cut short: they quote what was typed, which may be anything."""

    def error(self, message: str) -> NoReturn:
        super().error(message if len(message) <= 200 else message[:199] + "…")


def build_parser() -> argparse.ArgumentParser:
    """The ``bibi`` parser, one subparser per registered command, its help texts in the language in force."""
    parser = _Parser(
        prog="bibi", description=_("Learn and explore the card game Bi-bi! / bip bip / Pip-Pip!."),
        epilog=_("Run 'bibi COMMAND --help' for a command's options."),
    )
    parser.add_argument("--lang", type=lang_arg, default=None, metavar="LANG",
                        help=_help(_("the language to speak ({languages}; default: the environment's, from LANGUAGE, "
                                     "LC_ALL, LC_MESSAGES or LANG, else English)").format(
                                         languages=", ".join(LANGUAGES))))
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in SUBCOMMANDS.values():
        summary = _(command.help)
        sub = commands.add_parser(command.name, help=_help(summary), description=summary)
        command.arguments(sub)
        sub.set_defaults(run=command.run)
    return parser


def _help(text: str) -> str:
    """A help text as argparse takes it: argparse %-formats help strings (not descriptions), so a "95%" in a
    help text, in any language, must stay a percent."""
    return text.replace("%", "%%")


def asked_language(argv: Sequence[str]) -> str | None:
    """The language ``--lang`` asks for in ``argv`` (before the command, as ``bibi --lang ru deal``), so that
    the parser's own help texts speak it; None when it asks for none or for one the kit lacks (the parser
    then says what is wrong)."""
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        value = None
        if arg.startswith("--lang="):
            value = arg.partition("=")[2]
        elif arg == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        elif not arg.startswith("-"):
            break  # the command: --lang is bibi's own option, written before it
        if value is not None:
            try:
                return find_language(value, "LANG")
            except ValueError:
                return None
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``bibi`` with ``argv`` (default: the command line); return the exit status."""
    argv = sys.argv[1:] if argv is None else list(argv)
    with language(asked_language(argv)):
        args = build_parser().parse_args(argv)
    try:
        with language(args.lang):  # --lang speaks for this command only; without it, the environment's language
            check_outputs(args)
            status = args.run(args)
            sys.stdout.flush()
        return status
    except KeyboardInterrupt:  # Ctrl-C: a long run or a game stopped on purpose; one line, no traceback
        with language(args.lang):
            print(_("bibi {command}: interrupted").format(command=args.command), file=sys.stderr)
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


SEED_HELP = N_("random seed, for the same deal again: a whole number (7, -3), or any other text, taken as typed "
               "('007' and 'bibi/0/5' are texts, as the API takes seed='007')")
SEED_HELP_EXERCISES = N_("random seed, for the same exercises again: a whole number (7, -3), or any other text, "
                         "taken as typed ('007' and 'bibi/0/5' are texts, as the API takes seed='007')")


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
                        help=_help(_("a preset (ru, it, en or their full names) with optional changes, like "
                                     "'ru:follow=follow_or_trump' (default: {rules})").format(rules=rules)))
    parser.add_argument("--players", type=whole_arg, default=players, metavar="N",
                        help=_help(_("number of players, 2 to 12 (default: {players})").format(players=players)))
    parser.add_argument("--seed", type=seed_arg, default=None, help=_help(_(SEED_HELP)))
    parser.add_argument("--bots", type=bots_arg, default=["heuristic"], metavar="NAME[,NAME…]",
                        help=_help(_("who plays: one of {bots} for every seat, or one name per seat (default: "
                                     "heuristic)").format(bots=", ".join(_bot_names()))))


def _bot_names() -> list[str]:
    return list(BOTS)  # the registry: the kit's bots and any registered before the parser is built


def add_json_argument(parser: argparse.ArgumentParser, what: str) -> None:
    """``--json [FILE]``: write the record of ``what`` (``"deal"`` or ``"game"``) as JSON."""
    text = (_("write the deal record as JSON to FILE (to standard output without FILE)") if what == "deal" else
            _("write the game record as JSON to FILE (to standard output without FILE)"))
    parser.add_argument("--json", nargs="?", const="-", metavar="FILE", help=_help(text))


def _seed(args: argparse.Namespace) -> int | str:
    """The seed asked for, or a fresh one (shown, so the same deal can be had again)."""
    return args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)


def _report(args: argparse.Namespace, seed: int | str, text: str, record: dict[str, Any]) -> int:
    """Print the seed, the bots and ``text``, unless the record goes to standard output; write the record."""
    if args.json != "-":
        print(_("seed {seed}; bots: {bots}").format(seed=seed, bots=", ".join(map(bot_title, args.bots))))
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
                        help=_help(_("a preset (ru, it, en): its options, what each value means, the sentences "
                                     "cited")))
    parser.add_argument("--diff", nargs=2, type=rules_arg, metavar=("A", "B"),
                        help=_help(_("only the options where presets A and B differ")))


@subcommand("rules", N_("show the rule options of a preset, with their citations, or compare two"),
            _rules_arguments)
def cmd_rules(args: argparse.Namespace) -> int:
    if args.diff:
        print(rules_diff(*args.diff))
    elif args.preset:
        print(rules_text(args.preset))
    else:
        print(rules_table())
    return 0


def _said(text: str) -> str:
    """One of the rules' own texts (an option's title, a value's meaning, why an option has no effect) in the
    language in force: the catalogs hold them as ``bibi.render`` shows them; an empty text stays empty."""
    return _(text) if text else text


def _citation(rules: Rules, name: str) -> str:
    """``rules.citation(name)`` with its notes in the language in force (``bibi.render.option_citation``)."""
    from bibi.render import option_citation  # lazy: only the rules' texts need it

    return option_citation(rules, name)


def describe(rules: Rules) -> str:
    """``Rules.describe`` (the options, their values and citations) in the language in force."""
    rows = [_("Rules {label}").format(label=repr(rules.label))]
    for key, value in rules.options().items():
        rows.append(f"  {key:<13} {str(value):<32} {_citation(rules, key)}")
        if rules.no_effect(key):
            rows.append(f"  {'':<13} ↳ {_said(rules.no_effect(key))}")
    return "\n".join(rows)


def rules_text(rules: Rules) -> str:
    """A preset's options: value, citation, and what the value means."""
    lines = [describe(rules)]
    for name, value in rules.options().items():
        if OPTIONS[name].meaning(value) or rules.no_effect(name):
            lines.append(f"  {name:<13} = {value}: {_said(rules.explain(name))}")
    return "\n".join([lines[0], "", _("What the values mean:"), *lines[1:]])


def rules_diff(a: Rules, b: Rules) -> str:
    """The options where ``a`` and ``b`` differ, each value with its meaning; an option that has no
    effect under one side's rules is listed apart, as no difference in play."""
    rows = a.diff(b)
    if not rows:
        return _("{a} and {b} have the same rules").format(a=a.name, b=b.name)
    live = [row for row in rows if not (a.no_effect(row[0]) or b.no_effect(row[0]))]
    inert = [row for row in rows if row not in live]
    lines = [_("{n} option(s) differ between {a} and {b}:").format(n=len(live), a=a.name, b=b.name)]
    for name, mine, theirs in live:
        lines.append(f"  {name} ({_said(OPTIONS[name].title)}; {_citation(a, name)})")
        for rules, value in ((a, mine), (b, theirs)):
            meaning = _said(OPTIONS[name].meaning(value))
            lines.append(f"    {rules.name:<8} {value}" + (f": {meaning}" if meaning else ""))
    if inert:
        lines.append(_("{n} more set differently, with no effect under one side's rules (no difference between "
                       "the texts):").format(n=len(inert)))
        for name, mine, theirs in inert:
            lines.append(f"  {name} ({_said(OPTIONS[name].title)}; {_citation(a, name)})")
            for rules, value in ((a, mine), (b, theirs)):
                lines.append(f"    {rules.name:<8} {value}: {_said(rules.explain(name))}")
    return "\n".join(lines)


def rules_table() -> str:
    """Every option with its value in each preset and its sources."""
    names = list(PRESETS)
    # each column as wide as its longest value, with room for a * (no effect) and two spaces
    widths = [max(len(n), *(len(str(p.options()[o])) for o in OPTIONS)) + 3 for n, p in PRESETS.items()]
    option_word = _("option")
    lines = [f"{option_word:<14}" + "".join(f"{n:<{w}}" for n, w in zip(names, widths, strict=True))
             + _("sources")]
    for option in OPTIONS:
        values = "".join(f"{str(p.options()[option]) + ('*' if p.no_effect(option) else ''):<{w}}"
                         for p, w in zip(PRESETS.values(), widths, strict=True))
        note = f" ({_said(OPTIONS[option].note)})" if OPTIONS[option].note else ""
        lines.append(f"{option:<14}{values}{'; '.join(OPTIONS[option].sources)}{note}")
    for name, p in PRESETS.items():
        for option in OPTIONS:
            if p.no_effect(option):
                lines.append(f"* {name} {option}: {_said(p.no_effect(option))}")
    lines.append("\n" + _("bibi rules PRESET shows one preset's citations and meanings; bibi rules --diff ru it "
                          "compares."))
    return "\n".join(lines)


# -- bibi deal --------------------------------------------------------------------------------------------


def _deal_arguments(parser: argparse.ArgumentParser) -> None:
    add_table_arguments(parser)
    parser.add_argument("--dealer", type=whole_arg, default=None, metavar="SEAT",
                        help=_help(_("who deals (default: as the rules say, R5, R6); a simulation's deal i has "
                                     "dealer i mod players")))
    add_json_argument(parser, "deal")
    parser.add_argument("--draws", action="store_true", help=_help(_("show every card drawn from the stock too")))


@subcommand("deal", N_("deal once and let bots play it: a transcript trick by trick"), _deal_arguments)
def cmd_deal(args: argparse.Namespace) -> int:
    seed = _seed(args)
    deal = play(Deal.new(args.rules, args.players, seed=seed, dealer=args.dealer), args.bots, bots_rng(seed))
    return _report(args, seed, transcript(deal, draws=args.draws), deal.record())


# -- bibi game --------------------------------------------------------------------------------------------


def _game_arguments(parser: argparse.ArgumentParser) -> None:
    add_table_arguments(parser)
    parser.add_argument("--rounds", type=whole_arg, default=1,
                        help=_help(_("each player deals this often (default: 1)")))
    add_json_argument(parser, "game")
    parser.add_argument("--deals", action="store_true", help=_help(_("show every deal's transcript too")))


@subcommand("game", N_("a whole game played by bots, deal after deal, until all have dealt equally"),
            _game_arguments)
def cmd_game(args: argparse.Namespace) -> int:
    seed = _seed(args)
    game = Game.new(args.rules, args.players, args.rounds, seed=seed).play(args.bots)
    return _report(args, seed, game_text(game, deals=args.deals), game.record())


# -- bibi replay ------------------------------------------------------------------------------------------


def _replay_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE",
                        help=_help(_("a deal or game record (JSON), or - for standard input")))
    parser.add_argument("--draws", action="store_true", help=_help(_("show every card drawn from the stock too")))


@subcommand("replay", N_("replay a deal or game record and print it"), _replay_arguments)
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
    parser.add_argument("--seat", type=whole_arg, default=0,
                        help=_help(_("your seat, 0 to players - 1 (default: 0)")))
    parser.add_argument("--deals", type=whole_arg, default=None, metavar="N",
                        help=_help(_("1 for one deal; otherwise a game of N deals, every player dealing equally "
                                     "often (R26; default: a game of one deal each)")))


@subcommand("play", N_("play a game (or one deal) against bots in the terminal"), _play_arguments)
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
    what = (_("one deal") if deals == 1 else
            ngettext("a game of {n} deal", "a game of {n} deals", deals).format(n=deals))
    print(_("Bi-bi! with the {rules} rules: {what}, {players}, seed {seed}. You are seat {seat}; bots: {bots}. "
            "Type a card ({cards}), a choice's number, '{help}' for the moves, '{quit}' to leave.").format(
        rules=rules_name(args.rules), what=what, seed=seed, seat=args.seat, bots=", ".join(map(bot_title, names)),
        players=ngettext("{n} player", "{n} players", players).format(n=players), cards=_typed_examples(),
        help=command_word("help"), quit=command_word("quit")))
    return Terminal(played, args.seat, bots, bots_rng(seed), seed=seed).run()


def plain(reason: str) -> str:
    """An engine message with its option jargon (``(trump_change=next_trick)``) said in plain words."""

    def words(match: re.Match) -> str:
        name, value = match.group(1), match.group(2)
        option = OPTIONS.get(name)
        meaning = _said(option.meaning(value)) if option is not None else ""
        return f": {meaning} —" if meaning else match.group(0)

    return re.sub(r" ?\((\w+)=(\w+)\)", words, reason).replace("—;", "—")


def _card_points(points: Any) -> str:
    """Card points as the language in force writes the ranks: ``2:11 Т:10 К:5 Д:4 В:3`` (the notation, which
    ``--rules`` reads, is ``2:11 A:10 K:5 Q:4 J:3``)."""
    return " ".join(f"{rank.letter()}:{points[rank]}" for rank in points)


def rules_summary(rules: Rules) -> str:
    """The rules in force in a few lines, each with the sentences it comes from."""
    o = rules.options()
    lines = [_("Rules in force: {rules}").format(rules=rules_name(rules)),
             _("  {decks} pack(s), {hand} cards in hand, kept full from the stock while it lasts ({c1}; {c2})").format(
                 decks=o["decks"], hand=o["hand_size"], c1=_citation(rules, "decks"),
                 c2=_citation(rules, "hand_size")),
             ngettext("  card points: {points}; Bi-bi! (a king and queen of one suit) scores {bibi} ({c1}; {c2})",
                      "  card points: {points}; Bi-bi! (a king and queen of one suit) scores {bibi} ({c1}; {c2})",
                      o["bibi_points"]).format(points=_card_points(o["card_points"]), bibi=o["bibi_points"],
                                               c1=_citation(rules, "card_points"),
                                               c2=_citation(rules, "bibi_points"))]
    for name, value in o.items():
        meaning = _said(OPTIONS[name].meaning(value))
        if meaning and name not in ("first_dealer", "first_trump"):
            lines.append(f"  {_said(OPTIONS[name].title)}: {meaning}")
    lines.append(_("  the trick goes to the highest trump, else to the highest card of the suit led (I8)"))
    return "\n".join(lines)


# -- what a player types at the table, in his language -----------------------------------------------------

def _typed_examples() -> str:
    """How cards are typed in the language in force: ``K♥ or KH, 10♦ or TD`` (``К♥ или КЧ, 10♦ или 10Б``)."""
    lang = get_language()
    if lang == "en":
        return _("{king} or {king_typed}, {ten} or {ten_typed}").format(king="K♥", king_typed="KH", ten="10♦",
                                                                        ten_typed="TD")
    king, ten = Card("KH"), Card("TD")
    return _("{king} or {king_typed}, {ten} or {ten_typed}").format(
        king=king.display(), king_typed=king.rank.letter() + king.suit.letter(), ten=ten.display(),
        ten_typed=ten.rank.letter() + ten.suit.letter())


_CITED = re.compile(r"\b([RI]\d{1,2}(?:\s*[–-]\s*[RI]?\d{1,2})?)\b")


def cited_sentences(text: str) -> list[Sentence]:
    """The sentences of the texts that ``text`` cites (``(R13)``, ``I11–I12``), in order, each once."""
    found: list[Sentence] = []
    for match in _CITED.finditer(text):
        try:
            found += [s for s in cite(match.group(1)) if s not in found]
        except ValueError:  # not a sentence id after all (``R99``)
            continue
    return found


def quotes(text: str) -> list[str]:
    """Under a refusal or a hint, each sentence it cites: quoted in its own language, then (when that is not the
    reader's) translated into the reader's language (``bibi.texts``)."""
    lines = []
    for sentence in cited_sentences(text):
        lines.append("    " + _("{id}: “{original}”").format(id=sentence.id, original=sentence.original))
        if sentence.lang != get_language():
            lines.append("        " + _("(in translation: {text})").format(text=sentence.translated()))
    return lines


class Terminal:
    """``bibi play``: a person's session at a table (``bibi.session.Session``: the deal or game, the bots, undo,
    hint, why, the next deal) in the terminal. It shows what the person's seat may see, reads his moves and
    questions, and prints what the session answers; the play itself is the session's.

    ``bots`` has one bot per seat (the person's seat is ignored: ``None`` there). Besides a move the person may ask
    for a ``hint`` (the strongest bot's choice in plain words; ``hint more`` adds its own reasons and figures),
    ``undo`` (back to his previous decision), ``why`` (the last bot move's reason; ``why N`` for seat N's),
    ``score``, ``rules`` and ``help``. A move with a single legal action is played for him.

    It speaks the language in force when each line is said (``bibi.i18n``); the player types moves and commands
    in its words and letters (``bibi.notation.read_action``, ``command_word``) or in English and the notation.
    A refusal or a hint that cites sentences of the texts quotes each one under it (``quotes``).
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
                self.say(_("bye"))
                return 0
            self.say(score_line(self.deal))
            if not self.after_deal():
                self.say(_("bye"))
                return 0
            if session.game is None:
                return 0
            self.say(str(session.game))
            if session.is_over:
                return 0
            session.next_deal()

    def after_deal(self) -> bool:
        """Once the deal is over, the bots' reasons may be told in full: ``review`` (or ``why``) lists every bot
        move with them (``bibi.play.review``), ``analyse`` reviews the person's own decisions (``bibi.coach``),
        Enter goes on; False when the player quits or input ends."""
        while True:
            prompt = _("deal over: '{review}' tells every bot move with its reasons, '{analyse}' weighs your own "
                       "moves; Enter goes on> ").format(review=command_word("review"),
                                                        analyse=command_word("analyse"))
            word = ask_line(self.ask, prompt, self.say)
            if word is None:
                return False
            command, _rest = read_command(word)
            if command == "quit":
                return False
            if command == "analyse":
                self.analyse()
                continue
            if command not in ("review", "why"):
                return True
            for line in self.session.review():
                self.say(_("trick {trick}, seat {seat} ({bot}): {why}").format(
                    trick=line.trick, seat=line.seat, bot=bot_title(cast(Bot, self.bots[line.seat])),
                    why=line.why))

    review_worlds: int | None = None  # the review's budget of worlds a decision (None: the coach's own)

    def analyse(self) -> None:
        """The review of the person's decisions in the deal just played (``bibi.coach.analyse``, the session's seed),
        a progress bar while it runs."""
        from bibi.coach import WORLDS, analyse

        self.say(_("weighing each of your decisions from what you could see then…"))
        seed = self.session.seed
        analysis = analyse(self.deal, self.seat, worlds=self.review_worlds or WORLDS, seed=0 if seed is None else seed,
                           progress=progress_line(sys.stdout))
        self.tell(analysis.text())

    def header(self) -> str:
        deal = self.deal
        game = self.session.game
        dealer = _("seat {seat} (you)").format(seat=deal.dealer) if deal.dealer == self.seat else seat_name(
            deal.dealer)
        suit = deal.first_trump
        tricks = ngettext("{n} trick", "{n} tricks", deal.tricks_total).format(n=deal.tricks_total)
        if game is None:
            return _("== {dealer} deals; trump {symbol} ({suit}); {tricks}").format(
                dealer=dealer, symbol=suit.symbol, suit=suit.spoken(), tricks=tricks)
        return _("== deal {number} of {total}: {dealer} deals; trump {symbol} ({suit}); {tricks}").format(
            number=len(game.deals), total=game.deals_total, dealer=dealer, symbol=suit.symbol, suit=suit.spoken(),
            tricks=tricks)

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
            text = ask_line(self.ask, _("seat {seat}> ").format(seat=self.seat), self.say)  # undecodable: again
            if text is None:
                return None
            command, rest = read_command(text)
            if command == "quit" and not rest:
                return None
            if not text:
                continue
            if command == "help" and not rest:
                self.say(_(HELP))
            elif command == "hint" and not rest:
                self.tell(self.hint())
            elif (command == "hint" and read_command(rest)[0] == "more") or (command == "more" and not rest):
                self.tell(self.hint(more=True))
            elif command == "why" and not rest:
                self.tell(self.why())
            elif command == "why" and rest.isascii() and rest.isdigit():  # why N: seat N's bot
                self.tell(self.why(int(rest) if len(rest) <= 3 else -1))
            elif command == "score" and not rest:
                self.say(str(self.game) if self.game is not None else score_line(self.deal))
            elif command == "rules" and not rest:
                self.say(rules_summary(self.deal.rules))
            elif command == "undo" and not rest:
                if self.undo():
                    return "undo"
            elif text.isdigit():  # also ² and the like: only a short number in ASCII digits is a choice
                if text.isascii() and len(text) <= 3 and 1 <= int(text) <= len(legal):
                    return legal[int(text) - 1]
                self.say(_("not a choice: pick 1…{n}").format(n=len(legal)))
            else:
                try:
                    action = read_action(text)
                    reason = self.deal.why_illegal(action, self.seat)
                except NotationError as exc:  # a move the language's letters and words cannot read
                    reason = str(exc)
                else:
                    if reason is None:
                        return action
                self.tell(_("not allowed: {reason}").format(reason=plain(reason)))

    def tell(self, text: str) -> None:
        """Say ``text`` and, under it, the sentences it cites, quoted and translated (``quotes``)."""
        self.say(text)
        for line in quotes(text):
            self.say(line)

    def choices(self) -> list:
        """The legal actions, the cards in the order the hand is shown, then calls, passes and switches."""
        legal = self.deal.legal_actions()
        cards = sorted((a for a in legal if isinstance(a, Card)), key=sort_key)
        return cards + [a for a in legal if not isinstance(a, Card)]

    def hint(self, more: bool = False) -> str:
        """The session's hint in plain words; with ``more``, the bot's own reasons and figures as well."""
        hint = self.session.hint()
        if hint is None:
            return _("no decision of yours to hint at now")
        if more:
            return _("hint ({bot}): {words}\n  in the bot's own words: {details}").format(
                bot=bot_title(hint.bot), words=hint.words, details=hint.details)
        return _("hint ({bot}): {words} ('{command}': the bot's own reasons and figures)").format(
            bot=bot_title(hint.bot), words=hint.words, command=f"{command_word('hint')} {command_word('more')}")

    def why(self, seat: int | None = None) -> str:
        """Why the last bot move this seat saw was made (of seat ``seat``'s bot, if given): while the deal is on,
        what the table saw of it and what the rules make of it, never the bot's hand."""
        if seat is not None and not (0 <= seat < self.session.players and self.bots[seat] is not None):
            return _("not a bot's seat: pick one of {seats}").format(
                seats=", ".join(str(s) for s, b in enumerate(self.bots) if b))
        last = self.session.why(seat)
        if last is None:
            if seat is None:
                return _("no bot has moved yet in this deal")
            return _("seat {seat} has not moved yet").format(seat=seat)
        return _("seat {seat} ({bot}) chose {words}").format(seat=last.seat, bot=bot_title(last.bot),
                                                                 words=last.words)

    def undo(self) -> bool:
        """Back to the previous decision of the person; False (and a note) when there is none."""
        again = self.session.undo(forced=False)
        if again is None:
            self.say(_("nothing to take back in this deal"))
            return False
        self.shown = len(self.deal.events_for(self.seat))
        self.say(_("taken back: your move again, trick {trick}").format(trick=self.session.trick))
        return True

    def status(self) -> str:
        """What the seat sees now: trick, trump, stock, scores, the table's cards, its hand, its choices."""
        view = self.deal.view(self.seat)
        scores = " ".join(f"{s}:{x}" for s, x in enumerate(view.scores))
        lines = [_("— trick {trick} of {total} · trump {suit} · dealer seat {dealer} · stock {stock} · "
                   "scores {scores}").format(trick=trick_number(self.deal), total=self.deal.tricks_total,
                                             suit=view.trump.symbol, dealer=view.dealer, stock=view.stock_size,
                                             scores=scores)]
        if view.pending_trump is not None:
            lines.append(_("  trump {suit} from the next trick").format(suit=view.pending_trump.symbol))
        if view.leftovers:
            lines.append(_("  turned up: {cards}").format(cards=_cards(view.leftovers)))
        if view.trick and len(view.trick) < view.players:
            plays = "  ".join(_("seat {seat} {card}").format(seat=s, card=c.display()) for s, c in view.trick)
            lines.append(_("  trick: {plays}").format(plays=plays))
        laid = [_("seat {seat} {cards}").format(seat=s, cards=_cards(cards))
                for s, cards in enumerate(view.laid_down) if cards]
        if laid:
            lines.append(_("  laid down: {cards}").format(cards=", ".join(laid)))
        lines.append(_("  your hand: {cards}").format(cards=_cards(view.hand)))
        choices = "  ".join(f"{i}) {action_text(a)}" for i, a in enumerate(self.choices(), 1))
        lines.append(_("  choices: {choices}").format(choices=choices))
        return "\n".join(lines)

    def show_events(self) -> None:
        """Tell what happened since last time, as this seat may know it (``Deal.events_for``): others' draws
        stay face down (not told at all), their passes silent."""
        events = self.deal.events_for(self.seat)
        tricks = sum(1 for e in events[: self.shown] if e.kind == "trick")
        for at, event in enumerate(events[self.shown:], self.shown):
            line = self.event_text(event, tricks)
            if at == self._forced and line is not None:  # the person's only choice, played for him
                line = _("{move}: your only choice").format(move=line)
            if event.kind == "trick":
                tricks += 1
            if line:
                self.say(line)
        self.shown = len(events)

    def event_text(self, event: Event, trick: int = -1) -> str | None:
        mine = event.seat == self.seat
        if event.kind == EventKind.DRAW:
            return _("you draw {card}").format(card=event.card.display()) if mine and event.card is not None else None
        if event.kind == "pass":  # only the seat's own: the engine keeps the others' silent
            return _("you pass")
        if event.kind in ("deal", "end"):
            return None
        if event.kind == "play" and mine and event.card is not None:
            return _("you play {card}").format(card=event.card.display())
        if event.kind == "call" and mine and event.suit is not None:
            suit = event.suit.value
            shown = {"call": call_said(self.deal.rules), "king": Card("K" + suit).display(),
                     "queen": Card("Q" + suit).display(), "points": self.deal.rules.bibi_points}
            if event.info == "mandatory":
                return _("you must say {call}: {king} {queen} laid down, +{points} (I11)").format(**shown)
            return _("you say {call}: {king} {queen} laid down, +{points}").format(**shown)
        if event.kind == "trick" and 0 <= trick < len(self.deal.tricks):
            done = self.deal.tricks[trick]
            plays = "  ".join(f"{s}:{c.display()}" for s, c in done.plays)
            told = {"number": done.number + 1, "plays": plays, "seat": event.seat,
                    "points": ngettext("{n} point", "{n} points", done.points).format(n=done.points),
                    "rule": reason_of(done, self.deal.rules)}
            if mine:
                return _("trick {number}: {plays} → you win, {points}: {rule}").format(**told)
            return _("trick {number}: {plays} → seat {seat} wins, {points}: {rule}").format(**told)
        return str(event)


HELP = N_("""\
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
  rules: the rules in force, with their sentences          quit (or Ctrl-D): leave""")


# -- bibi simulate, bibi compare ---------------------------------------------------------------------------
# The work is bibi.simulation's, imported only when these run: the other commands start without pandas.


def _simulate_arguments(parser: argparse.ArgumentParser, variants: bool = False) -> None:
    if variants:
        parser.add_argument("variants", nargs="+", type=variant_arg, metavar="RULES",
                            help=_help(_("presets with optional changes, the first the baseline: ru it "
                                         "'ru:draw=after_trick'")))
    else:
        parser.add_argument("--rules", type=variant_arg, default="ru", metavar="RULES",
                            help=_help(_("a preset with optional changes: ru, it, 'ru:follow=follow_or_trump' "
                                         "(default: ru)")))
    parser.add_argument("--players", type=whole_arg, default=6, metavar="N",
                        help=_help(_("number of players (default: 6)")))
    parser.add_argument("--deals", type=whole_arg, default=10_000, metavar="N",
                        help=_help(_("deals to play (default: 10000)")))
    parser.add_argument("--seed", type=whole_arg, default=0,
                        help=_help(_("deal i of a run is fixed by (seed, i) (default: 0)")))
    parser.add_argument("--bots", type=bots_arg, default=["random"], metavar="NAME[,NAME…]",
                        help=_help(_("one of {bots} for every seat, or one per seat (default: random, the "
                                     "fastest)").format(bots=", ".join(_bot_names()))))
    parser.add_argument("--workers", type=whole_arg, default=1, metavar="N",
                        help=_help(_("processes to play on (default: 1)")))
    if variants:
        out = _("write the comparison table to this CSV file (- for standard output, which then holds the table "
                "alone)")
    else:
        out = _("write the per-seat rows to this CSV file (- for standard output, which then holds the table "
                "alone)")
    parser.add_argument("--out", metavar="CSV", help=_help(out))
    if not variants:
        parser.add_argument("--deals-out", metavar="CSV",
                            help=_help(_("write the per-deal rows to this CSV file (- for standard output, which "
                                         "then holds the table alone)")))
    parser.add_argument("--no-progress", action="store_true", help=_help(_("no progress bar")))


@subcommand("simulate", N_("play many deals and print each measure's mean and its interval (95%)"),
            _simulate_arguments)
def cmd_simulate(args: argparse.Namespace) -> int:
    """Play, print the summary; write the frames as CSV when asked."""
    from bibi.simulation import simulate  # pandas is imported only by the commands that need it

    if args.out == args.deals_out == "-":
        raise ValueError("--out and --deals-out: only one of them can be standard output ('-'); write the other "
                         "to a file")
    sim = simulate(args.rules, args.players, args.deals, _one_or_each(args.bots), args.seed, args.workers,
                   progress=not args.no_progress)
    if "-" not in (args.out, args.deals_out):
        print(sim.report())
    if args.out:
        _write_csv(sim.seats, args.out)
    if args.deals_out:
        _write_csv(sim.deals, args.deals_out)
    return 0


@subcommand("compare",
            N_("play the same packs under rule variants: means, paired differences and their intervals (95%)"),
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
        print(result.report())
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
                        help=_help(_("rules preset: ru, it, en or their full names (default: russian)")))
    parser.add_argument("--players", type=int, default=4, metavar="N",
                        help=_help(_("number of players (default: 4)")))
    parser.add_argument("--seed", type=seed_arg, default=None, help=_help(_(SEED_HELP_EXERCISES)))
    parser.add_argument("-n", type=int, default=6, metavar="N", help=_help(_("how many exercises (default: 6)")))


@subcommand("practice", N_("answer exercises on positions of deals; the engine checks and explains"),
            _practice_arguments)
def cmd_practice(args: argparse.Namespace) -> int:
    from bibi.practice import exercises, quiz

    seed = _seed(args)
    drawn = exercises(args.n, args.rules, args.players, seed)
    print(ngettext("{n} exercise, {rules} rules, {players}, seed {seed}. Answer with a choice or its number; "
                   "'{quit}' (or Ctrl-D) stops.",
                   "{n} exercises, {rules} rules, {players}, seed {seed}. Answer with a choice or its number; "
                   "'{quit}' (or Ctrl-D) stops.", args.n).format(
        n=args.n, rules=rules_name(args.rules), seed=seed, quit=command_word("quit"),
        players=ngettext("{n} player", "{n} players", args.players).format(n=args.players)))
    quiz(drawn)
    return 0


# -- bibi analyse -----------------------------------------------------------------------------------------
# The review is bibi.coach's, imported when the command runs.


def _analyse_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="RECORD",
                        help=_help(_("a deal or game record (JSON), or - for standard input")))
    parser.add_argument("--seat", type=whole_arg, required=True,
                        help=_help(_("the seat whose decisions are reviewed, 0 to players - 1 (a bot's too)")))
    parser.add_argument("--deal", type=whole_arg, default=None, metavar="N",
                        help=_help(_("of a game record, deal N only (1 is the first; default: every finished deal)")))
    parser.add_argument("--worlds", type=whole_arg, default=None, metavar="N",
                        help=_help(_("the most deals consistent with the seat's view that a decision is weighed in "
                                     "(default: 1000; fewer are quicker and less sure)")))
    parser.add_argument("--seed", type=seed_arg, default=0, help=_help(_("the worlds' seed (default: 0)")))
    parser.add_argument("--counted", choices=("own", "margin"), default="own",
                        help=_help(_("the points counted: the seat's own (default), or its margin over the mean of "
                                     "the others")))


@subcommand("analyse", N_("review one seat's decisions in a saved deal or game: what each cost, and why"),
            _analyse_arguments)
def cmd_analyse(args: argparse.Namespace) -> int:
    from bibi.coach import WORLDS, analyse

    record = read_record(args.file)
    try:
        deals = (Deal.replay(record),) if record.get("format") == DEAL_FORMAT else Game.replay(record).deals
    except ValueError as exc:
        raise ValueError(f"{shorten(args.file, 200)}: {exc}") from None
    players = deals[0].players
    if args.worlds is not None and args.worlds < 1:
        raise ValueError(f"--worlds: {args.worlds} is not a whole number ≥ 1")
    if not 0 <= args.seat < players:
        raise ValueError(f"--seat: {args.seat} is not a seat 0…{players - 1}")
    if args.deal is not None and not 1 <= args.deal <= len(deals):
        raise ValueError(f"--deal: {args.deal} is not a deal 1…{len(deals)} of the record")
    # A game's deal still on is left out unless asked for by number; a deal record is the deal asked for.
    game = record.get("format") != DEAL_FORMAT
    chosen = [(n, d) for n, d in enumerate(deals, 1)
              if args.deal in (None, n) and (d.is_over or args.deal or not game)]
    for number, deal in chosen:
        analysis = analyse(deal, args.seat, worlds=WORLDS if args.worlds is None else args.worlds, seed=args.seed,
                           counted=args.counted, progress=progress_line(sys.stderr))
        if len(deals) > 1:
            print(_("== deal {number} of {total}").format(number=number, total=len(deals)))
        print(analysis.text())
    if not chosen:
        print(_("no finished deal to review in this record"))
    return 0


def progress_line(stream: Any) -> Callable[[int, int], None]:
    """A progress callback that draws a bar on ``stream`` (``render.progress_text``) when it is a terminal, and
    clears it at the end; nothing on a file or a pipe, where a bar redrawn would only clutter."""
    from bibi import render

    def progress(done: int, total: int) -> None:
        if not stream.isatty():
            return
        if done < total:
            stream.write("\r" + _("weighing the decisions {bar}").format(bar=render.progress_text(done, total)))
        else:
            stream.write("\r\033[K")
        stream.flush()

    return progress


__all__ = [
    "SUBCOMMANDS", "Subcommand", "Terminal", "add_json_argument", "add_table_arguments", "bots_arg",
    "build_parser", "game_text", "main", "plain", "progress_line", "read_record", "rules_arg", "rules_diff",
    "rules_summary", "rules_table", "rules_text", "score_line", "subcommand", "transcript", "variant_arg",
]
