"""What kind of game a rule set makes: skill, luck, fairness, drama and tempo, each figure with its interval.

``profile(rules, players=6, deals=6000, seed=0)`` plays the same packs several times through ``simulate`` (deal
*i* is fixed by ``(seed, i)`` alone, its dealer is seat ``i % players``), once for each bot of a **ladder** of
graded strength sitting in **the measured seat** (seat 0), the other seats always held by **the table's bot**:

- the table (``table``, default ``"greedy"``: it calls whenever it may and takes a trick with points when it
  cheaply can, a casual player) and the ladder (``ladder``, default ``random < greedy < heuristic``, weakest
  first; the table's bot is one of its rungs and the last rung is stronger than the table). Every run plays the
  same packs, so every difference between two rungs is **paired**: deal by deal, the same cards in the same seat.
- The dealer moves one seat a deal, so seat 0 sits in every position equally often, and the deals
  ``k·players … k·players + players − 1`` make **a game**: every seat deals once, as a game ends after equal
  deals (R26). (A profile's game starts with seat 0 dealing and takes every deal's trump from its cut: it draws
  for no first dealer (R5, R6), and under ``trump_change='next_deal'`` a call does not carry the trump into the
  next deal; ``bibi.game.Game`` plays those. Whole games only: a run's last deals that make no whole game count
  in the figures of deals alone.)
- The run in which the measured seat holds the table's bot too is **the equal table**: fairness, drama and tempo
  are measured there.

The measures, and why each is measured so:

- **skill** — what a stronger player gains a deal at a table of weaker ones. For each rung, its **edge**: its score
  in the measured seat minus the table's bot's score in that seat, on the same deals (points a deal; the table's own
  rung is 0). The headline is the strongest rung's edge. Beside it, each rung's share of the **games** it wins from
  that seat (ties shared), against the 1 in ``players`` of chance, and **decided**: the strongest rung's wins beyond
  chance, ``(w − 1/N) / (1 − 1/N)``, the share of games that would go to it for sure if the rest were drawn by lot.
  (Paired: ``1/N`` is taken as the games the table's own bot wins from that seat on the very same games, which is
  ``1/N`` on average, every seat being alike; so the cards' luck cancels out of the figure.) That is Duersch,
  Lambrecht and Oechssler's benchmark turned to a table of bots ("Measuring skill and chance in games", European
  Economic Review, 2020, article 103472: a game is measured against chess in which a share of the results is
  replaced by a coin flip; they rank players by a best-fit Elo, where a kit has players of known strength and can
  seat them on the same cards), and it is what Ludii's "skill trace" plays: a stronger agent among weaker ones, its
  seat rotating. A rules set that leaves no choice (``hand_size=1``: one card in hand, every play forced, no pair
  ever held) has every edge exactly 0.
- **luck** — how much of a seat's deal score the cards decide and play cannot change. The players who know the
  game (the table's bot and every stronger rung: a random player would count the noise of its own play as
  "play") each play the measured seat on the same packs; a seat's score ``X[d, b]`` (pack ``d``, player ``b``)
  is split as in a two-way analysis of variance (Fisher's), ``X = μ + cards[d] + strength[b] + play[d, b]``:
  the **cards**' share (what the seat scores whoever plays it: the variance between packs, the headline), the
  players' **strength** (their mean edges) and the **play** of these cards (how each player's result on a pack
  departs from both: what play changed). The three shares sum to 1; each is estimated without bias from the mean
  squares (a share may read a little below 0 when it is nothing but luck). Luck is a property of a game *and* of
  its players (Gilbert and Wells, "Ludometrics: luck, and how to measure it", 2018): these are the kit's players.
- **fairness** — each position's **advantage**: the score of the seat at that position (0 leads the first trick,
  on the dealer's left; ``players − 1`` is the dealer, last to the first trick) minus the mean score of the deal's
  seats, in points a deal, and each position's share of the **deals won** (ties shared). The advantages sum to 0
  and the shares to 1 in every deal, so over the run as well. The headline is the first leader's advantage (is it
  better to sit on the dealer's left?). Over a whole game every seat sits in every position once: these are what
  one deal gives. (Ludii's "balance" compares the players' win rates in the same way.)
- **drama** — from the games of the equal table: the share of games in which **the last deal** changes who wins
  (the winners after it are not the leaders before it: the headline), the **lead changes** a game (the leaders,
  every seat on the top total, after each deal differ from those after the deal before, as Ludii counts a lead
  change), and how far apart the totals end: the winner's **margin** over the runner-up and the **spread** from the
  first total to the last.
- **tempo** — a deal of the equal table: Bi-bi **calls** a deal (the headline), **trump changes** a deal, the
  **tricks before the stock is turned up** (R24, R25; I15, I16) and **a call's worth**: the callers' mean card
  points minus the others' in the deals with both (``bibi.lesson.call_worth``: the call's own points not counted).

Every figure carries its interval at ``level`` (95 %): the normal interval from the delete-a-group jackknife, the
groups being runs of whole games (at most ``GROUPS`` groups). The jackknife serves every figure alike, the means
and the ratios (the luck shares, decided), and it treats the deals of one game as the unit they are for the
figures of games. A figure is ``(mean, low, high)``, its interval symmetric: ``low`` and ``high`` are
``mean ∓ half``, ``half`` being ``z`` standard errors (``Figure.half``), never cut, so that a person reads every
figure the kit's one way, ``21.0 ± 5.7 %`` (``bibi.i18n.interval``), and ``low``/``high`` are its very ends. A
share that must lie in 0…1 (games won, deals won) may so have an end a little past 0 or 1 when it is near one:
that says how wide the interval is, not that the share could be there; the chart cuts its line at the axis.
Each measure's headline is reachable as ``.mean``, ``.low``, ``.high`` and ``.half`` of the measure itself.

``Profile.compare(other)`` sets two profiles of the same packs (the same players, deals, seed, table and ladder)
side by side: every figure's difference, other minus this, with its interval from the same jackknife, pair by pair
of groups, so the luck of the cards both share cancels out. ``compare(a, b, …)`` plays both under one progress bar.

>>> p = profile("ru", players=4, deals=40, seed=1, progress=False)
>>> p
<Profile russian, 4 players, 40 deals, seed 1, table greedy, ladder random greedy heuristic>
>>> p.skill.name, p.skill.headline
('skill', 'edge[heuristic]')
>>> p.skill.low <= p.skill.mean <= p.skill.high
True
>>> abs(sum(p.fairness[f"advantage[{k}]"].mean for k in range(4))) < 1e-9  # the places' advantages sum to 0
True

This module plays nothing itself: every deal is ``simulate``'s (on processes with ``workers``, or on any
``concurrent.futures.Executor``, a Dask client's ``get_executor()`` too), and the same arguments give the same
figures whatever runs them. The words a person reads (the table, the chart) are ``bibi.render.profile``'s.
"""

