"""Bots: plain callables ``bot(view, rng) -> action`` that play from what their seat may see.

A bot gets its seat's view (a ``View``, or on the play layer's fast path a ``LiveView`` with the same
fields: its hand, the trump, the trick, the played tricks, the laid-down pairs, the leftovers, the
stock's size, the scores, its legal actions, the public history) and a ``random.Random``; it returns
one of ``view.legal_actions``. It never sees another player's hidden cards nor the stock: the play
layer (``bibi.play``) hands it the view and nothing else, and finds the bots below by the names they
are registered under.

- ``random_bot`` (in ``bibi.play``): any legal action.
- ``greedy_bot``: calls whenever it may, takes a trick holding points with its cheapest winner.
- ``heuristic_bot`` (``bibi.heuristic``, in named steps): a sensible human: spends a trump on a trick with
  points while the stock lasts and only on 8 points or more in the final tricks, keeps trumps for the end,
  keeps the kings and queens that may still pair (counting the unseen cards), switches the trump to a
  stronger suit; in the final tricks it leads trumps from three or more (R13) and takes no trick with a
  winner worth more than the trick that an unseen card would beat; last to a trick without points, it
  takes it with a point card.
- ``sampling_bot``: from the last draws on, deals the hidden cards many ways consistent with its view
  (``bibi.sampling``) and plays each option out.
- ``search_bot`` (``make_search_bot``): perfect-information Monte Carlo over the whole deal: at every
  decision it deals the hidden cards (other hands, the stock, so the draws too) many ways consistent
  with its view, the other hands more often holding the cards players keep (points, kings, queens, and
  trumps under R13) and lacking what their plays say they did not hold (``bibi.inference``), plays every legal
  action out in each of these worlds, and plays the action with the best mean score when it clearly beats the
  careful heuristic's choice (else that choice). It is ``make_search_bot(infer=True, careful=True)``, registered as
  ``search`` (the expert level, the hints).
- ``make_oracle_bot(deal)``: the same search on the true deal, which it is given: a bot that cheats, the
  ceiling for benchmarks and for showing what hidden information is worth. Not registered: it needs
  the live deal, not a view.

Every bot can say why: ``bibi.play.explain(bot, view, rng)`` asks the bot's ``explain(view, rng)``, which
runs the very function that chooses (the same action, the same draws from ``rng``) and returns an
``Explanation`` with a reason in plain words, and for the searching bots the estimated score of each
legal action. Their strength is measured by ``bench/bot_strength.py`` (the figures: bench/README.md).

>>> from bibi.play import play_seeded
>>> deal = play_seeded("italian", 4, seed=3, bots=["heuristic", "random", "greedy", "sampling"])
>>> deal.is_over, sum(deal.card_points) + deal.leftover_points == 264
(True, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, NamedTuple, cast

from bibi.cards import Card
from bibi.deal import Action, Deal, View
from bibi.errors import WrongType, not_at_least, shorten, wrong_type
from bibi.heuristic import (
    _CALL,
    _KING,
    _ONLY,
    _QUEEN,
    _SWITCH,
    AnyView,
    _call_reason,
    _Choice,
    _heuristic,
    _reasoned,
    _rules_facts,
    _RulesFacts,
    _told,
    _u,
    heuristic_bot,
)
from bibi.i18n import _, decimal, interval, ngettext
from bibi.inference import lacks as read_lacks
from bibi.notation import action_text
from bibi.play import BOTS, Bot, Explanation, random_bot, register
from bibi.playout import play_out, quick_rule, run
from bibi.rules import Follow
from bibi.sampling import Sampler, SearchExhausted
from bibi.tricks import winning_plays

# -- the random bot's reason -------------------------------------------------------------------------


def _random_explain(view: AnyView, rng: random.Random) -> Explanation:
    legal: Any = view.legal_actions  # Cards and Actions: each branch below knows which it holds
    action = random_bot(cast(View, view), rng)  # it draws even when one action is legal, as the bot does
    if len(legal) == 1:
        return Explanation(action, _(_ONLY))
    n = len(legal)
    return Explanation(action, ngettext("at random, one of {n} legal actions", "at random, one of {n} legal actions",
                                        n).format(n=n))


random_bot.explain = _random_explain  # type: ignore[attr-defined]


# -- the greedy bot ---------------------------------------------------------------------------------------


def _greedy(view: AnyView, rng: random.Random, why: bool) -> _Choice:
    """Calls and switches whenever it may, wins a trick holding points with its cheapest winner, else plays its
    cheapest card."""
    legal: Any  # Cards and Actions: each branch below knows which it holds
    legal, trump, trick, _stock, _drawing = view.position()  # one call, not three reads
    if len(legal) == 1:
        return (legal[0], _ONLY)
    last = legal[-1]
    if last.kind is _SWITCH:
        return (last, why and _("switches the trump to {sym} as soon as it may (I12, I14)").format(
            sym=last.suit.symbol))
    first = legal[0]
    if first.kind is _CALL:
        return (first, why and _call_reason(first, view))
    facts = _rules_facts(view.rules)
    points, second_wins = facts.points, facts.second_wins
    on_table = 0
    for _seat, c in trick:
        on_table += points[c]
    if on_table:
        winners = winning_plays(trick, legal, trump, second_wins)  # the engine's rule of the trick (R14; I8)
        if winners:
            win = min(winners, key=lambda c: c % 13 + (13 if c // 13 == trump else 0))  # (is a trump, rank)
            return (win, why and ngettext(
                "takes the trick with {card}, its cheapest winner: the trick holds {n} point",
                "takes the trick with {card}, its cheapest winner: the trick holds {n} points",
                on_table).format(card=_u(win), n=on_table))
    card = min(legal, key=lambda c: (points[c], c // 13 == trump, c % 13))
    if not why:
        return (card, "")
    n = points[card]
    if trick and on_table:
        return (card, ngettext("cannot win the trick: throws {card}, its cheapest card ({n} point)",
                               "cannot win the trick: throws {card}, its cheapest card ({n} points)",
                               n).format(card=_u(card), n=n))
    if trick:
        return (card, ngettext("the trick holds no points: throws {card}, its cheapest card ({n} point)",
                               "the trick holds no points: throws {card}, its cheapest card ({n} points)",
                               n).format(card=_u(card), n=n))
    return (card, ngettext("leads {card}, its cheapest card ({n} point)",
                           "leads {card}, its cheapest card ({n} points)", n).format(card=_u(card), n=n))


greedy_bot = _reasoned(_greedy, "greedy_bot", _greedy.__doc__ or "")




# -- playouts: every seat by one quick rule, on a deal whose cards are all dealt (``bibi.playout``) ------------


def _playout(deal: Deal) -> Deal:
    """Play ``deal`` to its end, every seat by the bots' quick rule of play (``bibi.playout``: the heuristic's,
    without its card counting); returns the deal."""
    return play_out(deal, _rules_facts(deal.rules).policy)


class _Mine(Exception):
    """Raised by ``_best_reply``'s chooser when the searching seat has a choice: the playout stops there."""


