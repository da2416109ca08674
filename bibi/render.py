"""Pure, deterministic HTML for cards, hands, tricks, the table, score sheets, rules and events.

Every function returns an ``HTML`` value (a ``str`` that displays itself in Jupyter, as python-chess's
``SvgWrapper`` does, so a notebook needs no ``IPython.display.HTML(...)`` around it) and reads the
engine's public surface only; the same input gives
the same markup byte for byte (no random ids, no timestamps), so nbval can compare notebook
outputs and tests can assert on them. Styling is one ``<style>`` block of classes prefixed
``bibi-``, read once from the package's style sheet (``bibi/data/bibi.css``); by default each function wraps
its markup as ``<div class="bibi">`` + that block, and ``style=False`` returns the bare fragment for
composing larger pages. The widget views (``bibi.widgets``) take every piece of their markup from here.

>>> from bibi.cards import Card
>>> html = card_html(Card("KS"), style=False)
>>> 'aria-label="king of spades"' in html, ">K<" in html, "♠" in html
(True, True, True)
>>> "bibi-red" in card_html(Card("QH"), style=False)
True
>>> card_html(Card("2C"), face_down=True, style=False).count("two")
0
>>> isinstance(html, str) and html._repr_html_() == html
True
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from html import escape
from importlib import resources
from typing import Any

from bibi.cards import Card, Suit
from bibi.outcome import Outcome
from bibi.rules import OPTIONS, Rules
from bibi.tricks import reason_of


class HTML(str):
    """Markup that displays itself: a ``str`` (it composes, compares and writes to files as one) with
    ``_repr_html_``, so Jupyter shows it rendered."""

    __slots__ = ()

    def _repr_html_(self) -> str:
        return str(self)


def _sheet(name: str) -> str:
    """A style sheet of the package's data (``bibi/data/NAME``), its comments left out."""
    text = resources.files("bibi").joinpath("data", name).read_text(encoding="utf-8")
    return re.sub(r"/\*.*?\*/\s*", "", text, flags=re.S)


def _block(css: str) -> str:
    """A style sheet as one ``<style>`` block: each line stripped, the lines joined by a space."""
    return f"<style>{' '.join(line.strip() for line in css.strip().splitlines())}</style>"


# The style sheets, read once: every view's and page's (``bibi/data/bibi.css``), and the play table's own
# (``bibi/data/play.css``: its card buttons show the card big, its name in words small below; the trick just
# completed sits under a dashed line).
CSS = _sheet("bibi.css")
PLAY_CSS = _sheet("play.css")
_STYLE = _block(CSS)
_PLAY_STYLE = _block(PLAY_CSS)


def play_style_block() -> str:
    """The play table's style rules (``PLAY_CSS``) as one ``<style>`` block."""
    return _PLAY_STYLE


def style_block() -> str:
    """The one ``<style>`` block every view shares (put it once on a page built from fragments)."""
    return _STYLE


def _styled(fragment: Callable[..., str]) -> Callable[..., HTML]:
    """Give a fragment builder a ``style=True`` keyword that wraps it with the style block; return ``HTML``."""

    @functools.wraps(fragment)
    def html(*args: Any, style: bool = True, **kwargs: Any) -> HTML:
        body = fragment(*args, **kwargs)
        return HTML(f'<div class="bibi">{_STYLE}{body}</div>' if style else body)

    return html


def _e(value: object) -> str:
    return escape(str(value), quote=True)


def _seat_name(seat: int, names: Sequence[str] | None) -> str:
    return names[seat] if names else f"seat {seat}"


def _count(n: int, word: str) -> str:
    """``1 call``, ``2 calls``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _suit(suit: Suit | None) -> str:
    """A suit symbol coloured red or black."""
    if suit is None:
        return "—"
    red = ' class="bibi-red"' if suit.is_red else ""
    return f'<span{red} title="{_e(_SUIT_WORD[suit])}">{suit.symbol}</span>'


_SUIT_WORD = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds", Suit.CLUBS: "clubs"}


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
        label = title or "face-down card"
        return f'<span class="{" ".join(classes)}" role="img" aria-label="{_e(label)}" title="{_e(label)}"></span>'
    if card is None:
        raise ValueError("card: None, and not face_down")
    card = Card(card)
    if card.suit.is_red:
        classes.append("bibi-red")
    for flag, name in ((laid, "bibi-laid"), (dim, "bibi-dim"), (win, "bibi-win")):
        if flag:
            classes.append(name)
    label = title or card.name + (" (laid down)" if laid else "")
    return (
        f'<span class="{" ".join(classes)}" role="img" aria-label="{_e(label)}" title="{_e(label)}">'
        f'<span class="bibi-rank">{card.rank.label}</span><span class="bibi-suit">{card.suit.symbol}</span></span>'
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
    >>> html.count("bibi-back"), html.count("(laid down)") // 2
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
    body = "".join(shown + hidden) or '<span class="bibi-empty">no cards</span>'
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
) -> str:
    """Who played what to a trick, and who wins it (or, ``done=False``, who is winning so far), and
    ``reason``, the rule that decided it, when given (``bibi.tricks.trick_reason``).

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
        title = title or f"Trick {trick.number + 1}"
    items = []
    for seat, card in plays:
        win = seat == winner
        items.append(
            f'<div class="bibi-play"><span>{_e(_seat_name(seat, names))}</span>'
            f"{card_html(card, small=small, win=win, style=False)}</div>"
        )
    head = [title or "Trick"]
    if trump is not None:
        head.append(f"trump {_suit(trump)}")
    foot = ""
    if winner is not None:
        who = _e(_seat_name(winner, names))
        if done:
            foot = f"→ {who} wins" + (f", {points} points" if points is not None else "")
            if reason:
                foot += f': <span class="bibi-why">{_e(reason)}</span>'
        else:
            foot = f"{who} is winning so far"
    body = "".join(items) or '<span class="bibi-empty">no cards yet</span>'
    return (
        f'<div class="bibi-trick"><div>{" · ".join(head)}</div><div class="bibi-plays">{body}</div>'
        + (f'<div class="bibi-trick-foot">{foot}</div>' if foot else "")
        + "</div>"
    )


# -- the table ---------------------------------------------------------------------------------

