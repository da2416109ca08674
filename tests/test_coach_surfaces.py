"""The coach on every surface: the play table (the review of your moves, its progress, "try again"), ``bibi analyse``,
``bibi play``'s ``analyse``, in English, Russian and Italian."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
from helpers import english_words_in
from test_views_lang import english, labels, shown

from bibi.cli import main
from bibi.coach import analyse
from bibi.deal import Deal
from bibi.game import Game
from bibi.i18n import decimal, language
from bibi.play import bots_rng, play_seeded
from bibi.terminal import Terminal

WORLDS = 40


def finished_table(lang: str = "en", seed: int = 3):
    from bibi.widgets import PlayTable

    table = PlayTable("russian", 4, bots="heuristic", seat=0, seed=seed, game=False, delay=0, review_worlds=WORLDS,
                      lang=lang)
    while not table.deal.is_over:
        table.play(table.deal.legal_actions()[0])
    return table


def said(table) -> str:
    return re.sub(r"<[^>]+>", " ", table.message.value)


@pytest.mark.widgets
def test_the_play_table_reviews_your_moves_with_a_progress_bar():
    table = finished_table()
    record = table.deal.record()
    seen, shown = [], []
    table.coach_progress.observe(lambda change: seen.append(change["new"]), names="value")
    table.progress_row.observe(lambda change: shown.append(len(change["new"])), names="children")
    table.coach_button.click()
    assert table.errors.outputs == ()
    analysis = table.analysis
    assert analysis is not None and analysis.seat == 0 and analysis.record == record
    assert seen == list(range(1, len(analysis.decisions) + 1))  # decision by decision (it starts at 0)
    assert shown == [1, 0]  # the bar shown while it weighs, then taken away
    assert table.progress_row.children == ()  # shown while it runs only
    assert table.again_row.children == (table.again_pick, table.again_button)
    assert "Review of your moves (seat 0)" in table.coach_box.value and "<svg" in table.coach_box.value
    assert [value for _label, value in table.again_pick.options] == [d.position for d in analysis.decisions]
    costliest = analysis.summary().costliest
    assert table.again_pick.value == (costliest[0].position if costliest else analysis.decisions[0].position)
    assert analysis == analyse(record, 0, worlds=WORLDS, seed=table.session.seed)  # the API's own answer


@pytest.mark.widgets
def test_the_review_waits_for_the_end_of_the_deal():
    from bibi.widgets import PlayTable

    table = PlayTable("russian", 4, bots="heuristic", seed=3, game=False, delay=0, review_worlds=WORLDS)
    assert table.coach_button.disabled
    table.review_mine()
    assert table.analysis is None and "comes when the deal is over" in table.coach_box.value


@pytest.mark.widgets
def test_try_again_goes_back_and_values_the_new_move_against_the_old():
    table = finished_table()
    table.coach_button.click()
    decision = table.analysis.decisions[1]
    table.again_pick.value = decision.position
    table.again_button.click()
    assert table.errors.outputs == ()
    assert len(table.deal.actions) == decision.position and table.deal.to_act == 0
    assert f"Back at trick {decision.trick}: you played {decision.played.display()} here" in said(table)
    other = next(a for a in decision.values if a != decision.played)
    table.play(other)
    text = said(table)
    assert "Tried again: " in text and f"your move {decision.played.display()}" in text
    assert decimal(decision.values[other]) in text and decimal(decision.values[decision.played]) in text
    assert table.deal.actions[decision.position] == other  # the deal plays on from the new move
    table.play(table.deal.legal_actions()[0]) if not table.deal.is_over and table.deal.to_act == 0 else None
    assert "Tried again" not in said(table) or table.deal.is_over  # told once, at the move tried


@pytest.mark.widgets
def test_try_again_refuses_a_decision_off_the_line_played_now():
    table = finished_table()
    table.coach_button.click()
    first, later = table.analysis.decisions[0], table.analysis.decisions[-1]
    table.try_again(first.position)
    table.play(next(a for a in first.values if a != first.played))
    while not table.deal.is_over:
        table.play(table.deal.legal_actions()[0])
    before = table.deal.record()
    table.again_pick.value = later.position
    table.again_button.click()
    assert "not on the line played now" in said(table) and table.deal.record() == before


@pytest.mark.widgets
@pytest.mark.parametrize("lang", ["ru", "it"])
def test_the_review_and_try_again_read_in_the_language(lang):
    table = finished_table(lang)
    table.coach_button.click()
    assert table.analysis is not None
    assert english(table.coach_box.value) == [], "the review"
    assert labels(table) and english_words_in(labels(table)) == [], "the buttons and the decisions to pick"
    table.again_button.click()
    assert english(table.message.value) == [], "back at a decision"
    decision = table._again
    table.play(next(a for a in decision.values if a != decision.played))
    assert english(table.message.value) == [], "the move tried again"
    assert english(shown(table)) == []


@pytest.mark.parametrize("lang", ["ru", "it"])
def test_the_words_of_every_label_and_lens_in_the_language(lang):
    deal = play_seeded("russian", 4, seed=11, bots="random")
    analysis = analyse(deal, 0, worlds=100)
    with language(lang):
        assert english(analysis.html()) == []
        assert english_words_in(analysis.text()) == []
        for d in analysis.decisions:
            assert english_words_in(d.words()) == [], d.words()


# -- the command line -------------------------------------------------------------------------------------


def bibi(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bibi", *args], capture_output=True, text=True, timeout=120)


@pytest.mark.subprocess
def test_bibi_analyse_reviews_a_deal_record(tmp_path):
    deal = play_seeded("italian", 4, seed=5, bots="random")
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(deal.record()), encoding="utf-8")
    done = bibi("analyse", str(path), "--seat", "1", "--worlds", str(WORLDS))
    assert done.returncode == 0, done.stderr
    assert done.stdout == analyse(deal, 1, worlds=WORLDS).text() + "\n"
    ru = bibi("--lang", "ru", "analyse", str(path), "--seat", "1", "--worlds", str(WORLDS))
    assert ru.returncode == 0 and ru.stdout.startswith("Разбор ходов игрока 1")
    assert english_words_in(ru.stdout) == []


@pytest.mark.subprocess
def test_bibi_analyse_reviews_the_deals_of_a_game_record(tmp_path):
    game = Game.new("russian", 3, 1, seed=8).play("heuristic")
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.record()), encoding="utf-8")
    done = bibi("analyse", str(path), "--seat", "2", "--worlds", "10", "--deal", "2")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("== deal 2 of 3\nReview of seat 2's moves")
    assert done.stdout.count("== deal") == 1


@pytest.mark.parametrize(("args", "error"), [
    (["--seat", "4"], "--seat: 4 is not a seat 0…3"),
    (["--seat", "0", "--worlds", "0"], "--worlds: 0 is not a whole number ≥ 1"),
    (["--seat", "0", "--deal", "2"], "--deal: 2 is not a deal 1…1 of the record"),
])
def test_bibi_analyse_refuses_bad_input_in_one_line(tmp_path, capsys, args, error):
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(play_seeded("russian", 4, seed=5, bots="random").record()), encoding="utf-8")
    assert main(["analyse", str(path), *args]) == 1
    assert capsys.readouterr().err == f"bibi analyse: error: {error}\n"


def test_bibi_analyse_refuses_a_record_that_does_not_replay_or_a_deal_still_on(tmp_path, capsys):
    record = play_seeded("russian", 4, seed=5, bots="random").record()
    record["actions"][3] = "bibi Z"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record), encoding="utf-8")
    assert main(["analyse", str(bad), "--seat", "0"]) == 1
    assert "record: action 3 'bibi Z' cannot be applied" in capsys.readouterr().err
    on = tmp_path / "on.json"
    record = play_seeded("russian", 4, seed=5, bots="random", actions=9).record()
    on.write_text(json.dumps(record), encoding="utf-8")
    assert main(["analyse", str(on), "--seat", "0"]) == 1
    assert "deal_or_record: the deal is not over" in capsys.readouterr().err


def test_bibi_play_analyses_your_moves_after_the_deal():
    deal = Deal.new("russian", 3, seed=4)
    bots = [None, "heuristic", "heuristic"]
    after = iter(["analyse", ""])
    lines: list[str] = []

    def ask(prompt: str) -> str:
        return next(after) if prompt.startswith("deal over") else "1"

    terminal = Terminal(deal, 0, bots, bots_rng(4), ask=ask, say=lines.append)
    terminal.review_worlds = WORLDS
    assert terminal.run() == 0
    text = "\n".join(lines)
    played = terminal.deal
    assert "Review of seat 0's moves" in text
    assert analyse(played, 0, worlds=WORLDS, seed=0).text() in text  # the session's seed: none given, 0