def _best_reply(deal: Deal, seat: int) -> int:
    """``seat``'s final score in ``deal`` (a world, every card placed) when it plays each of its choices to come at
    its best there, every way tried, and every other seat by the quick rule (``bibi.playout``): the search's judge
    of the last tricks (``make_search_bot(endgame=)``). The tree is the seat's own choices only: with ``k`` cards
    in hand, at most ``(k - 1)!`` playouts of the last tricks, fewer where the suit led must be followed."""
    choose = quick_rule(deal, _rules_facts(deal.rules).policy)

    def others(legal: tuple[Card | Action, ...]) -> Card | Action:
        if deal.to_act == seat:
            raise _Mine
        return choose(legal)

    try:
        run(deal, others)
    except _Mine:  # the seat's choice: each way played on in a copy, the best kept
        return max(_best_reply(deal.copy().apply(action), seat) for action in deal.legal_actions())
    return deal.scores[seat]


# -- the search bot: perfect-information Monte Carlo over the whole deal ----------------------------------------

SEARCH_WORLDS = 300  # the default budget: worlds per decision (bench/README.md: the time it takes)
SEARCH_MARGIN = 1.5  # standard errors by which the best action must beat the heuristic's to be played
SEARCH_ENDGAME = 5  # the registered search's ``endgame`` (at 7: 74 ms a decision, 8.5 s at worst; bench/README.md)
SEARCH_PRIORS = ("keeps", "uniform")  # how the search deals the hidden cards: ``make_search_bot(prior=…)``

