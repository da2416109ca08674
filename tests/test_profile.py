"""bibi.profile: the measures on small runs (the sanity ladder, forced play, sums), pairing, executors, bad input,
and what a person reads (bibi.render.profile)."""

from __future__ import annotations

import math
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pandas as pd
import pytest

import bibi
from bibi.i18n import interval, language
from bibi.profile import MEASURES, Profile, _grouping, _luck_shares, compare, profile
from bibi.render.profile import columns, profile_html, profile_svg, profile_table_html, profile_text, rows
from bibi.simulation import mean_ci


@pytest.fixture(scope="module")
def ru():
    return profile("ru", players=6, deals=600, seed=3, progress=False)


@pytest.fixture(scope="module")
def ru_it():
    return compare("ru", "it", players=6, deals=1200, seed=3, progress=False)


def _frames_equal(a: Profile, b: Profile) -> None:
    pd.testing.assert_frame_equal(a.frame, b.frame)
    assert list(a.simulations) == list(b.simulations)
    for bot in a.simulations:
        pd.testing.assert_frame_equal(a.simulations[bot].seats, b.simulations[bot].seats)
        pd.testing.assert_frame_equal(a.simulations[bot].deals, b.simulations[bot].deals)


# -- the sanity ladder --------------------------------------------------------------------------------------------


def test_skill_grows_with_the_gap_in_strength():
    """random < greedy < heuristic in the measured seat, each step beyond its interval (Italian: the widest gaps)."""
    p = profile("it", players=6, deals=600, seed=11, measures="skill", progress=False)
    random, greedy, heuristic = (p.skill[f"edge[{bot}]"] for bot in ("random", "greedy", "heuristic"))
    assert random.high < greedy.mean == 0 < heuristic.low
    assert p.skill.mean == heuristic.mean
    wins = [p.skill[f"game_wins[{bot}]"].mean for bot in ("random", "greedy", "heuristic")]
    assert wins == sorted(wins)
    assert p.skill["decided"].low > 0


@pytest.mark.slow
def test_the_search_bot_is_the_ladders_top_rung():
    """random < greedy < heuristic < search in the measured seat (a small run: the search thinks at every choice)."""
    p = profile("it", players=6, deals=60, seed=0, ladder=("random", "greedy", "heuristic", "search"),
                measures="skill", progress=False, workers=2)
    edges = [p.skill[f"edge[{bot}]"].mean for bot in ("random", "greedy", "heuristic", "search")]
    assert edges == sorted(edges) and len(set(edges)) == 4
    assert p.skill.headline == "edge[search]"


def test_forced_play_leaves_no_skill():
    """One card in hand: every play forced and no pair ever held, so every bot plays every deal alike."""
    p = profile("ru:hand_size=1", players=6, deals=120, seed=2, measures=("skill", "luck"), progress=False)
    for figure in p.skill:
        if figure.name.startswith("edge[") or figure.name == "decided":
            assert (figure.mean, figure.low, figure.high) == (0, 0, 0), figure
    wins = {p.skill[f"game_wins[{bot}]"] for bot in p.ladder}
    assert len({(f.mean, f.low, f.high) for f in wins}) == 1
    assert p.luck.mean == pytest.approx(1) and p.luck.high - p.luck.low < 1e-12  # the cards decide it all
    assert abs(p.luck["play"].mean) < 1e-12 and abs(p.luck["strength"].mean) < 1e-12


def test_the_places_advantages_sum_to_zero_and_their_wins_to_one(ru):
    n = ru.players
    advantages = [ru.fairness[f"advantage[{k}]"].mean for k in range(n)]
    wins = [ru.fairness[f"wins[{k}]"].mean for k in range(n)]
    assert abs(sum(advantages)) < 1e-9 and abs(sum(wins) - 1) < 1e-12
    # each place's mean score is the table's mean plus its advantage: they sum to the points a deal hands out
    table = ru.simulations[ru.table]
    points = table.seats.groupby("deal")["score"].sum().mean()
    by_place = table.seats.groupby("position")["score"].mean()
    assert abs(by_place.sum() - points) < 1e-9
    assert np.allclose(by_place - points / n, advantages)
    assert ru.fairness.headline == "advantage[0]"