# Seats sit around a grid: the cells of its rim, clockwise as seen from above, starting at the
# bottom (the viewer's seat). Clockwise is "to the left" (rules §2, in docs/rules.md):
# bottom → left → top → right.
_RIM8 = ((3, 2), (3, 1), (2, 1), (1, 1), (1, 2), (1, 3), (2, 3), (3, 3))
_RIM12 = ((4, 3), (4, 2), (4, 1), (3, 1), (2, 1), (1, 1), (1, 2), (1, 3), (1, 4), (2, 4), (3, 4), (4, 4))
_PICK = {
    2: (0, 4), 3: (0, 3, 5), 4: (0, 2, 4, 6), 5: (0, 2, 3, 5, 6), 6: (0, 2, 3, 4, 5, 6),
    7: (0, 1, 2, 3, 5, 6, 7), 8: tuple(range(8)),
    9: (0, 1, 3, 4, 5, 6, 7, 9, 10), 10: (0, 1, 3, 4, 5, 6, 7, 8, 9, 10), 11: tuple(range(11)),
    12: tuple(range(12)),
}


def seat_cells(players: int) -> tuple[int, str, tuple[tuple[int, int], ...]]:
    """The grid for ``players`` seats: its column count, the centre's grid-area, and each place's cell.

    Place 0 is the bottom of the table; places follow clockwise.

    >>> seat_cells(4)
    (3, '2 / 2 / 3 / 3', ((3, 2), (2, 1), (1, 2), (2, 3)))
    """
    if players <= 8:
        return 3, "2 / 2 / 3 / 3", tuple(_RIM8[i] for i in _PICK[players])
    return 4, "2 / 2 / 4 / 4", tuple(_RIM12[i] for i in _PICK[players])


def _acting(deal: Any, viewer: int | None) -> int | None:
    """Who ``viewer`` sees deciding (the engine's ``to_act_for``); everyone's decisions with all hands shown."""
    return deal.to_act if viewer is None else deal.to_act_for(viewer)


def _status(deal: Any, names: Sequence[str] | None, viewer: int | None = None) -> str:
    number = min(len(deal.tricks) + 1, deal.tricks_total)
    if deal.is_over:
        return f"Deal over after {deal.tricks_total} tricks"
    acting = _acting(deal, viewer)
    if acting is None:  # another seat decides on a call, which the viewer does not see
        return f"Trick {number} of {deal.tricks_total} · the others draw"
    who = _e(_seat_name(acting, names))
    if deal.phase == "call":
        doing = "may say Bi-bi (or pass)"
    elif not deal.trick:
        doing = "to lead"
    else:
        doing = "to play"
    return f"Trick {number} of {deal.tricks_total} · {who} {doing}"


def last_trick_reason(deal: Any) -> str | None:
    """The rule that gave ``deal``'s last completed trick to its winner (``bibi.tricks.trick_reason``), or None."""
    if not deal.tricks:
        return None
    return reason_of(deal.tricks[-1], deal.rules)


def _center(deal: Any, names: Sequence[str] | None, small: bool, last_trick: bool = False,
            viewer: int | None = None) -> str:
    parts = [f'<div class="bibi-status">{_status(deal, names, viewer)}</div>']
    trump = f'<span class="bibi-label">trump</span>{_trump_disc(deal.trump)}'
    pending = getattr(deal, "pending_trump", None)
    if pending is not None:
        trump += f' <span class="bibi-label">next trick</span>{_trump_disc(pending)}'
    following = getattr(deal, "next_trump", None)
    if following is not None:
        trump += f' <span class="bibi-label">next deal</span>{_trump_disc(following)}'
    if deal.leftovers:
        stock = (
            '<span class="bibi-label">turned up, nobody wins them</span>'
            + hand_html(deal.leftovers, small=True, style=False)
        )
    elif deal.stock_size:
        stock = (
            f'<span class="bibi-label">stock</span>{card_html(None, face_down=True, small=True, style=False)}'
            f"<b>{deal.stock_size}</b>"
        )
    else:
        stock = '<span class="bibi-label">stock empty</span>'
    parts.append(f'<div class="bibi-row"><div>{trump}</div><div class="bibi-row">{stock}</div></div>')
    if deal.trick and len(deal.trick) < deal.players:
        winning = getattr(deal, "winning", None)  # the engine's "winning so far", where it offers one
        parts.append(trick_html(deal.trick, winner=winning, done=False, title="This trick", names=names,
                                small=small, style=False))
        if last_trick and deal.tricks:  # the trick just completed stays in sight beside the new one
            parts.append(f'<div class="bibi-last">{_last_trick(deal, names, small, True)}</div>')
    elif deal.tricks:  # between tricks, or a complete trick whose players still draw and call
        if last_trick and not deal.is_over:
            parts.append('<div class="bibi-trick"><div>This trick</div><span class="bibi-empty">'
                         "no cards yet</span></div>")
        parts.append(f'<div class="bibi-last">{_last_trick(deal, names, small, last_trick)}</div>'
                     if last_trick else _last_trick(deal, names, small, False))
    return "".join(parts)


def _last_trick(deal: Any, names: Sequence[str] | None, small: bool, why: bool) -> str:
    last = deal.tricks[-1]
    trump = last.trump if last.trump != deal.trump or why else None
    title = f"Trick {last.number + 1}" + (" (just played)" if why else "")
    return trick_html(last.plays, trump=trump, winner=last.winner, points=last.points, title=title, names=names,
                      small=small, reason=last_trick_reason(deal) if why else None, style=False)


def _trump_disc(suit: Suit) -> str:
    red = " bibi-red" if suit.is_red else ""
    return f'<span class="bibi-trump{red}" title="trump: {_SUIT_WORD[suit]}">{suit.symbol}</span>'


