"""Issue 13's reproducers, one test each, and the values that round-trip.

The rule for bad input: a ``ValueError`` (or a subclass), or a ``TypeError`` for a value of the wrong type,
whose message names the parameter and quotes the value shortened; never a hang, never an error from deep
inside, never a silent change. These run on both engines (``tests/test_compiled.py`` runs this folder again
on the compiled one).
"""

from __future__ import annotations

import dataclasses
import json
import math
import pickle
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import snapshot

import bibi
from bibi import cli, notation, terminal
from bibi.cards import parse_card
from bibi.deal import Action, Deal, IllegalAction, NotationError
from bibi.errors import LIMIT, WrongType, shorten
from bibi.game import Game
from bibi.kinds import ActionKind, EventKind
from bibi.outcome import Outcome
from bibi.rules import CardPoints, Rules, parse_rules

pytestmark = pytest.mark.fast

SHORT = 300  # the longest message the rule allows


def deep(levels: int = 100_000) -> list:
    """A list nested ``levels`` deep: its ``repr`` overflows the stack."""
    value: list = []
    for _ in range(levels):
        value = [value]
    return value


def refused(call, error: type[Exception], *names: str) -> str:
    """``call()`` raises ``error`` whose message is short and names every one of ``names``."""
    with pytest.raises(error) as info:
        call()
    text = str(info.value)
    assert len(text) <= SHORT, text[:400]
    for name in names:
        assert name in text, text
    return text


def run_cli(capsys, *argv: str) -> tuple[int, str, str]:
    """``bibi ARGV`` in this process: exit status, stdout, stderr (argparse's exit 2 included)."""
    try:
        status = cli.main(list(argv))
    except SystemExit as exc:
        status = exc.code if isinstance(exc.code, int) else 1
    out = capsys.readouterr()
    return status, out.out, out.err


def one_line_error(capsys, *argv: str, status: int = 1) -> str:
    code, _, err = run_cli(capsys, *argv)
    assert code == status, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 or (status == 2 and lines[-1].startswith("bibi")), err[:600]
    assert "Traceback" not in err and len(lines[-1]) <= SHORT + 40, err[:600]
    return lines[-1]


# -- a hang ----------------------------------------------------------------------------------------


def test_an_unpicklable_bot_with_workers_is_refused_at_once_naming_it():
    from bibi.bots import make_sampling_bot

    text = refused(lambda: bibi.simulate("ru", 4, 8, bots=make_sampling_bot(samples=2), workers=2, progress=False),
                   ValueError, "bots", "sampling_bot(2)", "workers=1")
    assert "seat 0" in text


@pytest.mark.subprocess
def test_the_pool_never_deadlocks_when_a_task_cannot_be_sent():
    # The check above is bypassed: the run itself must fail at once, not hang (a child process, with a timeout).
    code = ("from bibi import simulation as S; from bibi.bots import make_sampling_bot\n"
            "from bibi.rules import RUSSIAN\n"
            "class Bar:\n    def update(self, n): pass\n"
            "spec = S._Spec(RUSSIAN, 4, 0, (make_sampling_bot(samples=2),) * 4)\n"
            "try:\n    S._run(spec, 8, 2, None, Bar())\nexcept Exception as exc:\n    print(type(exc).__name__)\n"
            "import multiprocessing\nprint(len(multiprocessing.active_children()))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.split() == ["PicklingError", "0"], done.stderr[-2000:]


# -- tracebacks ---------------------------------------------------------------------------------------


def test_replay_of_deeply_nested_json_is_a_one_line_error_naming_the_file(tmp_path, capsys):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000)
    line = one_line_error(capsys, "replay", str(path))
    assert str(path) in line or "deep.json" in line


def test_deep_values_are_quoted_short_in_rules_apply_and_parse_card():
    value = deep()
    refused(lambda: Rules(follow=value), TypeError, "Rules.follow")
    deal = Deal.new("ru", 4, seed=1)
    before = snapshot(deal)
    refused(lambda: deal.apply(value), TypeError, "action")
    assert snapshot(deal) == before
    refused(lambda: parse_card(value), TypeError, "card")