def test_the_luck_shares_sum_to_one_and_find_a_known_split():
    """The variance split recovers known components from scores built as cards + strength + play."""
    rng = np.random.default_rng(5)
    deals, rungs = 200_000, 3
    cards = rng.normal(0, 3, deals)[:, None]  # variance 9
    strength = np.array([-2.0, 0.0, 2.0])[None, :]  # variance 8/3
    play = rng.normal(0, 2, (deals, rungs))  # variance 4
    x = 40 + cards + strength + play
    sums = np.array([*x.sum(axis=0), (x**2).sum(), (x.sum(axis=1) ** 2).sum(), deals])
    shares = _luck_shares(sums, rungs)
    total = 9 + 8 / 3 + 4
    assert abs(shares.sum() - 1) < 1e-12
    assert np.allclose(shares, [9 / total, 8 / 3 / total, 4 / total], atol=0.005)


def test_luck_is_a_share_of_those_who_know_the_game(ru):
    assert abs(sum(f.mean for f in ru.luck) - 1) < 1e-12
    assert 0.5 < ru.luck.mean < 1  # most of a seat's score is the cards', not all of it
    assert ru.luck.low < ru.luck.mean < ru.luck.high


def test_a_mean_figures_interval_is_the_jackknife_over_groups_of_games():
    """For a mean, the delete-a-group jackknife is the standard error of the groups' means."""
    p = profile("ru", players=4, deals=800, seed=1, measures="tempo", progress=False)
    calls = p.simulations["greedy"].deals["calls"].to_numpy(dtype=float)
    grouping = _grouping(800, 4)
    assert grouping.size == 200  # 200 games of 4 deals, one a group
    means = np.array([calls[grouping.deals == g].mean() for g in range(grouping.size)])
    half = 1.959963984540054 * means.std(ddof=1) / math.sqrt(len(means))
    figure = p.tempo["calls"]
    assert figure.mean == pytest.approx(calls.mean())
    assert (figure.low, figure.high) == pytest.approx((calls.mean() - half, calls.mean() + half))
    # close to simulate's own interval of the deals' mean, the deals being independent
    _, low, high = mean_ci(calls)
    assert figure.high - figure.low == pytest.approx(high - low, rel=0.2)


def test_games_take_every_seat_dealing_once_and_the_tail_counts_for_deals_only():
    p = profile("ru", players=5, deals=23, seed=4, measures=("drama", "tempo"), progress=False)
    grouping = _grouping(23, 5)
    assert len(grouping.games) == 4 and grouping.deals[-3:].tolist() == [3, 3, 3]
    deals = p.simulations["greedy"].deals
    assert p.tempo["calls"].mean == pytest.approx(deals["calls"].mean())  # all 23 deals
    assert 0 <= p.drama.mean <= 1 and p.drama["lead_changes"].mean <= 4


def test_drama_counts_what_the_totals_say():
    p = profile("it", players=3, deals=300, seed=8, measures="drama", progress=False)
    seats = p.simulations["greedy"].seats
    totals = seats["score"].to_numpy().reshape(100, 3, 3).cumsum(axis=1)  # games × deals × seats
    last, before = totals[:, 2], totals[:, 1]
    top = last == last.max(axis=1, keepdims=True)
    led = before == before.max(axis=1, keepdims=True)
    assert p.drama.mean == pytest.approx((top != led).any(axis=1).mean())
    final = np.sort(last, axis=1)
    assert p.drama["margin"].mean == pytest.approx((final[:, -1] - final[:, -2]).mean())
    assert p.drama["spread"].mean == pytest.approx((final[:, -1] - final[:, 0]).mean())


def test_tempo_reads_the_equal_tables_deals(ru):
    deals = ru.simulations["greedy"].deals
    assert ru.tempo.mean == pytest.approx(deals["calls"].mean())
    assert ru.tempo["before_turn_up"].mean == 10 == ru.tempo["before_turn_up"].low  # R24, R25: 17 − 7 at six
    assert ru.tempo["trump_changes"].mean == pytest.approx(deals["trump_changes"].mean())


# -- the result ----------------------------------------------------------------------------------------------------