def _seat_box(
    deal: Any, seat: int, cell: tuple[int, int], viewer: int | None, names: Sequence[str] | None, small: bool,
    hand_below: bool = False,
) -> str:
    acting = _acting(deal, viewer) == seat
    hidden = viewer is not None and viewer != seat
    laid = deal.laid_down(seat)
    legal = None
    if acting and not hidden and deal.phase == "play":
        legal = [a for a in deal.legal_actions() if isinstance(a, Card)]  # a card is the action of playing it
    head = [f'<span class="bibi-name">{_e(_seat_name(seat, names))}</span>']
    if seat == deal.dealer:
        head.append('<span class="bibi-badge bibi-dealer">dealer</span>')
    if acting:
        word = "Bi-bi?" if deal.phase == "call" else ("leads" if not deal.trick else "to play")
        head.append(f'<span class="bibi-badge bibi-turn">{word}</span>')
    for call in deal.calls:
        if call.seat == seat:
            head.append(f'<span class="bibi-badge bibi-call" title="called K+Q">Bi-bi {call.suit.symbol}</span>')
    won = sum(1 for t in deal.tricks if t.winner == seat)
    bonus = deal.bonus_points[seat]
    score = f"<b>{deal.scores[seat]}</b> points" + (f" ({deal.card_points[seat]} + {bonus} Bi-bi)" if bonus else "")
    trick_word = "trick" if won == 1 else "tricks"
    foot = f"{score} · {won} {trick_word}"
    classes = "bibi-seat bibi-acting" if acting else "bibi-seat"
    if hand_below and seat == viewer:  # the hand is a row of buttons under the table: shown once
        count = len(deal.hand(seat))
        said = (f'{count} card{"" if count == 1 else "s"}: your hand is the row of buttons below' if count
                else "no cards")
        hand = f'<div class="bibi-hand"><span class="bibi-empty">{said}</span></div>'
    else:
        hand = hand_html(deal.hand(seat), face_down=hidden, laid=laid, legal=legal, small=small,
                         label=f"{_seat_name(seat, names)}'s hand", style=False)
    return (
        f'<div class="{classes}" data-seat="{seat}" style="grid-area:{cell[0]} / {cell[1]}">'
        f'<div class="bibi-seat-head">{"".join(head)}</div>{hand}<div class="bibi-seat-foot">{foot}</div></div>'
    )


@_styled
def table_html(deal: Any, seat: int | None = None, *, names: Sequence[str] | None = None,
               last_trick: bool = False, hand_below: bool = False) -> str:
    """The whole table: the seats around it (hands, dealer, whose turn, calls, scores), and in the
    middle the trump, the stock or the turned-up leftovers, and the trick being played (or the last one).

    With ``seat`` given, that seat sits at the bottom and every other hand is face down, except
    the laid-down pairs, which everyone sees. The cards the acting seat may not play are dimmed.
    ``last_trick``: the trick just completed stays beside the new one, with its winner, its points and
    the rule that decided it. ``hand_below``: ``seat``'s own hand is left out (a view shows it as buttons).
    """
    n = deal.players
    columns, centre, cells = seat_cells(n)
    small = n > 8
    bottom = 0 if seat is None else seat
    boxes = []
    for place, cell in enumerate(cells):
        boxes.append(_seat_box(deal, (bottom + place) % n, cell, seat, names, small, hand_below))
    inner = _center(deal, names, small, last_trick, seat)
    centre_box = f'<div class="bibi-center" style="grid-area:{centre}">{inner}</div>'
    rules = _e(getattr(deal.rules, "name", "custom"))
    return (
        f'<div class="bibi-table" style="grid-template-columns:repeat({columns},minmax(0,1fr))" '
        f'aria-label="{rules} rules, {n} players">{centre_box}{"".join(boxes)}</div>'
    )


# -- scores ------------------------------------------------------------------------------------


@_styled
def score_sheet_html(deal: Any, *, names: Sequence[str] | None = None) -> str:
    """Seat by seat: tricks won, card points, Bi-bi points, score; and the check that the card
    points of the tricks, the leftovers and the cards still out add up to the whole pack's."""
    n = deal.players
    rows = []
    outcome = Outcome.of(deal.scores, deal.is_over)
    for s in range(n):
        won = sum(1 for t in deal.tricks if t.winner == s)
        calls = " ".join(c.suit.symbol for c in deal.calls if c.seat == s)
        lead = ' class="bibi-lead"' if outcome.final and s in outcome.winners else ""
        rows.append(
            f'<tr{lead}><td class="bibi-text">{_e(_seat_name(s, names))}</td><td>{won}</td>'
            f"<td>{deal.card_points[s]}</td><td>{deal.bonus_points[s]}</td>"
            f'<td class="bibi-text">{calls}</td><td>{deal.scores[s]}</td></tr>'
        )
    total = deal.rules.total_points()
    in_tricks = sum(deal.card_points)
    leftovers = deal.leftover_points
    out = total - in_tricks - leftovers
    foot = (
        f'<tfoot><tr><td class="bibi-text">all</td><td>{len(deal.tricks)}</td><td>{in_tricks}</td>'
        f'<td>{sum(deal.bonus_points)}</td><td class="bibi-text">{_count(len(deal.calls), "call")}</td>'
        f"<td>{sum(deal.scores)}</td></tr></tfoot>"
    )
    check = f"card points: {in_tricks} in tricks + {leftovers} in the turned-up leftovers"
    if out:
        check += f" + {out} still in hands and stock"
    check += f" = {in_tricks + leftovers + out} of the pack's {total}"
    return (
        '<table class="bibi-sheet"><thead><tr><th class="bibi-text">seat</th><th>tricks</th>'
        '<th>card points</th><th>Bi-bi</th><th class="bibi-text">calls</th><th>score</th></tr></thead>'
        f'<tbody>{"".join(rows)}</tbody>{foot}</table><div class="bibi-check">{check}</div>'
    )


@_styled
def score_bars_html(deal: Any, *, names: Sequence[str] | None = None) -> str:
    """A small bar chart of each seat's score: card points and Bi-bi points stacked."""
    scale = max(max(deal.scores), 1)
    rows = []
    for s in range(deal.players):
        cards_w = 100 * deal.card_points[s] / scale
        bibi_w = 100 * deal.bonus_points[s] / scale
        rows.append(
            f"<span>{_e(_seat_name(s, names))}</span>"
            f'<span class="bibi-bar"><span class="bibi-bar-cards" style="width:{cards_w:.1f}%"></span>'
            f'<span class="bibi-bar-bibi" style="width:{bibi_w:.1f}%"></span></span>'
            f"<span>{deal.scores[s]}</span>"
        )
    key = (
        '<div class="bibi-label"><span class="bibi-key bibi-bar-cards"></span>card points'
        '<span class="bibi-key bibi-bar-bibi"></span>Bi-bi points</div>'
    )
    return f'<div class="bibi-bars" role="img" aria-label="scores by seat">{"".join(rows)}</div>{key}'