# The "keeps" prior: players shed cheap cards and keep point cards, kings and queens, so a hidden card of these
# kinds lies in a hand rather than in the stock more often than a random deal says. Per card, the log of its
# weight (``Sampler``'s ``held``): (per trump, per 10 points, per king or queen, the trick from which it counts in
# full: from a share of it at the first trick, as the others shed), by the rule of following. Under R13 (must
# follow, else trump) trumps are kept too; under I7 (follow or trump, any trick) they are spent, and the hands
# hold fewer than at random. Fitted by ``bench/calibration.py`` to heuristic play at 6 players, seeds
# 30000…30149; what the worlds hold with it and without it: bench/README.md. A belief about how people
# play, not a rule: every world it draws is consistent with the view. Rule mixes get the weights of their rule
# of following.
_KEEPS = {Follow.MUST_FOLLOW: (0.3, 0.3, 0.1, 3), Follow.FOLLOW_OR_TRUMP: (-0.15, 0.45, 0.2, 5)}


def _keeps(view: AnyView, facts: _RulesFacts) -> list[float]:
    """The "keeps" prior's weights for ``view``: per card index, how much likelier a hidden copy is in a hand."""
    trumps, tens, pairs, full = _KEEPS[view.rules.follow]
    ramp = min(1.0, (len(view.tricks) + 1) / full)
    trump = view.trump.index
    points = facts.points
    return [math.exp(ramp * (trumps * (c // 13 == trump) + tens * points[c] / 10
                             + pairs * (c % 13 in (_KING, _QUEEN)))) for c in range(52)]


class _Searched(NamedTuple):
    values: dict[Card | Action, float]  # the mean final score of the seat per legal action
    scores: list[list[int]]  # per legal action, the seat's final score in each world
    worlds: int  # the worlds that counted
    enough: bool = True  # False: the sampler's steps ran out before ``_FEWEST`` worlds (the heuristic decides)


def _search_worlds(view: AnyView, legal: tuple[Card | Action, ...], worlds: Sequence[Deal]) -> _Searched:
    """Each legal action played out in each world: the seat's final scores, and their mean per action."""
    seat = view.seat
    scores = [[final[seat] for final in per_world] for per_world in play_every_action(worlds, legal)]
    count = max(1, len(worlds))
    return _Searched({a: sum(scores[i]) / count for i, a in enumerate(legal)}, scores, len(worlds))


# The sequential search: worlds are dealt and played a batch at a time, and the race stops as soon as the choice is
# clear. After each batch (from ``_FIRST`` worlds on, every ``_BATCH``), an action leaves the race when its paired
# difference from the heuristic's choice, or from the action now ahead, lies below 0 by more than ``_CLEAR``
# standard errors (it can no longer be the one played), when it has scored exactly as the heuristic's choice in
# every world so far (the same play in effect), or when even its mean plus ``_HOPE`` standard errors falls short
# of what the rule at the budget would ask of it. The race ends when only the heuristic's choice is left (it is
# played), or one other action beats it and every other action left by ``_CLEAR`` standard errors (that action
# is played); else at the budget, where the rule of ``_pick`` decides among the actions left. ``_CLEAR`` is wider
# than ``SEARCH_MARGIN``: looked at after every batch, a boundary of 1.5 standard errors would be crossed by
# chance far more often than once. Where few ways of dealing fit the view (the sampler's quick attempts fail, and
# each world may take its exhaustive search), the budget is ``_HARD`` worlds, and the searches of all of them
# ``_STEPS`` steps (about 0.1 s compiled, 0.5 s pure); where those are spent, the worlds found so far decide if
# they are at least ``_FEWEST`` (fewer cannot tell a difference from its error), else the heuristic does.
_FIRST = 24  # worlds before the first look
_BATCH = 12  # worlds between looks
_CLEAR = 2.5  # standard errors of a paired difference that make a choice clear at a look
_HOPE = 1.5  # standard errors of hope left to an action that the rule at the budget would not play now (at 0.5
# the race gave up 2.8 ± 1.7 points a deal in Italian against the search of every world: bench/README.md)
_HARD = 8  # the budget where the quick attempts of the sampler fail (``Sampler.hard``)
_FEWEST = 4  # worlds that may decide when the sampler's steps run out before the budget (else the heuristic)
_STEPS = 25_000  # the sampler's exhaustive search, for all the worlds of one decision (``Sampler(steps=)``)


def play_every_action(worlds: Sequence[Deal], actions: Sequence[Card | Action],
                      finished: Callable[[int, int, Deal], object] | None = None) -> list[list[tuple[int, ...]]]:
    """Each of ``actions`` (legal in every world: the legal actions of the view the worlds were dealt from) played
    in each of ``worlds`` (deals consistent with one seat's view, ``search_sampler``), then the deal played to its
    end by every seat with the search's quick rule of play (``bibi.playout``): per action, per world, the final
    score of every seat. The same worlds judge every action, as the search judges them; nothing is chosen.
    ``finished(action_index, world_index, deal)``, if given, sees each deal played out. The worlds are not changed.

    >>> from bibi.deal import Deal
    >>> deal = Deal.new("ru", 4, seed=2)
    >>> view = deal.view(deal.to_act)
    >>> worlds = [search_sampler(view).world(random.Random(1)) for _ in range(3)]
    >>> points = play_every_action(worlds, view.legal_actions)
    >>> len(points) == len(view.legal_actions), [len(p) for p in points][:2], len(points[0][0])
    (True, [3, 3], 4)
    """
    out: list[list[tuple[int, ...]]] = [[] for _ in actions]
    for w, world in enumerate(worlds):
        for i, action in enumerate(actions):
            deal = world.copy()
            deal.apply(action)
            _playout(deal)
            out[i].append(deal.scores)
            if finished is not None:
                finished(i, w, deal)
    return out


def search_sampler(view: AnyView, prior: str = "keeps", steps: int | None = _STEPS, infer: bool = False) -> Sampler:
    """The sampler the search bot deals its worlds with from ``view`` (``bibi.sampling.Sampler``): the hidden cards
    weighed by ``prior`` (``SEARCH_PRIORS``; ``"keeps"``, the search's own: see ``make_search_bot``), its exhaustive
    search bounded by ``steps`` for all the worlds it deals (``None``: each world's own bound), and with ``infer``
    the worlds dealt within what the others' plays say they did not hold (``bibi.inference.lacks``; believed of
    them too: they call every pair at once, as the kit's bots do)."""
    _check_prior(prior)
    held = _keeps(view, _rules_facts(view.rules)) if prior == "keeps" else None
    return Sampler(view, held, steps, read_lacks(view) if infer else None, infer)


def _paired(mine: list[int], theirs: list[int]) -> tuple[float, float]:
    """The mean of the paired differences ``mine - theirs`` (the same worlds) and its standard error."""
    k = len(mine)
    total = squares = 0
    for a, b in zip(mine, theirs, strict=True):
        d = a - b
        total += d
        squares += d * d
    mean = total / k
    variance = (squares - total * mean) / (k - 1) if k > 1 else 0.0
    return mean, (max(0.0, variance) / k) ** 0.5


def _race(view: AnyView, legal: tuple[Card | Action, ...], sampler: Sampler, rng: random.Random, tries: int,
          budget: int, fallback: Card | Action, margin: float, endgame: int = 0) -> _Searched:
    """Each legal action played out in worlds dealt one at a time by ``sampler``, the clearly worse actions
    leaving the race, until the choice is clear or ``budget`` worlds are played (the rule above ``_paired``)."""
    seat = view.seat
    exact = view.stock_size == 0 and len(view.hand) <= endgame
    scores: list[list[int]] = [[] for _ in legal]
    alive = list(range(len(legal)))
    home = legal.index(fallback) if fallback in legal else -1
    worlds = 0
    look = min(_FIRST, budget)
    while True:
        while worlds < look:
            try:
                world = sampler.world(rng, tries)  # a world every time (Sampler.world), or NoWorld
            except SearchExhausted:  # the sampler's steps are spent: the worlds found so far decide, if enough
                if worlds < _FEWEST:
                    return _Searched({a: 0.0 for a in legal}, scores, worlds, False)
                budget = worlds
                break
            if sampler.hard:  # few ways of dealing fit: each world may cost a search; a few worlds decide
                budget = look = min(budget, max(_HARD, worlds + 1))
            for i in alive:
                deal = world.copy()
                deal.apply(legal[i])
                scores[i].append(_best_reply(deal, seat) if exact else _playout(deal).scores[seat])
            worlds += 1
        if worlds >= budget or home < 0 or not worlds:
            break
        base = scores[home]
        means = {i: sum(scores[i]) / worlds for i in alive}
        ahead = max(alive, key=means.__getitem__)
        kept = [home]
        beats: dict[int, float] = {}
        for i in alive:
            if i == home:
                continue
            mean, error = _paired(scores[i], base)
            if mean + _CLEAR * error < 0 or (mean == 0 and error == 0):
                continue  # clearly worse than the heuristic's choice, or the same in every world
            # What the rule at the budget asks of it (``margin`` standard errors of the difference over ``budget``
            # worlds, the spread read from the worlds so far): hopeless when even its mean plus ``_HOPE``
            # standard errors now falls short of that.
            if mean + _HOPE * error < margin * error * (worlds / budget) ** 0.5:
                continue
            if i != ahead:
                lead, lead_error = _paired(scores[ahead], scores[i])
                if lead - _CLEAR * lead_error > 0:
                    continue  # clearly worse than the action ahead
            kept.append(i)
            beats[i] = mean - _CLEAR * error
        alive = kept
        if len(alive) == 1:
            break  # only the heuristic's choice is left
        if len(alive) == 2 and beats[alive[1]] > 0:
            break  # one action left beside it, and it clearly beats it
        look = min(budget, look + _BATCH)
    values = {a: sum(scores[i]) / max(1, len(scores[i])) for i, a in enumerate(legal)}
    return _Searched(values, scores, worlds)


def _pick(view: AnyView, rng: random.Random, searched: _Searched, why: bool, what: Callable[[], str],
          margin: float, careful: bool = False) -> _Choice:
    """The action with the best mean score if it beats the heuristic's choice (``careful``: as
    ``bibi.heuristic._heuristic`` says) by more than ``margin`` standard errors of their difference in the same
    worlds (paired), else the heuristic's choice; with the reason."""
    values = searched.values
    legal = tuple(values)
    fallback = _heuristic(view, rng, False, careful)[0]
    # The best action of those still in the race (a sequential search drops the clearly worse ones early:
    # their means rest on fewer worlds), by the mean over the worlds each was played in.
    racing = [a for i, a in enumerate(legal) if len(searched.scores[i]) == searched.worlds] or list(legal)
    top = max(values[a] for a in racing)
    best = next(a for a in racing if values[a] == top)
    action, gap, error = best, 0.0, 0.0
    if fallback in values and best != fallback:
        mine, theirs = searched.scores[legal.index(best)], searched.scores[legal.index(fallback)]
        diffs = [a - b for a, b in zip(mine, theirs, strict=True)]
        gap = sum(diffs) / len(diffs)
        if len(diffs) > 1:
            mean = gap
            error = (sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1) / len(diffs)) ** 0.5
        if gap <= margin * error:
            action = fallback
    elif fallback in values:
        action = fallback
    if not why:
        return (action, "", values)
    shown = partial(action_text, rules=view.rules)  # a call in the word of the rules in force
    if action == best:
        # TRANSLATORS: {what} tells how it searched; {top} is a mean score with one decimal, written with the
        # language's decimal mark (i18n.decimal), as every figure of these reasons
        reason = _("{what}: {action} scores {top} on average").format(what=what(), action=shown(action),
                                                                     top=decimal(top))
        others = sorted((v, i) for i, (a, v) in enumerate(values.items()) if a != action)
        if others:
            v, i = others[-1]
            reason += ", " + _("the next best {other} {value}").format(other=shown(legal[i]), value=decimal(v))
        if action != fallback:
            # TRANSLATORS: {lead} is the lead and its interval, the kit's one way (i18n.interval): "15.4 ± 9.5"
            reason += "; " + _("it beats the heuristic's choice {choice} by {lead} points").format(
                choice=shown(fallback), lead=interval(gap, error))
    else:
        # TRANSLATORS: {lead} is the lead and its interval, the kit's one way (i18n.interval): "1.2 ± 3.4"
        reason = _("{what}: {best} scores {top} on average, {action} {value}; a lead of {lead} is too little to "
                   "trust, so it plays the heuristic's choice: {reason}").format(
            what=what(), best=shown(best), top=decimal(top), action=shown(action),
            value=decimal(values[action]), lead=interval(gap, error),
            reason=_told(_heuristic(view, rng, True, careful)).reason)
    return (action, reason, values)


