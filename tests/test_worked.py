"""The worked examples of the differences between the texts: one for every difference, each claim the engine's own."""

from __future__ import annotations

import dataclasses
import re

import pytest

import bibi
from bibi import render, worked
from bibi.deal import Deal
from bibi.i18n import language
from bibi.rules import ITALIAN, OPTIONS, PRESETS, RUSSIAN, TrumpChange

pytestmark = pytest.mark.fast


@pytest.fixture(scope="module")
def examples():
    return worked.examples(RUSSIAN, ITALIAN)


def test_every_difference_between_the_presets_has_a_worked_example():
    """A new option on which two presets differ fails here until a set-up shows it."""
    for a in PRESETS.values():
        for b in PRESETS.values():
            groups = worked.differences(a, b)
            assert [e.options for e in worked.examples(a, b)] == groups
            assert {o for g in groups for o in g} == {name for name, _, _ in a.diff(b)}
            for group in groups:
                assert "+".join(group) in worked.SET_UPS and "+".join(group) in worked.QUESTIONS


def test_the_draw_order_and_the_mandatory_call_are_among_them(examples):
    names = [e.name for e in examples]
    assert names == ["first_dealer+first_trump", "follow", "draw", "bibi_suits", "bibi_call", "dealt_pairs",
                     "trump_change", "multi_call", "turn_up"]


def _replayed(side):
    """The side's deal played again from its record under its own rules: the engine's facts, not the example's."""
    return Deal.replay(side.deal.record())


def test_each_claim_is_the_engines_under_both_rules(examples):
    for e in examples:
        assert e.a.rules == RUSSIAN
        assert e.b.rules == worked.moved(RUSSIAN, ITALIAN, e.options), "only the option differs"
        assert e.differing(), e.name
        for side in (e.a, e.b):
            again = _replayed(side)
            facts = side.facts()
            assert again.rules == side.rules
            assert (again.to_act, again.trump, again.stock_size, again.leftovers) == (
                facts["to_act"], facts["trump"], facts["stock"], facts["leftovers"])
            assert (again.legal_actions() if not again.is_over else ()) == facts["allowed"]
            assert again.events[len(again.events) - len(side.events):] == side.events


def test_what_each_example_shows_is_what_the_texts_say(examples):
    e = {x.name: x for x in examples}
    # R13: seat 1 follows with J♥; I7: or trumps
    assert [str(x) for x in e["follow"].a.allowed] == ["JH"]
    assert {"7S", "9S", "JH"} == {str(x) for x in e["follow"].b.allowed}
    assert e["follow"].a.deal.why_illegal("7S").endswith("(R13)")
    # R15: each draws after his own card; I9: after the trick, the winner first
    kinds = [[(ev.kind.value, ev.seat) for ev in side.events] for side in (e["draw"].a, e["draw"].b)]
    assert kinds[0][:2] == [("play", 0), ("draw", 0)]
    assert kinds[1][3:] == [("trick", 1), ("draw", 1), ("draw", 2), ("draw", 0)]
    # R15: no call of the trump suit; I12: it may be called
    assert e["bibi_suits"].a.deal.to_act == 1 and "bibi S" in map(str, e["bibi_suits"].b.allowed)
    # R23: asked; I11: called by the engine
    assert [str(x) for x in e["bibi_call"].a.allowed] == ["bibi H", "pass"]
    assert [(c.suit, c.mandatory) for c in e["bibi_call"].b.deal.calls] == [("H", True)]
    # R17-R20: the dealt pair is offered before the first lead
    assert "bibi D" in map(str, e["dealt_pairs"].a.allowed) and e["dealt_pairs"].b.deal.phase == "play"
    # R16: hearts from the next trick; I12, I14: the holder switches when he leads
    assert e["trump_change"].a.deal.trump == "H" and e["trump_change"].b.deal.trump == "S"
    assert "trump H" in map(str, e["trump_change"].b.allowed)
    # R20 stretched: the first caller's suit; the last caller's under "last"; no effect under the whole Italian
    assert (e["multi_call"].a.deal.trump, e["multi_call"].b.deal.trump) == ("H", "D")
    assert ITALIAN.trump_change is TrumpChange.HOLDER_CHOOSES and e["multi_call"].no_effect
    # R25: the leftovers face up as the short trick starts; I16: still face down
    up = e["turn_up"]
    assert up.a.deal.leftovers and up.a.deal.stock_size == 0
    assert not up.b.deal.leftovers and up.b.deal.stock_size == len(up.a.deal.leftovers)
    # R5, R6: the high card's dealer and suit; I4: the cut
    first = e["first_dealer+first_trump"]
    assert "(R6)" in first.a.game.trump_source(0) and "cut" in first.b.game.trump_source(0)