def test_huge_bibi_points_are_refused_in_the_label_and_on_the_command_line(capsys):
    refused(lambda: parse_rules("ru:bibi_points=99999999999999999999"), ValueError, "bibi_points")
    refused(lambda: parse_rules(f"ru:bibi_points={2**63 - 31}"), ValueError, "bibi_points")
    refused(lambda: Rules(bibi_points=2**63 - 31), ValueError, "Rules.bibi_points")
    refused(lambda: Rules(card_points={"2": 10**12}), ValueError, "card_points")
    line = one_line_error(capsys, "simulate", "--rules", "ru:bibi_points=99999999999999999999", "--deals", "5",
                          status=2)
    assert "bibi_points" in line


# -- the compiled engine keeps the promise too (this file runs on it as well) ----------------------------


def test_a_trump_of_the_wrong_type_is_a_type_error_naming_trump():
    text = refused(lambda: Deal.new("ru", 4, trump=1), TypeError, "trump")
    assert "not 1" in text


def test_a_record_whose_trump_is_a_number_is_a_one_line_error(tmp_path, capsys):
    record = Deal.new("ru", 4, seed=1).record()
    record["trump"] = 0
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(record))
    assert "trump" in one_line_error(capsys, "replay", str(path))


# -- deep errors for wrong types ----------------------------------------------------------------------------


def test_wrong_types_name_the_parameter():
    refused(lambda: Deal.new("ru", 4, rng=5), TypeError, "rng")
    refused(lambda: bibi.simulate("ru", 4, 8, executor="threads", progress=False), TypeError, "executor")
    refused(lambda: CardPoints.parse(5), TypeError, "card_points")
    refused(lambda: Rules.from_json({"zz": 1, 1: 2}), ValueError, "unknown option", "'zz'")


@pytest.mark.widgets
def test_the_widgets_refuse_wrong_types_before_building_anything():
    from bibi.widgets import DealExplorer, PlayTable, RulesPanel, ScoreInspector

    refused(lambda: ScoreInspector(5), TypeError, "deal_or_game")
    refused(lambda: DealExplorer(deal=5), TypeError, "deal")
    refused(lambda: DealExplorer(players=99), ValueError, "players")
    refused(lambda: PlayTable(seat="0"), TypeError, "seat")
    refused(lambda: RulesPanel(seed=float("nan")), TypeError, "seed")


# -- silently wrong, no more ----------------------------------------------------------------------------------


def test_a_nan_seed_is_refused_everywhere():
    nan = float("nan")
    refused(lambda: Deal.new("ru", 4, seed=nan), TypeError, "seed")
    refused(lambda: Game.new("ru", 4, seed=nan), TypeError, "seed")
    refused(lambda: bibi.simulate("ru", 4, 8, seed=nan, progress=False), TypeError, "seed")


def test_a_record_with_partial_rules_does_not_replay_under_other_values():
    record = Deal.new("it", 4, seed=3).record()
    record["rules"] = {"name": "italian"}
    refused(lambda: Deal.replay(record), ValueError, "missing option", "follow")


def test_records_refuse_unknown_fields():
    record = Deal.new("ru", 4, seed=3).record()
    refused(lambda: Deal.replay({**record, "comment": "x"}), ValueError, "unknown field", "'comment'")
    game = Game.new("ru", 3, seed=3).play("random").record()
    refused(lambda: Game.replay({**game, "extra": 1}), ValueError, "unknown field", "'extra'")
    rules = {**record["rules"], "colour": "red"}
    refused(lambda: Deal.replay({**record, "rules": rules}), ValueError, "unknown option", "'colour'")


def test_a_game_record_cannot_draw_one_card_three_times_from_two_packs():
    game = Game.new("ru", 3, seed=5).play("random").record()
    game["draws"] = [[[0, "AS"], [1, "AS"], [2, "AS"]]] + game["draws"]
    refused(lambda: Game.replay(game), ValueError, "draw round 1", "AS")


def test_malformed_game_draws_name_the_field():
    game = Game.new("ru", 3, seed=5).play("random").record()
    game["draws"] = [[[0, "AS", "x"]]]
    refused(lambda: Game.replay(game), ValueError, "draws")