def test_each_measure_has_a_headline_with_its_interval(ru):
    assert ru.measures == MEASURES
    for name in MEASURES:
        measure = ru[name]
        assert measure is ru.measure(name) and measure.name == name
        assert measure.low <= measure.mean <= measure.high, name
        assert (measure.mean, measure.low, measure.high) == tuple(measure[measure.headline][2:5])
    frame = ru.frame
    assert list(frame.columns) == ["measure", "figure", "mean", "low", "high", "kind", "headline"]
    assert frame.groupby("measure", observed=True)["headline"].sum().tolist() == [1] * 5


def test_a_measure_plays_only_the_runs_it_needs():
    assert list(profile("ru", players=4, deals=8, measures="fairness", progress=False).simulations) == ["greedy"]
    luck = profile("ru", players=4, deals=8, measures=["luck"], progress=False)
    assert list(luck.simulations) == ["greedy", "heuristic"] and luck.measures == ("luck",)
    with pytest.raises(ValueError, match=r"measure: this profile did not measure skill .*measures=\[.*'skill'\]"):
        _ = luck.skill


def test_bibi_profile_is_the_call_and_the_module():
    import importlib

    module = importlib.import_module("bibi.profile")
    assert bibi.profile is module and module.Profile is Profile
    p = bibi.profile("it", players=3, deals=6, progress=False, measures="tempo")
    assert isinstance(p, Profile) and p.rules == bibi.ITALIAN


# -- paired comparisons ------------------------------------------------------------------------------------------


def test_a_profile_against_itself_differs_by_nothing(ru):
    same = ru.compare(ru)
    for figure in same.figures:
        assert (figure.mean, figure.low, figure.high) == (0, 0, 0), figure


def test_the_comparison_is_b_minus_a_paired_on_the_same_packs(ru_it):
    a, b = ru_it.a, ru_it.b
    assert a.simulations["greedy"].deals["leftover_points"].equals(b.simulations["greedy"].deals["leftover_points"])
    for name in MEASURES:
        assert ru_it[name].mean == pytest.approx(b[name].mean - a[name].mean)
    # paired: the difference's interval is narrower than the two intervals side by side would make it
    skill = ru_it.skill
    apart = math.hypot(a.skill.high - a.skill.low, b.skill.high - b.skill.low)
    assert skill.high - skill.low < apart
    frame = ru_it.frame
    assert list(frame.columns[:8]) == ["measure", "figure", "a_mean", "a_low", "a_high", "b_mean", "b_low", "b_high"]
    assert np.allclose(frame["diff"], frame["b_mean"] - frame["a_mean"])


def test_the_italian_rules_leave_more_to_play_than_the_russian(ru_it):
    """What the kit's bots find at six players: more skill, less luck, more calls, fewer trump moves under I7…I14."""
    assert ru_it.skill.low > 0 and ru_it.luck.high < 0 and ru_it.tempo.low > 0
    assert ru_it.tempo["trump_changes"].high < 0
    assert ru_it.tempo["before_turn_up"].mean == 1  # I16: the stock is turned up a trick later


def test_profiles_of_other_packs_are_not_paired(ru):
    other = profile("ru", players=6, deals=600, seed=4, measures=ru.measures, progress=False)
    with pytest.raises(ValueError, match=r"other: .* differ: seed 3 and 4"):
        ru.compare(other)
    with pytest.raises(TypeError, match="other: expected a Profile"):
        ru.compare("it")


@pytest.mark.subprocess
def test_workers_give_the_same_profile():
    args = dict(rules="it", players=4, deals=48, seed=6, progress=False)
    _frames_equal(profile(**args), profile(**args, workers=2))


def test_a_dask_cluster_gives_the_same_profile():
    distributed = pytest.importorskip("distributed")
    args = dict(rules="ru", players=6, deals=60, seed=5, progress=False)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=":0") as cl, \
            distributed.Client(cl) as client:
        on_dask = profile(**args, executor=client.get_executor())
    _frames_equal(profile(**args), on_dask)


def test_any_executor_gives_the_same_comparison():
    args = dict(players=4, deals=24, seed=2, progress=False)
    with ThreadPoolExecutor(2) as pool:
        threaded = compare("ru", "it", **args, executor=pool)
    plain = compare("ru", "it", **args)
    pd.testing.assert_frame_equal(plain.frame, threaded.frame)