def test_each_side_cites_its_own_text(examples):
    for e in examples:
        assert all(s.startswith("R") for s in e.a.sentences) and e.a.sentences
        assert all(s.startswith("I") for s in e.b.sentences)
        assert e.b.sentences or e.b.silent, f"{e.name}: the Italian side cites a sentence or says 'not stated'"
        for side in (e.a, e.b):
            assert set(side.sentences) <= {s for o in e.options for s in OPTIONS[o].sources}


def test_an_example_that_shows_nothing_is_refused():
    same_follow = dataclasses.replace(ITALIAN, follow=RUSSIAN.follow)
    with pytest.raises(ValueError, match="option: 'follow' is not a difference of russian and italian:follow="):
        worked.example("follow", RUSSIAN, same_follow)
    with pytest.raises(ValueError, match="option: no worked example is set up for 'bibi_points'"):
        worked.example("bibi_points", RUSSIAN, dataclasses.replace(RUSSIAN, bibi_points=30))


SUMMARY = {
    "en": ["May you play a trump when you hold the suit led?", "When do you draw from the stock?",
           "Must you call a pair you hold?"],
    "ru": ["Можно ли положить козыря, когда у вас есть масть захода?", "Когда вы берёте карту из магазина?",
           "Обязаны ли вы объявить пару, которая у вас на руках?"],
    "it": ["Puoi giocare una briscola quando hai il seme della prima carta?", "Quando peschi dal tallone?",
           "Devi dichiarare una coppia che hai in mano?"],
}


@pytest.mark.parametrize("lang", ["en", "ru", "it"])
def test_the_summary_speaks_in_words_with_the_option_names_beside(examples, lang):
    with language(lang):
        text = render.summary_text(examples)
        html = render.summary_html(examples)
        shown = "\n".join(map(str, examples)) + render.examples_html(examples, style=False)
    for question in SUMMARY[lang]:
        assert question in text and question in html
    for e in examples:
        assert f"— {e.name}" in text and f"<code>{e.name}</code>" in html
        for ids in (e.a.sentences, e.b.sentences):
            assert all(i in text for i in ids)
    assert len(text.splitlines()) == len(examples)
    if lang != "en":
        assert "Russian text" not in shown and "The engine" not in shown and "may:" not in shown
        assert not re.search(r"\d\.\d", shown)


def test_an_example_reads_the_same_position_then_each_text(examples):
    follow = next(e for e in examples if e.name == "follow")
    text = str(follow)
    assert text.splitlines()[0] == "May you play a trump when you hold the suit led? (follow)"
    assert "Played, the same under both: seat 0: 4♥" in text
    assert "Russian text (R13):\n    seat 1 to act may: J♥" in text
    assert "Italian text (I7):\n    seat 1 to act may: 7♠ 9♠ J♥" in text
    html = follow._repr_html_()
    assert 'class="bibi-worked"' in html and "<code>follow</code>" in html
    assert repr(follow) == ("<Example follow: russian against russian:follow=follow_or_trump, allowed differ>")
    with language("it"):
        assert "Testo italiano (I7)" in str(follow) and "bip bip" in str(
            next(e for e in examples if e.name == "bibi_call"))


def test_every_run_gives_the_same_examples():
    again = worked.examples("ru", "it")
    first = worked.examples(bibi.RUSSIAN, bibi.ITALIAN)
    assert [str(e) for e in again] == [str(e) for e in first]
