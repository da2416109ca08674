"""The review of one seat's decisions in a finished deal: what each choice was worth from what the seat could know.

``analyse(deal_or_record, seat)`` replays a finished deal and, at every decision of ``seat`` that had a choice (a
card, a call or a pass, a switch of the trump), values **every legal action from the seat's view at that moment**:
worlds are dealt consistent with that view (``bibi.bots.search_sampler``: the hidden hands and the stock, as the
search bot deals them), each legal action is played in each world and the deal played on to its end by the bots'
quick rule of play (``bibi.bots.play_every_action``), the same worlds for every action, so the luck of the cards
cancels out between them. The action with the best mean is the **best**; the **loss** is its mean minus the played
action's, with a 95 % interval from the paired differences in the same worlds. The label (``LABELS``) is read from
the interval, never from the estimate alone: a decision is a mistake only when the interval's low end is a
mistake's loss (``THRESHOLDS``); where the estimate alone says worse, it is **too close to tell** (``close``).

The worlds are dealt in batches (``BATCH``) up to a budget (``worlds``) and stop as soon as the interval lies
within one label's band: clear decisions cost one batch, close ones the whole budget.

**Which points are counted.** By default the seat's own final score of the deal (``counted="own"``): the score the
search bot and the hints maximise, so the review and the hint agree on what is best, and the points a player can
make in one deal. A game is won by the highest total (R9; I17), so ``counted="margin"`` counts the seat's score
minus the mean of the others' instead: a point given to another seat then costs too. The card points of a deal
are fixed (the pack's 264, less the leftovers), so the two part only through the others' Bi-bi points and the
leftovers; how often they disagree is measured in bench/README.md ("The coach").

**Hindsight** is a second lens, kept apart and marked as such: each legal action played on the *true* deal (every
hand and the stock's order known, as Bridge's double-dummy analysis sees it), the deal then played out by the same
quick rule. It never enters the first lens's values, loss or label.

**The first lens reads only the seat's view.** The worlds of a decision are dealt from a stream seeded by ``seed``
and the view alone (``repr(view)``), so two deals the seat cannot tell apart get the same first-lens analysis, and
the same record, seat and seed always give the same analysis. Analysing replays the record; the record is never
changed.

>>> from bibi.play import play_seeded
>>> deal = play_seeded("ru", 4, seed=3, bots="heuristic")
>>> analysis = analyse(deal, 0, worlds=40)
>>> d = analysis.decisions[0]
>>> d.played in d.values and d.best in d.values and d.label in LABELS and d.low <= d.loss <= d.high
True
>>> analyse(deal, 0, worlds=40) == analysis, deal.record() == analysis.record
(True, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from bibi.actions import Action
from bibi.bots import play_every_action, search_sampler
from bibi.cards import Card, Rank
from bibi.deal import Deal, View
from bibi.errors import SearchExhausted, WrongType, check_seed, shorten, whole, wrong_type
from bibi.i18n import _, decimal, interval, ngettext, percent
from bibi.play import call_said, snapshots, trick_number
from bibi.render.review import GLYPHS, figure, label_word, move_text
from bibi.rules import Identical
from bibi.sampling import Sampler, unseen
from bibi.session import advice
from bibi.tricks import beaten_count, trick_result, winning_plays

# -- what is counted, and the labels ----------------------------------------------------------------------

COUNTED = ("own", "margin")  # the seat's own final score; or that minus the mean of the others' (``analyse``)
LABELS = ("best", "good", "inaccuracy", "mistake", "blunder")


class Thresholds(NamedTuple):
    """The least loss, in points of the deal, of each label: a loss below ``inaccuracy`` is good."""

    inaccuracy: float
    mistake: float
    blunder: float


# The labels' thresholds, in points of the seat's final score (bench/README.md, "The coach"): Lichess's 5, 10 and 15
# percentage points of winning chances are about 2.4, 4.7 and 7 points of one 6-player deal and 6, 12 and 17 of a
# game of six (bench/coach_thresholds.py); the review's interval confirms 2 points at its budget (a half-width of
# 0.75 at the median); a mistake from 5 flags 99 % of the actions that lose 10 points or more by a reference run
# with ten times the worlds, and none of its best (bench/coach_calibration.py), where 8 would flag 81 %.
THRESHOLDS = Thresholds(inaccuracy=2.0, mistake=5.0, blunder=15.0)

WORLDS = 1000  # the default budget of worlds per decision
BATCH = 100  # worlds dealt and played between looks at the interval
_Z = 1.96  # a 95 % interval: 1.96 standard errors
_STEPS = 200_000  # the sampler's exhaustive search, for all the worlds of one decision (``Sampler(steps=)``)
_TRIES = 3  # quick attempts per world before the sampler searches (``Sampler.world``)
_FACT_WORLDS = 100  # of the first worlds, those the plain words' facts are counted in (a costly decision's)

Progress = Callable[[int, int], object]  # progress(done, total): decisions analysed, decisions to analyse
SamplerFactory = Callable[[View], Sampler]  # the worlds of a view: an object with ``world(rng, tries) -> Deal``


# -- the analysis -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Decision:
    """One decision of the seat that had a choice, valued from what the seat could know then (the first lens),
    and on the true deal (``hindsight``, the second lens, apart).

    ``values`` holds every legal action's mean points (``Analysis.counted``) over the ``worlds`` worlds it was
    played in; ``loss`` is the best mean minus the played action's, ``low`` and ``high`` its 95 % interval (the
    paired differences from each other action, in the same worlds); ``label`` one of ``LABELS``, read from
    ``low``; ``close``: the estimate alone would say a worse label (too close to tell). ``hindsight``: each legal
    action's points on the true deal played out (``None`` if not asked for). ``facts``: what the worlds showed
    of the played card kept (``kept``: the share of the best line's worlds in which it won a later trick for the
    seat), counted for the decisions that lost points."""

    position: int  # the index of the played action in the deal's record
    trick: int  # counted from 1
    view: View = field(repr=False)  # what the seat saw then: all the first lens reads
    played: Card | Action
    best: Card | Action
    values: Mapping[Card | Action, float]
    loss: float
    low: float
    high: float
    worlds: int
    label: str
    close: bool
    hindsight: Mapping[Card | Action, float] | None = None
    facts: Mapping[str, float] = field(default_factory=dict)

    @property
    def seat(self) -> int:
        return self.view.seat

    @property
    def costly(self) -> bool:
        """Whether the first lens calls it an inaccuracy, a mistake or a blunder."""
        return self.label in ("inaccuracy", "mistake", "blunder")

    @property
    def hindsight_best(self) -> Card | Action | None:
        """The best action with every card known (the first of the best, in the legal actions' order)."""
        if self.hindsight is None:
            return None
        top = max(self.hindsight.values())
        return next(a for a, v in self.hindsight.items() if v == top)

    @property
    def hindsight_loss(self) -> float | None:
        """The points the played action lost with every card known (``None`` if hindsight was not asked for)."""
        if self.hindsight is None:
            return None
        return max(self.hindsight.values()) - self.hindsight[self.played]

    def label_text(self) -> str:
        """The label as a person reads it, ``too close to tell`` said where the interval says so."""
        text = label_word(self.label)
        if self.close:
            worse = label_word(_band(self.loss))
            # TRANSLATORS: {label} and {worse} are two labels of a decision: "good, or an inaccuracy?"
            return _("{label} or {worse}: too close to tell").format(label=text, worse=worse)
        return text

    @property
    def half(self) -> float:
        """The half-width of the loss's interval as the kit writes every interval (``loss ± half``,
        ``bibi.i18n.interval``): wide enough to hold both ends, ``low`` and ``high``, which need not lie at equal
        distances from the loss (each is the largest over the other actions)."""
        return max(self.loss - self.low, self.high - self.loss, 0.0)

    def loss_text(self) -> str:
        """The loss and its interval, ``7.2 ± 4.3``, in the language's numbers."""
        if self.label == "best" and self.high <= 0:
            return decimal(0.0)
        return interval(self.loss, self.half)

    def words(self) -> str:
        """What happened and what was better, in plain words from the engine's facts, with the sentence ids; then
        the values behind the label, and the hindsight apart. In the language in force."""
        return decision_words(self)


class Summary(NamedTuple):
    """A review at a glance: the decisions with a choice, the points they lost in all and per decision, the
    accuracy (the share of the points at stake that the choices kept, in percent: 100 when every choice was the
    best), how many got each label, and the costliest (at most three, the costliest first)."""

    decisions: int
    lost: float
    per_decision: float
    accuracy: float
    labels: Mapping[str, int]
    costliest: tuple[Decision, ...]


@dataclass(frozen=True)
class Analysis:
    """The review of ``seat``'s decisions in a finished deal (``analyse``): ``decisions`` in the deal's order, each
    with a choice; ``record`` the deal's record, unchanged; ``score`` the seat's final points as counted."""

    record: Mapping[str, Any] = field(compare=True, repr=False)
    seat: int
    seed: Any
    worlds: int
    counted: str
    score: float
    decisions: tuple[Decision, ...]
    thresholds: Thresholds = THRESHOLDS

    def summary(self) -> Summary:
        """The points lost in all and per decision, the accuracy, the labels counted, the three costliest."""
        decisions = self.decisions
        lost = sum(d.loss for d in decisions)
        stake = kept = 0.0
        for d in decisions:
            worst = min(d.values.values())
            stake += max(d.values.values()) - worst
            kept += d.values[d.played] - worst
        labels = {label: sum(1 for d in decisions if d.label == label) for label in LABELS}
        costly = sorted((d for d in decisions if d.costly), key=lambda d: (-d.loss, d.position))[:3]
        return Summary(len(decisions), lost, lost / len(decisions) if decisions else 0.0,
                       100.0 * kept / stake if stake else 100.0, labels, tuple(costly))

    def decision_at(self, position: int) -> Decision:
        """The decision whose action is ``deal.actions[position]``; ``ValueError`` if the seat had no choice there."""
        for d in self.decisions:
            if d.position == position:
                return d
        raise ValueError(f"position: {shorten(position)} is not a decision of seat {self.seat} with a choice "
                         f"(those are {', '.join(str(d.position) for d in self.decisions) or 'none'})")

    def deal(self) -> Deal:
        """The analysed deal, replayed from its record (a new copy each time)."""
        return Deal.replay(dict(self.record))

    def frame(self) -> Any:
        """One row per decision as a pandas ``DataFrame`` (pandas is imported here: ``table`` works without it)."""
        import pandas as pd  # lazy: the kit's core runs without pandas

        return pd.DataFrame([_row(d) for d in self.decisions], columns=list(_COLUMNS)).set_index("position")

    def table(self) -> Any:
        """The decisions as a table: a pandas ``DataFrame`` where pandas is installed, else ``HTML`` (the review as
        ``_repr_html_`` shows it), so a notebook in a browser without pandas still shows them."""
        try:
            return self.frame()
        except ImportError:
            return self.html()

    def html(self) -> Any:
        """The review as HTML: the summary, the expected score through the deal, every decision."""
        from bibi import render  # lazy, as the engine reaches the renderer

        return render.analysis_html(self)

    def svg(self) -> Any:
        """The seat's expected score through the deal, as an SVG picture (``render.expected_score_svg``)."""
        from bibi import render

        return render.expected_score_svg(self)

    def text(self) -> str:
        """The review as plain text, as ``bibi analyse`` prints it."""
        from bibi import render

        return render.analysis_text(self)

    def _repr_html_(self) -> str:
        return str(self.html())

    def __repr__(self) -> str:
        s = self.summary()
        return (f"<Analysis of seat {self.seat}: {s.decisions} decisions, {s.lost:.1f} points lost, "
                f"accuracy {s.accuracy:.0f}%, {self.worlds} worlds at most, seed {self.seed!r}>")


_COLUMNS = ("position", "trick", "played", "best", "label", "close", "loss", "low", "high", "worlds",
            "hindsight_best", "hindsight_loss")


def _row(d: Decision) -> tuple[Any, ...]:
    hb = d.hindsight_best
    return (d.position, d.trick, str(d.played), str(d.best), d.label, d.close, round(d.loss, 2),
            round(max(0.0, d.low), 2), round(d.high, 2), d.worlds, None if hb is None else str(hb),
            None if d.hindsight_loss is None else round(d.hindsight_loss, 2))


def _band(loss: float, thresholds: Thresholds = THRESHOLDS) -> str:
    """The label of a loss by ``thresholds`` alone (good below the inaccuracy's)."""
    if loss >= thresholds.blunder:
        return "blunder"
    if loss >= thresholds.mistake:
        return "mistake"
    if loss >= thresholds.inaccuracy:
        return "inaccuracy"
    return "good"


# -- analyse ----------------------------------------------------------------------------------------------


def analyse(deal_or_record: Any, seat: Any, *, worlds: Any = WORLDS, seed: Any = 0, counted: str = "own",
            hindsight: bool = True, sampler: SamplerFactory | None = None,
            progress: Progress | None = None) -> Analysis:
    """Review ``seat``'s decisions in a finished deal (a ``Deal`` or its record): see the module doc.

    ``worlds``: the most worlds a decision is valued in (a whole number ≥ 1; dealt ``BATCH`` at a time, fewer
    where the label is clear sooner). ``seed``: the worlds' stream, with each view. ``counted``: ``"own"`` or
    ``"margin"`` (``COUNTED``). ``hindsight``: value each action on the true deal too (the second lens).
    ``sampler(view)``: what deals the worlds of a view (default: the search bot's, ``bibi.bots.search_sampler``);
    a weighting of worlds (inference from the others' play) plugs in here, as a sampler that deals worlds in
    proportion to their weight. ``progress(done, total)`` is called before the first decision and after each.
    """
    deal = _finished_deal(deal_or_record)
    seat = whole("seat", seat, 0, deal.players - 1)
    budget = whole("worlds", worlds, 1)
    seed = _seed(seed)
    _check_lens(counted, hindsight, sampler)
    if progress is not None and not callable(progress):
        raise wrong_type("progress", progress, "a callable (done, total)", typed=False)
    make = sampler if sampler is not None else _search_sampler
    states = snapshots(deal)
    todo = [at for at, state in enumerate(states[:-1]) if state.to_act == seat and len(state.legal_actions()) > 1]
    if progress is not None:
        progress(0, len(todo))
    decisions = []
    for done, at in enumerate(todo, 1):
        decisions.append(_judge(states[at], at, deal.actions[at], seed, budget, counted, hindsight, make))
        if progress is not None:
            progress(done, len(todo))
    record = deal.record()
    return Analysis(record, seat, seed, budget, counted, _counted(deal.scores, seat, counted), tuple(decisions))


def _search_sampler(view: View) -> Sampler:
    return search_sampler(view, steps=_STEPS)


def _finished_deal(deal_or_record: Any) -> Deal:
    """The deal to analyse, replayed from its record (the caller's deal is never touched)."""
    if isinstance(deal_or_record, Deal):
        record = deal_or_record.record()
    elif isinstance(deal_or_record, Mapping):
        record = dict(deal_or_record)
    else:
        raise wrong_type("deal_or_record", deal_or_record, "a Deal or a deal's record (a dict)", typed=False)
    try:
        deal = Deal.replay(record)
    except (ValueError, TypeError) as exc:
        raise ValueError(f"deal_or_record: the record does not replay: {exc}") from None
    if not deal.is_over:
        raise ValueError(f"deal_or_record: the deal is not over ({len(deal.actions)} actions played, trick "
                         f"{trick_number(deal)} of {deal.tricks_total}); a review waits for the end")
    return deal


def _counted(scores: Sequence[int], seat: int, counted: str) -> float:
    """The points counted for ``seat`` from every seat's final ``scores``."""
    own = scores[seat]
    if counted == "own":
        return float(own)
    return own - (sum(scores) - own) / (len(scores) - 1)


class _Valued(NamedTuple):
    points: list[list[float]]  # per legal action, the counted points in each world
    first: list[Deal]  # the first worlds (``_FACT_WORLDS``), for the plain words' facts


def judge(deal: Deal, action: Card | Action | str, *, worlds: Any = WORLDS, seed: Any = 0, counted: str = "own",
          hindsight: bool = False, sampler: SamplerFactory | None = None) -> Decision:
    """``action`` at ``deal``'s decision (its seat to act, with a choice), valued as ``analyse`` values the decisions
    of a finished deal: every legal action on the same worlds of the seat's view, the loss of ``action``, its
    interval and label. ``hindsight`` reads the true deal (every hand, the stock's order): ask it once the deal
    is over, never of a deal still being played. The deal is not changed."""
    if not isinstance(deal, Deal):
        raise wrong_type("deal", deal, "a Deal", typed=False)
    if deal.is_over or len(deal.legal_actions()) < 2:
        raise ValueError("deal: no decision with a choice to judge here (the deal is over, or one action is legal)")
    act = Action.parse(action)
    if act not in deal.legal_actions():
        raise ValueError(f"action: {shorten(action)} is not a legal action here")
    budget = whole("worlds", worlds, 1)
    _check_lens(counted, hindsight, sampler)
    return _judge(deal, len(deal.actions), act, _seed(seed), budget, counted, hindsight,
                  sampler if sampler is not None else _search_sampler)


def _seed(seed: Any) -> Any:
    """The worlds' seed: a whole number or a text, as ``Deal.new`` takes it; not ``None`` (a review is the same every
    time it is asked)."""
    if seed is None:
        raise WrongType("seed: None; " + _("a review's worlds need a seed (a whole number or a text), the same each "
                                           "time"))
    return check_seed("seed", seed)


def _check_lens(counted: Any, hindsight: Any, sampler: Any) -> None:
    if counted not in COUNTED:
        raise ValueError(f"counted: {shorten(counted)} is not one of {', '.join(COUNTED)}")
    if not isinstance(hindsight, bool):
        raise wrong_type("hindsight", hindsight, "True or False", typed=False)
    if sampler is not None and not callable(sampler):
        raise wrong_type("sampler", sampler, "a callable (view) -> sampler", typed=False)


def _judge(state: Deal, at: int, played: Card | Action, seed: Any, budget: int, counted: str, hindsight: bool,
           make: SamplerFactory) -> Decision:
    """The decision at ``state`` (its seat to act, with a choice), valued on worlds of the seat's view."""
    seat = state.to_act
    assert seat is not None  # a decision
    view = state.view(seat)
    legal = view.legal_actions
    rng = random.Random(f"bibi-coach:{seed!r}:{view!r}")
    p = legal.index(played)
    valued = _value(view, legal, p, budget, make(view), rng, counted)
    points = valued.points
    n = len(points[0])
    lens = _hindsight(state, legal, seat, counted) if hindsight else None
    if n == 0:  # no world fits the view within the sampler's steps: nothing to judge by
        return Decision(at, trick_number(state), view, played, played, {a: math.nan for a in legal}, 0.0, 0.0, 0.0,
                        0, "best", False, lens)
    means = [sum(x) / n for x in points]
    top = max(means)
    best = played if means[p] == top else legal[means.index(top)]
    loss, low, high = _interval(points, p)
    label = "best" if loss == 0 else _band(low)
    close = label != "best" and _band(loss) != _band(low)
    decision = Decision(at, trick_number(state), view, played, best, dict(zip(legal, means, strict=True)), loss,
                        low, high, n, label, close, lens)
    if decision.costly and isinstance(played, Card) and best != played:
        return _with_facts(decision, valued.first, seat)
    return decision


def _value(view: View, legal: tuple[Card | Action, ...], p: int, budget: int, sampler: Sampler,
           rng: random.Random, counted: str) -> _Valued:
    """Every legal action played in the same worlds of ``view``, ``BATCH`` worlds at a time, until the loss's
    interval lies within one label's band or ``budget`` worlds are played (or the sampler's steps run out)."""
    seat = view.seat
    points: list[list[float]] = [[] for _ in legal]
    first: list[Deal] = []
    while len(points[0]) < budget:
        batch = []
        for _world in range(min(BATCH, budget - len(points[0]))):
            try:
                batch.append(sampler.world(rng, _TRIES))
            except SearchExhausted:  # the sampler's steps are spent: the worlds found so far decide
                budget = 0
                break
        if len(first) < _FACT_WORLDS:
            first += batch[:_FACT_WORLDS - len(first)]
        for i, per_world in enumerate(play_every_action(batch, legal)):
            points[i] += [_counted(final, seat, counted) for final in per_world]
        if not points[0]:
            break
        loss, low, high = _interval(points, p)
        if _band(max(0.0, low)) == _band(high):
            break  # the label is settled: more worlds would not change it
    return _Valued(points, first)


def _interval(points: list[list[float]], p: int) -> tuple[float, float, float]:
    """The loss of action ``p`` (the best mean minus its own) and its 95 % interval: the low end is the largest
    low end of the paired differences of the other actions from it, the high end their largest high end (an
    action's paired difference in the same worlds, ± 1.96 standard errors); both ≥ 0 but for the low end, which
    may fall below 0 (no loss shown)."""
    mine = points[p]
    n = len(mine)
    loss, low, high = 0.0, -math.inf, 0.0
    for i, theirs in enumerate(points):
        if i == p:
            continue
        diffs = [a - b for a, b in zip(theirs, mine, strict=True)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
        half = _Z * (var / n) ** 0.5
        loss = max(loss, mean)
        low = max(low, mean - half)
        high = max(high, mean + half)
    return loss, (0.0 if low == -math.inf else low), high


def _hindsight(state: Deal, legal: tuple[Card | Action, ...], seat: int, counted: str) -> dict[Card | Action, float]:
    """The second lens: each legal action played on the true deal, played out by the same quick rule."""
    per_action = play_every_action([state], legal)
    return {a: _counted(finals[0], seat, counted) for a, finals in zip(legal, per_action, strict=True)}


def _with_facts(decision: Decision, worlds: list[Deal], seat: int) -> Decision:
    """``decision`` with what its first worlds show of the played card kept: in how many of them, the best action
    played instead, the seat later won a trick with the played card (a card of the seat's hand: every world keeps
    the seat's own cards)."""
    played, best = decision.played, decision.best
    start = len(decision.view.tricks)
    won = [0]

    def finished(_i: int, _w: int, deal: Deal) -> None:
        for trick in deal.tricks[start + 1:]:
            if trick.winner == seat and (seat, played) in trick.plays:
                won[0] += 1
                return

    play_every_action(worlds, (best,), finished)
    facts = {"kept": won[0] / len(worlds), "kept_worlds": float(len(worlds))} if worlds else {}
    return Decision(decision.position, decision.trick, decision.view, played, best, decision.values, decision.loss,
                    decision.low, decision.high, decision.worlds, decision.label, decision.close, decision.hindsight,
                    facts)


# -- plain words --------------------------------------------------------------------------------------------


def decision_words(d: Decision) -> str:
    """``Decision.words``: what the seat did, what was better (as a hint says it, ``bibi.session.advice``), what the
    worlds showed, the values behind the label; then hindsight, marked. In the language in force."""
    said = [_did(d.view, d.played)]
    if d.worlds == 0:
        said.append(_("No deal consistent with what you saw was found in the steps allowed: this decision is not "
                      "judged."))
        return " ".join(said)
    if d.best != d.played:
        said.append(_("Better: {advice}.").format(advice=advice(d.view, d.best)))
        kept = d.facts.get("kept")
        if kept is not None and isinstance(d.played, Card):
            said.append(_("Kept, {card} won a later trick in {share} of the deals played out.").format(
                card=d.played.display(), share=percent(kept)))
    said.append(_values_words(d))
    hind = _hindsight_words(d)
    if hind:
        said.append(hind)
    return " ".join(said)


def _did(view: View, action: Card | Action) -> str:
    """What the seat did, in the past tense, from the engine's facts of the trick as it stood."""
    if not isinstance(action, Card):
        return _did_other(view, action)
    rules = view.rules
    points = rules.card_points.per_card()
    trump = view.trump.index
    second_wins = rules.identical is Identical.SECOND_WINS
    shown = _("{card} ({points})").format(card=action.display(), points=_points(points[action]))
    trick = view.trick if len(view.trick) < view.players else ()
    if not trick:
        n = beaten_count(action, trump, second_wins, unseen(view))
        if n:
            return ngettext("You led {card}: {n} card still out could beat it (I8).",
                            "You led {card}: {n} cards still out could beat it (I8).", n).format(card=shown, n=n)
        return _("You led {card}: no card left could beat it (I8).").format(card=shown)
    at, on_table = trick_result(trick, trump, second_wins, points)
    winner, card = trick[at]
    if action in winning_plays(trick, (action,), trump, second_wins, card):
        if len(trick) == view.players - 1:
            total = on_table + points[action]
            return ngettext("You played {card} last and took the trick with its {n} point (I8).",
                            "You played {card} last and took the trick with its {n} points (I8).",
                            total).format(card=shown, n=total)
        n = beaten_count(action, trump, second_wins, unseen(view))
        if n:
            return ngettext("You played {card}, which was winning the trick; {n} card still out could beat it (I8).",
                            "You played {card}, which was winning the trick; {n} cards still out could beat it "
                            "(I8).",
                            n).format(card=shown, n=n)
        return _("You played {card}, which was winning the trick; no card left could beat it (I8).").format(card=shown)
    trumped = card.suit.index == trump and trick[0][1].suit.index != trump
    if trumped:
        text = _("You played {card} to a trick seat {seat} was already winning with a trump (I8): it could not win "
                 "it").format(card=shown, seat=winner)
    else:
        text = _("You played {card} to a trick seat {seat} was winning with {winning} (I8): it could not win "
                 "it").format(card=shown, seat=winner, winning=card.display())
    if points[action]:
        return text + ngettext(", and its {n} point went with the trick.", ", and its {n} points went with the trick.",
                               points[action]).format(n=points[action])
    return text + "."


def _points(n: int) -> str:
    return ngettext("{n} point", "{n} points", n).format(n=n) if n else _("no points")


def _did_other(view: View, action: Action) -> str:
    """A call, a pass or a switch the seat made, in the past tense."""
    suit = action.suit
    if action.kind == Action.SWITCH and suit is not None:
        return _("You switched the trump to {sym} (I12, I14).").format(sym=suit.symbol)
    word = call_said(view.rules)
    if action.kind == Action.CALL and suit is not None:
        return ngettext("You said {call} with {king} {queen}: +{n} point (R15).",
                        "You said {call} with {king} {queen}: +{n} points (R15).", view.rules.bibi_points).format(
            call=word, king=Card(Rank.KING, suit).display(), queen=Card(Rank.QUEEN, suit).display(),
            n=view.rules.bibi_points)
    pairs = [a.suit for a in view.legal_actions if a.kind == Action.CALL and a.suit is not None]
    held = " ".join(f"{Card(Rank.KING, s).display()} {Card(Rank.QUEEN, s).display()}" for s in pairs)
    return _("You passed: you did not say {call} with {pair} (R23).").format(call=word, pair=held)


def _values_words(d: Decision) -> str:
    """The values behind the label: the best action's mean and the played one's, the loss with its interval."""
    if d.best == d.played:
        # TRANSLATORS: {n} is a count of deals, as "{n} deals" reads (a plural form of its own)
        return ngettext("From what you could see, it was the best choice: {value} points on average over {n} deal "
                        "consistent with what you saw.",
                        "From what you could see, it was the best choice: {value} points on average over {n} deals "
                        "consistent with what you saw.", d.worlds).format(value=decimal(d.values[d.played]),
                                                                          n=d.worlds)
    return ngettext(
        "From what you could see ({n} deal consistent with it, played out): {best} {top} points on average, "
        "{played} {mine}; {lost} points lost (95 %): {label}.",
        "From what you could see ({n} deals consistent with it, played out): {best} {top} points on average, "
        "{played} {mine}; {lost} points lost (95 %): {label}.", d.worlds).format(
        n=d.worlds, best=move_text(d, d.best), top=decimal(d.values[d.best]), played=move_text(d, d.played),
        mine=decimal(d.values[d.played]), lost=interval(d.loss, d.half), label=d.label_text())


def _hindsight_words(d: Decision) -> str:
    """The second lens, marked: what the true deal, every card known, says of the decision."""
    best = d.hindsight_best
    lost = d.hindsight_loss
    if best is None or lost is None:
        return ""
    if lost < THRESHOLDS.inaccuracy:
        if d.costly:
            return _("Hindsight (every card known, the true deal played out): your choice did as well there; from "
                     "what you could see it was a risk.")
        return ""
    gain = figure(lost)
    if d.costly:
        return _("Hindsight (every card known, the true deal played out): {best} would have won {gain} more "
                 "points.").format(best=move_text(d, best), gain=gain)
    return _("Hindsight (every card known, the true deal played out): {best} would have won {gain} more points; "
             "from what you could see, your choice was a fair one.").format(best=move_text(d, best), gain=gain)


# -- try again from here ------------------------------------------------------------------------------------


def compare(decision: Decision, action: Card | Action | str) -> str:
    """Another action at a reviewed decision, against the one played, from the decision's own values (the same
    worlds), in words: what "try again from here" tells once the learner has chosen."""
    chosen = Action.parse(action)
    if chosen not in decision.values:
        raise ValueError(f"action: {shorten(action)} was not a legal action at this decision (position "
                         f"{decision.position})")
    mine, theirs = decision.values[chosen], decision.values[decision.played]
    if chosen == decision.played:
        return _("{action}: the choice you made, {value} points on average.").format(
            action=move_text(decision, chosen), value=decimal(mine))
    text = _("{action}: {value} points on average; your move {played}: {theirs} ({gap} for {action}).").format(
        action=move_text(decision, chosen), value=decimal(mine), played=move_text(decision, decision.played),
        theirs=decimal(theirs),
        gap=decimal(mine - theirs, sign=True))
    if chosen == decision.best:
        return text + " " + _("The best choice from what you could see.")
    return text + " " + _("The best from what you could see: {best}, {value} points on average.").format(
        best=move_text(decision, decision.best), value=decimal(decision.values[decision.best]))


__all__ = ["COUNTED", "GLYPHS", "LABELS", "THRESHOLDS", "WORLDS", "Analysis", "Decision", "Summary", "Thresholds",
           "analyse", "compare", "decision_words", "figure", "judge", "label_word"]