def _sampled(worlds: int) -> str:
    """How a searching bot looked ahead: over ``worlds`` sampled deals."""
    return ngettext("played every choice out in {n} deal consistent with what it has seen",
                    "played every choice out in {n} deals consistent with what it has seen", worlds).format(n=worlds)


def _too_few(view: AnyView, rng: random.Random, why: bool, worlds: int, careful: bool = False) -> _Choice:
    """The heuristic's choice where the sampler's steps ran out before enough worlds were found, and why."""
    choice = _heuristic(view, rng, why, careful)
    if not why:
        return choice
    return (choice[0], _("deals consistent with what it has seen are hard to find here: its search found {n} in "
                         "the steps it may take, too few to judge by, so it plays the heuristic's choice: {reason}")
            .format(n=worlds, reason=choice[1]), *choice[2:])


def _check_prior(prior: Any) -> None:
    """``prior`` one of ``SEARCH_PRIORS`` (``search_sampler``, ``make_search_bot``), else refused by name."""
    if not isinstance(prior, str) or prior not in SEARCH_PRIORS:
        wrong = not isinstance(prior, str)
        raise (WrongType if wrong else ValueError)(
            "prior: " + _("{value} is not one of {choices}").format(value=shorten(prior),
                                                                      choices=", ".join(SEARCH_PRIORS)))


