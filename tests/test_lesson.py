"""The lesson table: each difference between the texts measured under both presets, paired on the same packs."""

from __future__ import annotations

import dataclasses
import math
import re
from html import unescape

import numpy as np
import pytest

import bibi
from bibi.lesson import ALL, KEY, SHOWN, call_worth, deals_needed, lesson
from bibi.simulation import compare, simulate

pytestmark = pytest.mark.fast


@pytest.fixture(scope="module")
def table():
    return lesson("ru", "it", players=6, deals=120, seed=3)


def test_every_difference_of_the_texts_is_a_row_or_said_to_change_nothing(table):
    differing = [name for name, _, _ in bibi.RUSSIAN.diff(bibi.ITALIAN)]
    shown = [o for o in dict.fromkeys(table.frame.option) if o != ALL]
    assert table.unchanged == ("first_dealer+first_trump",)  # they choose only a game's first dealer and trump
    assert sorted(o for g in [*shown, *table.unchanged] for o in g.split("+")) == sorted(differing)
    assert list(table.frame.option)[-1] == ALL
    assert set(table.frame.measure) == set(SHOWN) and len(table.frame) == len(SHOWN) * (len(shown) + 1)
    assert table.effect("follow", "calls")["sentences"] == "R13; I7"


def test_an_effect_in_russian_is_compares_paired_difference_on_the_same_packs(table):
    moved = dataclasses.replace(bibi.RUSSIAN, trump_change=bibi.ITALIAN.trump_change)
    cmp = compare({"ru": "ru", "moved": moved}, 6, deals=120, seed=3, progress=False).table
    row = cmp[(cmp.variant == "moved") & (cmp.measure == "trump_changes")].iloc[0]
    effect = table.effect("trump_change", "trump_changes")
    assert math.isclose(effect["effect_in_a"], row["diff"]) and math.isclose(effect["a_low"], row["ci_low"])
    whole = compare(["ru", "it"], 6, deals=120, seed=3, progress=False).table
    row = whole[(whole.variant == "italian") & (whole.measure == "score_per_seat")].iloc[0]
    both = table.effect(ALL, "score_per_seat")
    assert math.isclose(both["effect_in_a"], row["diff"]) and math.isclose(both["effect_in_b"], row["diff"])


def test_the_effect_in_italian_moves_the_same_way_from_the_russian_value():
    table = lesson("ru", "it", players=6, deals=60, seed=5)
    back = dataclasses.replace(bibi.ITALIAN, bibi_call=bibi.RUSSIAN.bibi_call)
    cmp = compare({"back": back, "it": "it"}, 6, deals=60, seed=5, progress=False).table
    row = cmp[(cmp.variant == "it") & (cmp.measure == "calls")].iloc[0]  # italian minus italian-with-russian's
    assert math.isclose(table.effect("bibi_call", "calls")["effect_in_b"], row["diff"])


def test_a_calls_worth_is_the_callers_card_points_minus_the_others_deal_by_deal():
    sim = simulate("ru", 4, deals=80, seed=2, progress=False)
    worth = call_worth(sim)
    for deal, rows in sim.seats.groupby("deal"):
        called = rows[rows.calls > 0].card_points
        others = rows[rows.calls == 0].card_points
        expected = called.mean() - others.mean() if len(called) and len(others) else math.nan
        assert (math.isnan(worth[deal]) and math.isnan(expected)) or math.isclose(worth[deal], expected)
    assert np.isfinite(worth).sum() > 10


def test_the_moved_trump_is_what_a_call_is_worth_under_the_russian_rules(table):
    """The lesson's point: a call wins tricks through the trump it moves (R16), which the Italian rules do not do
    by themselves (I12, I14)."""
    levels = table.levels
    assert levels.loc["call_worth", "a_low"] > 0 > levels.loc["call_worth", "b_low"]
    effect = table.effect("trump_change", "call_worth")
    assert effect["a_high"] < 0 and effect["b_high"] < 0