@_styled
def game_html(game: Any, *, names: Sequence[str] | None = None) -> str:
    """A game's score sheet (a ``bibi.game.Game``): one row per deal (dealer, first trump, each seat's score), then
    the game's own totals (``Game.totals``) with its leaders marked (``Game.outcome()``), as winners once it is over.
    """
    deals = list(game.deals)
    n = game.players
    totals = list(game.totals)
    outcome = game.outcome()
    heads = "".join(f"<th>{_e(_seat_name(s, names))}</th>" for s in range(n))
    rows = []
    for i, d in enumerate(deals):
        cells = "".join(f"<td>{v}</td>" for v in d.scores)
        state = "" if d.is_over else " (in play)"
        rows.append(
            f'<tr><td class="bibi-text">{i + 1}{state}</td><td>{_e(_seat_name(d.dealer, names))}</td>'
            f"<td>{_suit(d.first_trump)}</td>{cells}</tr>"
        )
    over = outcome.final
    top = outcome.winners if deals else ()
    marks = "".join(
        f'<td class="bibi-diff">{v}</td>' if s in top else f"<td>{v}</td>" for s, v in enumerate(totals)
    )
    leaders = [_seat_name(s, names) for s in top]
    verdict = ""
    if len(leaders) == len(totals) > 1:  # every seat on the same total
        verdict = f'<div class="bibi-check">all {len(totals)} seats {"share the win" if over else "are level"}</div>'
    elif leaders:
        verb = ("wins" if len(leaders) == 1 else "share the win") if over else (
            "leads" if len(leaders) == 1 else "share the lead")
        who = leaders[0] if len(leaders) == 1 else ", ".join(leaders[:-1]) + " and " + leaders[-1]
        verdict = f'<div class="bibi-check">{_e(who)} {verb}</div>'
    planned = game.deals_total
    caption = f"Game ({_e(game.rules.name)} rules): {len(deals)} of {planned} deal{'s' if planned != 1 else ''}"
    return (
        f'<div class="bibi-status">{caption}</div><table class="bibi-sheet"><thead><tr>'
        f'<th class="bibi-text">deal</th><th>dealer</th><th>trump</th>{heads}</tr></thead>'
        f'<tbody>{"".join(rows)}</tbody><tfoot><tr><td class="bibi-text">total</td><td></td><td></td>'
        f"{marks}</tr></tfoot></table>{verdict}"
    )


# -- events ------------------------------------------------------------------------------------


_EVENT_CLASS = {"trump_change": "trump"}  # the style's class names, kept as they were


@_styled
def events_html(
    events: Iterable[Any], *, newest_first: bool = False, limit: int | None = None,
    actions: Sequence[int] | None = None,
) -> str:
    """The event log as a numbered list, one line per event (``str(event)``), classed by kind.

    With ``actions`` (one number per event: the action that brought it, see ``event_actions``) each line is
    numbered by that action, as the views' action counters count, instead of by its place among the events.
    """
    events = list(events)
    if actions is not None:
        if len(actions) != len(events):
            raise ValueError(f"actions: {len(actions)} numbers given for {len(events)} events")
        numbered = list(zip(actions, events, strict=True))
    else:
        numbered = list(enumerate(events, 1))
    if limit is not None:
        numbered = numbered[-limit:] if limit else []
    if newest_first:
        numbered.reverse()
    if actions is not None:
        lines = "".join(
            f'<div class="bibi-evline bibi-ev-{_EVENT_CLASS.get(ev.kind, ev.kind)}">'
            f'<span class="bibi-evn">{i or "set-up"}</span><span>{_e(ev)}</span></div>'
            for i, ev in numbered
        )
        return f'<div class="bibi-evlines" role="list">{lines}</div>'
    items = "".join(f'<li value="{i}" class="bibi-ev-{_EVENT_CLASS.get(ev.kind, ev.kind)}">{_e(ev)}</li>'
                    for i, ev in numbered)
    return f'<ol class="bibi-events">{items}</ol>'


def event_actions(events_per_position: Sequence[int]) -> list[int]:
    """For a line of snapshots with ``events_per_position[k]`` events after ``k`` actions, the number of the
    action that brought each event (0 for the set-up before the first action).

    >>> event_actions([2, 3, 3, 6])
    [0, 0, 1, 3, 3, 3]
    """
    out: list[int] = []
    for k, count in enumerate(events_per_position):
        out.extend([k] * (count - len(out)))
    return out


# -- rules and texts ---------------------------------------------------------------------------


@_styled
def sentences_html(sentences: Iterable[Any]) -> str:
    """Source sentences: the id, the original words (in their language), the translation, any note."""
    out = []
    for s in sentences:
        note = f'<span class="bibi-note">Note: {_e(s.note)}</span>' if s.note else ""
        out.append(
            f'<div class="bibi-sentence"><span class="bibi-sid">{_e(s.id)}</span>'
            f'<span class="bibi-original" lang="{_e(s.lang)}">{_e(s.original)}</span>'
            f'<span class="bibi-translation">{_e(s.translation)}</span>{note}</div>'
        )
    return "".join(out)


def _value(value: Any) -> str:
    return str(value.value if hasattr(value, "value") else value)


def option_meaning(name: str, value: Any) -> str:
    """What ``value`` of option ``name`` means, in plain words (the option's account where it has no list).

    >>> option_meaning("follow", "must_follow")[:21]
    'follow suit if you ca'
    """
    info = OPTIONS[name]
    return info.meaning(value) or info.doc


@_styled
def rules_html(rules: Rules, *, other: Rules | None = None, sentences: bool = False) -> str:
    """The options with their values, meanings and citations; with ``other``, both columns and the
    differing rows marked; with ``sentences``, the cited sentences under each option, folded."""
    heads = f"<th class=\"bibi-text\">{_e(rules.name)}</th>"
    if other is not None:
        heads += f"<th class=\"bibi-text\">{_e(other.name)}</th>"
    rows = []
    for name, value in rules.options().items():
        info = OPTIONS[name]
        cells = f'<td class="bibi-text">{_e(_value(value))}</td>'
        differs = inert = False
        meaning = _e(rules.explain(name))
        if other is not None:
            theirs = other.options()[name]
            differs = theirs != value
            cells += f'<td class="bibi-text">{_e(_value(theirs))}</td>'
            if other.no_effect(name) and not rules.no_effect(name):
                meaning += f"<br><i>{_e(other.name)}: {_e(other.no_effect(name))}</i>"
            inert = bool(rules.no_effect(name) or other.no_effect(name))
        cite = _e(rules.citation(name))
        if sentences:
            from bibi import texts  # lazy: texts load a data file

            folded = sentences_html(texts.cite(info.sources), style=False)
            cite = f"<details><summary>{cite}</summary>{folded}</details>"
        # A difference with no effect under one side's rules is shown, but not marked as one in play.
        mark = ' class="bibi-no-effect"' if differs and inert else ' class="bibi-diff"' if differs else ""
        rows.append(
            f'<tr{mark}><td class="bibi-text" title="{_e(info.doc)}"><b>{_e(info.title)}</b><br>'
            f'<code>{_e(name)}</code></td>{cells}<td class="bibi-text">{meaning}</td>'
            f'<td class="bibi-text">{cite}</td></tr>'
        )
    return (
        f'<table class="bibi-sheet"><thead><tr><th class="bibi-text">option</th>{heads}'
        f'<th class="bibi-text">what it means</th><th class="bibi-text">sources</th></tr></thead>'
        f'<tbody>{"".join(rows)}</tbody></table>'
    )