# -- bad input -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("kwargs", "error", "message"), [
    ({"measures": ["skill", "suspense"]}, ValueError, r"measures: 'suspense' is not a measure; the measures: skill"),
    ({"measures": []}, ValueError, r"measures: none given"),
    ({"measures": 3}, TypeError, r"measures: expected measure names"),
    ({"deals": 0}, ValueError, r"deals: expected a whole number ≥ 1, not 0"),
    ({"deals": 7}, ValueError, r"deals: 7 make fewer than two games of 4 deals .*at least 8"),
    ({"deals": 2.5}, TypeError, r"deals: expected a whole number"),
    ({"rules": "ru:hand_size=0"}, ValueError, r"Rules.hand_size: 0 is outside 1…52"),
    ({"rules": "ru:decks=1", "players": 8}, ValueError, r"players: 8 is outside 2…7"),
    ({"rules": "it:first_trump=dealer_card"}, ValueError, r"Rules.first_trump: 'dealer_card' .* needs first_dealer"),
    ({"rules": "xx"}, ValueError, r"unknown rules preset 'xx'"),
    ({"players": 1}, ValueError, r"players: expected a whole number ≥ 2, not 1"),
    ({"table": "heuristic", "ladder": ("random", "greedy")}, ValueError,
     r"table: 'heuristic' is not in the ladder \['random', 'greedy'\]"),
    ({"table": "heuristic"}, ValueError, r"ladder: its strongest bot, the last, is the table's own \('heuristic'\)"),
    ({"ladder": ("greedy", "random", "greedy")}, ValueError, r"ladder: .* names a bot twice"),
    ({"ladder": ("greedy",)}, ValueError, r"ladder: .* fewer than two bots"),
    ({"ladder": ("greedy", "strong")}, ValueError, r"unknown bot 'strong'"),
    ({"table": ["greedy"] * 3}, TypeError, r"table: expected one bot for every other seat"),
    ({"level": 1.5}, ValueError, r"level: 1.5 is not between 0 and 1"),
    ({"level": 95}, TypeError, r"level: expected a confidence level"),
    ({"seed": "x"}, TypeError, r"seed: expected a whole number"),
    ({"workers": 0}, ValueError, r"workers: expected a whole number ≥ 1, not 0"),
    ({"progress": "yes"}, TypeError, r"progress: expected True or False"),
])
def test_bad_input_is_named(kwargs, error, message):
    args = {"rules": "ru", "players": 4, "deals": 8, "progress": False, **kwargs}
    with pytest.raises(error, match=message):
        profile(**args)


def test_a_measure_or_figure_that_does_not_exist_is_named(ru):
    with pytest.raises(ValueError, match=r"measure: 'suspense' is not a measure; the measures: skill, luck"):
        _ = ru["suspense"]
    with pytest.raises(ValueError, match=r"figure: 'edge\[search\]' is not a figure of skill; its figures: edge"):
        _ = ru.skill["edge[search]"]


def test_compare_refuses_rules_of_other_packs_before_playing():
    with pytest.raises(ValueError, match=r"b: 'russian:decks=1,max_players=7' plays 1 packs and 'russian' 2"):
        compare("ru", "ru:decks=1", players=4, deals=8, progress=False)
    with pytest.raises(ValueError, match=r"measures: 'x' is not a measure"):
        compare("ru", "it", measures="x", progress=False)


# -- what a person reads ---------------------------------------------------------------------------------------


def test_the_chart_is_a_picture_of_its_own(ru_it):
    for obj in (ru_it.a, ru_it):
        svg = obj.chart()
        assert svg == profile_svg(obj) and svg._repr_svg_() == svg  # the same markup every time
        root = ET.fromstring(svg)
        assert root.tag.endswith("svg") and root.get("role") == "img" and root.get("aria-label")
        assert not re.search(r"(?:href|src)=|<script|@import|url\(", svg)  # nothing fetched, nothing run
        assert re.findall(r"https?://[^\"]+", svg) == ["http://www.w3.org/2000/svg"]
    dots = ET.fromstring(ru_it.chart()).findall(".//{http://www.w3.org/2000/svg}circle")
    diamonds = [p for p in ET.fromstring(ru_it.chart()).findall(".//{http://www.w3.org/2000/svg}path")
                if p.find("{http://www.w3.org/2000/svg}title") is not None]
    assert len(dots) == len(diamonds) + 1  # a dot per row for each rules, and the legend's


