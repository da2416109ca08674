"""The lesson table: what each difference between two rule texts does, measured under both, on the same packs.

``lesson(a, b, players, deals, bots, seed)`` takes every option on which rules ``a`` and ``b`` differ and measures
what moving that one option from ``a``'s value to ``b``'s does, twice: with the rest of the rules as in ``a`` (``a``
against ``a`` with the option set to ``b``'s value) and with the rest as in ``b`` (``b`` with the option set back to
``a``'s value against ``b``). Both are paired comparisons on the same packs (``bibi.simulation.compare``), so an
effect's interval holds only the luck the option's change leaves, not the luck of the cards; the two columns say
whether the effect depends on the rest of the rules. A last row moves every option at once: ``a`` against ``b``.

The measures are the simulation's (``bibi.simulation.MEASURES``) plus ``call_worth``: in a deal where some seats
called a Bi-bi and others did not, the callers' mean card points minus the others' (the 50 points of the call are
not counted: it says what the call did for the tricks, through the trump it moved). Deals without both kinds of
seat have no ``call_worth``; its paired effects use the deals that have it under both rules.

>>> table = lesson("ru", "it", players=6, deals=40, seed=1)
>>> sorted(set(table.frame.option))[:3]
['all at once', 'bibi_call', 'bibi_suits']
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np
import pandas as pd

from bibi.errors import WrongType, shorten
from bibi.i18n import N_, SOURCE, _, count, get_language, interval, ngettext, number, percent
from bibi.play import bot_title
from bibi.render.names import two_titles
from bibi.render.worked import text_name
from bibi.rules import OPTIONS, Rules, as_rules
from bibi.simulation import LEVEL, MEASURES, RANDOM, Simulation, compare, mean_ci
from bibi.worked import differences, moved

SHOWN: dict[str, str] = {
    "score_per_seat": MEASURES["score_per_seat"],
    "calls": MEASURES["calls"],
    "trump_changes": MEASURES["trump_changes"],
    "call_worth": N_("a caller's card points minus a non-caller's, in deals with both (the 50 of the call not "
                     "counted)"),
    "first_leader_win": MEASURES["first_leader_win"],
    "leftover_points": MEASURES["leftover_points"],
}
ALL = "all at once"
# The few measures a lesson reads first, each explained in one line (``Lesson.key``); the long table follows.
KEY = ("calls", "trump_changes", "call_worth", "first_leader_win")

# How the lesson's page names its measures and the last row in the kit's other languages (the frames keep the ids).
_SHOWN_NAMES = {
    "score_per_seat": N_("score per seat"), "calls": N_("Bi-bi calls"), "trump_changes": N_("trump changes"),
    "call_worth": N_("a call's worth"), "first_leader_win": N_("the first leader's share of the win"),
    "leftover_points": N_("points in the leftovers"), ALL: N_("all at once"),
}


class KeyMeasure(NamedTuple):
    """One key measure of a lesson: its id, its mean and interval's half-width under ``a`` and ``b``, the paired
    effect of every difference at once (``b`` against ``a``, mean and half-width), and the paired deals that make
    that effect reliable (``deals_needed``; ``None`` when no deal of the run differs)."""

    measure: str
    a: tuple[float, float]
    b: tuple[float, float]
    effect: tuple[float, float]
    needed: int | None


def deals_needed(deals: int, effect: float, half: float) -> int | None:
    """The paired deals that make an effect reliable, from the spread this run observed: enough for the interval
    to be at most half the effect wide on each side (its sign and rough size then hold). A half-width narrows as
    one over the square root of the deals, so ``deals × (2·half / |effect|)²``, rounded up to two significant
    figures; ``None`` when the effect and its spread are both 0 (no deal differs); ``deals`` when it already is
    that sure.

    >>> deals_needed(200, 1.0, 1.0), deals_needed(200, 4.0, 1.0), deals_needed(200, 0.0, 0.0)
    (800, 200, None)
    """
    if not (math.isfinite(effect) and math.isfinite(half)) or (effect == 0 and half == 0):
        return None
    if effect == 0:
        return 10**9
    raw = math.ceil(deals * (2 * half / abs(effect)) ** 2)
    if raw <= deals:
        return deals
    step = 10 ** max(0, len(str(raw)) - 2)
    return math.ceil(raw / step) * step


RELIABLE = N_("The key measures, each with its interval (95%: the mean ± its half-width). Reliable means the "
               "half-width is at most half the difference, so its sign and rough size hold; the half-width narrows as "
               "the square root of the deals, so four times the deals halve it.")
MEASURED = N_("What each measure measures:")


def _shown_measure(measure: str) -> str:
    """A measure as the page names it: its id in English (the frames' label), its name in another language."""
    if get_language() == SOURCE:
        return measure
    return _(_SHOWN_NAMES[measure]) if measure in _SHOWN_NAMES else measure


def _shown_option(name: str) -> str:
    """A row of the lesson (an option, options joined by ``+``, or all at once) by the options' titles."""
    if name in _SHOWN_NAMES:
        return _(_SHOWN_NAMES[name])
    return " + ".join(_(OPTIONS[o].title) if o in OPTIONS else o for o in name.split("+"))


def call_worth(sim: Simulation) -> np.ndarray:
    """Per deal of ``sim``: the callers' mean card points minus the non-callers' (NaN without both kinds of seat)."""
    seats = sim.seats
    d, n = len(sim.deals), sim.players
    points = seats["card_points"].to_numpy(dtype=np.float64).reshape(d, n)
    called = seats["calls"].to_numpy().reshape(d, n) > 0
    callers, others = called.sum(axis=1), (~called).sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        mine = np.where(called, points, 0).sum(axis=1) / callers
        theirs = np.where(called, 0, points).sum(axis=1) / others
    return np.where((callers > 0) & (others > 0), mine - theirs, math.nan)


def _per_deal(sim: Simulation) -> pd.DataFrame:
    table = sim.measures()
    table["call_worth"] = call_worth(sim)
    return table


def _level(table: pd.DataFrame, measure: str, level: float) -> tuple[float, float, float]:
    x = table[measure].to_numpy()
    return mean_ci(x[~np.isnan(x)], level)


def _paired(before: pd.DataFrame, after: pd.DataFrame, measure: str, level: float) -> tuple[float, float, float]:
    x, y = before[measure].to_numpy(), after[measure].to_numpy()
    both = ~(np.isnan(x) | np.isnan(y))
    return mean_ci(y[both] - x[both], level)


def _name(group: tuple[str, ...]) -> str:
    return "+".join(group)


def _cell(mean: float, low: float, high: float, digits: int, sign: bool = True) -> str:
    """An estimate and its interval as the language in force writes them, the kit's one way: ``+1,13 ± 1,20``
    (the intervals here are symmetric: ``mean_ci``)."""
    if math.isnan(mean):
        return "–"
    if math.isnan(low):
        return number(mean, digits, sign=sign)
    return interval(mean, (high - low) / 2, digits, sign=sign)


@dataclass(frozen=True, eq=False)
class Lesson:
    """The lesson table (``frame``) and how it was made.

    ``frame`` has one row per (option, measure): ``option`` (options that can only change together, like
    ``first_dealer+first_trump``, are one row); ``sentences`` (the ids they come from); ``measure``; ``a_mean``
    (the measure's mean under ``a``); ``effect_in_a`` with ``a_low``/``a_high`` (moving the option to ``b``'s
    value, the rest as in ``a``); ``b_mean``, ``effect_in_b`` with ``b_low``/``b_high`` (the same move with the
    rest as in ``b``). The last option, ``"all at once"``, is ``a`` against ``b``.
    ``levels``: each measure's mean under ``a`` and under ``b``, with its interval (one row per measure).
    ``unchanged``: the differences that changed no deal of the run under either rules (``first_dealer`` and
    ``first_trump`` choose only a game's first dealer and trump, and each deal of a run has its dealer set).
    """

    a: Rules
    b: Rules
    players: int
    deals: int
    bots: Any
    seed: int
    level: float
    frame: pd.DataFrame
    levels: pd.DataFrame
    unchanged: tuple[str, ...] = ()

    def effect(self, option: str, measure: str) -> dict[str, float]:
        """One row of the table as a dict, for a sentence that quotes it."""
        rows = self.frame[(self.frame.option == option) & (self.frame.measure == measure)]
        if rows.empty:
            raise ValueError(f"option/measure: {shorten(option)}/{shorten(measure)} is not in this lesson; "
                             f"options: {', '.join(dict.fromkeys(self.frame.option))}; measures: {', '.join(SHOWN)}")
        return rows.iloc[0].to_dict()

    def wide(self, digits: int = 2) -> pd.DataFrame:
        """The effects to read: each with its interval as ``+1.23 ± 0.43`` (in the language in force: ``+1,23 ± 0,43``),
        one column per side."""
        f = self.frame
        return pd.DataFrame({
            "option": f.option, "sentences": f.sentences, "measure": f.measure,
            f"in {self.a.name}": [_cell(*r, digits) for r in zip(f.effect_in_a, f.a_low, f.a_high, strict=True)],
            f"in {self.b.name}": [_cell(*r, digits) for r in zip(f.effect_in_b, f.b_low, f.b_high, strict=True)],
        }).set_index(["option", "sentences", "measure"])

    def levels_wide(self, digits: int = 2) -> pd.DataFrame:
        """Each measure's mean under ``a`` and under ``b``, with its interval, to read."""
        v = self.levels
        return pd.DataFrame({
            self.a.name: [_cell(*r, digits, sign=False) for r in zip(v.a_mean, v.a_low, v.a_high, strict=True)],
            self.b.name: [_cell(*r, digits, sign=False) for r in zip(v.b_mean, v.b_low, v.b_high, strict=True)],
        }, index=v.index)

    def key(self, measures: tuple[str, ...] = KEY) -> list[KeyMeasure]:
        """The key measures (``KEY``), each under ``a`` and ``b`` and moved by every difference at once, with the
        paired deals that make that effect reliable (``deals_needed``)."""
        rows = []
        for measure in measures:
            level, both = self.levels.loc[measure], self.effect(ALL, measure)
            half = (both["a_high"] - both["a_low"]) / 2
            rows.append(KeyMeasure(measure, (level.a_mean, (level.a_high - level.a_low) / 2),
                                   (level.b_mean, (level.b_high - level.b_low) / 2), (both["effect_in_a"], half),
                                   deals_needed(self.deals, both["effect_in_a"], half)))
        return rows

    def key_lines(self, measures: tuple[str, ...] = KEY) -> list[str]:
        """The key measures in words, one line each, in the language in force: what it measures, its value under
        each rules, the difference with its interval, and how many paired deals make that difference reliable."""
        return [f"{name}: {said}" for name, said in self._key_words(measures)]

    def _key_words(self, measures: tuple[str, ...]) -> list[tuple[str, str]]:
        """``key_lines`` as (the measure's name, the rest of its line), for a page that sets the name apart."""
        lines = []
        for k in self.key(measures):
            name = _(_SHOWN_NAMES[k.measure])
            if get_language() == SOURCE:
                name = f"{name} ({k.measure})"
            if k.needed is None:
                sure = _("no deal of the run differs")
            elif k.needed >= 10**9:
                sure = _("no difference seen: more deals only narrow its interval around 0")
            elif k.needed <= self.deals:
                sure = _("reliable at these {deals} paired deals").format(deals=number(self.deals))
            else:
                sure = _("about {needed} paired deals make it reliable; this run has {deals}").format(
                    needed=number(k.needed), deals=number(self.deals))
            said = _("{name}: {what}. {a}: {a_value}; {b}: {b_value}; the difference {effect}: {sure}").format(
                name=name, what=_(SHOWN[k.measure]), a=text_name(self.a), b=text_name(self.b),
                a_value=_cell(k.a[0], k.a[0] - k.a[1], k.a[0] + k.a[1], 2, sign=False),
                b_value=_cell(k.b[0], k.b[0] - k.b[1], k.b[0] + k.b[1], 2, sign=False),
                effect=_cell(k.effect[0], k.effect[0] - k.effect[1], k.effect[0] + k.effect[1], 2), sure=sure)
            lines.append((name, said.removeprefix(f"{name}: ")))
        return lines

    def legend(self) -> list[str]:
        """Every measure of the long table explained, one line each: its name as the table shows it, and what it
        measures."""
        return [f"{_shown_measure(m)}: {_(what)}" for m, what in SHOWN.items()]

    def _head(self) -> tuple[str, str]:
        paired = ngettext("{n} paired deal", "{n} paired deals", self.deals).format(n=number(self.deals))
        run = _("{players}, {paired}, bots {bots}, seed {seed}, intervals at {level}").format(
            players=count(self.players, "player"), paired=paired,
            bots=bot_title(self.bots) if isinstance(self.bots, str) else self.bots, seed=self.seed,
            level=percent(self.level))
        a, b = two_titles(self.a, self.b)
        # TRANSLATORS: {a} and {b} are the presets' names as "{rules} rules" says them ("russian"), "custom", or
        # rules with changes in words ("changed russian")
        how = _("Each difference moved from {a}'s value to {b}'s, with the rest of the rules as in {a} and as in "
                "{b}").format(a=a, b=b)
        if self.unchanged:
            how = _("{moved}; {options} changed no deal of the run (they set only a game's first deal)").format(
                moved=how, options=", ".join(self.unchanged if get_language() == SOURCE
                                               else map(_shown_option, self.unchanged)))
        return run, how

    def __str__(self) -> str:
        """The lesson as text, in the language in force (``print(table)``): the run, the key measures in words, the
        measures under each rules, the effects, and what each measure measures."""
        run, moved = self._head()
        levels, wide = self._shown()
        heading = _("The measures under each:")
        key = "\n".join(f"- {line}" for line in self.key_lines())
        legend = "\n".join(f"- {line}" for line in self.legend())
        with pd.option_context("display.width", 220, "display.max_rows", 500, "display.max_colwidth", 40):
            return (f"{' → '.join(two_titles(self.a, self.b))}: {run}\n{_(RELIABLE)}\n{key}\n{heading}\n"
                    f"{levels.to_string()}\n{moved}:\n{wide.to_string()}\n{_(MEASURED)}\n{legend}")

    def __repr__(self) -> str:
        """The lesson at a glance, the same in every language (labels, English, numbers as Python writes them);
        ``str`` and the HTML page (``_repr_html_``) are what a learner reads, in the language in force."""
        return (f"<Lesson {self.a.label} → {self.b.label}: {self.players} players, {self.deals} paired deals, "
                f"bots {self.bots if isinstance(self.bots, str) else list(self.bots)!r}, seed {self.seed}, "
                f"{len(dict.fromkeys(self.frame.option))} rows of options>")

    def _repr_html_(self) -> str:
        from bibi import render

        run, moved = self._head()
        levels, wide = self._shown()
        return render.lesson_html(f"{' → '.join(two_titles(self.a, self.b))}: {run}", levels._repr_html_(), moved,
                                  wide._repr_html_(), key=[_(RELIABLE), *self._key_words(KEY)],
                                  legend=[_(MEASURED), *self.legend()])

    def _shown(self) -> tuple[pd.DataFrame, pd.DataFrame]:
        """``levels_wide`` and ``wide`` as a reader sees them: their labels in the language in force."""
        levels, wide = self.levels_wide(), self.wide()
        if get_language() != SOURCE:  # the frames keep their own labels; the page names them in the language
            levels.index = levels.index.map(_shown_measure)
            levels.index.name = _("measure")
            wide.index = wide.index.map(lambda row: (_shown_option(row[0]), row[1],
                                                     _shown_measure(row[2])))
            wide.index.names = [_("option"), _("sentences"), _("measure")]
            a, b = two_titles(self.a, self.b)
            levels.columns = [a, b]
            wide.columns = [_("{rules} rules").format(rules=a), _("{rules} rules").format(rules=b)]
        return levels, wide


def lesson(a: Rules | str = "russian", b: Rules | str = "italian", players: int = 6, deals: int = 1000,
           bots: Any = RANDOM, seed: int = 0, workers: int = 1, progress: bool = False,
           level: float = LEVEL) -> Lesson:
    """The lesson table of the differences between rules ``a`` and ``b`` (see the module's docstring).

    Plays ``deals`` paired deals for ``a``, ``b`` and each one-option change of either: ``2 × (k + 1)`` runs for
    ``k`` differing options. The arguments are ``compare``'s and are checked by it.
    """
    a, b = as_rules(a), as_rules(b)
    if not isinstance(a, Rules) or not isinstance(b, Rules):
        # TRANSLATORS: {a} and {b} are the two values refused, as Python writes them
        raise WrongType("a, b: " + _("expected rules, not {a}, {b}").format(a=shorten(a), b=shorten(b)))
    groups = differences(a, b)
    if not groups:
        raise ValueError(f"b: {shorten(b.label)} has the same rules as a ({shorten(a.label)}); nothing differs to "
                         "measure")
    in_a = {"base": a, **{_name(g): moved(a, b, g) for g in groups}}
    in_b = {"base": b, **{_name(g): moved(b, a, g) for g in groups}}
    run = dict(players=players, deals=deals, bots=bots, seed=seed, workers=workers, progress=progress, level=level)
    under_a = {k: _per_deal(s) for k, s in compare(in_a, **run).simulations.items()}
    under_b = {k: _per_deal(s) for k, s in compare(in_b, **run).simulations.items()}
    rows, unchanged = [], []
    for group in [*groups, ()]:
        name = _name(group) if group else ALL
        a_after = under_a[name] if group else under_b["base"]
        b_before = under_b[name] if group else under_a["base"]
        if group and under_a["base"].equals(a_after) and under_b["base"].equals(b_before):
            unchanged.append(name)  # no deal of the run changed under either rules: nothing to show
            continue
        sentences = "; ".join(dict.fromkeys(s for o in group for s in OPTIONS[o].sources))
        for measure in SHOWN:
            ea = _paired(under_a["base"], a_after, measure, level)
            eb = _paired(b_before, under_b["base"], measure, level)
            rows.append((name, sentences, measure, float(np.nanmean(under_a["base"][measure])), *ea,
                         float(np.nanmean(under_b["base"][measure])), *eb))
    frame = pd.DataFrame(rows, columns=["option", "sentences", "measure", "a_mean", "effect_in_a", "a_low", "a_high",
                                        "b_mean", "effect_in_b", "b_low", "b_high"])
    levels = pd.DataFrame([(m, *_level(under_a["base"], m, level), *_level(under_b["base"], m, level))
                           for m in SHOWN], columns=["measure", "a_mean", "a_low", "a_high", "b_mean", "b_low",
                                                     "b_high"]).set_index("measure")
    return Lesson(a, b, players, deals, bots, seed, level, frame, levels, tuple(unchanged))


__all__ = ["ALL", "KEY", "SHOWN", "KeyMeasure", "Lesson", "call_worth", "deals_needed", "lesson"]