# -- the same deal under two sets of rules -----------------------------------------------------


def _calls_text(deal: Any, names: Sequence[str] | None) -> str:
    if not deal.calls:
        return "none"
    return "<br>".join(
        f"{'dealt' if c.trick < 0 else f'trick {c.trick + 1}'}: {_e(_seat_name(c.seat, names))} "
        f"{_suit(c.suit)}{' (mandatory)' if c.mandatory else ''}"
        for c in deal.calls
    )


def _trump_moves(deal: Any) -> str:
    moves = [_suit(deal.first_trump)]
    tricks = 0
    for ev in deal.events:
        if ev.kind == "trick":
            tricks += 1
        elif ev.kind == "trump_change":
            how = "switch" if ev.info == "switch" else "call"
            moves.append(f"{_suit(ev.suit)} <span class=\"bibi-label\">(trick {tricks + 1}, {how})</span>")
    following = getattr(deal, "next_trump", None)
    if following is not None:
        moves.append(f"{_suit(following)} <span class=\"bibi-label\">(next deal)</span>")
    return " → ".join(moves)


@_styled
def comparison_html(
    a: Any, b: Any, *, labels: Sequence[str] | None = None, names: Sequence[str] | None = None
) -> str:
    """The same deal played under two sets of rules, side by side: the rules that differ, trump
    moves, calls, scores, and trick by trick who won; what differs is marked."""
    la, lb = labels or (a.rules.name, b.rules.name)
    la, lb = _e(la), _e(lb)
    diff = a.rules.diff(b.rules)
    changed = ", ".join(
        f"<code>{_e(k)}</code>: {_e(_value(x))} → {_e(_value(y))}"
        + (" (no effect here)" if a.rules.no_effect(k) or b.rules.no_effect(k) else "")
        for k, x, y in diff)
    parts = [f'<div class="bibi-status">{la} vs {lb}: {changed or "the same rules"}</div>']
    same_deck = a.deck == b.deck and a.dealer == b.dealer and a.first_trump == b.first_trump
    if not same_deck:
        parts.append('<div class="bibi-check bibi-bad">not the same pack: the packs differ in size</div>')

    def row(label: str, x: str, y: str) -> str:
        mark = ' class="bibi-diff"' if x != y else ""
        return f'<tr{mark}><td class="bibi-text">{label}</td><td class="bibi-text">{x}</td>' \
               f'<td class="bibi-text">{y}</td></tr>'

    rows = [
        row("trump moves", _trump_moves(a), _trump_moves(b)),
        row("calls", _calls_text(a, names), _calls_text(b, names)),
    ]
    for s in range(max(a.players, b.players)):
        x = str(a.scores[s]) if s < a.players else ""
        y = str(b.scores[s]) if s < b.players else ""
        rows.append(row(f"score, {_e(_seat_name(s, names))}", x, y))
    parts.append(
        f'<table class="bibi-sheet"><thead><tr><th class="bibi-text"></th><th class="bibi-text">{la}</th>'
        f'<th class="bibi-text">{lb}</th></tr></thead><tbody>{"".join(rows)}</tbody></table>'
    )

    def trick_cell(t: Any) -> str:
        if t is None:
            return "—"
        return f"{_suit(t.trump)} {_e(_seat_name(t.winner, names))}, {t.points}"

    trick_rows = []
    first_diff = None
    for i in range(max(len(a.tricks), len(b.tricks))):
        ta = a.tricks[i] if i < len(a.tricks) else None
        tb = b.tricks[i] if i < len(b.tricks) else None
        x, y = trick_cell(ta), trick_cell(tb)
        plays_differ = (ta.plays if ta else None) != (tb.plays if tb else None)
        if (x != y or plays_differ) and first_diff is None:
            first_diff = i
        mark = ' class="bibi-diff"' if x != y else ""
        trick_rows.append(f'<tr{mark}><td>{i + 1}</td><td class="bibi-text">{x}</td>'
                          f'<td class="bibi-text">{y}</td></tr>')
    where = "the tricks are the same" if first_diff is None else f"the play first differs at trick {first_diff + 1}"
    parts.append(
        f'<details><summary>Trick by trick (trump, winner, points): {where}</summary>'
        f'<table class="bibi-sheet"><thead><tr><th>trick</th><th class="bibi-text">{la}</th>'
        f'<th class="bibi-text">{lb}</th></tr></thead><tbody>{"".join(trick_rows)}</tbody></table></details>'
    )
    return "".join(parts)

# -- where the points come from -----------------------------------------------------------------


@_styled
def marks_legend_html() -> str:
    """What the two card marks mean: the green ring of the card winning the trick, the gold border of a
    laid-down Bi-bi card (a king or queen shown to everyone)."""
    win = card_html(Card("2S"), small=True, win=True, title="the card winning the trick", style=False)
    laid = card_html(Card("KH"), small=True, laid=True, title="a laid-down card", style=False)
    return (
        f'<div class="bibi-legend" aria-label="marks"><span>{win}green ring: the card winning the trick</span>'
        f"<span>{laid}gold border: a laid-down Bi-bi card (its pair was called, everyone sees it)</span></div>"
    )


@_styled
def scoring_cards_html(cards: Iterable[tuple[Card, int]]) -> str:
    """Small card faces, each with its points under it (the cards that scored on one line of a score)."""
    items = "".join(
        f'<span class="bibi-pts">{card_html(c, small=True, style=False)}<span>{p or "&nbsp;"}</span></span>'
        for c, p in cards
    )
    empty = '<span class="bibi-empty">no card worth points</span>'
    return f'<span class="bibi-scoring">{items or empty}</span>'


def _line_who(line: Any, names: Sequence[str] | None) -> str:
    return "nobody" if line.seat is None else _seat_name(line.seat, names)