def _check_search(worlds: Any, tries: Any, margin: Any, prior: Any, sequential: Any, infer: Any, careful: Any,
                  endgame: Any) -> None:
    """``make_search_bot``'s arguments, each refused by name (``WrongType`` for a wrong type, else ``ValueError``)."""
    _check_count("worlds", worlds, 1)
    _check_count("tries", tries, 1)
    _check_count("endgame", endgame, 0)
    if isinstance(margin, bool) or not isinstance(margin, int | float) or not margin >= 0:
        wrong = isinstance(margin, bool) or not isinstance(margin, int | float)
        raise (WrongType if wrong else ValueError)(
            "margin: " + _("{value} is not a number ≥ 0").format(value=shorten(margin)))
    _check_prior(prior)
    if not isinstance(sequential, bool):
        raise wrong_type("sequential", sequential, "True or False", typed=False)
    for name, flag in (("infer", infer), ("careful", careful)):
        if not isinstance(flag, bool):
            raise wrong_type(name, flag, "True or False", typed=False)


def make_search_bot(worlds: int = SEARCH_WORLDS, tries: int = 3, margin: float = SEARCH_MARGIN,
                    prior: str = "keeps", sequential: bool = True, infer: bool = False, careful: bool = False,
                    endgame: int = 0) -> Bot:
    """A search bot that plays out every legal action in ``worlds`` deals consistent with its view per decision.

    Perfect-information Monte Carlo (PIMC), the method of the strongest Bridge and Skat programs: at each decision
    with a choice it samples ``worlds`` deals that look exactly like its view (``bibi.sampling``: the other hands
    and the stock, and so the cards still to be drawn; how likely each is: ``prior``, below), plays each legal
    action out in each world, every seat by the quick rule of play (``_playout``), and estimates each action's
    final score for its seat by the mean over the worlds. The same worlds judge every action, so much of the luck
    cancels out between them. It plays the best action only when it beats the heuristic's choice by more than
    ``margin`` standard errors of their paired difference; else the heuristic's choice: a whole deal played out
    through unknown draws is a noisy judge, and a choice made on noise is a coin toss (measured: bench/README.md).
    Calls, passes and trump switches are chosen the same way. ``tries`` bounds the quick attempts per world
    before the sampler's exhaustive search (``Sampler.world``); a decision costs about ``worlds`` × the number of
    legal actions playouts. Deterministic for a given ``rng``.

    ``prior`` says how likely each consistent world is taken to be: ``"keeps"`` (the default) weighs the
    hidden point cards, kings and queens toward the other hands, as players keep those and shed the rest,
    and the trumps too under R13 (under I7, where any trick may be trumped, away from them: they are spent);
    ``_keeps``, and bench/README.md for the figures. ``"uniform"`` deals the hidden cards at random,
    every consistent world alike.

    ``sequential`` (the default) makes ``worlds`` a budget, not a count: the worlds are dealt and played a batch at
    a time, an action clearly worse than the heuristic's choice (or than the action ahead) stops being played, and
    the search stops once the choice is clear (``_race``); most decisions take a few dozen worlds. The first worlds
    are the same either way. ``sequential=False`` plays every action in all ``worlds`` worlds.

    ``infer`` deals the worlds within what the others' plays say they did not hold (``search_sampler``,
    ``bibi.inference``); ``careful`` falls back on the heuristic with its two dearer rules (``bibi.heuristic``).
    Both are off by default (the search before inference, ``search-before`` in the benches); the registered
    ``search`` has both on: it beats the search before by +2.0 ± 1.4 points a deal in Italian (2,000 paired deals
    with duplicate draws, ``Deal.duplicate``) and by +0.4 ± 0.7 in Russian (4,000), not clear of 0 there, at about
    1.5 times its CPU (bench/README.md, "Inference from play").

    ``endgame`` (0, the default: off) changes how the worlds judge the last tricks: once the stock is empty and the
    hand holds ``endgame`` cards or fewer, each action's worth in a world is the seat's score when it plays its own
    cards to come at their best there (``_best_reply``; the others by the quick rule), not by the quick rule. The
    race (``sequential``) reads it; ``sequential=False`` does not. The registered ``search`` has it at
    ``SEARCH_ENDGAME``: with inference and the careful fallback it beats the search before inference by +0.8 ± 0.7
    points a deal in Russian (4,000 paired deals with duplicate draws) and +2.3 ± 1.4 in Italian (2,000), at 39 and
    47 ms of CPU a decision (bench/README.md, "The last tricks judged exactly").
    """
    _check_search(worlds, tries, margin, prior, sequential, infer, careful, endgame)
    keeps = prior == "keeps"

    def choose(view: AnyView, rng: random.Random, why: bool) -> _Choice:
        legal: Any = view.legal_actions  # Cards and Actions: each branch below knows which it holds
        if len(legal) == 1:
            return (legal[0], _ONLY)
        sampler = search_sampler(view, prior, _STEPS if sequential else None, infer)
        if sequential:
            searched = _race(view, legal, sampler, rng, tries, worlds, _heuristic(view, rng, False, careful)[0],
                             margin, endgame)
            if not searched.enough:  # too few worlds found (the sampler's steps ran out): the heuristic's choice
                return _too_few(view, rng, why, searched.worlds, careful)
        else:
            found = []
            for _world in range(worlds):
                try:
                    found.append(sampler.world(rng, tries))  # a world every time (Sampler.world), or NoWorld
                except SearchExhausted:  # the sampler gave up within its budget: the worlds found so far decide
                    break
            if not found:
                return _too_few(view, rng, why, 0, careful)
            searched = _search_worlds(view, legal, found)
        return _pick(view, rng, searched, why, lambda: _sampled(searched.worlds), margin, careful)

    base = ("search_bot" if keeps else "search_bot[uniform]") + ("" if sequential else "[every world]") + (
        "[inference]" if infer else "") + ("[careful]" if careful else "") + (f"[endgame {endgame}]" if endgame else "")
    name = base if worlds == SEARCH_WORLDS else f"{base}({worlds})"
    return _reasoned(choose, name, "Deals the hidden cards many ways consistent with its view, plays every "
                                   "choice out in each, and keeps the one with the best mean score.")


