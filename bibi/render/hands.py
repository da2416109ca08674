"""Cards, hands, tricks, suits and calls as HTML."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from bibi.cards import Card, Suit
from bibi.i18n import N_, _, count
from bibi.render.markup import HTML, _e, _seat_name, _styled, _suit
from bibi.rules import Rules, call_said
from bibi.tricks import pair_letters

# Words shown inside markup: marked for the catalogs here, translated where they are used.
_W_NO_CARDS = N_("no cards")
_W_NO_CARDS_YET = N_("no cards yet")
# TRANSLATORS: the disclosure under a trick's result that opens to the rule which decided it, with its sentences
_W_WHY = N_("why?")

# -- cards and hands ---------------------------------------------------------------------------


@_styled
def card_html(
    card: Card | None,
    face_down: bool = False,
    *,
    small: bool = False,
    laid: bool = False,
    dim: bool = False,
    win: bool = False,
    title: str | None = None,
) -> str:
    """One card face (rank and suit, red or black) or, ``face_down``, its back; labelled for screen readers.

    ``laid`` marks a laid-down (called) card, ``dim`` one that may not be played, ``win`` a trick's winner.
    """
    classes = ["bibi-card"]
    if small:
        classes.append("bibi-small")
    if face_down:
        classes.append("bibi-back")
        label = title or _("face-down card")
        return f'<span class="{" ".join(classes)}" role="img" aria-label="{_e(label)}" title="{_e(label)}"></span>'
    if card is None:
        raise ValueError("card: None, and not face_down")
    card = Card(card)
    if card.suit.is_red:
        classes.append("bibi-red")
    for flag, name in ((laid, "bibi-laid"), (dim, "bibi-dim"), (win, "bibi-win")):
        if flag:
            classes.append(name)
    label = title or (_("{card} (laid down)").format(card=card.spoken()) if laid else card.spoken())
    return (
        f'<span class="{" ".join(classes)}" role="img" aria-label="{_e(label)}" title="{_e(label)}">'
        f'<span class="bibi-rank">{card.rank.letter()}</span><span class="bibi-suit">{card.suit.symbol}</span></span>'
    )


@_styled
def hand_html(
    cards: Iterable[Card],
    *,
    face_down: bool = False,
    laid: Iterable[Card] = (),
    legal: Iterable[Card] | None = None,
    small: bool = False,
    label: str | None = None,
) -> str:
    """A row of cards. ``laid`` cards are marked, and stay face up when the rest is ``face_down``;
    with ``legal`` given, the other cards are dimmed.

    >>> from bibi.cards import cards
    >>> html = hand_html(cards("KH QH 3S"), face_down=True, laid=cards("KH QH"), style=False)
    >>> html.count("bibi-back"), html.count("(laid down)") // 2  # in English
    (1, 2)
    """
    to_mark = Counter(Card(c) for c in laid)
    allowed = None if legal is None else {Card(c) for c in legal}
    shown, hidden = [], []
    for c in cards:
        c = Card(c)
        is_laid = to_mark[c] > 0
        if is_laid:
            to_mark[c] -= 1
        if face_down and not is_laid:
            hidden.append(card_html(c, face_down=True, small=small, style=False))
        else:
            dim = allowed is not None and c not in allowed
            shown.append(card_html(c, small=small, laid=is_laid, dim=dim, style=False))
    body = "".join(shown + hidden) or f'<span class="bibi-empty">{_e(_(_W_NO_CARDS))}</span>'
    aria = f' role="group" aria-label="{_e(label)}"' if label else ""
    return f'<div class="bibi-hand"{aria}>{body}</div>'


# -- tricks ------------------------------------------------------------------------------------


@_styled
def trick_html(
    trick: Any,
    *,
    trump: Suit | None = None,
    winner: int | None = None,
    points: int | None = None,
    done: bool = True,
    title: str | None = None,
    names: Sequence[str] | None = None,
    small: bool = False,
    reason: str | None = None,
    why: str | None = None,
) -> str:
    """Who played what to a trick, and who wins it (or, ``done=False``, who is winning so far), and
    ``reason``, the rule that decided it, when given: shown on the result (``bibi.tricks.trick_note``, given
    when the rule is not the everyday one). ``why``, the rule with its full citation (``bibi.tricks.trick_reason``),
    is a click away behind a "why?" disclosure (``<details>``, reached by the keyboard too) when no ``reason`` is
    shown.

    ``trick`` is a completed ``Trick`` (its trump, winner and points are read from it) or a sequence
    of ``(seat, card)`` plays.

    >>> from bibi.cards import Card
    >>> html = trick_html([(1, Card("KS")), (2, Card("2S"))], winner=2, points=16, done=True, style=False)
    >>> "seat 2 wins" in html and "16 points" in html
    True
    """
    plays = getattr(trick, "plays", trick)
    if hasattr(trick, "winner"):
        trump = trick.trump if trump is None else trump
        winner = trick.winner if winner is None else winner
        points = trick.points if points is None else points
        title = title or _("Trick {number}").format(number=trick.number + 1)
    items = []
    for seat, card in plays:
        win = seat == winner
        items.append(
            f'<div class="bibi-play"><span>{_e(_seat_name(seat, names))}</span>'
            f"{card_html(card, small=small, win=win, style=False)}</div>"
        )
    head = [_e(title or _("Trick"))]
    if trump is not None:
        # TRANSLATORS: in a trick's heading: the trump it is played with; {suit} is a suit's symbol
        head.append(_("trump {suit}").format(suit=_suit(trump)))
    foot = ""
    if winner is not None:
        who = _e(_seat_name(winner, names))
        if done:
            if points is None:
                # TRANSLATORS: a trick's foot: who takes it; {who} is a seat ("seat 2") or a player's name
                foot = "→ " + _("{who} wins").format(who=who)
            else:
                # TRANSLATORS: a trick's foot: who takes it, and its points ("seat 2 wins, 16 points")
                foot = "→ " + _("{who} wins, {points}").format(who=who, points=count(points, "point"))
            if reason:
                foot += f': <span class="bibi-why">{_e(reason)}</span>'
            elif why:
                foot += f' <details class="bibi-why"><summary>{_e(_(_W_WHY))}</summary>{_e(why)}</details>'
        else:
            foot = _("{who} is winning so far").format(who=who)
    body = "".join(items) or f'<span class="bibi-empty">{_e(_(_W_NO_CARDS_YET))}</span>'
    return (
        f'<div class="bibi-trick"><div>{" · ".join(head)}</div><div class="bibi-plays">{body}</div>'
        + (f'<div class="bibi-trick-foot">{foot}</div>' if foot else "")
        + "</div>"
    )



def suit_html(suit: Suit | str) -> HTML:
    """A suit symbol, red or black, for inline text.

    >>> str(suit_html("H"))
    '<span class="bibi-red" title="hearts">♥</span>'
    """
    return HTML(_suit(Suit.parse(suit)))


@_styled
def call_html(call: Any, *, names: Sequence[str] | None = None, rules: Rules | None = None) -> str:
    """One Bi-bi call: who, which pair, when (a ``bibi.deal.Call``), naming the call as the caller says it under
    ``rules`` (``call_said``), or the kit's Bi-bi when no rules are given.

    >>> from bibi.deal import Call
    >>> print(call_html(Call(1, Suit.HEARTS, 2, False), style=False))
    <span class="bibi-call">seat 1: Bi-bi K+Q <span class="bibi-red" title="hearts">♥</span>, trick 3</span>
    """
    who, pair = _e(_seat_name(call.seat, names)), _pair(call.suit)
    said = _e(call_said(rules))
    if call.trick < 0:
        # TRANSLATORS: a call of a pair dealt in the hand, before the first trick; {call} is what the caller says
        # under the rules in force (Bi-bi, «bip bip»), {pair} "K+Q ♥"
        text = _("{who}: {call} {pair}, dealt").format(who=who, call=said, pair=pair)
    else:
        # TRANSLATORS: a call of a pair in a trick ("seat 1: Bi-bi K+Q ♥, trick 3"); {call} as above
        text = _("{who}: {call} {pair}, trick {number}").format(who=who, call=said, pair=pair,
                                                                 number=call.trick + 1)
    if call.mandatory:
        text = _("{call} (mandatory)").format(call=text)
    return f'<span class="bibi-call">{text}</span>'


def _pair(suit: Suit) -> str:
    """A king and queen of ``suit`` as the language writes them: ``K+Q ♥`` (Russian ``К+Д ♥``), suit coloured."""
    return f"{pair_letters()} {_suit(suit)}"