from __future__ import annotations

import functools
import math
import sys
import types
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import Any, NamedTuple

import numpy as np
import pandas as pd

from bibi.errors import shorten, wrong_type
from bibi.i18n import _
from bibi.lesson import call_worth
from bibi.play import Bot
from bibi.rules import Rules, as_rules
from bibi.simulation import LEVEL, Simulation, _check_level, _check_run, _progress, _resolve_bots, _simulate

MEASURES = ("skill", "luck", "fairness", "drama", "tempo")
TABLE = "greedy"  # the table's bot: every seat but the measured one
LADDER = ("random", "greedy", "heuristic")  # the measured seat's bots, weakest first
DEALS = 6000  # a profile's deals: 1,000 games at 6 players (6,000 is a multiple of 2…6, 8, 10 and 12)
GROUPS = 200  # the most groups of whole games the jackknife leaves out one at a time
SEAT = 0  # the measured seat

# Each figure's kind: "points" (a deal or a game), "share" (0…1, shown as a percentage) or "count".
POINTS, SHARE, COUNT = "points", "share", "count"


class Figure(NamedTuple):
    """One figure of a profile: its measure, its name, its value and its interval, and its kind."""

    measure: str
    name: str
    mean: float
    low: float
    high: float
    kind: str

    @property
    def half(self) -> float:
        """Half the interval's width: the figure reads ``mean ± half`` (``low`` and ``high`` are ``mean ∓ half``)."""
        return (self.high - self.low) / 2


@dataclass(frozen=True)
class Measure:
    """One measure's figures; ``.mean``, ``.low``, ``.high`` and ``.half`` are its headline figure's."""

    name: str
    headline: str
    figures: tuple[Figure, ...]

    def __getitem__(self, name: str) -> Figure:
        for figure in self.figures:
            if figure.name == name:
                return figure
        raise ValueError(f"figure: {shorten(name)} is not a figure of {self.name}; its figures: "
                         f"{', '.join(f.name for f in self.figures)}")

    def __iter__(self) -> Iterator[Figure]:
        return iter(self.figures)

    def __len__(self) -> int:
        return len(self.figures)

    @property
    def mean(self) -> float:
        return self[self.headline].mean

    @property
    def low(self) -> float:
        return self[self.headline].low

    @property
    def high(self) -> float:
        return self[self.headline].high

    @property
    def half(self) -> float:
        return self[self.headline].half