def test_a_seat_that_is_a_bool_is_refused():
    deal = Deal.new("ru", 4, seed=1)
    before = snapshot(deal)
    card = deal.legal_actions()[0]
    refused(lambda: deal.apply(card, seat=True), TypeError, "seat")
    assert snapshot(deal) == before
    refused(lambda: deal.why_illegal(card, seat=True), TypeError, "seat")


def test_a_call_with_words_in_between_is_unreadable():
    refused(lambda: Action.parse("bibi whatever you like H"), NotationError, "bibi whatever you like H")
    assert Action.parse("bi-bi H") is Action.parse("bibi H") is Action.parse("bip bip ♥") is Action.parse("би-би H")


def test_log_must_be_a_bool():
    refused(lambda: Deal.new("ru", 4, seed=1, log="no"), TypeError, "log")


def test_an_option_repeated_in_a_label_is_refused():
    refused(lambda: parse_rules("ru:bibi_points=30,bibi_points=40"), ValueError, "bibi_points", "twice")


def test_compare_refuses_a_single_label_and_duplicate_labels():
    refused(lambda: bibi.compare("ru", 4, 8, progress=False), TypeError, "variants", "'ru'")
    refused(lambda: bibi.compare({1: "ru", "1": "it"}, 4, 8, progress=False), ValueError, "variants", "twice")


def test_workers_are_capped_at_the_cores(capsys):
    refused(lambda: bibi.simulate("ru", 4, 8, workers=64, progress=False), ValueError, "workers", "64", "cores")
    assert "workers" in one_line_error(capsys, "simulate", "--workers", "64", "--deals", "5", "--no-progress")


def test_output_paths_are_checked_before_the_run(tmp_path, capsys, monkeypatch):
    import bibi.simulation

    def no_run(*args, **kwargs):
        raise AssertionError("the run started before its output path was checked")

    monkeypatch.setattr(bibi.simulation, "simulate", no_run)
    missing = tmp_path / "no such folder" / "out.csv"
    assert "--out" in one_line_error(capsys, "simulate", "--deals", "5", "--out", str(missing))
    assert "--deals-out" in one_line_error(capsys, "simulate", "--deals", "5", "--deals-out", str(tmp_path))
    assert "--json" in one_line_error(capsys, "deal", "--seed", "1", "--json", str(missing))


# -- messages -------------------------------------------------------------------------------------------------


def test_huge_strings_give_short_messages():
    big = "S" * 10_000_000
    refused(lambda: Deal.new("ru", 4, seed=1, trump=big), ValueError, "trump")
    deal = Deal.new("ru", 4, seed=1)
    before = snapshot(deal)
    refused(lambda: deal.apply(big), NotationError, "action")
    assert snapshot(deal) == before
    assert len(deal.why_illegal(big)) <= SHORT


@pytest.mark.parametrize("content", [bytes(range(256)) * 4, pickle.dumps({"format": "bibi-deal/1"})],
                         ids=["binary", "pickle"])
def test_a_binary_or_pickle_file_is_a_one_line_error_naming_the_file(tmp_path, capsys, content):
    path = tmp_path / "record.bin"
    path.write_bytes(content)
    assert str(path) in one_line_error(capsys, "replay", str(path))


def test_a_superscript_in_card_points_names_the_option():
    text = refused(lambda: parse_rules("ru:card_points=2:²"), ValueError, "card_points")
    assert "invalid literal" not in text


@pytest.mark.parametrize("typed", ["²", "9" * 5000])
def test_play_asks_again_after_a_superscript_or_a_huge_number(typed):
    from bibi.bots import heuristic_bot
    from bibi.play import bots_rng

    deal = Deal.new("it", 4, seed=2)
    bots = [None, heuristic_bot, heuristic_bot, heuristic_bot]
    answers = iter([typed, "quit"])
    said: list[str] = []
    status = terminal.Terminal(deal, 0, bots, bots_rng(2), ask=lambda prompt: next(answers), say=said.append).run()
    assert status == 0 and said[-1] == "bye"
    assert any(line.startswith("not ") for line in said), said[-3:]


# -- values that round-trip ---------------------------------------------------------------------------------


def test_repr_of_a_preset_and_of_a_mix_pastes_back():
    for rules in (bibi.RUSSIAN, bibi.ITALIAN, bibi.ENGLISH, Rules(), dataclasses.replace(bibi.ITALIAN, decks=1,
                                                                                           max_players=7)):
        back = eval(repr(rules), vars(bibi))
        assert back == rules and back.name == rules.name
        assert parse_rules(str(rules)) == rules


def test_a_custom_mix_has_a_label_that_parses_back_and_frames_say_it():
    mix = Rules(bibi_points=30, follow="follow_or_trump")
    assert str(mix) == "custom:bibi_points=30,follow=follow_or_trump"
    assert parse_rules(str(mix)) == mix and parse_rules(str(mix)).name == "custom"
    sim = bibi.simulate(mix, 4, 5, progress=False)
    row = sim.seats.iloc[0]
    assert parse_rules(f"{row['rules']}:{row['changed']}") == mix
    refused(lambda: Rules(name="my mix"), ValueError, "Rules.name")


def test_notation_error_and_illegal_action_are_distinct_value_errors():
    assert issubclass(NotationError, ValueError) and issubclass(IllegalAction, ValueError)
    assert not issubclass(NotationError, IllegalAction) and not issubclass(IllegalAction, NotationError)
    deal = Deal.new("ru", 4, seed=1)
    with pytest.raises(NotationError):
        deal.apply("KX")
    with pytest.raises(IllegalAction):
        deal.apply(next(c for c in bibi.CARDS if c not in deal.hand(deal.to_act)))
    assert issubclass(WrongType, TypeError) and issubclass(WrongType, ValueError)


def test_outcome_of_a_deal_and_a_game():
    deal = Deal.new("ru", 4, seed=8).playout(lambda legal: legal[0])
    outcome = deal.outcome()
    assert outcome == Outcome.of(deal.scores) and outcome.final
    best = max(deal.scores)
    assert outcome.winners == tuple(s for s, x in enumerate(deal.scores) if x == best)
    assert outcome.shared == (len(outcome.winners) > 1)
    assert notation.score_line(deal).endswith(str(outcome))
    running = Deal.new("ru", 4, seed=8).outcome()
    assert not running.final and running.shared and running.margin == 0
    assert str(running) == f"all {len(running.scores)} seats are level"  # nobody leads before a card is played
    game = Game.new("ru", 3, seed=2).play("random")
    assert game.outcome() == Outcome.of(game.totals) and game.winners == game.outcome().winners
    assert str(game).endswith(str(game.outcome()))


def test_outcome_margins_and_shares():
    o = Outcome.of([100, 150, 90])
    assert (o.winner, o.margin, o.margins, o.wins(1), o.place(0)) == (1, 50, (50, 0, 60), 1.0, 2)
    tie = Outcome.of([150, 150, 90])
    assert (tie.winner, tie.margin, tie.wins(0), tie.place(2)) == (None, 0, 0.5, 3)


def test_the_simulation_columns_come_from_the_outcome():
    sim = bibi.simulate("ru", 4, 30, seed=2, progress=False)
    for i in (0, 7, 29):
        outcome = sim.deal(i).outcome()
        rows = sim.seats[sim.seats.deal == i]
        assert tuple(rows.seat[rows.win | rows.shared_win]) == outcome.winners
        assert bool(rows.shared_win.any()) == outcome.shared


def test_action_and_event_kinds_are_enums_with_distinct_names():
    deal = Deal.new("it", 4, seed=1)
    kinds = {a.kind for a in (*bibi.deal.CALLS, *bibi.deal.SWITCHES, bibi.deal.PASS, bibi.CARDS[0])}
    assert kinds == set(ActionKind)
    assert {e.kind for e in deal.events} <= set(EventKind)
    assert set(ActionKind.__members__).isdisjoint({"TRUMP_CHANGE"}) and ActionKind.SWITCH != EventKind.TRUMP_CHANGE
    assert str(Action.parse("trump H")) == "trump H" and str(Action.parse("bibi H")) == "bibi H"


def html_of(value) -> str:
    return value._repr_html_()


