"""The ``bibi`` command: the rules, deals and games played by bots, replays, and a game in the terminal.

    bibi rules [PRESET] [--diff A B]    the options, their values and the sentences they come from
    bibi deal  [--rules ru] [--players 6] [--seed 7] [--bots heuristic] [--json [FILE]]
    bibi game  [--rules ru] [--players 6] [--rounds 1] [--seed 7] [--bots heuristic] [--json [FILE]]
    bibi replay FILE                    a deal or game record, replayed and printed
    bibi analyse FILE --seat N          one seat's decisions in a record weighed (bibi.coach), the costly explained
    bibi play  [--rules ru] [--players 4] [--seat 0] [--bots heuristic] [--seed 7] [--deals 1] [--pair]
    bibi simulate / bibi compare        many deals to tables (bibi.simulation, imported when they run)
    bibi profile RULES [RULES]          what kind of game rules make (bibi.profile, imported when it runs)

The module is argparse and dispatch, nothing more: what a command shows is the kit's (the rules as text,
``bibi.render.text``; transcripts, ``bibi.notation``; the terminal front end of ``bibi play`` and ``bibi practice``,
``bibi.terminal``; frames, ``bibi.simulation``), each imported when its command runs where it is heavy.

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
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

from bibi.deal import Deal
from bibi.errors import MAX_SEED, not_at_least, shorten
from bibi.game import Game
from bibi.i18n import LANGUAGES, N_, _, argparse_speaking, find_language, language, ngettext
from bibi.notation import game_text, transcript
from bibi.play import BOTS, bot_title, bots_rng, play, unknown_bot
from bibi.records import RECORD_FORMAT, record_format
from bibi.rules import Rules, parse_rules, preset, rules_name
from bibi.session import Session

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
        prog="bibi", description=_("Learn and explore the card game Bi-bi! / bip bip / Pip-Pip!"),
        epilog=_("Run 'bibi COMMAND --help' for a command's options."),
    )
    parser.add_argument("--lang", type=lang_arg, default=None, metavar="LANG",
                        help=_help(_("the language to speak ({languages}; default: the environment's, from LANGUAGE, "
                                     "LC_ALL, LC_MESSAGES or LANG, else English)").format(
                                         languages=", ".join(LANGUAGES))))
    parser.add_argument("--version", action=_Version, nargs=0,
                        help=_help(_("say the kit's version and which build of the engine runs, then stop")))
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in SUBCOMMANDS.values():
        summary = _(command.help)
        sub = commands.add_parser(command.name, help=_help(summary), description=summary)
        command.arguments(sub)
        sub.set_defaults(run=command.run)
    return parser


def build_line() -> str:
    """The kit's version and the build of the engine that runs: compiled by mypyc, or pure Python and why
    (``bibi --version``; ``make lab`` ends its set-up with it)."""
    import bibi
    from bibi import _engine
    from bibi.deal import COMPILED

    if COMPILED:
        return _("bibi-kit {version}: the engine runs compiled (mypyc)").format(version=bibi.__version__)
    why = _engine.text(_engine.WHY or (_engine.NONE_HERE, {}), _)
    return _("bibi-kit {version}: the engine runs as pure Python: {why}").format(version=bibi.__version__, why=why)


class _Version(argparse.Action):
    """``--version``: the build line as it is, on one line (argparse's own action would wrap it), then exit."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: object, values: object, option: object = None):
        print(build_line())
        parser.exit()


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
    with language(asked_language(argv)), argparse_speaking():  # argparse's own words too: usage, options…
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
        with language(args.lang):
            print(_("bibi {command}: error: {message}").format(command=args.command, message=text[:400]),
                  file=sys.stderr)
        return 1


OUTPUTS = ("json", "out", "deals_out", "chart")  # the options that name a file to write


def check_outputs(args: argparse.Namespace) -> None:
    """Every output path a command will write, checked before it runs (a long run must not end in a bad path)."""
    for option in OUTPUTS:
        path = getattr(args, option, None)
        if not path or path == "-":
            continue
        flag = "--" + option.replace("_", "-")
        folder = os.path.dirname(os.path.abspath(path))
        if os.path.isdir(path):
            raise ValueError(f"{flag}: " + _("{path} is a folder, not a file").format(path=shorten(path, 200)))
        if not os.path.isdir(folder):
            raise ValueError(f"{flag}: " + _("the folder of {path} does not exist").format(path=shorten(path, 200)))
        if not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
            raise ValueError(f"{flag}: " + _("{path} cannot be written").format(path=shorten(path, 200)))


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
        raise argparse.ArgumentTypeError(_("expected a whole number, not {value}").format(value=shorten(text)))
    return int(text)


def seed_arg(text: str) -> int | str:
    """A seed for argparse, read so that it gives the deal the same seed gives everywhere else: a whole number
    written as Python writes it (``7``, ``-3``: no leading zero, no sign ``+``, no spaces, ASCII digits) is that
    number, within ±2**64 as the engine takes it; anything else is that very text (``007``, ``bibi/0/5``), as
    ``Deal.new(..., seed="007")`` takes it."""
    if not text.strip():
        raise argparse.ArgumentTypeError(_("a seed cannot be blank ({value})").format(value=shorten(text)))
    digits = text.removeprefix("-")
    if not (digits.isascii() and digits.isdecimal()) or (digits != "0" and digits.startswith("0")) or text == "-0":
        return text  # a text seed, taken as typed
    if len(digits) > 20 or abs(int(text)) > MAX_SEED:
        # TRANSLATORS: {value} is the seed typed, quoted; a seed is a whole number within ±2**64 or else a text
        raise argparse.ArgumentTypeError(_("{value} is outside ±2**64, the whole-number seeds; a seed that is not a "
                                           "whole number is a text, like 'bibi/0/5'").format(value=shorten(text)))
    return int(text)


SEED_HELP = N_("random seed, for the same deal again: a whole number (7, -3), or any other text, taken as typed "
               "('007' and 'bibi/0/5' are texts, as the API takes seed='007')")
SEED_HELP_EXERCISES = N_("random seed, for the same exercises again: a whole number (7, -3), or any other text, "
                         "taken as typed ('007' and 'bibi/0/5' are texts, as the API takes seed='007')")


def bots_arg(text: str) -> list[str]:
    """A bot name, or comma-separated names one per seat, for argparse."""
    names = [name.strip().lower() for name in text.split(",")]
    for name in names:
        if name not in BOTS:  # argparse names the option: the refusal says only why
            raise argparse.ArgumentTypeError(unknown_bot(name))
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
        from bibi.terminal import say_folded

        say_folded(_("seed {seed}; bots: {bots}").format(seed=seed, bots=", ".join(map(bot_title, args.bots))))
        say_folded(text)
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
    from bibi.render.text import rules_diff, rules_table, rules_text  # the rules as text, beside their HTML
    from bibi.terminal import terminal_width

    if args.diff:  # folded between words at a terminal's width (terminal_width); a pipe gets a line a value
        a, b = args.diff
        print(rules_diff(a, b, width=terminal_width()))
    elif args.preset:
        print(rules_text(args.preset))
    else:
        print(rules_table())
    return 0


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
        if record_format(record) == RECORD_FORMAT:
            text = transcript(Deal.replay(record), draws=args.draws)
        else:
            text = game_text(Game.replay(record), deals=True)
    except ValueError as exc:
        raise ValueError(f"{shorten(args.file, 200)}: {exc}") from None
    from bibi.terminal import say_folded

    say_folded(text)
    return 0


def _no_constant(name: str) -> Any:
    raise ValueError(_("{name} is not a number a record holds").format(name=name))


def read_record(path: str) -> dict[str, Any]:
    """A deal or game record from a JSON file (``-``: standard input); ``ValueError`` saying what is wrong."""
    named = shorten(path, 200)
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read()
    except OSError as exc:
        # TRANSLATORS: {reason} is the system's own words (errno's), as the system says them
        raise ValueError(_("{path}: cannot read it ({reason})").format(
            path=named, reason=exc.strerror or exc)) from None
    except UnicodeDecodeError:
        raise ValueError(_("{path}: not a text file (a record is JSON in UTF-8)").format(path=named)) from None
    try:
        record = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        # TRANSLATORS: {reason} is the JSON reader's own words, in English
        raise ValueError(_("{path}: not JSON ({reason} at line {line})").format(
            path=named, reason=exc.msg, line=exc.lineno)) from None
    except RecursionError:
        raise ValueError(_("{path}: not a bibi record (JSON nested too deeply)").format(path=named)) from None
    except ValueError as exc:
        raise ValueError(_("{path}: not a bibi record ({reason})").format(path=named, reason=exc)) from None
    try:
        record_format(record)  # a deal's or a game's (bibi.records): the rest is checked as it is replayed
    except ValueError as exc:
        raise ValueError(f"{named}: {exc}") from None
    return record


# -- bibi play --------------------------------------------------------------------------------------------


def _play_arguments(parser: argparse.ArgumentParser) -> None:
    add_table_arguments(parser, players=4)
    parser.add_argument("--seat", type=whole_arg, default=0,
                        help=_help(_("your seat, 0 to players - 1 (default: 0)")))
    parser.add_argument("--deals", type=whole_arg, default=None, metavar="N",
                        help=_help(_("1 for one deal; otherwise a game of N deals, every player dealing equally "
                                     "often (R26; default: a game of one deal each)")))
    parser.add_argument("--level", default=None, metavar="LEVEL",
                        help=_help(_("the other seats' level instead of --bots: {levels} (bench/levels.py measures "
                                     "them)").format(levels=", ".join(_level_names()))))
    parser.add_argument("--pair", nargs="?", const="any", default=None, choices=("any", "dealt", "drawn"),
                        metavar="WAY",
                        help=_help(_("one deal in which you get a king and a queen of one suit to call, WAY dealt "
                                     "(in your hand), drawn (right after your first card) or any (the seed "
                                     "chooses; the default)")))


def _level_names() -> list[str]:
    from bibi.levels import LEVELS  # the levels for learners

    return [level.name for level in LEVELS]


@subcommand("play", N_("play a game (or one deal) against bots in the terminal"), _play_arguments)
def cmd_play(args: argparse.Namespace) -> int:
    from bibi.terminal import Terminal, command_word, say_folded, typed_examples  # the terminal front end

    seed = _seed(args)
    players = args.players
    if not 0 <= args.seat < players:
        raise ValueError("--seat: " + _("{value} is not a seat 0…{last}").format(value=args.seat, last=players - 1))
    deals = players if args.deals is None else args.deals
    if args.pair is not None:  # a deal with a pair to call (bibi.practice.pair_deal): one deal
        if args.deals not in (None, 1):
            raise ValueError("--pair: " + _("a deal with a pair to call is one deal, not --deals {deals}").format(
                deals=args.deals))
        deals = 1
    if deals != 1 and (deals < 1 or deals % players):
        raise ValueError("--deals: " + _("{deals} is neither 1 nor a game where everyone deals equally often "
                                         "({players}, {twice}, …; R26)").format(deals=deals, players=players,
                                                                                 twice=2 * players))
    level = _level(args)
    played: Deal | Game
    try:
        bots = Session.seat_bots(args.bots, players, args.seat)  # a name for all, one per seat, or per other seat
    except ValueError as exc:
        raise ValueError(f"--{exc}") from None  # "--bots: …"
    names = [bot for bot in bots if bot is not None]  # the other seats'
    pair = None
    if args.pair is not None:
        from bibi.practice import pair_deal, pair_note  # practising a Bi-bi

        try:
            played, pair = pair_deal(args.rules, players, args.seat, seed,
                                     when=None if args.pair == "any" else args.pair)
        except ValueError as exc:  # "when: 'drawn' needs …": the option's name for it
            raise ValueError(f"--pair: {str(exc).removeprefix('when: ')}") from None
    else:
        played = (Deal.new(args.rules, players, seed=seed) if deals == 1
                  else Game.new(args.rules, players, deals // players, seed=seed))
    what = (_("one deal") if deals == 1 else
            ngettext("a game of {n} deal", "a game of {n} deals", deals).format(n=deals))
    say_folded(_("Bi-bi! with the {rules} rules: {what}, {players}, seed {seed}. You are seat {seat}; bots: {bots}. "
            "Type a card ({cards}), a choice's number, '{help}' for the moves, '{quit}' to leave.").format(
        rules=rules_name(args.rules), what=what, seed=seed, seat=args.seat, bots=", ".join(map(bot_title, names)),
        players=ngettext("{n} player", "{n} players", players).format(n=players), cards=typed_examples(),
        help=command_word("help"), quit=command_word("quit")))
    if level is not None:
        from bibi.levels import told

        say_folded(_("Level: {title}: {what}.").format(title=told(level)[0], what=told(level)[1]))
    if pair is not None:
        say_folded(pair_note(played.rules, pair))
    return Terminal(played, args.seat, bots, bots_rng(seed), seed=seed).run()


def _level(args: argparse.Namespace) -> Any:
    """``--level``'s level (``bibi.levels``), its bot set as ``args.bots``; ``None`` without it."""
    if args.level is None:
        return None
    from bibi.levels import find_level

    if args.bots != ["heuristic"]:  # --bots given too (other than its default)
        raise ValueError(f"--level: {shorten(args.level)} and --bots {shorten(','.join(map(str, args.bots)))}: "
                         "give one of them")
    try:
        level = find_level(args.level)
    except ValueError as exc:
        raise ValueError(f"--{exc}") from None  # "--level: …"
    args.bots = [level.bot]
    return level


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
        raise ValueError(_("--out and --deals-out: only one of them can be standard output ('-'); write the other "
                           "to a file"))
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
        named = ", ".join(dict.fromkeys(str(v.label) for v in args.variants))
        raise ValueError("variants: " + _("{named} alone would be compared with itself; give two different rules, "
                                          "e.g. 'bibi compare ru it'").format(named=named))
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


# -- bibi profile ------------------------------------------------------------------------------------------
# What kind of game a rule set makes (bibi.profile, imported when the command runs: it needs pandas).


def _profile_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("rules", nargs="+", type=variant_arg, metavar="RULES",
                        help=_help(_("one rules set to profile, or two to set side by side on the same packs: "
                                     "ru it, 'ru:draw=after_trick'")))
    parser.add_argument("--players", type=whole_arg, default=6, metavar="N",
                        help=_help(_("number of players (default: 6)")))
    parser.add_argument("--deals", type=whole_arg, default=6000, metavar="N",  # bibi.profile.DEALS
                        help=_help(_("deals to play for each bot as the measured player (default: 6000)")))
    parser.add_argument("--seed", type=whole_arg, default=0,
                        help=_help(_("deal i of a run is fixed by (seed, i) (default: 0)")))
    parser.add_argument("--workers", type=whole_arg, default=1, metavar="N",
                        help=_help(_("processes to play on (default: 1)")))
    parser.add_argument("--chart", metavar="SVG", help=_help(_("write the chart to this SVG file")))
    parser.add_argument("--no-progress", action="store_true", help=_help(_("no progress bar")))


@subcommand("profile", N_("what kind of game rules make: skill, luck, fairness, drama and tempo, with intervals "
                          "(95%)"), _profile_arguments)
def cmd_profile(args: argparse.Namespace) -> int:
    """Profile one rules set, or two on the same packs; print the table, write the chart when asked."""
    from bibi.profile import compare, profile

    if len(args.rules) > 2:
        raise ValueError(f"rules: give one or two rules, not {len(args.rules)}")
    run = dict(players=args.players, deals=args.deals, seed=args.seed, workers=args.workers,
               progress=not args.no_progress)
    result = profile(args.rules[0], **run) if len(args.rules) == 1 else compare(*args.rules, **run)
    print(result)
    if args.chart:
        with open(args.chart, "w", encoding="utf-8") as file:
            file.write(result.chart())
    return 0


# -- bibi practice ----------------------------------------------------------------------------------------
# The exercises and the question-and-answer loop are bibi.practice's, imported when the command runs.


def _practice_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rules", type=rules_arg, default=preset("russian"), metavar="PRESET",
                        help=_help(_("rules preset: ru, it, en or their full names (default: russian)")))
    parser.add_argument("--players", type=int, default=4, metavar="N",
                        help=_help(_("number of players (default: 4)")))
    parser.add_argument("--seed", type=seed_arg, default=None, help=_help(_(SEED_HELP_EXERCISES)))
    parser.add_argument("-n", type=int, default=6, metavar="N", help=_help(_("how many exercises (default: 6)")))
    parser.add_argument("--pair", action="store_true",
                        help=_help(_("only deals with a pair to call: may you call now, what does it score, and what "
                                     "becomes trump?")))


@subcommand("practice", N_("answer exercises on positions of deals; the engine checks and explains"),
            _practice_arguments)
def cmd_practice(args: argparse.Namespace) -> int:
    from bibi.practice import exercises
    from bibi.terminal import command_word, quiz, say_folded

    seed = _seed(args)
    drawn = exercises(args.n, args.rules, args.players, seed, kinds=["bibi"] if args.pair else None)
    say_folded(ngettext("{n} exercise, {rules} rules, {players}, seed {seed}. Answer with a choice or its number; "
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
    from bibi.terminal import progress_line, say_folded

    record = read_record(args.file)
    game = record_format(record) != RECORD_FORMAT  # a game's record, else a deal's
    try:
        deals = Game.replay(record).deals if game else (Deal.replay(record),)
    except ValueError as exc:
        raise ValueError(f"{shorten(args.file, 200)}: {exc}") from None
    players = deals[0].players
    if args.worlds is not None and args.worlds < 1:
        raise ValueError("--worlds: " + not_at_least(args.worlds, 1))
    if not 0 <= args.seat < players:
        raise ValueError("--seat: " + _("{value} is not a seat 0…{last}").format(value=args.seat, last=players - 1))
    if args.deal is not None and not 1 <= args.deal <= len(deals):
        # TRANSLATORS: {value} is the deal's number refused; {last} the record's last deal (they count from 1)
        raise ValueError("--deal: " + _("{value} is not a deal 1…{last} of the record").format(value=args.deal,
                                                                                              last=len(deals)))
    # A game's deal still on is left out unless asked for by number; a deal record is the deal asked for.
    chosen = [(n, d) for n, d in enumerate(deals, 1)
              if args.deal in (None, n) and (d.is_over or args.deal or not game)]
    for number, deal in chosen:
        analysis = analyse(deal, args.seat, worlds=WORLDS if args.worlds is None else args.worlds, seed=args.seed,
                           counted=args.counted, progress=progress_line(sys.stderr))
        if len(deals) > 1:
            say_folded(_("== deal {number} of {total}").format(number=number, total=len(deals)))
        say_folded(analysis.text())
    if not chosen:
        say_folded(_("no finished deal to review in this record"))
    return 0


__all__ = [
    "SUBCOMMANDS", "Subcommand", "add_json_argument", "add_table_arguments", "bots_arg", "build_parser", "main",
    "read_record", "rules_arg", "subcommand", "variant_arg",
]