def make_oracle_bot(deal: Deal) -> Bot:
    """A cheating bot for ``deal``: the search bot's playouts run on the true deal (every hand, the stock's order)
    instead of sampled ones. The ceiling of the search, for benchmarks and to show what hidden information is
    worth (bench/README.md); it needs the live deal it plays in, so it is not registered by name:

        deal = Deal.new("ru", 6, seed=1)
        bots = ["heuristic"] * 6
        bots[2] = make_oracle_bot(deal)
        play(deal, bots, bots_rng(1))

    Its rule of play in the playouts is deterministic, so one playout per legal action is the whole search.
    """
    if not isinstance(deal, Deal):
        raise wrong_type("deal", deal, "a Deal", typed=False)

    def choose(view: AnyView, rng: random.Random, why: bool) -> _Choice:
        legal: Any = view.legal_actions  # Cards and Actions: each branch below knows which it holds
        if len(legal) == 1:
            return (legal[0], _ONLY)
        if deal.to_act != view.seat or deal.hand(view.seat) != tuple(view.hand):
            raise ValueError("oracle: " + _("the view of seat {seat} is not of the deal it was made for")
                             .format(seat=view.seat))
        searched = _search_worlds(view, legal, [deal.copy()])
        return _pick(view, rng, searched, why,
                     lambda: _("played every choice out on the true deal (it sees every card)"), 0.0)

    return _reasoned(choose, "oracle_bot", "Plays every choice out on the true deal, every card seen, and keeps "
                                           "the one with the best score.")


