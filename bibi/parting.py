"""Where two variants part: the same pack played under two sets of rules in lockstep, and the options to blame.

``compare_lines(a, b, players, seed, bots)`` deals the seed's pack once and starts it under rules ``a`` and under
rules ``b`` (the very same deck, dealer and first trump); the play layer's ``lockstep`` plays both with one
decision of the bots at a time until the seat to act or its legal actions differ: the **parting point**. From
there each deal is played on by the same bots, each from its own copy of the bots' stream at that point.

The pack never depends on which rules come first: it is dealt as both rules deal it, and where they find the
first dealer or the first trump differently, by the high-card draw and the dealer's card (R5, R6; a convention,
rules §2, ``comparison_rules``). So a side whose rules deal that way (the Russian preset, say) plays
exactly ``play_seeded(side, players, seed, bots)``, on either side.

Which option made them part is decided by the engine, not by a table: for each option that differs, the ``b``
line up to the parting is replayed under ``b`` with only that option set back to ``a``'s value; if the seat to act
and its legal actions then agree with ``a``'s, that option is responsible (and, failing that, the same test the
other way round, ``a`` with only that option set to ``b``'s value).

>>> from bibi.play import play_seeded
>>> lines = compare_lines("ru", "it", 6, seed=1, bots="greedy")
>>> lines.parting.options, lines.parting.actions
(('follow',), 1)
>>> lines.a[-1].record() == play_seeded("ru", 6, 1, "greedy").record()
True
>>> compare_lines("it", "ru", 6, seed=1, bots="greedy").b[-1].record() == lines.a[-1].record()
True
"""

from __future__ import annotations

import dataclasses
from typing import Any, NamedTuple

from bibi.deal import Deal
from bibi.play import Bots, as_bots, bots_rng, lockstep, play, snapshots
from bibi.rules import FirstDealer, FirstTrump, Rules, as_rules


class Parting(NamedTuple):
    """The first point where two deals of one pack part.

    ``a``, ``b``: the two deals there (copies: apply nothing); ``actions``: how many actions both lines share;
    ``trick``: the trick (0-based) being played there; ``options``: the options responsible (empty when the deals
    never part, or when no single option explains it); ``differing``: every option that differs.
    """

    a: Deal
    b: Deal
    actions: int
    trick: int
    options: tuple[str, ...]
    differing: tuple[str, ...]

    @property
    def parted(self) -> bool:
        """Whether the deals part at all (``False``: they play alike to the end)."""
        return not (self.a.is_over and self.b.is_over) or _here(self.a) != _here(self.b)

    def only_in(self, side: str) -> tuple[Any, ...]:
        """The actions legal under one side's rules only (``"a"`` or ``"b"``) at the parting point."""
        mine, theirs = (self.a, self.b) if side == "a" else (self.b, self.a)
        if mine.is_over:
            return ()
        other = set(theirs.legal_actions()) if not theirs.is_over and theirs.to_act == mine.to_act else set()
        return tuple(x for x in mine.legal_actions() if x not in other)


class Lines(NamedTuple):
    """Both deals at every position of their lines (``snapshots``), and where they part."""

    a: list[Deal]
    b: list[Deal]
    parting: Parting


def _here(deal: Deal) -> tuple[Any, ...]:
    return (deal.to_act, deal.legal_actions()) if not deal.is_over else (None, ())


def _with(rules: Rules, name: str, value: Any) -> Rules | None:
    try:
        return dataclasses.replace(rules, **{name: value})
    except ValueError:  # an impossible combination (R6's dealer_card needs the high-card draw, …)
        return None


def _replayed(deal: Deal, rules: Rules) -> Deal | None:
    """``deal``'s line replayed under ``rules``, or ``None`` when the engine refuses one of its actions."""
    record = deal.record()
    record["rules"] = rules.to_json()
    try:
        return Deal.replay(record)
    except ValueError:
        return None


def responsible(a: Deal, b: Deal) -> tuple[str, ...]:
    """The options that alone make ``a`` and ``b`` (one line of actions under two sets of rules) part here.

    An option is responsible when setting only it back makes the engine agree at this point (the seat to act
    and its legal actions): ``b`` with ``a``'s value, else ``a`` with ``b``'s value.
    """
    found = []
    for name, va, vb in a.rules.diff(b.rules):
        for base, value, target in ((b, va, a), (a, vb, b)):
            rules = _with(base.rules, name, value)
            again = None if rules is None else _replayed(base, rules)
            if again is not None and _here(again) == _here(target):
                found.append(name)
                break
    return tuple(found)


def comparison_rules(a: Rules | str, b: Rules | str) -> Rules:
    """The rules whose set-up (``bibi.dealing.set_up``) deals the one pack that ``a`` and ``b`` are compared on:
    ``a`` with the first dealer and first trump the two rules share, and where they find them differently, the
    high-card draw and the dealer's card (R5, R6; a convention, rules §2 "Conventions no text states"). The
    set-up reads nothing else of the rules but the number of packs, so the pack, dealer and first trump of a
    seed do not depend on which rules come first.

    >>> [comparison_rules(a, b).first_dealer.value for a, b in (("it", "ru"), ("ru", "it"), ("it", "it"))]
    ['high_card_draw', 'high_card_draw', 'random']
    """
    ra, rb = as_rules(a), as_rules(b)
    shared: dict[str, Any] = {}
    for name, fallback in (("first_dealer", FirstDealer.HIGH_CARD_DRAW), ("first_trump", FirstTrump.DEALER_CARD)):
        mine, theirs = getattr(ra, name), getattr(rb, name)
        shared[name] = mine if mine == theirs else fallback
    return dataclasses.replace(ra, **shared)


def compare_lines(a: Rules | str, b: Rules | str, players: int, seed: int, bots: Bots = "random") -> Lines:
    """The seed's pack under rules ``a`` and the same pack under rules ``b``, played in lockstep to their parting
    and on to their ends by ``bots``, from ``bots_rng(seed)``.

    The pack, dealer and first trump are the seed's under ``comparison_rules(a, b)``, the same whichever rules
    come first. With a different number of packs the two deals cannot share a pack: each is then the seed's deal
    under its own rules.
    """
    ra, rb = as_rules(a), as_rules(b)
    if ra.decks == rb.decks:
        dealt = Deal.new(comparison_rules(ra, rb), players, seed=seed)
        first, second = (Deal.new(r, players, deck=dealt.deck, dealer=dealt.dealer, trump=dealt.first_trump)
                         for r in (ra, rb))
    else:
        first, second = Deal.new(ra, players, seed=seed), Deal.new(rb, players, seed=seed)
    seats = as_bots(bots, players)
    rng = bots_rng(seed)
    if ra.decks == rb.decks:
        at_a, at_b = lockstep([first, second], seats, rng)
    else:  # no common line: they part before the first decision
        at_a, at_b = first.copy(), second.copy()
    state = rng.getstate()
    ends = []
    for deal in (at_a, at_b):
        rng.setstate(state)  # each deal goes on from the same point of the bots' stream
        ends.append(play(deal.copy(), seats, rng))
    shared = len(at_a.actions)
    options = responsible(at_a, at_b) if ra.decks == rb.decks else ("decks",)
    parting = Parting(at_a, at_b, shared, len(at_a.tricks), options, tuple(k for k, _, _ in ra.diff(rb)))
    return Lines(snapshots(ends[0]), snapshots(ends[1]), parting)


__all__ = ["Lines", "Parting", "compare_lines", "comparison_rules", "responsible"]
