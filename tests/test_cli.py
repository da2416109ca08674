"""The ``bibi`` command and ``bibi play``'s terminal: what each command shows, checked on what it is made of —
the record, the scores, the kit's own words for the same deal or position, the structure of the output — in each
language the kit speaks, rather than on English sentences.

The command line itself runs as ``python -m bibi`` in subprocesses (marked ``subprocess``): its output is compared
with the kit's rendering of the same deal, or with the terminal session run in process under the same language
(``session_output``); the terminal's own behaviour is tested in process, the expected lines made by the kit's
catalogs in the language in force. Error messages of bad input are the kit's one rule for bad input, in English.
"""

from __future__ import annotations

import argparse
import dataclasses
import io
import json
import os
import re
import signal
import subprocess
import sys
import time

import pytest
from helpers import asking, english_words_in

from bibi.bots import heuristic_bot
from bibi.cards import Card, Suit
from bibi.cli import SUBCOMMANDS, build_parser, main, seed_arg
from bibi.deal import Deal, EventKind
from bibi.errors import NotationError
from bibi.game import Game
from bibi.i18n import _, language, reading
from bibi.notation import action_text, game_text, read_action, score_line, transcript
from bibi.play import bot_title, bots_rng, call_told, get_bot, play, play_seeded, snapshots
from bibi.render.text import plain
from bibi.rules import ITALIAN, OPTIONS, PRESETS, RUSSIAN, call_said, parse_rules, rules_name, value_text
from bibi.session import Session
from bibi.terminal import HELP, Terminal, command_word, unreadable

pytestmark = pytest.mark.fast

LANGS = ["en", "ru", "it"]


def bibi(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bibi", *args], input=stdin, capture_output=True, text=True,
                          timeout=60)


def session_output(played: Deal | Game, seat: int, bots: list, seed, script: list[str], lang: str,
                   **options) -> tuple[str, Terminal, list[str]]:
    """What ``bibi play`` prints for the lines ``script`` (then the end of input), made in process under ``lang``:
    each line the session says, each prompt as a pipe shows it (no newline); with the session and its lines."""
    out: list[str] = []  # the prompts (asking notes them) and the lines, in turn
    said: list[str] = []
    ask = asking(script, out)

    def say(text: str) -> None:
        out.append(text + "\n")
        said.append(text)

    with language(lang):
        terminal = Terminal(played, seat, bots, bots_rng(seed), ask=ask, say=say, seed=seed, **options)
        terminal.run()
    return "".join(out), terminal, said


# -- the command line ---------------------------------------------------------------------------------------------


@pytest.mark.subprocess
def test_help_for_bibi_and_every_command():
    top = bibi("--help")
    assert top.returncode == 0
    for name in ("rules", "deal", "game", "replay", "play"):
        assert name in top.stdout
    for name in SUBCOMMANDS:
        done = bibi(name, "--help")
        assert done.returncode == 0 and f"usage: bibi {name}" in done.stdout


@pytest.mark.subprocess
def test_no_command_is_a_usage_error():
    done = bibi()
    assert done.returncode == 2 and "usage: bibi" in done.stderr


def sentence_ids(text: str) -> list[str]:
    return re.findall(r"\b[RI]\d+\b", text)


@pytest.mark.subprocess
@pytest.mark.parametrize("lang", LANGS)
def test_rules_lists_every_option_with_each_presets_value_and_its_sources(lang):
    done = bibi("--lang", lang, "rules")
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    for option in OPTIONS:
        row = next(line for line in lines if line.split()[:1] == [option])
        with language(lang):  # values as the listing writes them (value_text: true, 2:11 Т:10 …)
            values = [value_text(p.options()[option]) + ("*" if p.no_effect(option) else "") for p in PRESETS.values()]
        at = [row.index(value, len(option) + sum(len(v) for v in values[:i])) for i, value in enumerate(values)]
        assert at == sorted(at), row  # each preset's value, in the presets' order
        assert all(i in row for i in sentence_ids("; ".join(OPTIONS[option].sources))), row


@pytest.mark.subprocess
@pytest.mark.parametrize("lang", LANGS)
def test_rules_of_a_preset_give_each_option_its_value_its_sentences_and_what_it_means(lang):
    done = bibi("--lang", lang, "rules", "it")
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert lines[0] == {"en": "Rules: italian", "ru": "Правила: итальянские", "it": "Regole italiane"}[lang]
    for name, value in ITALIAN.options().items():
        with language(lang):
            shown = value_text(value)
        row = next(line for line in lines if line.startswith(f"  {name:<13} {shown}"))
        assert sentence_ids(row) == sentence_ids(ITALIAN.citation(name)), row
    meant = [line.split()[0] for line in lines if re.match(r"  \w+ += \S", line)]
    assert meant == [name for name, value in ITALIAN.options().items()
                     if OPTIONS[name].meaning(value) or ITALIAN.no_effect(name)]
    with language(lang):  # an option with no effect under the others says why, in the kit's words
        assert f"  {'multi_call':<13} = last: {ITALIAN.explain('multi_call')}" in lines