# -- the statistics: figures as functions of sums, their intervals by the jackknife ---------------------------


class _Stat(NamedTuple):
    """A figure as ``combine`` of sums over the run: ``total`` (the parts summed over every deal or game) and
    ``groups`` (each group's sums), so that the figure without group ``k`` is ``combine(total - groups[k])``."""

    total: np.ndarray  # (parts,)
    groups: np.ndarray  # (groups, parts)
    combine: Callable[[np.ndarray], np.ndarray]
    kind: str


def _z(level: float) -> float:
    return NormalDist().inv_cdf(0.5 + level / 2)


def _interval(value: float, left_out: np.ndarray, level: float) -> tuple[float, float]:
    """The normal interval at ``level`` around ``value`` from its delete-a-group jackknife values."""
    g = len(left_out)
    if g < 2 or not math.isfinite(value) or not np.isfinite(left_out).all():
        return math.nan, math.nan
    se = math.sqrt((g - 1) / g * float(((left_out - left_out.mean()) ** 2).sum()))
    half = _z(level) * se
    return value - half, value + half


def _figure(measure: str, name: str, stat: _Stat, level: float) -> Figure:
    with np.errstate(invalid="ignore", divide="ignore"):
        value = float(stat.combine(stat.total))
        low, high = _interval(value, stat.combine(stat.total - stat.groups), level)
    return Figure(measure, name, value, low, high, stat.kind)


def _difference(measure: str, name: str, a: _Stat, b: _Stat, level: float) -> Figure:
    """``b``'s figure minus ``a``'s, both of the same packs: the jackknife leaves the same group out of both."""
    with np.errstate(invalid="ignore", divide="ignore"):
        value = float(b.combine(b.total) - a.combine(a.total))
        left_out = b.combine(b.total - b.groups) - a.combine(a.total - a.groups)
    low, high = _interval(value, left_out, level)
    return Figure(measure, name, value, low, high, a.kind)


class _Grouping(NamedTuple):
    """Which jackknife group each deal and each game falls in."""

    deals: np.ndarray  # (deals,)
    games: np.ndarray  # (games,)
    size: int  # how many groups

    def stat(self, parts: Sequence[np.ndarray], combine: Callable[[np.ndarray], np.ndarray], kind: str,
             games: bool = False) -> _Stat:
        """The ``_Stat`` of per-deal (or per-game) ``parts``."""
        index = self.games if games else self.deals
        groups = np.stack([np.bincount(index, weights=np.asarray(p, dtype=np.float64), minlength=self.size)
                           for p in parts], axis=1)
        return _Stat(groups.sum(axis=0), groups, combine, kind)

    def mean(self, values: np.ndarray, kind: str, games: bool = False) -> _Stat:
        """The mean of per-deal (or per-game) ``values``; NaN values are left out."""
        values = np.asarray(values, dtype=np.float64)
        known = ~np.isnan(values)
        return self.stat([np.where(known, values, 0.0), known], _ratio, kind, games)


def _ratio(s: np.ndarray) -> np.ndarray:
    return s[..., 0] / s[..., 1]