@_styled
def score_line_html(line: Any, *, names: Sequence[str] | None = None) -> str:
    """One line of a score (a ``bibi.tables.ScoreLine``): who got it, the cards that scored, and its points."""
    if line.kind == "call":
        what = (f"{_e(_line_who(line, names))} says Bi-bi: K+Q {_suit(line.cards[0][0].suit)}, "
                f"{line.points} for the pair")
    elif line.kind == "trick":
        what = f"won by {_e(_line_who(line, names))}"
    elif line.kind == "leftovers":
        what = "turned up at the end: nobody wins them"
    else:
        what = "not played yet"
    cards = "" if line.kind == "out" else scoring_cards_html(line.cards, style=False)
    return (
        f'<div class="bibi-row" style="gap:10px"><span style="min-width:13em">{what}</span>{cards}'
        f'<b style="margin-left:auto">{line.points}</b></div>'
    )


@_styled
def score_lines_html(deal: Any, lines: Sequence[Any], *, names: Sequence[str] | None = None) -> str:
    """Every line of a deal's score (``bibi.tables.score_lines``) with the cards that scored, and the check that
    they add up to the pack's card points plus the Bi-bi points of every call."""
    rows = "".join(
        f'<tr><td class="bibi-text">{_e(line.label)}</td><td class="bibi-text">{_e(_line_who(line, names))}</td>'
        f'<td class="bibi-text">{"" if line.kind == "out" else scoring_cards_html(line.cards, style=False)}</td>'
        f"<td>{line.points}</td></tr>"
        for line in lines
    )
    return (
        '<table class="bibi-sheet"><thead><tr><th class="bibi-text">line</th><th class="bibi-text">to</th>'
        '<th class="bibi-text">cards that scored</th><th>points</th></tr></thead>'
        f'<tbody>{rows}</tbody><tfoot><tr><td class="bibi-text">total</td><td></td><td></td>'
        f"<td>{sum(line.points for line in lines)}</td></tr></tfoot></table>"
        f'<div class="bibi-check">{_e(points_check(deal, lines))}</div>'
    )


def points_check(deal: Any, lines: Sequence[Any]) -> str:
    """``all lines 314 = the pack's 264 + 50 × 1 call ✓``: the sum of the score's lines against the pack's
    card points and the calls (✗ where they do not agree)."""
    total = sum(line.points for line in lines)
    calls = len(deal.calls)
    expected = deal.rules.total_points() + deal.rules.bibi_points * calls
    ok = "✓" if total == expected else "✗"
    return (f"all lines {total} = the pack's {deal.rules.total_points()} card points + "
            f"{deal.rules.bibi_points} × {_count(calls, 'call')} {ok}")


# -- two deals of one pack, in lockstep --------------------------------------------------------


def _acts(actions: Iterable[Any]) -> str:
    return " ".join(_e(getattr(a, "unicode", a)) for a in actions) or "nothing"


def _doing(deal: Any) -> str:
    """What is happening in ``deal`` at its parting point: "seat 5 plays to the trick"."""
    if deal.is_over:
        return "the deal is over"
    who = f"seat {deal.to_act}"
    if deal.phase == "call":
        return f"{who} may say Bi-bi or pass ({_acts(deal.legal_actions())})"
    if not deal.trick:
        return f"{who} leads"
    return f"{who} plays to the trick"


@_styled
def review_html(lines: Sequence[Any], *, names: Sequence[str] | None = None) -> str:
    """The review of a finished deal (``bibi.play.review``): trick by trick, each bot move with its reasons."""
    rows = "".join(f'<tr><td>{line.trick}</td><td class="bibi-text bibi-who">{_e(_seat_name(line.seat, names))}</td>'
                   f'<td class="bibi-text">{_e(line.why)}</td></tr>' for line in lines)
    return ('<div class="bibi-review"><div class="bibi-status">Review of the deal: every bot move, with what '
            'the bot held and weighed</div><table class="bibi-sheet"><thead><tr><th>trick</th>'
            f'<th class="bibi-text">seat</th><th class="bibi-text">its move and its reasons</th></tr></thead>'
            f"<tbody>{rows}</tbody></table></div>")


@_styled
def parting_html(parting: Any, *, labels: Sequence[str]) -> str:
    """Where two deals of one pack part (a ``bibi.parting.Parting``): who acts under each rules, the actions one
    allows and the other refuses (with the engine's reason), and the option responsible with its sentences."""
    la, lb = labels
    a, b = parting.a, parting.b
    if not parting.parted:
        return (f'<div class="bibi-parting"><b>The two deals never part</b>: every decision is the same under '
                f"{_e(la)} and {_e(lb)}, to the end.</div>")
    where = f"after {_count(parting.actions, 'action')}, in trick {parting.trick + 1}"
    doing_a, doing_b = _doing(a), _doing(b)
    doing = (f"under both rules {doing_a}" if doing_a == doing_b  # the difference is in what he may do: said below
             else f"under {_e(la)} {doing_a}; under {_e(lb)} {doing_b}")
    lines = [f"<b>The deals part {where}</b>: {doing}."]
    for side, here, other, lhere, lother in (("b", b, a, lb, la), ("a", a, b, la, lb)):
        only = parting.only_in(side)
        if not only or other.is_over or other.to_act != here.to_act:
            continue
        why = other.why_illegal(only[0])
        verb = "play" if all(isinstance(x, Card) for x in only) else "choose"
        text = f"Under {_e(lhere)} seat {here.to_act} may also {verb} {_acts(only)}"
        if why:
            text += f"; under {_e(lother)} {_e(getattr(only[0], 'unicode', only[0]))} is illegal: {_e(why)}"
        lines.append(f'<span class="bibi-why">{text}.</span>')
    if parting.options:
        for name in parting.options:
            info = OPTIONS[name]
            va, vb = getattr(a.rules, name), getattr(b.rules, name)
            ids_a, ids_b = _ids(name, va), _ids(name, vb)
            cite = f": {lb} {ids_b or '(not stated)'} vs {la} {ids_a or '(not stated)'}"
            lines.append(
                f'<span class="bibi-why">Because of <b>{_e(info.title)}</b> (<code>{_e(name)}</code>){_e(cite)}. '
                f"{_e(la)}: {_e(option_meaning(name, va))}. {_e(lb)}: {_e(option_meaning(name, vb))}. "
                f'<span class="bibi-label">sources {_e(a.rules.citation(name))}</span></span>'
            )
    else:
        names = ", ".join(f"<code>{_e(n)}</code>" for n in parting.differing) or "none"
        lines.append(f'<span class="bibi-why">No single option explains it alone (options that differ: '
                     f"{names}).</span>")
    return f'<div class="bibi-parting" role="note">{"".join(lines)}</div>'


def _ids(name: str, value: Any) -> str:
    """The sentence ids the meaning of one option value cites (``follow``, ``follow_or_trump`` → ``I7``)."""
    ids: list[str] = []
    for found in re.findall(r"\b[RI]\d+(?:–[RI]?\d+)?", OPTIONS[name].meaning(value) or ""):
        if found not in ids:
            ids.append(found)
    return ", ".join(ids)


@_styled
def side_html(deal: Any, label: str, *, position: int, note: str = "", apart: bool = False,
              seat: int | None = None) -> str:
    """One column of a lockstep comparison: its rules' label, where it stands (``position`` actions, ``note``:
    in step, parted…), the table, and the scores (so far, or final once the deal is over). ``apart`` marks a column
    past the parting point."""
    head = f"{_e(label)} · after {_count(position, 'action')}" + (f" · {_e(note)}" if note else "")
    mark = " bibi-apart" if apart else ""
    scores = " · ".join(f"seat {s}: {v}" for s, v in enumerate(deal.scores))
    which = "final scores" if deal.is_over else "scores so far"
    return (
        f'<div class="bibi-side"><div class="bibi-side-head{mark}">{head}</div>{table_html(deal, seat, style=False)}'
        f'<div class="bibi-check">{which}: {scores}</div></div>'
    )


def page(*fragments: str, title: str = "bibi") -> HTML:
    """A whole HTML document around fragments (for screenshots and files), with the style block once."""
    return HTML(
        f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{_e(title)}</title></head>'
        f'<body style="margin:12px"><div class="bibi">{_STYLE}{"".join(fragments)}</div></body></html>'
    )


BANNER = ("▶ **Run ▸ Run All Cells** to bring the widgets to life: until the notebook runs, the views below are "
          "pictures that do not answer clicks.")


def banner_markdown(text: str = BANNER) -> str:
    """The one-line banner at the top of every notebook, as a markdown cell's source: it says how to bring the
    widgets to life. A live view of the kit hides it (``banner_hider``), so it shows only while nothing runs."""
    return (f'<div class="bibi-banner" style="border:1px solid #d49a00;background-color:#fff8df;color:#1d1d1d;'
            f'padding:6px 10px">\n\n{text}\n\n</div>')


@_styled
def lesson_html(head: str, levels: str, moved: str, effects: str) -> str:
    """The lesson table (``bibi.lesson.Lesson``): its run, the measures under each rules, then the effects; the two
    tables come as pandas' HTML."""
    return (f'<div class="bibi-lesson"><p><b>{_e(head)}</b></p><p>The measures under each:</p>{levels}'
            f"<p>{_e(moved)}:</p>{effects}</div>")


# Where a live widget view is on a page: a rendered widget inside an output of a notebook (JupyterLab, Notebook 7,
# JupyterLite and Voilà draw outputs with the same classes), still connected to its kernel (after a restart the old
# views stay, marked disconnected). The widget renderer's output node is the one with no ``data-mime-type`` (every
# other renderer marks its node with its type); its own "Loading widget..." and "Error displaying widget: model not
# found" lines are that node's text, with no widget inside it.
_LIVE = ".jp-OutputArea-output .jupyter-widgets:not(.jupyter-widgets-disconnected)"
_WIDGET_OUTPUT = ".jp-OutputArea-output:not([data-mime-type])"


def banner_hider() -> str:
    """A style rule that hides the banner of the notebook a live view is in, and of no other notebook on the page:
    live views carry it, so the banner goes once a view of its notebook runs and comes back if the kernel goes."""
    return f"<style>.jp-Notebook:has({_LIVE}) .bibi-banner{{display:none}}</style>"


def picture_rules() -> str:
    """The style rules a still picture of a view (``class="bibi-picture"``) carries, for the output area of its cell:
    while the view beside it is live, the picture is hidden; while the view cannot show (its model is gone with
    the kernel that made it, or still loading), the widget's placeholder line is hidden and the picture stands in.

    A view shows in a notebook as two outputs of its cell, the picture and the widget (``_View._repr_mimebundle_``):
    JupyterLab draws a saved widget output with the widget renderer whenever the notebook is trusted, never with
    the other forms of the same output, so the picture has to be an output of its own.
    """
    # (``:has`` cannot hold another ``:has``: the second rule says "no live widget" outside it.)
    return (f"<style>.jp-OutputArea:has(> .jp-OutputArea-child > {_LIVE}) > .jp-OutputArea-child:has(.bibi-picture)"
            f"{{display:none}} .jp-OutputArea:has(> .jp-OutputArea-child .bibi-picture) > .jp-OutputArea-child:has("
            f"> {_WIDGET_OUTPUT}):not(:has({_LIVE})){{display:none}}</style>")


def picture_output_html(picture: str) -> HTML:
    """A view's still picture as an output of its own, with the rules that show it only while the view is not live
    (``picture_rules``)."""
    return HTML(f'<div class="bibi-picture">{picture_rules()}{picture}</div>')


def suit_html(suit: Suit | str) -> HTML:
    """A suit symbol, red or black, for inline text.

    >>> str(suit_html("H"))
    '<span class="bibi-red" title="hearts">♥</span>'
    """
    return HTML(_suit(Suit.parse(suit)))


@_styled
def call_html(call: Any, *, names: Sequence[str] | None = None) -> str:
    """One Bi-bi call: who, which pair, when (a ``bibi.deal.Call``).

    >>> from bibi.deal import Call
    >>> print(call_html(Call(1, Suit.HEARTS, 2, False), style=False))
    <span class="bibi-call">seat 1: Bi-bi! K+Q <span class="bibi-red" title="hearts">♥</span>, trick 3</span>
    """
    when = "dealt" if call.trick < 0 else f"trick {call.trick + 1}"
    how = " (mandatory)" if call.mandatory else ""
    return (f'<span class="bibi-call">{_e(_seat_name(call.seat, names))}: Bi-bi! K+Q {_suit(call.suit)}, '
            f"{when}{how}</span>")



# -- the pieces of the widget views (bibi.widgets) ---------------------------------------------


def wrap(*fragments: str, style: bool = True) -> HTML:
    """Fragments in one ``<div class="bibi">``, the style block first (``style=False``: without it, for a fragment
    shown where the page has it already)."""
    return HTML(f'<div class="bibi">{_STYLE if style else ""}{"".join(fragments)}</div>')


def message_html(text: str, *, error: bool = False) -> HTML:
    """A view's message line: ``text`` as said, red for an error (a refused move, a bad value).

    >>> print(message_html("5♠ is illegal", error=True))
    <div class="bibi bibi-message bibi-error">5♠ is illegal</div>
    """
    return HTML(f'<div class="bibi bibi-message{" bibi-error" if error else ""}">{_e(text)}</div>')