def test_the_table_reads_in_text_and_html_and_is_the_same_for_the_same_seed(table):
    again = lesson("ru", "it", players=6, deals=120, seed=3)
    assert again.frame.equals(table.frame) and again.levels.equals(table.levels)
    text = str(table)
    assert text.startswith("russian → italian: 6 players, 120 paired deals, bots random, seed 3, intervals at 95%")
    assert "first_dealer+first_trump changed no deal of the run" in text and "trump_change" in text
    assert repr(table).startswith("<Lesson russian → italian: 6 players, 120 paired deals, bots 'random', seed 3")
    html = table._repr_html_()
    assert 'class="bibi-lesson"' in html and "call_worth" in html and "<table" in html


@pytest.mark.parametrize(("lang", "heading", "measure", "option"), [
    ("ru", "Меры при тех и других правилах:", "очки на игрока", "мера"),
    ("it", "Le misure con ciascuna:", "misura", "opzione"),
])
def test_the_printed_table_reads_in_the_learners_language_as_the_page_does(table, lang, heading, measure, option):
    repr_in_english = repr(table)
    with bibi.language(lang):
        text, html = str(table), table._repr_html_()
        assert repr(table) == repr_in_english
    assert f"\n{heading}\n" in text and measure in text and option in text
    # a decimal comma; a point only groups thousands, as Italian writes them ("5.100 smazzate")
    assert not re.search(r"\d\.\d(?!\d\d(?:\D|$))", text), "the numbers as the reader writes them: a decimal comma"
    assert "The measures under each" not in text and "score_per_seat" not in text
    assert heading in html and measure in html


def test_bad_input_is_refused_naming_the_parameter():
    with pytest.raises(ValueError, match="b: 'russian' has the same rules as a"):
        lesson("ru", "ru")
    with pytest.raises(ValueError, match="players: expected a whole number ≥ 2, not 1"):
        lesson("ru", "it", players=1, deals=2)
    with pytest.raises(ValueError, match="unknown rules preset 'klondike'"):
        lesson("ru", "klondike")
    table = lesson("ru", "it", players=3, deals=4, seed=1)
    with pytest.raises(ValueError, match="option/measure: 'nope'/'calls' is not in this lesson"):
        table.effect("nope", "calls")


def test_the_key_measures_lead_each_explained_with_the_deals_that_make_it_reliable(table):
    key = table.key()
    assert [k.measure for k in key] == list(KEY)
    for k in key:
        level, both = table.levels.loc[k.measure], table.effect(ALL, k.measure)
        assert k.a[0] == level.a_mean and k.b[0] == level.b_mean and k.effect[0] == both["effect_in_a"]
        assert math.isclose(k.effect[1], (both["a_high"] - both["a_low"]) / 2)
        # reliable: the half-width at most half the effect, the half-width narrowing as 1/sqrt(deals)
        assert k.needed is not None
        assert k.effect[1] * math.sqrt(table.deals / k.needed) <= abs(k.effect[0]) / 2 + 1e-9
        if k.needed > table.deals:
            assert k.effect[1] > abs(k.effect[0]) / 2
    lines = table.key_lines()
    assert len(lines) == len(KEY)
    assert lines[0].startswith("Bi-bi calls (calls): Bi-bi calls in the deal. Russian text: ")
    assert lines[2].startswith("a call's worth (call_worth): a caller's card points minus a non-caller's")
    text, html = str(table), table._repr_html_()
    assert text.index("Reliable means") < text.index("The measures under each") < text.index("What each measure")
    assert html.index("The key measures") < html.index('<details class="bibi-lesson-effects">')
    assert "call_worth: a caller's card points minus a non-caller's" in unescape(html)  # the legend, by the table


def test_deals_needed_reads_the_spread():
    assert deals_needed(200, 1.0, 1.0) == 800  # the half-width must halve: four times the deals
    assert deals_needed(200, 0.1, 1.0) == 80_000
    assert deals_needed(200, 1.0, 0.1) == 200  # already reliable
    assert deals_needed(200, 0.0, 0.0) is None  # no deal differs
    assert deals_needed(1000, 1.0, 0.7) == 2000  # 1960, up to two significant figures