def test_the_table_speaks_the_readers_language(ru_it):
    assert "the heuristic bot: points a deal over the greedy bot with the same cards" in ru_it._repr_html_()
    with language("ru"):
        russian, html = str(ru_it), ru_it._repr_html_()
    assert "эвристический" in russian and "Би-би" in russian and "heuristic" not in russian
    assert re.search(r"\+\d+,\d", russian)  # a decimal comma
    assert "сдатчик" in html
    with language("it"):
        italian = profile_text(ru_it.a)
    assert "euristico" in italian and "mazziere" in italian and re.search(r"\d+,\d%", italian)
    assert profile_html(ru_it.a).startswith('<div class="bibi">')


_OTHER_WAYS = re.compile(r"\d\s*(?:…|\.\.\.?|–)\s*[−+-]?\d"  # low…high, low..high, low–high
                         r"|[(\[]\s*[−+-]?\d[\d.,\u00a0]*\s*[,;]\s*[−+-]?\d")  # (low, high), [low; high]


@pytest.mark.parametrize("lang", ["en", "ru", "it"])
def test_every_interval_of_the_table_is_written_the_kits_one_way(ru_it, lang):
    """Each cell of the table (the terminal's, the HTML's, the chart's dots) is its figure as ``i18n.interval``
    writes it, ``mean ± half``, and a unit; nothing writes an interval as low…high, in any language."""
    with language(lang):
        cells = [cell for *_, row_cells in rows(ru_it) for cell in row_cells]
        text, html, svg = str(ru_it), profile_table_html(ru_it), str(ru_it.chart())
        figures = [f for name in ru_it.a.measures
                   for k, a in enumerate(ru_it.a.measure(name))
                   for f in (a, ru_it.b.measure(name).figures[k], ru_it.measure(name).figures[k])]
        assert len(cells) == len(figures) > 30
        for cell, figure in zip(cells, figures, strict=True):
            scale, digits = (100, 1) if figure.kind == "share" else (1, 2 if figure.kind == "count" else 1)
            assert figure.low == pytest.approx(figure.mean - figure.half)  # symmetric, never cut
            assert figure.high == pytest.approx(figure.mean + figure.half)
            expected = interval(scale * figure.mean, scale * figure.half, digits)
            value = cell.removeprefix("+")
            assert value.startswith(expected.removeprefix("+")), (cell, expected)
            assert not re.search(r"\d", value[len(expected.removeprefix("+")):]), cell  # a unit, no more numbers
            assert cell in text  # the terminal writes the very cell
        table_cells = [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<td>(.*?)</td>", html)]
        assert table_cells == cells
        titles = re.findall(r"<title>([^<]*±[^<]*)</title>", svg)
        assert titles and all(any(t.endswith(c) for c in cells) for t in titles)
    for written in (text, html, svg):
        assert not _OTHER_WAYS.search(written), _OTHER_WAYS.search(written)
    if lang != "en":
        assert not re.search(r"\d\.\d", text + html), "a decimal point"
    legend = text[text.index("\n\n"):]
    assert "±" in legend


def test_a_share_near_zero_reads_its_whole_interval_and_the_chart_cuts_it_at_the_axis():
    """A share of games won near 0: the table writes ``mean ± half``; only the chart's line stops at 0 %."""
    from bibi.profile import Figure
    from bibi.render.profile import _drawn
    figure = Figure("skill", "game_wins[random]", 0.01, 0.01 - 0.03, 0.01 + 0.03, "share")
    assert (figure.half, figure.low) == (pytest.approx(0.03), pytest.approx(-0.02))
    assert _drawn(figure) == (0.0, pytest.approx(0.04))
    assert _drawn(figure._replace(kind="points")) == (figure.low, figure.high)


def test_the_headline_rows_stand_out(ru):
    text = str(ru)
    assert len(re.findall(r"^\w*\s+\* ", text, flags=re.M)) == 5
    html = ru._repr_html_()
    assert html.count('class="bibi-lead"') == 5


def test_a_literal_r16_is_said_to_be_played_by_its_cuts():
    p = profile("ru:trump_change=next_deal", players=3, deals=6, measures="tempo", progress=False)
    assert "R16 read literally" in " ".join(str(p).split())


_CHANGED = {  # changed rules as every title of the kit names them, and their changes as the rules panel says them
    "en": ("changed russian", "Changes: hand_size = 5.", "Changes on the right: hand_size = 5."),
    "ru": ("изменённые русские", "Изменения — Карт на руках: 5.", "Изменения справа — Карт на руках: 5."),
    "it": ("russe modificate", "Modifiche — Carte in mano: 5.", "Modifiche a destra — Carte in mano: 5."),
}


@pytest.mark.parametrize("lang", ["en", "ru", "it"])
def test_changed_rules_are_named_in_words_and_their_changes_said_after_the_heading(lang):
    """The heading, the columns and the chart name changed rules in words (``rules_titled``), as the comparison
    view, the score sheet and the rules panel do, never by their label (notation); the changes follow the heading
    in a sentence of their own, and stand under the chart, which may be read alone."""
    words, told, told_right = _CHANGED[lang]
    one = profile("ru:hand_size=5", players=3, deals=6, measures="tempo", progress=False)
    two = compare("ru", "ru:hand_size=5", players=3, deals=6, measures="tempo", progress=False)
    with language(lang):
        for obj, changes in ((one, told), (two, told_right)):
            text, html, svg = str(obj), profile_table_html(obj), str(obj.chart())
            head, following = text.split("\n")[:2]
            assert words in head and following == changes, (head, following)
            assert html.startswith('<p class="bibi-status">') and f"</p><p>{changes}</p><table" in html
            root = ET.fromstring(svg)
            assert root.get("aria-label").endswith(changes)
            notes = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
            assert " ".join(notes).endswith(changes)  # under the chart, which may be read alone
            for written in (text, html, svg):
                assert "hand_size=5" not in written and "ru:" not in written, written
        assert columns(two)[1] == words and words in columns(two)[2]
        legend = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")][:2]
        assert legend[1] == words, legend


@pytest.mark.parametrize("lang", ["en", "ru", "it"])
def test_two_changed_rules_alike_are_told_apart_and_each_sides_changes_said(lang):
    two = compare("ru:hand_size=5", "ru:hand_size=6", players=3, deals=6, measures="tempo", progress=False)
    with language(lang):
        left, right = columns(two)[:2]
        said = str(two).split("\n")[1]
        assert left != right and _CHANGED[lang][0] in left and _CHANGED[lang][0] in right
        assert said.count("5") == said.count("6") == 1 and said.index("5") < said.index("6")
        assert "hand_size=" not in str(two) + profile_table_html(two) + str(two.chart())


def test_a_presets_profile_says_no_changes():
    p = profile("it", players=3, deals=6, measures="tempo", progress=False)
    assert str(p).split("\n")[1].startswith("measure") and "</p><table" in profile_table_html(p)


@pytest.mark.subprocess
def test_the_command_prints_both_profiles_and_their_differences(tmp_path):
    chart = tmp_path / "profile.svg"
    out = subprocess.run([sys.executable, "-m", "bibi", "profile", "ru", "it", "--players", "4", "--deals", "16",
                          "--seed", "2", "--no-progress", "--chart", str(chart)],
                         capture_output=True, text=True, check=True)
    assert out.stdout.startswith("What game the russian and italian rules make, on the same packs: 4 players, 16 deals")
    assert "italian − russian" in out.stdout and out.stderr == ""
    ET.fromstring(chart.read_text(encoding="utf-8"))
    with language("en"):
        expected = str(compare("ru", "it", players=4, deals=16, seed=2, progress=False))
    assert out.stdout.rstrip("\n") == expected


@pytest.mark.subprocess
@pytest.mark.parametrize(("args", "message"), [
    (["ru", "it", "--deals", "0"], "bibi profile: error: deals: expected a whole number ≥ 1, not 0"),
    (["ru", "it", "ru"], "bibi profile: error: rules: give one or two rules"),
    (["ru", "--players", "3", "--deals", "5"], "bibi profile: error: deals: 5 make fewer than two games of 3"),
    (["ru:decks=1", "--players", "8"], "bibi profile: error: players: 8 is outside 2…7"),
])
def test_the_command_names_bad_input(args, message):
    out = subprocess.run([sys.executable, "-m", "bibi", "profile", *args, "--no-progress"], capture_output=True,
                         text=True)
    assert out.returncode == 1 and out.stderr.startswith(message), out.stderr
    assert "Traceback" not in out.stderr