def field_error_html(text: str) -> HTML:
    """An error shown next to the control that caused it."""
    return HTML(f'<div class="bibi" role="alert"><div class="bibi-field-error">⚠ {_e(text)}</div></div>')


def caption_html(bold: str = "", rest: str = "") -> HTML:
    """A caption over a part of a view: its first words in bold, then the rest.

    >>> print(caption_html("Events", " (newest first)"))
    <b>Events</b> (newest first)
    """
    return HTML((f"<b>{_e(bold)}</b>" if bold else "") + _e(rest))


def heading_html(text: str) -> HTML:
    """A heading between the parts of a view (the app's)."""
    return HTML(f"<h3>{_e(text)}</h3>")


def status_html(text: str) -> HTML:
    """A status line in bold (a view's counter, the note over a picture)."""
    return HTML(f'<div class="bibi-status">{_e(text)}</div>')


def view_picture_html(parts: Iterable[str], *, note: str = "") -> HTML:
    """A still picture of a view from the HTML of its parts, in order: what a saved notebook shows without a
    kernel. Each part's own style block and banner hider are left out, the style block comes once, ``note`` (if
    any) on top."""
    bare = (part.replace(banner_hider(), "").replace(_STYLE, "") for part in parts)
    return wrap(status_html(note) if note else "", *bare)


# The card buttons of the views are ipywidgets Buttons, coloured through their style traits (which win over
# the front end's own button rules): their ink and paper, and the lines drawn around buttons and rows.
CARD_BUTTON_BORDER = "1px solid #8d8d8d"
ROW_RULE = "1px solid #ddd"


def card_button_colours(*, legal: bool, red: bool, laid: bool) -> tuple[str, str]:
    """The ink and the paper of a card button (its ``text_color`` and ``button_color``): red or black ink, both
    faded for a card that may not be played; yellow paper for a laid-down card.

    >>> card_button_colours(legal=True, red=True, laid=False)
    ('#c62828', '#ffffff')
    """
    ink = ("#c62828", "#1d1d1d") if legal else ("#e3a3a3", "#a3a3a3")
    paper = ("#fff3c4", "#ffffff") if legal else ("#f0e6c0", "#e9e9e9")
    return ink[0] if red else ink[1], paper[0] if laid else paper[1]


def option_source_html(rules: Rules, name: str, theirs: Any) -> HTML:
    """One option of ``rules`` for the rules panel: what its value means (or why it has no effect), its citation,
    and the sentences it comes from, folded; marked, with the value, where ``theirs`` (the other side's) differs."""
    from bibi import texts  # lazy: texts load a data file

    differs = rules.options()[name] != theirs
    mark = ' class="bibi-differs"' if differs else ""
    left = f' <span class="bibi-label">(left: {_e(_value(theirs))})</span>' if differs else ""
    sentences = sentences_html(texts.cite(OPTIONS[name].sources), style=False)
    return wrap(f"<div{mark}><details><summary>{_e(rules.explain(name))}{left} "
                f'<span class="bibi-label">({_e(rules.citation(name))})</span></summary>{sentences}</details></div>')


def score_line_detail_html(deal: Any, line: Any) -> HTML:
    """One line of a deal's score in words, with its trick (a ``bibi.tables.ScoreLine``: a trick, a call, the
    leftovers or what is still out), as the score inspector shows it under its rows."""
    rules = deal.rules
    if line.kind == "leftovers":
        body = (f"<b>Leftovers</b>: turned face up when the stock ran low; nobody wins them, so their "
                f"{line.points} points count for no one (R25; I16)."
                + hand_html(deal.leftovers, small=True, style=False))
    elif line.kind == "out":
        body = f"<b>Still in hands and stock</b>: {line.points} points not played yet."
    elif line.kind == "call" and line.trick < 0:
        body = (f"<b>Bi-bi before the first trick</b>: seat {line.seat} laid down K+Q "
                f"{line.cards[0][0].suit.symbol}, {rules.bibi_points} points (R16; I13).")
    else:
        trick = deal.tricks[line.trick] if line.trick < len(deal.tricks) else None
        if line.kind == "call":
            body = (f"<b>Bi-bi in trick {line.trick + 1}</b>: seat {line.seat} laid down K+Q "
                    f"{line.cards[0][0].suit.symbol}, {rules.bibi_points} points (R16; I13).")
        else:
            body = (f"<b>Trick {line.trick + 1}</b>: seat {line.seat} wins it with the green-ringed card; "
                    f"its cards worth points make {line.points}.")
        if trick is not None:
            body += trick_html(trick, style=False)
    return wrap(f'<div class="bibi-parting">{body}</div>')


def score_check_html(deal: Any, card_points: int, lines: Sequence[Any]) -> HTML:
    """The score inspector's check: ``card_points`` (the card points of the deal's score table) against the
    pack's, the Bi-bi points and the scores, then the lines' sum (``points_check``)."""
    total = deal.rules.total_points()
    calls = len(deal.calls)
    ok = "✓" if card_points == total else "✗"
    return wrap(
        f'<div class="bibi-check{"" if card_points == total else " bibi-bad"}">card points {card_points} = the '
        f"pack's {total} {ok}; Bi-bi {sum(deal.bonus_points)} ({_count(calls, 'call')}); scores "
        f"{' '.join(map(str, deal.scores))}</div>"
        f'<div class="bibi-check">{_e(points_check(deal, lines))}</div>'
    )


def frame_html(frame: Any) -> HTML:
    """A pandas frame as a score sheet (pandas' own HTML, classed as the kit's tables)."""
    return wrap(frame.to_html(classes="bibi-sheet", border=0))


__all__ = [
    "BANNER", "CSS", "HTML", "PLAY_CSS", "banner_hider", "banner_markdown", "call_html", "card_html",
    "comparison_html", "event_actions", "events_html", "game_html", "hand_html", "last_trick_reason",
    "marks_legend_html", "option_meaning", "page", "parting_html", "picture_rules", "play_style_block", "points_check",
    "rules_html",
    "score_bars_html", "score_line_html", "score_lines_html", "score_sheet_html", "scoring_cards_html", "seat_cells",
    "review_html", "sentences_html", "side_html", "style_block", "suit_html", "table_html", "trick_html",
    # the pieces of the widget views
    "CARD_BUTTON_BORDER", "ROW_RULE", "caption_html", "card_button_colours", "field_error_html", "frame_html",
    "heading_html", "lesson_html", "message_html", "option_source_html", "score_check_html", "score_line_detail_html",
    "status_html", "view_picture_html", "wrap",
]