def _grouping(deals: int, players: int) -> _Grouping:
    games = deals // players
    per = math.ceil(games / GROUPS)
    count = math.ceil(games / per)
    game_groups = np.arange(games) // per
    deal_groups = np.minimum(np.arange(deals) // players // per, count - 1)  # a last partial game: the last group
    return _Grouping(deal_groups, game_groups, count)


# -- what a run gives -------------------------------------------------------------------------------------------


def _scores(sim: Simulation) -> np.ndarray:
    """Every seat's score, deal by deal: (deals, players)."""
    return sim.seats["score"].to_numpy(dtype=np.float64).reshape(len(sim.deals), sim.players)


def _on_top(sim: Simulation) -> np.ndarray:
    """Each seat's share of each deal's win (1 alone on top, 1/k when k share it, else 0): (deals, players)."""
    seats = sim.seats
    top = (seats["win"].to_numpy() | seats["shared_win"].to_numpy()).reshape(len(sim.deals), sim.players)
    return top / top.sum(axis=1, keepdims=True)


def _game_totals(scores: np.ndarray, players: int) -> np.ndarray:
    """The running totals of each whole game, after each of its deals: (games, deals a game, players)."""
    games = len(scores) // players
    return scores[: games * players].reshape(games, players, players).cumsum(axis=1)


def _leaders(totals: np.ndarray) -> np.ndarray:
    """Which seats are on the top total (ties: all of them), for totals of any shape (…, players)."""
    return totals == totals.max(axis=-1, keepdims=True)


def _by_position(values: np.ndarray, players: int) -> np.ndarray:
    """Per-seat values of each deal reordered by position: column 0 the dealer's left … the dealer last."""
    deals = len(values)
    dealer = np.arange(deals) % players
    seat = (np.arange(players)[None, :] + dealer[:, None] + 1) % players
    return np.take_along_axis(values, seat, axis=1)


# -- the measures ------------------------------------------------------------------------------------------------


def _skill(runs: Mapping[str, Simulation], ladder: Sequence[str], table: str, players: int,
           grouping: _Grouping) -> tuple[str, dict[str, _Stat]]:
    base = _scores(runs[table])[:, SEAT]
    stats: dict[str, _Stat] = {}
    for bot in ladder:
        stats[f"edge[{bot}]"] = grouping.mean(_scores(runs[bot])[:, SEAT] - base, POINTS)
    won = {}
    for bot in ladder:
        totals = _game_totals(_scores(runs[bot]), players)[:, -1, :]
        top = _leaders(totals)
        won[bot] = top[:, SEAT] / top.sum(axis=1)
        stats[f"game_wins[{bot}]"] = grouping.mean(won[bot], SHARE, games=True)
    # The strongest rung's wins beyond those of the table's own bot in the same seat on the same games (which win
    # 1 in N of them on average, every seat alike): beyond chance, the cards' luck paired out.
    beyond = won[ladder[-1]] - won[table]
    stats["decided"] = grouping.stat([beyond, np.ones(len(beyond))],
                                     lambda s: s[..., 0] / s[..., 1] / (1 - 1 / players), SHARE, games=True)
    return f"edge[{ladder[-1]}]", stats


def _luck_shares(s: np.ndarray, rungs: int) -> np.ndarray:
    """The cards', the strength's and the play's shares (last axis) from the sums ``s`` of ``_luck``'s parts."""
    b = rungs
    columns, squares, rows, n = s[..., :b], s[..., b], s[..., b + 1], s[..., b + 2]
    m = columns.sum(axis=-1) / (n * b)
    correction = n * b * m**2
    total = squares - correction
    cards = rows / b - correction
    strength = (columns**2).sum(axis=-1) / n - correction
    play = total - cards - strength
    mean_play = play / ((n - 1) * (b - 1))
    parts = np.stack([(cards / (n - 1) - mean_play) / b, strength / (n * b) - (b - 1) * mean_play / (n * b),
                      mean_play], axis=-1)
    return parts / parts.sum(axis=-1, keepdims=True)


def _luck_share(k: int, rungs: int) -> Callable[[np.ndarray], np.ndarray]:
    return lambda s: _luck_shares(s, rungs)[..., k]


def _luck(runs: Mapping[str, Simulation], ladder: Sequence[str], table: str, players: int,
          grouping: _Grouping) -> tuple[str, dict[str, _Stat]]:
    players_who_know = ladder[list(ladder).index(table):]
    x = np.stack([_scores(runs[bot])[:, SEAT] for bot in players_who_know], axis=1)  # (deals, rungs)
    b = x.shape[1]
    parts = [*x.T, (x**2).sum(axis=1), x.sum(axis=1) ** 2, np.ones(len(x))]
    stats = {name: grouping.stat(parts, _luck_share(k, b), SHARE) for k, name in enumerate(("cards", "strength",
                                                                                             "play"))}
    return "cards", stats


def _fairness(run: Simulation, players: int, grouping: _Grouping) -> tuple[str, dict[str, _Stat]]:
    scores = _scores(run)
    advantage = _by_position(scores - scores.mean(axis=1, keepdims=True), players)
    wins = _by_position(_on_top(run), players)
    stats: dict[str, _Stat] = {}
    for position in range(players):
        stats[f"advantage[{position}]"] = grouping.mean(advantage[:, position], POINTS)
    for position in range(players):
        stats[f"wins[{position}]"] = grouping.mean(wins[:, position], SHARE)
    return "advantage[0]", stats


def _drama(run: Simulation, players: int, grouping: _Grouping) -> tuple[str, dict[str, _Stat]]:
    totals = _game_totals(_scores(run), players)  # (games, deals, seats)
    leaders = _leaders(totals)
    changed = (leaders[:, 1:, :] != leaders[:, :-1, :]).any(axis=2)  # (games, deals - 1)
    final = np.sort(totals[:, -1, :], axis=1)
    return "last_deal", {
        "last_deal": grouping.mean(changed[:, -1], SHARE, games=True),
        "lead_changes": grouping.mean(changed.sum(axis=1), COUNT, games=True),
        "margin": grouping.mean(final[:, -1] - final[:, -2], POINTS, games=True),
        "spread": grouping.mean(final[:, -1] - final[:, 0], POINTS, games=True),
    }


def _tempo(run: Simulation, grouping: _Grouping) -> tuple[str, dict[str, _Stat]]:
    deals = run.deals
    return "calls", {
        "calls": grouping.mean(deals["calls"].to_numpy(), COUNT),
        "trump_changes": grouping.mean(deals["trump_changes"].to_numpy(), COUNT),
        "before_turn_up": grouping.mean((deals["tricks"] - deals["face_up_tricks"]).to_numpy(), COUNT),
        "call_worth": grouping.mean(call_worth(run), POINTS),
    }


# -- the result --------------------------------------------------------------------------------------------------


class _Measured(NamedTuple):
    """A measure as measured: its figures, and the sums behind each (for paired differences)."""

    measure: Measure
    stats: dict[str, _Stat]


def _measure_of(name: str, headline: str, stats: dict[str, _Stat], level: float) -> _Measured:
    return _Measured(Measure(name, headline, tuple(_figure(name, f, s, level) for f, s in stats.items())), stats)


class _Shown:
    """What a profile and a comparison share: the measures by name (``x.skill`` is ``x.measure("skill")``, and so is
    ``x["skill"]``), every figure in a row, and how they show (``bibi.render.profile``)."""

    @property
    def measures(self) -> tuple[str, ...]:
        raise NotImplementedError

    def measure(self, name: str) -> Measure:
        raise NotImplementedError

    def __getitem__(self, name: str) -> Measure:
        return self.measure(name)

    @property
    def skill(self) -> Measure:
        return self.measure("skill")

    @property
    def luck(self) -> Measure:
        return self.measure("luck")

    @property
    def fairness(self) -> Measure:
        return self.measure("fairness")

    @property
    def drama(self) -> Measure:
        return self.measure("drama")

    @property
    def tempo(self) -> Measure:
        return self.measure("tempo")

    @property
    def figures(self) -> tuple[Figure, ...]:
        """Every figure, measure by measure."""
        return tuple(f for name in self.measures for f in self.measure(name))

    def chart(self) -> Any:
        """The figures as a chart: an SVG picture drawn by the kit (no network, no plotting library)."""
        from bibi.render.profile import profile_svg

        return profile_svg(self)

    def __str__(self) -> str:
        """The table as text, in the language in force."""
        from bibi.render.profile import profile_text

        return profile_text(self)

    def _repr_html_(self) -> str:
        from bibi.render.profile import profile_html

        return profile_html(self)


@dataclass(frozen=True, eq=False)
class Profile(_Shown):
    """What ``profile`` measured: each measure by name (``skill``, ``luck``, ``fairness``, ``drama``, ``tempo``),
    its headline figure as ``.mean``, ``.low`` and ``.high``, its figures by name (``p.skill["decided"]``); every
    figure in ``frame``; the runs it played in ``simulations`` (by the measured seat's bot).

    In Jupyter it shows as a table in the reader's language and a chart (``bibi.render.profile``); ``str()`` is
    the table as text, ``chart()`` the chart alone (an SVG picture).
    """

    rules: Rules
    players: int
    deals: int
    seed: int
    table: str
    ladder: tuple[str, ...]
    level: float
    simulations: Mapping[str, Simulation] = field(repr=False)
    _measured: Mapping[str, _Measured] = field(repr=False)

    @property
    def measures(self) -> tuple[str, ...]:
        """The measures this profile measured, in ``MEASURES`` order."""
        return tuple(self._measured)

    def measure(self, name: str) -> Measure:
        """One measure by name."""
        if name not in MEASURES:
            raise ValueError("measure: " + _not_a_measure(name))
        measured = self._measured.get(name)
        if measured is None:
            raise ValueError(f"measure: this profile did not measure {name} (it measured "
                             f"{', '.join(self.measures)}); profile(..., measures=[..., {name!r}]) measures it")
        return measured.measure

    def headline(self, measure: str) -> str:
        """The name of a measure's headline figure."""
        return self.measure(measure).headline

    @property
    def frame(self) -> pd.DataFrame:
        """Every figure: ``measure``, ``figure``, ``mean``, ``low``, ``high``, ``kind``, ``headline``."""
        return _frame(self.figures, {m: self.headline(m) for m in self.measures})

    def compare(self, other: Profile) -> ProfileComparison:
        """``other`` against this profile, figure by figure: other minus this, paired on the same packs."""
        _check_pair(self, other)
        return ProfileComparison(self, other)

    def __repr__(self) -> str:
        return (f"<Profile {self.rules.label}, {self.players} players, {self.deals} deals, seed {self.seed}, "
                f"table {self.table}, ladder {' '.join(self.ladder)}>")


@dataclass(frozen=True, eq=False)
class ProfileComparison(_Shown):
    """Two profiles of the same packs: ``b`` against ``a``, every figure's difference (``b`` minus ``a``) with its
    interval. Each measure by name gives the differences (``cmp.skill.mean`` is ``b``'s headline minus ``a``'s);
    ``frame`` holds both profiles' figures and the differences."""

    a: Profile
    b: Profile

    @property
    def measures(self) -> tuple[str, ...]:
        return self.a.measures

    @property
    def level(self) -> float:
        return self.a.level

    def measure(self, name: str) -> Measure:
        """The differences of one measure's figures, ``b`` minus ``a``."""
        self.a.measure(name)  # checks the name
        return self._differences[name]

    @functools.cached_property
    def _differences(self) -> dict[str, Measure]:
        out = {}
        for name in self.measures:
            a, b = self.a._measured[name], self.b._measured[name]
            out[name] = Measure(name, a.measure.headline, tuple(_difference(name, f, a.stats[f], b.stats[f],
                                                                            self.level) for f in a.stats))
        return out

    @property
    def frame(self) -> pd.DataFrame:
        """Every figure of ``a`` and ``b`` and their difference: ``measure``, ``figure``, ``a_mean``, ``a_low``,
        ``a_high``, ``b_…``, ``diff``, ``low``, ``high``, ``kind``, ``headline``."""
        a, b = self.a.frame, self.b.frame
        diff = _frame(self.figures, {m: self.a.headline(m) for m in self.measures})
        out = a[["measure", "figure"]].copy()
        for prefix, frame in (("a", a), ("b", b)):
            for column in ("mean", "low", "high"):
                out[f"{prefix}_{column}"] = frame[column].to_numpy()
        out["diff"], out["low"], out["high"] = diff["mean"], diff["low"], diff["high"]
        out["kind"], out["headline"] = diff["kind"], diff["headline"]
        return out

    def __repr__(self) -> str:
        return f"<ProfileComparison {self.b.rules.label} against {self.a.rules.label}: {repr(self.a)[9:-1]}>"


def _frame(figures: Iterable[Figure], headlines: Mapping[str, str]) -> pd.DataFrame:
    rows = [(*f[:5], f.kind, headlines[f.measure] == f.name) for f in figures]
    frame = pd.DataFrame(rows, columns=["measure", "figure", "mean", "low", "high", "kind", "headline"])
    frame["measure"] = pd.Categorical(frame["measure"], categories=[m for m in MEASURES if m in headlines])
    return frame


def _check_pair(a: Profile, b: Any) -> None:
    """Refuse to pair profiles that did not play the same packs with the same players."""
    if not isinstance(b, Profile):
        raise wrong_type("other", b, "a Profile", typed=False)
    differ = [f"{name} {getattr(a, name)!r} and {getattr(b, name)!r}"
              for name in ("players", "deals", "seed", "table", "ladder", "level", "measures")
              if getattr(a, name) != getattr(b, name)]
    if a.rules.decks != b.rules.decks:
        differ.append(f"decks {a.rules.decks} and {b.rules.decks}")
    if differ:
        raise ValueError(f"other: profiles are paired only on the same packs and players; these differ: "
                         f"{'; '.join(differ)}")


# -- the public calls -----------------------------------------------------------------------------------------


class _Plan(NamedTuple):
    rules: Rules
    players: int
    deals: int
    seed: int
    table: str
    ladder: tuple[str, ...]
    specs: dict[str, str | Bot]  # the measured seat's bot by its name, each played once
    measures: tuple[str, ...]
    level: float


def _names(bots: Any, what: str) -> list[tuple[str, str | Bot]]:
    """Bots (names or callables) with the names they go by, checked (``simulate``'s rules for bots)."""
    if isinstance(bots, str) or callable(bots):
        bots = [bots]
    if not isinstance(bots, Sequence):
        raise wrong_type(what, bots, "bot names weakest first, like {example}", typed=False,
                         example="('random', 'greedy', 'heuristic')")
    labels, specs = _resolve_bots(list(bots), len(bots))
    return list(zip(labels, specs, strict=True))


def _not_a_measure(name: Any) -> str:
    """Why ``name`` is refused as a measure, naming the measures there are."""
    # TRANSLATORS: {value} is the name refused, quoted; {measures} the measures' names, as typed in code
    return _("{value} is not a measure; the measures: {measures}").format(value=shorten(name),
                                                                          measures=", ".join(MEASURES))


def _plan(rules: Any, players: Any, deals: Any, seed: Any, table: Any, ladder: Any, measures: Any, workers: Any,
          executor: Any, progress: Any, level: Any) -> _Plan:
    """Every argument of a profile, checked before anything is played."""
    rules = as_rules(rules)
    if isinstance(measures, str):
        measures = (measures,)
    if not isinstance(measures, Iterable):
        raise wrong_type("measures", measures, "measure names like {example}", typed=False, example="('skill', 'luck')")
    asked = list(measures)
    for name in asked:
        if name not in MEASURES:
            raise ValueError("measures: " + _not_a_measure(name))
    if not asked:
        # TRANSLATORS: {measures} is the measures' names, as typed in code
        raise ValueError("measures: " + _("none given; the measures: {measures}").format(measures=", ".join(MEASURES)))
    _check_level(level)
    if not isinstance(table, str) and not callable(table):
        raise wrong_type("table", table, "one bot for every other seat, like 'greedy'", typed=False)
    ((table_name, table_spec),) = _names(table, "table")
    rungs = _names(ladder, "ladder")
    names = [name for name, _ in rungs]
    if len(rungs) < 2:
        # TRANSLATORS: {value} is the ladder refused, as Python writes it; {example} a ladder, as typed in code
        raise ValueError("ladder: " + _("{value} has fewer than two bots; give them weakest first, the table's among "
                                        "them, like {example}").format(value=shorten(ladder),
                                                                       example="('random', 'greedy', 'heuristic')"))
    if len(set(names)) < len(names):
        # TRANSLATORS: {value} is the ladder's bots, as Python writes them
        raise ValueError("ladder: " + _("{value} names a bot twice").format(value=shorten(names)))
    if table_name not in names:
        # TRANSLATORS: {value} is the table's bot, quoted; {ladder} the ladder's bots, as Python writes them
        raise ValueError("table: " + _("{value} is not in the ladder {ladder}: the table's own bot is the rung the "
                                       "others are measured against").format(value=shorten(table_name),
                                                                             ladder=shorten(names)))
    if names[-1] == table_name:
        # TRANSLATORS: {value} is the table's bot, quoted; 'heuristic', 'greedy' and 'search' are bots' names
        raise ValueError("ladder: " + _("its strongest bot, the last, is the table's own ({value}); end it with a "
                                        "stronger one, like 'heuristic' at a greedy table or 'search' at a heuristic "
                                        "one").format(value=repr(table_name)))
    specs = dict(rungs)
    for spec in specs.values():  # every run checked before the first deal is played
        _check_run(rules, players, deals, [spec, *[table_spec] * (players - 1)], seed, workers, executor, progress)
    if deals < 2 * players:
        # TRANSLATORS: {deals} is the number of deals asked for; a game is {players} deals (R26: every seat deals
        # once); {least} the fewest deals of two games
        raise ValueError("deals: " + _("{deals} make fewer than two games of {players} deals (every seat deals once, "
                                       "R26); give at least {least}").format(deals=deals, players=players,
                                                                             least=2 * players))
    order = tuple(m for m in MEASURES if m in asked)
    return _Plan(rules, players, deals, seed, table_name, tuple(names), specs, order, level)


def _wanted(plan: _Plan) -> list[str]:
    """The measured seat's bots the plan's measures need, one run each, in the ladder's order."""
    need: set[str] = set()
    table_at = plan.ladder.index(plan.table)
    for measure in plan.measures:
        if measure == "skill":
            need.update(plan.ladder)
        elif measure == "luck":
            need.update(plan.ladder[table_at:])
        else:
            need.add(plan.table)
    return [bot for bot in plan.ladder if bot in need]


def _run(plan: _Plan, workers: int, executor: Executor | None, bar: Any) -> Profile:
    """Play the plan's runs (reporting to ``bar``) and measure."""
    table = plan.specs[plan.table]
    runs = {bot: _simulate(plan.rules, plan.players, plan.deals, [plan.specs[bot], *[table] * (plan.players - 1)],
                           plan.seed, workers, executor, bar)
            for bot in _wanted(plan)}
    grouping = _grouping(plan.deals, plan.players)
    n = plan.players
    measured: dict[str, _Measured] = {}
    for name in plan.measures:
        if name == "skill":
            result = _skill(runs, plan.ladder, plan.table, n, grouping)
        elif name == "luck":
            result = _luck(runs, plan.ladder, plan.table, n, grouping)
        elif name == "fairness":
            result = _fairness(runs[plan.table], n, grouping)
        elif name == "drama":
            result = _drama(runs[plan.table], n, grouping)
        else:
            result = _tempo(runs[plan.table], grouping)
        measured[name] = _measure_of(name, *result, plan.level)
    return Profile(plan.rules, n, plan.deals, plan.seed, plan.table, plan.ladder, plan.level, runs, measured)


def profile(
    rules: Rules | str,
    players: int = 6,
    deals: int = DEALS,
    seed: int = 0,
    table: str | Bot = TABLE,
    ladder: Sequence[str | Bot] = LADDER,
    measures: Sequence[str] | str = MEASURES,
    workers: int = 1,
    executor: Executor | None = None,
    progress: bool = True,
    level: float = LEVEL,
) -> Profile:
    """What kind of game ``rules`` make at ``players``: the measures of the module's docstring, from ``deals``
    deals played once for each bot of ``ladder`` in the measured seat (seat 0) at a table of ``table`` bots.

    ``measures``: the measures to take (each plays only the runs it needs: fairness, drama and tempo the equal
    table's alone). ``workers`` and ``executor`` are ``simulate``'s: processes, or any
    ``concurrent.futures.Executor`` (a Dask client's ``get_executor()`` too); the figures are the same either way.
    ``progress`` shows one bar for all the runs. Every argument is checked before the first deal is played.
    """
    plan = _plan(rules, players, deals, seed, table, ladder, measures, workers, executor, progress, level)
    with _progress(len(_wanted(plan)) * plan.deals, progress, f"profile {plan.rules.label}") as bar:
        return _run(plan, workers, executor, bar)


def compare(
    a: Rules | str,
    b: Rules | str,
    players: int = 6,
    deals: int = DEALS,
    seed: int = 0,
    table: str | Bot = TABLE,
    ladder: Sequence[str | Bot] = LADDER,
    measures: Sequence[str] | str = MEASURES,
    workers: int = 1,
    executor: Executor | None = None,
    progress: bool = True,
    level: float = LEVEL,
) -> ProfileComparison:
    """The profiles of rules ``a`` and ``b`` on the same packs, and ``b``'s figures against ``a``'s (``b - a``),
    under one progress bar. The arguments are ``profile``'s; both rules are checked before anything is played."""
    plans = [_plan(r, players, deals, seed, table, ladder, measures, workers, executor, progress, level)
             for r in (a, b)]
    if plans[0].rules.decks != plans[1].rules.decks:
        raise ValueError(f"b: {shorten(plans[1].rules.label)} plays {plans[1].rules.decks} packs and "
                         f"{shorten(plans[0].rules.label)} {plans[0].rules.decks}: they cannot play the same packs")
    total = sum(len(_wanted(plan)) * plan.deals for plan in plans)
    with _progress(total, progress, f"profile {plans[0].rules.label} {plans[1].rules.label}") as bar:
        first, second = (_run(plan, workers, executor, bar) for plan in plans)
    return first.compare(second)


__all__ = ["DEALS", "GROUPS", "LADDER", "MEASURES", "TABLE", "Figure", "Measure", "Profile", "ProfileComparison",
           "compare", "profile"]


class _CallableModule(types.ModuleType):
    """``bibi.profile`` is both this module and its function: ``bibi.profile("ru")`` profiles, and
    ``bibi.profile.Profile`` is the class. (Importing the module binds ``bibi.profile`` to it, whatever
    ``bibi/__init__.py`` binds first; a callable module keeps the call working either way.)"""

    def __call__(self, *args: Any, **kwargs: Any) -> Profile:
        return profile(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule
