"""The coach (bibi.coach): one seat's decisions in a finished deal, valued from what the seat could know then."""

from __future__ import annotations

import random
import re
import sys
import xml.etree.ElementTree as ET

import pytest

from bibi import render
from bibi.bots import play_every_action, search_sampler
from bibi.coach import (
    LABELS,
    THRESHOLDS,
    Analysis,
    _band,
    _interval,
    analyse,
    compare,
    judge,
)
from bibi.deal import Deal
from bibi.errors import WrongType
from bibi.i18n import interval, language
from bibi.play import bots_rng, play, play_seeded, snapshots
from bibi.session import Session

WORLDS = 40  # small budgets keep these tests quick; the figures are the benchmark's (bench/coach_calibration.py)


@pytest.fixture(scope="module")
def deal() -> Deal:
    return play_seeded("russian", 4, seed=7, bots=["random", "heuristic", "heuristic", "heuristic"])


@pytest.fixture(scope="module")
def analysis(deal: Deal) -> Analysis:
    return analyse(deal, 0, worlds=WORLDS, seed=1)


def test_every_decision_with_a_choice_is_valued_and_nothing_else(deal, analysis):
    states = snapshots(deal)
    expected = [at for at, s in enumerate(states[:-1]) if s.to_act == 0 and len(s.legal_actions()) > 1]
    assert [d.position for d in analysis.decisions] == expected
    for d in analysis.decisions:
        assert d.played == deal.actions[d.position]
        assert set(d.values) == set(states[d.position].legal_actions()) == set(d.view.legal_actions)
        assert d.best in d.values and d.values[d.best] == max(d.values.values())
        assert d.loss == pytest.approx(d.values[d.best] - d.values[d.played])
        assert d.low <= d.loss <= d.high + 1e-9
        assert d.label in LABELS and (d.label == "best") == (d.loss == 0)
        assert 1 <= d.worlds <= WORLDS
        assert d.view == states[d.position].view(0)  # the first lens reads the seat's view


def test_the_same_record_seat_and_seed_give_the_same_analysis(deal, analysis):
    again = analyse(deal.record(), 0, worlds=WORLDS, seed=1)
    assert again == analysis
    other = analyse(deal, 0, worlds=WORLDS, seed=2)
    assert [d.values for d in other.decisions] != [d.values for d in analysis.decisions]


def test_analysing_never_changes_the_record(deal):
    record = deal.record()
    kept = repr(record)
    actions = deal.actions
    analyse(deal, 1, worlds=10)
    analyse(record, 2, worlds=10)
    assert deal.record() == record and repr(record) == kept and deal.actions == actions


def _first_lens(a: Analysis) -> list[tuple]:
    return [(d.trick, d.view, d.played, d.best, d.values, d.loss, d.low, d.high, d.worlds, d.label, d.close)
            for d in a.decisions]


def test_two_deals_the_seat_cannot_tell_apart_get_the_same_first_lens(deal):
    """Resampled from the seat's view at the end, another deal whose every view of the seat is the same: the other
    hands and the stock's order differ; the first lens does not, the second (the true deal) may."""
    seat = 0
    twin = deal.resample(seat, random.Random(3))
    twin = Deal.replay(twin.record())
    assert twin.view(seat) == deal.view(seat) and twin.deck != deal.deck
    mine, theirs = analyse(deal, seat, worlds=WORLDS), analyse(twin, seat, worlds=WORLDS)
    assert _first_lens(mine) == _first_lens(theirs)
    assert [d.hindsight for d in mine.decisions] != [d.hindsight for d in theirs.decisions]


def test_hindsight_is_the_true_deal_played_out_and_stays_apart(deal, analysis):
    states = snapshots(deal)
    for d in analysis.decisions[:4]:
        legal = states[d.position].legal_actions()
        finals = play_every_action([states[d.position]], legal)
        assert d.hindsight == {a: float(f[0][0]) for a, f in zip(legal, finals, strict=True)}
        assert d.hindsight_loss == max(d.hindsight.values()) - d.hindsight[d.played]
    blind = analyse(deal, 0, worlds=WORLDS, seed=1, hindsight=False)
    assert all(d.hindsight is None and d.hindsight_best is None for d in blind.decisions)
    assert _first_lens(blind) == _first_lens(analysis)


def test_a_loss_is_labelled_by_its_interval_not_its_estimate():
    sure = [[10.0] * 50, [0.0] * 50]  # action 0 beats action 1 by 10 in every world
    assert _interval(sure, 1) == (10.0, 10.0, 10.0) and _band(10.0) == "mistake"
    assert _interval(sure, 0)[0] == 0  # the best: no loss
    rng = random.Random(1)
    noisy = [[rng.gauss(10, 40) for _ in range(30)], [0.0] * 30]
    loss, low, high = _interval(noisy, 1)
    assert low < loss < high and high - low > 20
    assert _band(THRESHOLDS.inaccuracy - 0.01) == "good" and _band(THRESHOLDS.blunder) == "blunder"



@pytest.mark.parametrize("lang", ["en", "ru", "it"])
def test_a_loss_is_written_the_kits_one_way_with_both_ends_inside(analysis, lang):
    """Every interval a person reads is ``mean ± half`` (``bibi.i18n.interval``); the loss's ends need not be
    symmetric, so its half-width holds both."""
    lost = [d for d in analysis.decisions if d.label != "best" or d.high > 0]
    assert lost
    with language(lang):
        for d in lost:
            assert d.loss - d.half <= d.low + 1e-9 and d.high <= d.loss + d.half + 1e-9
            assert d.loss_text() == interval(d.loss, d.half) and "\u00a0±\u00a0" in d.loss_text()
            said = d.words()
            if d.best != d.played:
                assert interval(d.loss, d.half) in said and "–" not in said, said

def test_a_costly_decision_is_told_in_plain_words_with_sentence_ids():
    deal = play_seeded("russian", 4, seed=11, bots="random")
    found = analyse(deal, 0, worlds=200)
    costly = [d for d in found.decisions if d.costly]
    assert costly, "a random seat makes at least one costly decision here"
    for lang, better in (("en", "Better:"), ("ru", "Лучше:"), ("it", "Meglio:")):
        with language(lang):
            words = costly[0].words()
            assert better in words and costly[0].best.display() in words and costly[0].played.display() in words
            assert re.search(r"\((R|I)\d+", words), words


def test_the_summary_counts_the_labels_and_names_the_three_costliest(analysis):
    s = analysis.summary()
    assert s.decisions == len(analysis.decisions) == sum(s.labels.values())
    assert s.lost == pytest.approx(sum(d.loss for d in analysis.decisions))
    assert 0 <= s.accuracy <= 100
    assert len(s.costliest) <= 3 and all(d.costly for d in s.costliest)
    assert [d.loss for d in s.costliest] == sorted((d.loss for d in s.costliest), reverse=True)


@pytest.mark.slow
def test_a_random_seat_loses_more_than_the_search_at_the_same_table():
    """On the same deals (the seat's bot the only change), the random bot's decisions lose more points each than the
    search bot's: the benchmark measures it with intervals (bench/coach_bots.py, bench/README.md)."""
    lost = {}
    for bot in ("random", "search"):
        per = []
        for seed in (47000, 47001, 47002):
            bots = ["heuristic"] * 6
            bots[seed % 6] = bot
            deal = play(Deal.new("italian", 6, seed=seed), bots, bots_rng(seed))
            per += [d.loss for d in analyse(deal, seed % 6, worlds=300, hindsight=False).decisions]
        lost[bot] = sum(per) / len(per)
    assert lost["random"] > lost["search"] + 1, lost


def test_judge_values_one_decision_as_analyse_does(deal, analysis):
    d = analysis.decisions[2]
    state = Deal.replay(deal.record(), upto=d.position)
    assert judge(state, d.played, worlds=WORLDS, seed=1, hindsight=True) == d
    other = next(a for a in d.values if a != d.played)
    assert judge(state, other, worlds=WORLDS, seed=1).values == d.values  # the same worlds, whatever was played


def test_another_sampler_plugs_in():
    deal = play_seeded("russian", 4, seed=7, bots="heuristic")
    seen = []

    def uniform(view):
        seen.append(view)
        return search_sampler(view, prior="uniform")

    found = analyse(deal, 1, worlds=20, sampler=uniform, hindsight=False)
    assert len(seen) == len(found.decisions) and all(v.seat == 1 for v in seen)
    assert found != analyse(deal, 1, worlds=20, hindsight=False)


def test_compare_tells_another_action_against_the_one_played(analysis):
    d = next(d for d in analysis.decisions if d.best != d.played)
    text = compare(d, d.best)
    assert d.best.display() in text and "The best choice" in text
    assert "the choice you made" in compare(d, d.played)
    with pytest.raises(ValueError, match="action"):
        compare(d, next(c for c in ("2S", "3S", "4S", "5S", "6S") if c not in {str(a) for a in d.values}))


def test_the_progress_is_told_decision_by_decision(deal):
    told = []
    found = analyse(deal, 0, worlds=10, progress=lambda done, total: told.append((done, total)))
    n = len(found.decisions)
    assert told == [(k, n) for k in range(n + 1)]


@pytest.mark.parametrize(("args", "kwargs", "error", "name"), [
    ((0, 4), {}, ValueError, "seat"),
    ((0, -1), {}, ValueError, "seat"),
    ((0, "1"), {}, TypeError, "seat"),
    ((0, 0), {"worlds": 0}, ValueError, "worlds"),
    ((0, 0), {"worlds": 2.5}, TypeError, "worlds"),
    ((0, 0), {"counted": "mine"}, ValueError, "counted"),
    ((0, 0), {"seed": 1.5}, TypeError, "seed"),
    ((0, 0), {"seed": None}, TypeError, "seed"),
    ((0, 0), {"hindsight": "yes"}, TypeError, "hindsight"),
    ((0, 0), {"sampler": 3}, TypeError, "sampler"),
    ((0, 0), {"progress": 3}, TypeError, "progress"),
])
def test_bad_input_names_the_parameter(deal, args, kwargs, error, name):
    with pytest.raises(error, match=rf"^{name}\b"):
        analyse(deal, args[1], **kwargs)


def test_a_record_that_does_not_replay_or_a_deal_still_on_is_refused(deal):
    broken = deal.record()
    broken["actions"] = [*broken["actions"][:5], "bibi Z", *broken["actions"][6:]]
    with pytest.raises(ValueError, match="^deal_or_record: the record does not replay"):
        analyse(broken, 0)
    on = play(Deal.new("russian", 4, seed=7), "heuristic", bots_rng(7), actions=10)
    with pytest.raises(ValueError, match="^deal_or_record: the deal is not over"):
        analyse(on, 0)
    with pytest.raises(WrongType, match="^deal_or_record"):
        analyse("deal.json", 0)


def test_the_margin_counts_the_others_too(deal):
    margin = analyse(deal, 0, worlds=20, counted="margin")
    scores = deal.scores
    assert margin.score == pytest.approx(scores[0] - sum(scores[1:]) / 3)
    own = analyse(deal, 0, worlds=20)
    assert [d.values for d in margin.decisions] != [d.values for d in own.decisions]
    assert [d.position for d in margin.decisions] == [d.position for d in own.decisions]


def test_the_review_renders_as_html_svg_and_text(analysis):
    html = render.analysis_html(analysis)
    assert html == render.analysis_html(analysis)  # deterministic
    assert "<svg" in html and "Review of your moves (seat 0)" in html
    svg = render.expected_score_svg(analysis)
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg") and root.get("role") == "img" and root.get("aria-label")
    assert svg._repr_svg_() == svg
    text = analysis.text()
    assert text.splitlines()[0] == "Review of seat 0's moves" and "accuracy" in text
    with language("ru"):
        assert "Разбор" in analysis.text()


def test_the_table_is_a_frame_with_pandas_and_html_without(analysis, monkeypatch):
    frame = analysis.table()
    assert list(frame.index) == [d.position for d in analysis.decisions]
    assert list(frame["label"]) == [d.label for d in analysis.decisions]
    monkeypatch.setitem(sys.modules, "pandas", None)  # as in a browser with no pandas
    shown = analysis.table()
    assert isinstance(shown, str) and "<table" in shown


def test_try_again_goes_back_to_a_reviewed_decision_through_the_session():
    session = Session(Deal.new("russian", 4, seed=5), 0, "heuristic", seed=5)
    session.advance()
    while not session.deal.is_over:
        session.play(session.deal.legal_actions()[-1])
    record = session.deal.record()
    found = analyse(session.deal, 0, worlds=20)
    d = found.decisions[3]
    back = session.back_to(d.position)
    assert len(back.actions) == d.position and session.my_turn
    assert back.view(0) == d.view and found.record == record
    with pytest.raises(ValueError, match="^position"):
        session.back_to(d.position - 1 if d.position - 1 not in session.decisions else 10_000)
    assert len(session.deal.actions) == d.position  # a refused position changes nothing
