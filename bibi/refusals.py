"""Why an action is illegal now, in words: the engine's reasons (``Deal.why_illegal``), each citing the sentences.

The functions read the deal they are given (its public surface, and the counts of kings and queens and the
trick's flags it keeps in private fields) and change nothing. The module sits below ``bibi.deal``, which calls it
and which it never imports when it runs; it is not compiled with the engine's group (``bibi._engine.GROUP``): a
refusal is never on the fast path, and the same source words it in both builds. The reasons are in the language
in force (``bibi.language``), the sentence ids as they are: ``(R13)``, ``(I7)``.

>>> from bibi.deal import Deal
>>> deal = Deal.new("russian", players=4, seed=1)
>>> why_illegal(deal, "pass"), why_illegal(deal, "8S", seat=2)
('nothing to pass on: seat 0 must play a card', "out of turn: it is seat 0's turn, not seat 2's")
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, SupportsIndex

from bibi.actions import ACTION_TYPES, CALLS, Action
from bibi.cards import SUIT_SYMBOLS
from bibi.errors import NotationError, shorten
from bibi.i18n import _, you
from bibi.rules import BibiSuits, Follow, TrumpChange
from bibi.tricks import call_sources, follow_refusal, pair_missing

if TYPE_CHECKING:
    from bibi.deal import Deal  # above this module: read, never imported when it runs


def why_illegal(deal: Deal, action: Any, seat: SupportsIndex | None = None) -> str | None:
    """Why ``action`` (by ``seat``, default the seat to act) is illegal in ``deal`` now, or ``None`` if it is legal.

    Unreadable text gives the reading's reason; a value of the wrong type raises ``WrongType``, a seat the table has
    not a ``ValueError``: not reasons of the rules, but bad arguments. The reader's own seat
    (``bibi.i18n.reading``) is told as "you": "you do not hold K♥".
    """
    try:
        act = Action.parse(action)
    except NotationError as exc:
        return str(exc)
    if seat is not None:
        seat = deal._seat(seat)
    phase = deal.phase
    if phase == "over":
        return _("the deal is over")
    to_act = deal.to_act
    assert to_act is not None  # the deal is not over
    if seat is not None and seat != to_act:
        mine = you(seat)  # the reader's own seat is told as "you" (``bibi.i18n.reading``)
        if phase == "call" and not deal.ask_every_chance:  # a call decision nobody else sees (``to_act_for``)
            if mine:
                return _("out of turn: it is not your turn; the others draw")
            return _("out of turn: it is not seat {seat}'s turn; the others draw").format(seat=shorten(seat))
        if mine:
            return _("out of turn: it is seat {to_act}'s turn, not yours").format(to_act=to_act)
        return _("out of turn: it is seat {to_act}'s turn, not seat {seat}'s").format(to_act=to_act,
                                                                                      seat=shorten(seat))
    if act in deal.legal_actions():
        return None
    if isinstance(act, Action):
        return _why_not_action(deal, act, to_act)
    if phase == "call":
        if you(to_act):
            return _("you must first call a pair or pass (R15, R23)")
        return _("seat {seat} must first call a pair or pass (R15, R23)").format(seat=to_act)
    hand = deal.hand(to_act)
    if act not in hand:
        if you(to_act):
            return _("you do not hold {card}").format(card=act.display())
        return _("seat {seat} does not hold {card}").format(seat=to_act, card=act.display())
    must_follow = deal.rules.follow is Follow.MUST_FOLLOW
    return follow_refusal(to_act, hand, deal.trick[0][1].suit.index, deal.trump.index, must_follow)


def why_refused(deal: Deal, pick: object) -> str:
    """Why a chooser's ``pick`` (``bibi.playout.run``) is refused: not an action at all, or not a legal one now."""
    if not isinstance(pick, ACTION_TYPES):
        return f"choose must return one of the legal actions it is given, not {shorten(pick)}"
    return why_illegal(deal, pick) or f"{pick} is not legal now"


def _why_not_action(deal: Deal, act: Action, to_act: int) -> str:
    """Why a call, a pass or a switch of ``to_act`` is illegal now (it is, and it is his decision)."""
    suit = act.suit
    if deal.phase == "call":
        if act.kind is Action.SWITCH:
            return _("a trump switch is made only when leading a trick: the kit's reading of I12, I14 "
                     "(which say 'whenever')")
        assert suit is not None  # a pass is always a choice in the call phase
        return _why_not_call(deal, to_act, suit.index)
    mine = you(to_act)
    if suit is None:
        if mine:
            return _("nothing to pass on: you must play a card")
        return _("nothing to pass on: seat {seat} must play a card").format(seat=to_act)
    if act.kind is Action.CALL:
        sources = call_sources(deal.rules)
        timing = (_("a pair is called only right after drawing ({sources}): you must play a card") if mine
                  else _("a pair is called only right after drawing ({sources}): seat {seat} must play a "
                         "card")).format(seat=to_act, sources=sources)
        # the first reason, where there is one
        missing = pair_missing(to_act, suit.index, deal._kq[to_act], deal._laid[to_act], sources)
        if missing is None:
            return timing
        # TRANSLATORS: two reasons why a call is refused, each a whole clause
        return _("{missing}; and {timing}").format(missing=missing, timing=timing)
    return _why_not_switch(deal, to_act, suit.index)


def _why_not_call(deal: Deal, seat: int, s: int) -> str:
    """Why ``seat`` may not call the pair of suit ``s`` at its call decision."""
    missing = pair_missing(seat, s, deal._kq[seat], deal._laid[seat], call_sources(deal.rules))
    if missing is not None:
        return missing
    sym = SUIT_SYMBOLS[s]
    if s == deal.trump.index and deal.rules.bibi_suits is not BibiSuits.ANY:
        return _("{sym} is trump: only a pair of a suit other than trumps can be called (R15, R17)").format(
            sym=sym)
    # TRANSLATORS: {action} is the call as a button shows it ("Bi-bi ♥")
    return _("{action} is not a choice now").format(action=CALLS[s].display(rules=deal.rules))


def _why_not_switch(deal: Deal, seat: int, s: int) -> str:
    """Why ``seat``, deciding now, may not switch the trump to suit ``s``."""
    sym = SUIT_SYMBOLS[s]
    change = deal.rules.trump_change
    if change is not TrumpChange.HOLDER_CHOOSES:
        # TRANSLATORS: {change} is the rules' option value, as notation (next_trick, next_deal)
        return _("these rules move the trump by themselves (trump_change={change}); no switch").format(
            change=change.value)
    if deal.trick:
        return _("the trump is switched only by the leader, before he leads: the kit's reading of "
                 "I12, I14 (which say 'whenever')")
    if not deal._round_draws:
        return _("the trump is fixed once drawing has stopped (I15, I16)")
    if deal._switched:
        return _("at most one switch per trick")
    if s == deal.trump.index:
        return _("{sym} is already trump").format(sym=sym)
    if you(seat):
        return _("you have no unused called pair of {sym} to switch with (I12)").format(sym=sym)
    return _("seat {seat} has no unused called pair of {sym} to switch with (I12)").format(seat=seat, sym=sym)


__all__ = ["why_illegal", "why_refused"]