@pytest.mark.parametrize(("lang", "preset", "changed"), [
    ("en", "Rules: russian", "Rules: russian:follow=follow_or_trump"),
    ("ru", "Правила: русские", "Правила: russian:follow=follow_or_trump"),
    ("it", "Regole russe", "Regole russian:follow=follow_or_trump"),
])
def test_a_listing_of_the_rules_is_headed_by_their_name_in_the_language(lang, preset, changed):
    with language(lang):  # a preset by the language's own name of the rules, changed rules by their label
        assert RUSSIAN.describe().splitlines()[0] == preset
        assert parse_rules("russian:follow=follow_or_trump").describe().splitlines()[0] == changed


@pytest.mark.subprocess
@pytest.mark.parametrize("lang", LANGS)
def test_rules_diff_shows_the_differences_and_apart_those_with_no_effect(lang):
    done = bibi("--lang", lang, "rules", "--diff", "ru", "it")
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    diff = RUSSIAN.diff(ITALIAN)
    live = [name for name, _a, _b in diff if not (RUSSIAN.no_effect(name) or ITALIAN.no_effect(name))]
    inert = [name for name, _a, _b in diff if name not in live]
    heads = [line.split()[0] for line in lines if line.startswith("  ") and not line.startswith("    ")]
    assert heads == live + inert and inert == ["multi_call"]
    assert str(len(live)) in lines[0] and str(len(inert)) in lines[1 + 3 * len(live)]  # the counts head each part
    with language(lang):  # the rules by their names in the language, the values as the listing writes them
        russian = rules_name(RUSSIAN)
        shown = {name: (value_text(mine), value_text(theirs)) for name, mine, theirs in diff}
    for name, (mine, theirs) in shown.items():
        at = lines.index(next(line for line in lines if line.split()[:1] == [name]))
        assert lines[at + 1].split()[0] == russian and lines[at + 1].split()[1].rstrip(":") == mine.split()[0]
        assert lines[at + 2].split()[1].rstrip(":") == theirs.split()[0]
    same = bibi("--lang", lang, "rules", "--diff", "ru", "en")
    assert same.returncode == 0 and len(same.stdout.splitlines()) == 1 and not set(OPTIONS) & set(same.stdout.split())


@pytest.mark.subprocess
def test_an_unknown_preset_is_a_one_line_error():
    done = bibi("rules", "klondike")
    assert done.returncode == 2
    assert "unknown rules preset 'klondike'" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.subprocess
@pytest.mark.parametrize("lang", LANGS)
def test_deal_shows_the_deal_the_play_layer_plays_and_writes_its_record(lang):
    args = ("--lang", lang, "deal", "--rules", "ru", "--players", "6", "--seed", "7")
    shown, record = bibi(*args), bibi(*args, "--json")
    assert shown.returncode == record.returncode == 0
    deal = play_seeded(RUSSIAN, 6, 7, "heuristic")
    assert json.loads(record.stdout) == deal.record()  # the record alone on standard output
    with language(lang):
        assert shown.stdout == _("seed {seed}; bots: {bots}").format(seed=7, bots=bot_title("heuristic")) + "\n" + \
            transcript(deal) + "\n"
    # the seed picked a deal with a call, a trump change and the stock turned up, each shown by the transcript
    kinds = {event.kind for event in deal.events}
    assert {EventKind.CALL, EventKind.TRUMP_CHANGE, EventKind.TURN_UP} <= kinds and deal.is_over
    assert bibi(*args).stdout == shown.stdout  # same seed, same deal


@pytest.mark.subprocess
def test_deal_json_writes_a_record_that_replays_to_the_same_transcript(tmp_path):
    path = tmp_path / "deal.json"
    shown = bibi("deal", "--rules", "it", "--players", "4", "--seed", "3", "--bots", "greedy", "--json", str(path))
    assert shown.returncode == 0
    record = json.loads(path.read_text())
    assert record == play_seeded(ITALIAN, 4, 3, "greedy").record()
    to_stdout = bibi("deal", "--rules", "it", "--players", "4", "--seed", "3", "--bots", "greedy", "--json")
    assert json.loads(to_stdout.stdout) == record
    replayed = bibi("replay", str(path))
    assert replayed.returncode == 0
    assert shown.stdout.split("\n", 1)[1] == replayed.stdout  # all but the "seed …; bots …" line