# -- the sampling bot ------------------------------------------------------------------------------------


def make_sampling_bot(samples: int = 8, draw_rounds: int = 1, tries: int = 3) -> Bot:
    """A sampling bot that plays out ``samples`` deals consistent with its view for each decision.

    It samples once the stock holds fewer than ``draw_rounds`` rounds of draws (1: the last draws and the
    final tricks, where the hidden cards are few and playouts see far); before that it plays as
    ``heuristic_bot``. Each sample is played out once per legal action, every seat playing by the bots'
    quick rule of play; the action with the best total score for the bot wins, ties going to the
    heuristic's choice. ``tries`` bounds the quick attempts per sample (``Sampler.world``); the cost grows with
    ``samples`` × the number of legal actions. (``make_search_bot`` searches every decision of the deal.)
    """
    _check_count("samples", samples, 1)
    _check_count("draw_rounds", draw_rounds, 0)
    _check_count("tries", tries, 1)

    def choose(view: AnyView, rng: random.Random, why: bool) -> _Choice:
        legal: Any = view.legal_actions  # Cards and Actions: each branch below knows which it holds
        if len(legal) == 1 or legal[-1].kind is Action.PASS or view.stock_size >= draw_rounds * view.players:
            choice = _heuristic(view, rng, why)
            if len(legal) == 1 or not why:
                return choice
            return choice[0], _("as the heuristic: {reason}").format(reason=_told(choice).reason)
        sampler = Sampler(view)
        found = [sampler.world(rng, tries) for _world in range(samples)]  # a world every time (Sampler.world)
        return _pick(view, rng, _search_worlds(view, legal, found), why, lambda: _sampled(len(found)), 0.0)

    name = f"sampling_bot({samples})"
    return _reasoned(choose, name, "Deals the hidden cards many ways consistent with its view, plays each option "
                                   "out, and keeps the one that scores best on average (as heuristic_bot while "
                                   "many draws remain).")


def _check_count(name: str, value: Any, least: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        wrong = isinstance(value, bool) or not isinstance(value, int)  # a WrongType; a number below, a ValueError
        raise (WrongType if wrong else ValueError)(
            f"{name}: " + not_at_least(value, least))


sampling_bot = make_sampling_bot()
# The registered search (the expert level, the hints): the strongest measured, inference, the careful fallback and
# the last tricks judged exactly on (``make_search_bot``'s doc; bench/README.md, "Inference from play"), under the
# plain name.
search_bot = make_search_bot(infer=True, careful=True, endgame=SEARCH_ENDGAME)
search_bot.__name__ = search_bot.__qualname__ = "search_bot"

for _name, _bot in (("greedy", greedy_bot), ("heuristic", heuristic_bot), ("sampling", sampling_bot),
                    ("search", search_bot)):
    register(_name, _bot)


__all__ = ["BOTS", "SEARCH_ENDGAME", "SEARCH_PRIORS", "SEARCH_WORLDS", "greedy_bot", "heuristic_bot", "make_oracle_bot",
           "make_sampling_bot", "make_search_bot", "play_every_action", "random_bot", "sampling_bot", "search_bot",
           "search_sampler"]