def test_render_returns_html_values_and_values_display_themselves():
    from bibi import render

    deal = Deal.new("ru", 4, seed=1).playout(lambda legal: legal[-1])
    html = render.table_html(deal)
    assert isinstance(html, str) and isinstance(html, render.HTML) and html._repr_html_() == str(html)
    assert bibi.RUSSIAN._repr_html_() == render.rules_html(bibi.RUSSIAN) and "<code>multi_call</code>" in html_of(
        bibi.RUSSIAN)
    trick = deal.tricks[0]
    assert html_of(trick) == render.trick_html(trick) and f"seat {trick.winner} wins, {trick.points} points" in \
        html_of(trick)
    assert "Bi-bi K+Q" in bibi.deal.Call(1, bibi.Suit.HEARTS, 0, False)._repr_html_()  # no rules: the kit's word


def test_bibi_cards_is_a_plain_module_and_parse_cards_parses():
    import types

    import bibi.cards as module

    assert type(module) is types.ModuleType and bibi.cards is module and module.Card is bibi.Card
    assert not callable(bibi.cards)
    assert bibi.parse_cards("KS QH") == [bibi.Card("KS"), bibi.Card("QH")] == module.cards("KS QH")


@pytest.mark.subprocess
def test_import_star_brings_neither_pandas_nor_ipywidgets():
    code = "import sys\nfrom bibi import *\nprint('pandas' in sys.modules, 'ipywidgets' in sys.modules, Outcome)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=Path(__file__).parent)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("False False")


def test_shorten_is_short_on_anything():
    class Bad:
        def __repr__(self):
            raise RuntimeError("no")

    for value in ("x" * 10**6, deep(), 10**4000, Bad(), {i: [i] * 100 for i in range(100)}, b"\0" * 10**5,
                  math.nan):
        assert len(shorten(value)) <= LIMIT


def test_huge_seeds_and_workers_are_refused_naming_them():
    # found by the long fuzz run: these failed inside their own messages (a number too long to write)
    huge = 10**5000
    refused(lambda: bibi.simulate("ru", 4, 2, seed=huge, progress=False), ValueError, "seed")
    refused(lambda: bibi.simulate("ru", 4, 2, workers=huge, progress=False), ValueError, "workers")
    refused(lambda: Game.new("ru", 3, seed=2**65), ValueError, "seed")
    refused(lambda: Deal.new("ru", 3, seed="x" * 20_000), ValueError, "seed")


def test_a_huge_seat_is_no_seat_with_a_short_message():
    # found by the long fuzz run: the out-of-turn message wrote the seat in full, and failed on 10**5000; and a
    # number that is no seat of the table is a bad argument, not a turn of the rules (the "out of turn" it was)
    deal = Deal.new("ru", 4, seed=1)
    before = snapshot(deal)
    text = refused(lambda: deal.apply(deal.legal_actions()[0], 10**5000), ValueError, "seat: ", "5001 digits",
                   "is not a seat 0…3")
    assert snapshot(deal) == before
    assert refused(lambda: deal.why_illegal(deal.legal_actions()[0], 10**5000), ValueError) == text


def test_a_huge_number_as_a_compare_label_is_refused_naming_variants():
    # found by the long fuzz run: str() of the label failed (a number too long to write)
    refused(lambda: bibi.compare({10**5000: "ru"}, 4, 2, progress=False), ValueError, "variants")


@pytest.mark.parametrize("text", ["pass", "bibi H", "trump S"])
def test_an_action_cannot_be_changed_by_whoever_holds_it(text):
    # The actions are shared by every deal: a bot holding PASS among its legal actions once could set its suit,
    # and the next pass anywhere in the process was read as a trump switch (found by the bots' fuzz test).
    action = Action.parse(text)
    before = (action.kind, action.card, action.suit, str(action))
    for name in ("kind", "card", "suit", "_text", "made_up"):
        with pytest.raises(dataclasses.FrozenInstanceError, match=f"^cannot assign to field '{name}'$"):
            setattr(action, name, bibi.cards.Suit.SPADES)
        with pytest.raises(dataclasses.FrozenInstanceError, match=f"^cannot delete field '{name}'$"):
            delattr(action, name)
    assert (action.kind, action.card, action.suit, str(action)) == before
    assert pickle.loads(pickle.dumps(action)) is action
    deal = Deal.new("ru", 4, seed=1)
    assert deal.copy().apply(deal.legal_actions()[0]).actions == (deal.legal_actions()[0],)