@pytest.mark.subprocess
def test_game_plays_to_the_end_and_its_record_replays(tmp_path):
    path = tmp_path / "game.json"
    bots = ["greedy", "random", "heuristic"]
    done = bibi("game", "--players", "3", "--seed", "4", "--bots", ",".join(bots), "--json", str(path))
    assert done.returncode == 0
    record = json.loads(path.read_text())
    game = Game.new(RUSSIAN, 3, seed=4).play(bots)
    assert record == game.record() and game.is_over and len(record["deals"]) == game.deals_total == 3
    assert done.stdout.split("\n", 1)[1] == game_text(game) + "\n"
    replayed = bibi("replay", str(path))
    assert replayed.returncode == 0
    assert replayed.stdout == game_text(Game.replay(record), deals=True) + "\n"
    assert done.stdout.splitlines()[-4:] == replayed.stdout.splitlines()[-4:]  # the same score sheet


@pytest.mark.subprocess
@pytest.mark.parametrize("content, message", [
    ("not json", "not JSON"),
    ('{"format": "chess-pgn"}', "record: format is 'chess-pgn', expected 'bibi-deal/1' or 'bibi-game/1'"),
    ('{"format": "bibi-deal/1", "rules": "russian"}', "record: missing field 'players'"),
    ('{"format": "bibi-game/1", "rules": "russian", "players": 3, "rounds": 1, "draws": [], "deals": []}',
     "game record: missing field 'seed'"),
])
def test_replay_of_a_bad_file_is_a_clear_one_line_error(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    done = bibi("replay", str(path))
    assert done.returncode == 1
    assert message in done.stderr and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith("bibi replay: error: ") and str(path) in done.stderr


@pytest.mark.subprocess
def test_replay_of_a_missing_file():
    done = bibi("replay", "no/such/file.json")
    assert done.returncode == 1 and "cannot read it" in done.stderr


@pytest.mark.subprocess
def test_bad_numbers_are_errors_naming_the_value():
    done = bibi("deal", "--players", "13", "--seed", "1")
    assert done.returncode == 1 and "players: 13 is outside 2…12" in done.stderr
    done = bibi("deal", "--bots", "clever")
    assert done.returncode == 2 and "unknown bot 'clever'" in done.stderr
    done = bibi("play", "--seat", "4", "--players", "4", stdin="")
    assert done.returncode == 1 and "--seat: 4 is not a seat 0…3" in done.stderr


# -- bibi play ---------------------------------------------------------------------------------------------------


def first_prompt(seed: int, players: int = 4, seat: int = 0) -> Deal:
    """The deal as ``bibi play --rules it --seed SEED`` shows it at the player's first choice."""
    deal = Deal.new(ITALIAN, players, seed=seed)
    bots = [None if s == seat else heuristic_bot for s in range(players)]

    def ask(prompt: str) -> str:
        raise EOFError

    Terminal(deal, seat, bots, bots_rng(seed), ask=ask, say=lambda text: None).run()
    return deal


def an_illegal_card(deal: Deal) -> str | None:
    legal = {str(a) for a in deal.legal_actions()}
    return next((str(c) for c in deal.hand(deal.to_act) if str(c) not in legal), None)


def four_at_the_table(seat: int = 0, players: int = 4) -> list:
    return [None if s == seat else heuristic_bot for s in range(players)]


@pytest.mark.parametrize("lang", LANGS)
def test_play_refuses_an_illegal_card_with_the_rules_reason_and_asks_again(lang):
    seed = next(s for s in range(1, 200) if an_illegal_card(first_prompt(s)))
    at = first_prompt(seed)
    wrong = an_illegal_card(at)
    asked: list[str] = []
    said: list[str] = []
    with language(lang):
        typed = action_text(Card(wrong))  # as the language writes it (K♥; in Italian R♥ or RC)
        terminal = Terminal(Deal.new(ITALIAN, 4, seed=seed), 0, four_at_the_table(), bots_rng(seed),
                            ask=asking([typed, "quit"], asked), say=said.append)
        assert terminal.run() == 0
        with reading(0):  # the player's own hand is spoken of as his: "you hold …"
            reason = at.why_illegal(wrong)
        assert lang != "en" or "you hold" in reason
        assert _("not allowed — {reason}").format(reason=plain(reason)) in said and "I7" in sentence_ids(reason)
        assert said[-1] == _("bye") and terminal.status() in said  # the seat's state, shown before it is asked
    assert len(asked) == 2 and asked[0] == asked[1]  # asked again, the same question
    assert terminal.deal.record() == at.record()  # the refused card was not played


@pytest.mark.parametrize("lang", LANGS)
def test_play_shows_help_refuses_what_it_cannot_read_and_leaves_at_the_end_of_input(lang):
    asked: list[str] = []
    said: list[str] = []
    with language(lang):
        terminal = Terminal(Deal.new(ITALIAN, 4, seed=5), 0, four_at_the_table(), bots_rng(5),
                            ask=asking(["help", "zz", "99"], asked), say=said.append)
        assert terminal.run() == 0
        with pytest.raises(NotationError) as unread:
            read_action("zz")
        legal = len(terminal.deal.legal_actions())
        assert _(HELP).format(call=call_said(ITALIAN)) in said  # the call as the Italian rules name it
        assert str(unread.value) in said  # a typo is no refused move: said as what could not be read
        assert _("not allowed — {reason}").format(reason=str(unread.value)) not in said
        assert _("not a choice: pick 1…{n}").format(n=legal) in said and said[-1] == _("bye")
    assert len(asked) == 4  # three lines, then the end of input


@pytest.mark.subprocess
@pytest.mark.parametrize("lang", LANGS)
def test_bibi_play_shows_what_the_session_says_a_whole_deal_by_choice_numbers(lang):
    script = ["1"] * 120
    done = bibi("--lang", lang, "play", "--rules", "ru", "--players", "3", "--seat", "2", "--seed", "8", "--bots",
                "random", "--deals", "1", stdin="".join(line + "\n" for line in script))
    assert done.returncode == 0 and done.stderr == ""
    random_bot = get_bot("random")
    out, terminal, said = session_output(Deal.new(RUSSIAN, 3, seed=8), 2, [random_bot, random_bot, None], 8, script,
                                         lang)
    assert done.stdout.split("\n", 1)[1] == out  # after the line that names the table
    assert terminal.deal.is_over
    with language(lang):
        assert score_line(terminal.deal) in said and _("bye") not in said  # played to the end, not left


def test_play_tells_only_what_the_seat_may_know_of_the_deal():
    """The terminal tells the deal as the engine lets the seat know it (``events_for``): each event's line, in
    order; the others' draws and passes, which the engine keeps from the seat, are not among them."""
    said: list[str] = []
    terminal = Terminal(Deal.new(ITALIAN, 4, seed=5), 0, four_at_the_table(), bots_rng(5),
                        ask=asking(["1"] * 80, []), say=said.append)
    terminal.run()
    deal = terminal.deal
    known = deal.events_for(0)
    assert [e for e in deal.events if e.seat not in (None, 0) and e.kind in ("draw", "pass")]  # there were some
    assert not [e for e in known if e.seat not in (None, 0) and (e.kind == "pass" or (e.kind == "draw" and e.card))]
    viewer = Terminal(deal, 0, four_at_the_table(), bots_rng(5), ask=input, say=lambda text: None)
    lines, tricks = [], 0
    for event in known:
        line = viewer.event_text(event, tricks)
        tricks += event.kind == "trick"
        if line:
            lines.append(line)
    rest = iter(said)
    assert lines and all(any(line in text for text in rest) for line in lines)  # each in turn, none left out


def test_the_parser_is_built_from_the_registry():
    parser = build_parser()
    args = parser.parse_args(["deal", "--rules", "it", "--players", "4", "--bots", "random,greedy,heuristic,random"])
    assert args.run is SUBCOMMANDS["deal"].run and args.rules == ITALIAN
    assert args.bots == ["random", "greedy", "heuristic", "random"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_play_rules_hint_why_undo_score_and_a_whole_game(lang):
    """A game of 3 deals typed from a script: the rules, a hint, a reason, a take-back, the score sheet, then
    choice 1 to the end. What each command shows is what the session answers; the game typed with the take-back is
    the game typed without it."""
    script = ["rules", "hint", "why", "1", "undo", "score", *["1"] * 400]
    bots = [None, heuristic_bot, heuristic_bot]
    answers: dict[str, str] = {}
    positions: list[dict] = []  # the deal's record at each question
    said: list[str] = []
    typed = iter(script)

    def ask(prompt: str) -> str:
        line = next(typed, None)
        if line is None:
            raise EOFError
        positions.append(terminal.deal.record())
        if line in ("hint", "why", "score") and line not in answers:  # what the session answers, asked first
            answers[line] = {"hint": terminal.hint, "why": terminal.why, "score": lambda: str(terminal.game)}[line]()
        return line

    with language(lang):
        terminal = Terminal(Game.new(RUSSIAN, 3, seed=4), 0, bots, bots_rng(4), ask=ask, say=said.append, seed=4)
        assert terminal.run() == 0
        summary = _rules_summary(RUSSIAN)
        game = terminal.game
        assert said.count(summary) == 1 and "R13" in summary
        assert answers["hint"] in said and answers["why"] in said and answers["score"] in said
        assert said[-1] == str(game) and game.is_over and _("bye") not in said
        # each trick told ends with its points, and with the rule that decided it only when that is not the
        # everyday one (two identical cards): the citation of the everyday rule is a ``why trick`` away
        played = [trick for deal in game.deals for trick in deal.tricks]
        endings = {_ending(trick, game.rules) for trick in played}
        tricks = [line for line in said if " → " in line and any(line.endswith(end) for end in endings)]
        assert len(tricks) >= len(played)
        assert not any(_reason(trick, game.rules) in line for trick in played if _note(trick, game.rules) is None
                       for line in tricks)
    assert positions[5] == positions[3] != positions[4]  # after the move, undo: the position before it, again
    headers = [line for line in said if line.startswith("== ")]
    assert len(headers) == game.deals_total == 3
    plain_game = Terminal(Game.new(RUSSIAN, 3, seed=4), 0, bots, bots_rng(4), ask=asking(["1"] * 400, []),
                          say=lambda t: None, seed=4)
    plain_game.run()
    assert plain_game.game.record() == game.record()  # undo restores the bots' stream too


def _rules_summary(rules):
    from bibi.render.text import rules_summary

    return rules_summary(rules)


def _reason(trick, rules):
    from bibi.tricks import reason_of

    return reason_of(trick, rules)


def _note(trick, rules):
    from bibi.tricks import note_of

    return note_of(trick, rules)


def _ending(trick, rules):
    """How the terminal's line of ``trick`` ends: its points, then the rule's note when it has one."""
    from bibi.i18n import ngettext

    points = ngettext("{n} point", "{n} points", trick.points).format(n=trick.points)
    note = _note(trick, rules)
    return points if note is None else f"{points}: {note}"


@pytest.mark.parametrize("lang", LANGS)
def test_play_shows_cards_one_way_and_answers_in_plain_words(lang):
    said: list[str] = []
    deal = Deal.new(RUSSIAN, 4, seed=3)
    with language(lang):
        terminal = Terminal(deal, 0, four_at_the_table(), bots_rng(3), ask=asking(["trump H", "KX"], []),
                            say=said.append)
        assert terminal.run() == 0
        shown = "\n".join(said)
        assert "trump_change" not in shown  # the option's jargon said in plain words
        hand = [c.display() for c in sorted(terminal.deal.hand(0), key=_sort_key)]
        choices = [action.display() if isinstance(action, Card) else None for action in terminal.choices()]
        assert [c for c in choices if c in hand] == [c for c in hand if c in choices]  # the hand's order
        with pytest.raises(NotationError) as unread:  # but where what could not be read says how to type a card
            read_action("KX")
    assert not any(re.search(r"\bT[SHDC]\b", line) for line in said if line != str(unread.value))  # 10♣, not TC


def _sort_key(card):
    from bibi.cards import sort_key

    return sort_key(card)


@pytest.mark.subprocess
def test_play_deals_must_give_everyone_equal_deals():
    done = bibi("play", "--players", "4", "--deals", "3", stdin="")
    assert done.returncode == 1 and "--deals: 3 is neither 1 nor a game" in done.stderr


@pytest.mark.subprocess
def test_rules_table_columns_do_not_run_together():
    lines = bibi("rules").stdout.splitlines()
    card_points = next(line for line in lines if line.startswith("card_points"))
    assert card_points.count("2:11 A:10 K:5 Q:4 J:3  ") == 3  # each value followed by room


@pytest.mark.subprocess
def test_a_closed_pipe_ends_quietly():
    proc = subprocess.Popen([sys.executable, "-m", "bibi", "rules", "it"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    proc.stdout.readline()
    proc.stdout.close()  # `| head -1`
    _, err = proc.communicate(timeout=60)
    assert b"Broken pipe" not in err and b"Traceback" not in err


@pytest.mark.parametrize("lang", LANGS)
def test_play_announces_a_mandatory_call_as_yours_and_undo_needs_a_move_first(lang):
    from helpers import new_deal

    deal = new_deal(ITALIAN, ["", "KH"], stock="2C 3C 4C QH", players=4)  # seat 1 draws the queen after trick 1
    first = [None if s == 1 else (lambda view, rng: view.legal_actions[0]) for s in range(4)]
    said: list[str] = []
    with language(lang):
        card = next(c for c in deal.hand(1) if str(c) != "KH")
        Terminal(deal, 1, first, bots_rng(1), ask=asking(["undo", action_text(card)], []), say=said.append).run()
        assert _("nothing to take back in this deal") in said
        assert call_told(ITALIAN, Suit.HEARTS, you=True, mandatory=True) in said
    assert deal.calls[0].seat == 1 and deal.calls[0].mandatory


@pytest.mark.parametrize("lang", LANGS)
def test_a_pass_with_a_pair_callable_is_told_why_in_the_play_tables_words(lang):
    """``bibi play --pair``, and any deal: a pass while a pair may be called is followed, once the others have
    moved, by the words the play table says for it (``practice.pair_missed``): the rule on calling and why the pair
    may not be called now, the sentences quoted under them; then the position."""
    from bibi.practice import pair_deal, pair_missed

    deal, pair = pair_deal("russian", 4, 0, 3, when="dealt")
    bots = [None, heuristic_bot, heuristic_bot, heuristic_bot]
    with language(lang):
        session = Session(deal.copy(), 0, bots, bots_rng(3), seed=3)
        session.advance()
        assert session.deal.phase == "call" and session.deal.callable_suits(0) == (pair.suit,)
        session.play("pass")
        with reading(0):  # the person is the reader, as in the terminal: "you must play a card"
            missed = plain(pair_missed(session.deal, 0, pair.suit))
        text, _terminal, said = session_output(deal, 0, bots, 3, ["pass", "1"], lang)
        passed = said.index(_("you pass"))
    assert missed in said and "(R23)" in missed and "R15" in missed
    at = said.index(missed)
    assert passed < at and said.count(missed) == 1
    quoted = [line.split(":")[0].strip() for line in said[at + 1:] if line.startswith("    R")]
    assert quoted[:2] == ["R23", "R15"]  # the sentences it cites, quoted under it
    after = next(line for line in said[at + 1:] if not line.startswith(" "))
    assert after.startswith("— ")  # then the position, where the person looks for his next move
    if lang != "en":
        assert english_words_in(missed) == []
    if lang == "ru":
        assert missed.startswith("Вы не сказали «Би-би» с К") and "Сейчас объявить их нельзя" in missed


@pytest.mark.subprocess
def test_compare_of_one_rules_set_is_refused_with_what_to_type():
    for args in (["ru"], ["ru", "russian"]):
        result = bibi("compare", *args, "--deals", "2", "--no-progress")
        assert result.returncode == 1 and result.stdout == ""
        assert "variants: russian alone would be compared with itself" in result.stderr
        assert "bibi compare ru it" in result.stderr


@pytest.mark.parametrize("lang", LANGS)
def test_play_tells_an_only_choice_once(lang):
    deal = Deal.new("russian", 3, seed=4)
    said: list[str] = []
    with language(lang):
        Terminal(deal, 0, [None, heuristic_bot, heuristic_bot], bots_rng(4), ask=asking(["1"] * 200, []),
                 say=said.append).run()
        states = snapshots(deal)[:-1]
        mine = [(state, action) for state, action in zip(states, deal.actions, strict=True)
                if state.to_act == 0 and isinstance(action, Card)]
        forced = [action for state, action in mine if len(state.legal_actions()) == 1]
        plays = {card: _("you play {card}").format(card=card.display()) for _state, card in mine}
        told = [line for line in said if line in plays.values()
                or line in {_("{move}: your only choice").format(move=text) for text in plays.values()}]
        assert forced and len(told) == len(mine)  # each of the person's cards told once
        assert [line for line in told if line not in plays.values()] == [
            _("{move}: your only choice").format(move=plays[card]) for card in forced]


@pytest.mark.parametrize("lang", LANGS)
def test_play_tells_why_in_the_present_tense_and_reviews_the_deal_at_its_end(lang):
    """While the deal is on, ``why`` tells what the table saw of a bot's move; once it is over, ``review``
    tells every bot move with the bot's own reasons, as the session reviews it, after the scores."""
    deal = Deal.new("russian", 3, seed=4)
    bots = [None, heuristic_bot, heuristic_bot]
    said: list[str] = []
    review_at: list[int] = []
    turns = iter(["why", "1"] * 200)  # at every turn: why did the last bot play so? then the first choice

    def ask(prompt: str) -> str:
        if terminal.deal.is_over:  # the question after the deal: the review, then Enter
            if not review_at:
                review_at.append(len(said))
                return "review"
            return ""
        return next(turns)

    with language(lang):
        terminal = Terminal(deal, 0, bots, bots_rng(4), ask=ask, say=said.append)
        assert terminal.run() == 0
        reviewed = [_("trick {trick}, seat {seat} ({bot}): {why}").format(
            trick=line.trick, seat=line.seat, bot=bot_title("heuristic"), why=line.why)
            for line in terminal.session.review()]
        assert said[review_at[0]:review_at[0] + len(reviewed)] == reviewed
        assert score_line(deal) in said[:review_at[0]]
    assert len(reviewed) == sum(1 for state in snapshots(deal)[:-1] if state.to_act != 0)  # every bot move
    during = said[:review_at[0]]
    for line in terminal.session.review():  # the bots' own reasons were not told while the deal was on
        assert not any(line.why in text for text in during)


@pytest.mark.parametrize("argv", [["simulate"], ["compare", "ru", "it"], ["game"], ["play"], ["deal"],
                                  ["replay", "-"], ["practice"], ["rules"]], ids=lambda argv: argv[0])
def test_ctrl_c_ends_a_command_with_one_line_and_status_130(monkeypatch, capsys, argv):
    def interrupted(args):
        print("half a line", end="")
        raise KeyboardInterrupt

    monkeypatch.setitem(SUBCOMMANDS, argv[0], dataclasses.replace(SUBCOMMANDS[argv[0]], run=interrupted))
    assert main(argv) == 130
    out, err = capsys.readouterr()
    assert out == "half a line" and err == f"bibi {argv[0]}: interrupted\n"


@pytest.mark.subprocess
def test_ctrl_c_in_a_terminal_stops_simulate_and_its_workers_quietly():
    """A terminal's Ctrl-C goes to the whole process group: the command and its worker processes."""
    # Ctrl-C handled as in a terminal's foreground, even when these tests run where SIGINT is ignored
    command = ("import signal; signal.signal(signal.SIGINT, signal.default_int_handler); from bibi.cli import main; "
               "raise SystemExit(main(['simulate', '--deals', '1000000', '--players', '4', '--workers', '2']))")
    proc = subprocess.Popen([sys.executable, "-c", command], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)
    try:
        shown, deadline = b"", time.monotonic() + 30
        while not re.search(rb"[1-9]\d*/1000000", shown) and time.monotonic() < deadline:
            shown += os.read(proc.stderr.fileno(), 4096) or b""  # the bar, once a chunk has been played
            assert proc.poll() is None, shown
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=10)  # returns once the workers, holding the pipes, are gone too
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    err = (shown + err).decode()
    assert proc.returncode == 130, err
    assert err.splitlines()[-1] == "bibi simulate: interrupted"
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert out == b""


def _bibi_in(folder, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bibi", *args], capture_output=True, text=True, timeout=60,
                          cwd=folder)


@pytest.mark.subprocess
@pytest.mark.parametrize("option, columns, rows", [("--out", "SEAT_COLUMNS", 4 * 30),
                                                   ("--deals-out", "DEAL_COLUMNS", 30)])
def test_simulate_writes_a_table_to_standard_output_for_a_dash(tmp_path, option, columns, rows):
    import pandas as pd

    from bibi import simulation

    done = _bibi_in(tmp_path, "simulate", "--players", "4", "--deals", "30", "--seed", "1", "--no-progress",
                    option, "-")
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert list(tmp_path.iterdir()) == []  # no file named '-'
    frame = pd.read_csv(io.StringIO(done.stdout))  # the table alone: the summary is left out
    assert tuple(frame.columns) == getattr(simulation, columns) and len(frame) == rows
    sim = simulation.simulate("ru", players=4, deals=30, seed=1, progress=False)
    expected = sim.seats if option == "--out" else sim.deals
    assert list(frame["calls"]) == list(expected["calls"]) and list(frame["deal"]) == list(expected["deal"])


@pytest.mark.subprocess
def test_simulate_writes_only_one_table_to_standard_output(tmp_path):
    done = _bibi_in(tmp_path, "simulate", "--deals", "5", "--no-progress", "--out", "-", "--deals-out", "-")
    assert done.returncode == 1 and done.stdout == "" and list(tmp_path.iterdir()) == []
    assert done.stderr == "bibi simulate: error: --out and --deals-out: only one of them can be standard output " \
                          "('-'); write the other to a file\n"


@pytest.mark.subprocess
def test_compare_writes_its_table_to_standard_output_for_a_dash(tmp_path):
    import pandas as pd

    done = _bibi_in(tmp_path, "compare", "ru", "it", "--deals", "20", "--players", "5", "--no-progress", "--out", "-")
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert list(tmp_path.iterdir()) == []
    table = pd.read_csv(io.StringIO(done.stdout))
    assert list(table.columns) == ["measure", "variant", "mean", "diff", "ci_low", "ci_high"]
    assert set(table.variant) == {"russian", "italian"} and len(table) == 2 * 9


# -- no keystroke ends a session; one seed, one deal --------------------------------------------------------


def strict_bibi(*args: str, stdin: bytes) -> tuple[int, str, bytes]:
    """``bibi`` with a standard input that decodes strictly, as under LANG=en_US.UTF-8."""
    done = subprocess.run([sys.executable, "-m", "bibi", *args], input=stdin, capture_output=True, timeout=60,
                          env={**os.environ, "PYTHONIOENCODING": "utf-8:strict"})
    return done.returncode, done.stdout.decode(), done.stderr


def cannot_read(byte: int) -> str:
    """The line said for a line whose ``byte`` is not UTF-8, in the language in force (``bibi.terminal``)."""
    return unreadable(UnicodeDecodeError("utf-8", bytes([byte]), 0, 1, "invalid start byte"))


@pytest.mark.subprocess
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_play_reads_on_after_a_byte_that_is_not_utf8(lang):
    status, out, err = strict_bibi("--lang", lang, "play", "--rules", "it", "--seed", "5",
                                   stdin=b"\xff\nzz\n\xe2\x99\nquit\n")
    assert status == 0 and err == b""
    with language(lang):
        assert out.count(cannot_read(0xFF)) == 1 and out.count(cannot_read(0xE2)) == 1
        with pytest.raises(NotationError) as unread:
            read_action("zz")
        assert str(unread.value) in out  # the next line, read as typed: a typo, said as what could not be read
        assert _("not allowed — {reason}").format(reason=str(unread.value)) not in out
        prompt = _("seat {seat}> ").format(seat=0)
        assert out.count(prompt) == 4 and out.rstrip().endswith(_("bye"))


@pytest.mark.parametrize("lang", LANGS)
def test_play_asks_again_on_an_undecodable_line_and_an_odd_number(lang):
    deal = Deal.new(ITALIAN, 4, seed=5)
    said: list[str] = []
    with language(lang):
        terminal = Terminal(deal, 0, four_at_the_table(), bots_rng(5), ask=asking([None, "²", "9" * 5000, "٣", "quit"]),
                            say=said.append)
        assert terminal.run() == 0
        assert cannot_read(0xFF) in said and said[-1] == _("bye")
        assert said.count(_("not a choice: pick 1…{n}").format(n=len(deal.legal_actions()))) == 3


@pytest.mark.parametrize("typed, seed", [("7", 7), ("-3", -3), ("0", 0), ("007", "007"), ("-0", "-0"),
                                         ("+3", "+3"), (" 7", " 7"), ("٧", "٧"), ("bibi/0/5", "bibi/0/5"),
                                         (str(2**64), 2**64)])
def test_a_seed_is_a_whole_number_only_as_python_writes_one(typed, seed):
    got = seed_arg(typed)
    assert got == seed and type(got) is type(seed)


def test_a_seed_out_of_range_or_blank_is_refused():
    for typed, message in [(str(2**64 + 1), r"is outside ±2\*\*64"), ("9" * 5000, r"is outside ±2\*\*64"),
                           ("", "cannot be blank"), ("  ", "cannot be blank")]:
        with pytest.raises(argparse.ArgumentTypeError, match=message):
            seed_arg(typed)


@pytest.mark.subprocess
def test_a_seed_out_of_range_is_a_usage_error_of_one_line():
    done = bibi("deal", "--seed", "9" * 5000)
    assert done.returncode == 2 and "is outside ±2**64" in done.stderr and len(done.stderr) < 1000


@pytest.mark.subprocess
def test_seed_007_is_the_text_007_as_everywhere():
    done = bibi("deal", "--seed", "007", "--json")
    assert done.returncode == 0
    record = json.loads(done.stdout)
    text = play(Deal.new(RUSSIAN, 6, seed="007"), ["heuristic"], bots_rng("007")).record()
    number = play(Deal.new(RUSSIAN, 6, seed=7), ["heuristic"], bots_rng(7)).record()
    assert record == text and record != number
    assert json.loads(bibi("deal", "--seed", "7", "--json").stdout) == number
    assert "'007' and 'bibi/0/5' are texts" in " ".join(bibi("deal", "--help").stdout.split())
    from bibi.practice import exercises

    asked = bibi("practice", "--seed", "007", "-n", "1", stdin="quit\n").stdout
    assert "seed 007." in asked and str(exercises(1, RUSSIAN, 4, "007")[0]) in asked


@pytest.mark.parametrize("lang", LANGS)
def test_play_hints_in_plain_words_with_the_figures_one_word_away(lang):
    """``hint`` shows the session's hint in plain words; ``hint more`` the same words, then the bot's own reasons
    and figures; ``why N`` answers for a bot's seat and refuses another."""
    deal = Deal.new("russian", 3, seed=4)
    said: list[str] = []
    asked: dict[str, object] = {}
    script = iter(["hint", "hint more", "1", "why 2", "why 0", "why 99999", "quit"])

    def ask(prompt: str) -> str:
        line = next(script)
        if line in ("hint", "why 2"):  # what the session answers there, asked first
            asked[line] = terminal.session.hint() if line == "hint" else terminal.session.why(2)
        return line

    with language(lang):
        terminal = Terminal(deal, 0, [None, heuristic_bot, heuristic_bot], bots_rng(4), ask=ask, say=said.append,
                            hint_bot="heuristic", seed=4)
        terminal.run()
        hint, bot = asked["hint"], bot_title("heuristic")
        more = f"{command_word('hint')} {command_word('more')}"
        assert _("hint ({bot}): {words} ('{command}': the bot's own reasons and figures)").format(
            bot=bot, words=hint.words, command=more) in said
        assert _("hint ({bot}): {words}\n  in the bot's own words: {details}").format(
            bot=bot, words=hint.words, details=hint.details) in said  # the same plain words, then the bot's own
        two = asked["why 2"]
        assert (_("seat {seat} has not moved yet").format(seat=2) if two is None else _(
            "seat {seat} ({bot}) chose {words}").format(seat=2, bot=bot_title("heuristic"), words=two.words)) in said
        assert said.count(_("not a bot's seat: pick one of {seats}").format(seats="1, 2")) == 2  # 0: the person's
