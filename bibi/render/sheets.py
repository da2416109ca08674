"""The table as a seat sees it, score sheets and bars, a game's totals, the event log, where the points come
from, and the review of a deal's bot moves."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from bibi.actions import CALLS
from bibi.cards import Card, Suit
from bibi.i18n import N_, _, count, ngettext, pgettext
from bibi.kinds import EventKind
from bibi.outcome import Outcome
from bibi.render.hands import card_html, hand_html, trick_html
from bibi.render.markup import HTML, _e, _seat_name, _styled, _suit, wrap
from bibi.render.names import changes_told
from bibi.rules import Rules, call_said, rules_titled
from bibi.tricks import note_of, pair_letters, reason_of

# Words shown inside markup: marked for the catalogs here, translated where they are used.
_W_TRUMP = N_("trump")
_W_NEXT_TRICK = N_("next trick")
_W_NEXT_DEAL = N_("next deal")
_W_TURNED_UP_NOBODY_WINS_THEM = N_("turned up, nobody wins them")
_W_STOCK = N_("stock")
_W_STOCK_EMPTY = N_("stock empty")
_W_THIS_TRICK = N_("This trick")
_W_NO_CARDS_YET = N_("no cards yet")
_W_DEALER = N_("dealer")
_W_ALL = N_("all")
_W_SEAT = N_("seat")
_W_TRICKS = N_("tricks")
_W_CARD_POINTS = N_("card points")
_W_BI_BI = N_("Bi-bi")
_W_CALLS = N_("calls")
_W_SCORE = N_("score")
_W_BI_BI_POINTS = N_("Bi-bi points")
_W_SCORES_BY_SEAT = N_("scores by seat")
_W_DEAL = N_("deal")
_W_TOTAL = N_("total")
_W_SET_UP = N_("set-up")
_W_MARKS = N_("marks")
_W_GREEN_RING_THE_CARD_WINNING_ = N_("green ring: the card winning the trick")
_W_GOLD_BORDER_A_LAID_DOWN_BI_B = N_("gold border: a laid-down Bi-bi card (its pair was called, everyone sees it)")
_W_NO_CARD_WORTH_POINTS = N_("no card worth points")
_W_LINE = N_("line")
_W_CARDS_THAT_SCORED = N_("cards that scored")
_W_POINTS = N_("points")
_W_TRICK = N_("trick")
_W_ITS_MOVE_AND_ITS_REASONS = N_("its move and its reasons")

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


def _status(deal: Any, names: Sequence[str] | None, viewer: int | None = None, you: bool = False) -> str:
    number = min(len(deal.tricks) + 1, deal.tricks_total)
    total = deal.tricks_total
    if deal.is_over:
        return _e(ngettext("Deal over after {n} trick", "Deal over after {n} tricks", total).format(n=total))
    trick = _("Trick {number} of {total}").format(number=number, total=total)
    acting = _acting(deal, viewer)
    if acting is None:  # another seat decides on a call, which the viewer does not see
        # TRANSLATORS: the table's status while the other seats draw from the stock
        return _e(_("{trick} · the others draw").format(trick=trick))
    who = _seat_name(acting, names)
    if you and acting == viewer:  # the reader's own decision: said to him, as his seat's badge says it
        if deal.phase == "call":
            # TRANSLATORS: the table's status when the reader may call a pair
            doing = _("you may say {call} (or pass)").format(call=call_said(deal.rules))
        else:
            doing = _("your lead") if not deal.trick else _("your turn")
    elif deal.phase == "call":
        doing = _("{who} may say {call} (or pass)").format(who=who, call=call_said(deal.rules))
    elif not deal.trick:
        doing = _("{who} to lead").format(who=who)
    else:
        doing = _("{who} to play").format(who=who)
    return _e(f"{trick} · {doing}")


def last_trick_reason(deal: Any) -> str | None:
    """The rule that gave ``deal``'s last completed trick to its winner, with its full citation
    (``bibi.tricks.trick_reason``), or None."""
    if not deal.tricks:
        return None
    return reason_of(deal.tricks[-1], deal.rules)


def _center(deal: Any, names: Sequence[str] | None, small: bool, last_trick: bool = False,
            viewer: int | None = None, you: bool = False, why: bool = False) -> str:
    parts = [f'<div class="bibi-status">{_status(deal, names, viewer, you)}</div>']
    # TRANSLATORS: the label beside the trump suit's symbol at the table's centre
    trump = f'<span class="bibi-label">{_e(_(_W_TRUMP))}</span>{_trump_disc(deal.trump)}'
    pending = getattr(deal, "pending_trump", None)
    if pending is not None:
        # TRANSLATORS: the label beside the trump of the next trick (a call has moved it)
        trump += f' <span class="bibi-label">{_e(_(_W_NEXT_TRICK))}</span>{_trump_disc(pending)}'
    following = getattr(deal, "next_trump", None)
    if following is not None:
        # TRANSLATORS: the label beside the trump of the next deal
        trump += f' <span class="bibi-label">{_e(_(_W_NEXT_DEAL))}</span>{_trump_disc(following)}'
    if deal.leftovers:
        stock = (
            f'<span class="bibi-label">{_e(_(_W_TURNED_UP_NOBODY_WINS_THEM))}</span>'
            + hand_html(deal.leftovers, small=True, style=False)
        )
    elif deal.stock_size:
        stock = (
            # TRANSLATORS: the label beside the stock's face-down card and its count
            f'<span class="bibi-label">{_e(_(_W_STOCK))}</span>'
            f"{card_html(None, face_down=True, small=True, style=False)}<b>{deal.stock_size}</b>"
        )
    else:
        stock = f'<span class="bibi-label">{_e(_(_W_STOCK_EMPTY))}</span>'
    parts.append(f'<div class="bibi-row"><div>{trump}</div><div class="bibi-row">{stock}</div></div>')
    if deal.trick and len(deal.trick) < deal.players:
        winning = getattr(deal, "winning", None)  # the engine's "winning so far", where it offers one
        parts.append(trick_html(deal.trick, winner=winning, done=False, title=_("This trick"), names=names,
                                small=small, style=False))
        if last_trick and deal.tricks:  # the trick just completed stays in sight beside the new one
            parts.append(f'<div class="bibi-last">{_last_trick(deal, names, small, True, why)}</div>')
    elif deal.tricks:  # between tricks, or a complete trick whose players still draw and call
        if last_trick and not deal.is_over:
            parts.append(f'<div class="bibi-trick"><div>{_e(_(_W_THIS_TRICK))}</div><span class="bibi-empty">'
                         f"{_e(_(_W_NO_CARDS_YET))}</span></div>")
        parts.append(f'<div class="bibi-last">{_last_trick(deal, names, small, last_trick, why)}</div>'
                     if last_trick else _last_trick(deal, names, small, False, why))
    return "".join(parts)


def _last_trick(deal: Any, names: Sequence[str] | None, small: bool, just: bool, why: bool) -> str:
    """The last completed trick: ``just`` played (beside the next one, its trump always named), ``why`` with its
    rule (``trick_html``'s ``reason`` and ``why``)."""
    last = deal.tricks[-1]
    trump = last.trump if last.trump != deal.trump or just else None
    title = (_("Trick {number} (just played)") if just else _("Trick {number}")).format(number=last.number + 1)
    return trick_html(last.plays, trump=trump, winner=last.winner, points=last.points, title=title, names=names,
                      small=small, reason=note_of(last, deal.rules) if why else None,
                      why=last_trick_reason(deal) if why else None, style=False)


def _hand_label(seat: int, names: Sequence[str] | None) -> str:
    """The accessible name of a seat's hand: ``seat 2's hand``, or a named player's."""
    if names:
        return _("{name}: hand").format(name=names[seat])
    return _("seat {seat}'s hand").format(seat=seat)


def _trump_disc(suit: Suit) -> str:
    red = " bibi-red" if suit.is_red else ""
    title = _("trump: {suit}").format(suit=suit.spoken())
    return f'<span class="bibi-trump{red}" title="{_e(title)}">{suit.symbol}</span>'


def _seat_box(
    deal: Any, seat: int, cell: tuple[int, int], viewer: int | None, names: Sequence[str] | None, small: bool,
    hand_below: bool = False, you: bool = False,
) -> str:
    acting = _acting(deal, viewer) == seat
    hidden = viewer is not None and viewer != seat
    laid = deal.laid_down(seat)
    legal = None
    if acting and not hidden and deal.phase == "play":
        legal = [a for a in deal.legal_actions() if isinstance(a, Card)]  # a card is the action of playing it
    head = [f'<span class="bibi-name">{_e(_seat_name(seat, names))}</span>']
    if seat == deal.dealer:
        # TRANSLATORS: the badge of the seat that deals
        head.append(f'<span class="bibi-badge bibi-dealer">{_e(_(_W_DEALER))}</span>')
    if acting:
        if deal.phase == "call":
            # TRANSLATORS: the badge of a seat deciding whether to call a pair
            word = _("Bi-bi?")
        elif you and seat == viewer:  # the reader's own seat: the badge speaks to him
            # TRANSLATORS: the badge of the viewer's own seat when he is to lead, or to play to the trick: it
            # addresses him («ваш ход», «tocca a te»)
            word = _("your lead") if not deal.trick else _("your turn")
        else:
            # TRANSLATORS: the badge of another seat to lead, or to play to the trick (a bot, or any seat when every
            # hand is shown)
            word = _("leads") if not deal.trick else _("to play")
        head.append(f'<span class="bibi-badge bibi-turn">{_e(word)}</span>')
    for call in deal.calls:
        if call.seat == seat:
            title = _("called {pair}").format(pair=pair_letters())
            said = CALLS[call.suit.index].display(rules=deal.rules)
            head.append(f'<span class="bibi-badge bibi-call" title="{_e(title)}">{_e(said)}</span>')
    won = sum(1 for t in deal.tricks if t.winner == seat)
    bonus = deal.bonus_points[seat]
    score = f"<b>{deal.scores[seat]}</b>"
    if bonus:
        # TRANSLATORS: a seat's score with its card points and its Bi-bi points: "<b>66</b> points (16 + 50 Bi-bi)"
        said = ngettext("{score} point ({cards} + {bonus} Bi-bi)", "{score} points ({cards} + {bonus} Bi-bi)",
                        deal.scores[seat])
        score = said.format(score=score, cards=deal.card_points[seat], bonus=bonus)
    else:
        score = ngettext("{score} point", "{score} points", deal.scores[seat]).format(score=score)
    foot = f"{score} · {_e(count(won, 'trick'))}"
    classes = "bibi-seat bibi-acting" if acting else "bibi-seat"
    if hand_below and seat == viewer:  # the hand is a row of buttons under the table: shown once
        held = len(deal.hand(seat))
        said = (ngettext("{n} card: your hand is the row of buttons below",
                         "{n} cards: your hand is the row of buttons below", held).format(n=held) if held
                else _("no cards"))
        hand = f'<div class="bibi-hand"><span class="bibi-empty">{_e(said)}</span></div>'
    else:
        hand = hand_html(deal.hand(seat), face_down=hidden, laid=laid, legal=legal, small=small,
                         label=_hand_label(seat, names), style=False)
    return (
        f'<div class="{classes}" data-seat="{seat}" style="grid-area:{cell[0]} / {cell[1]}">'
        f'<div class="bibi-seat-head">{"".join(head)}</div>{hand}<div class="bibi-seat-foot">{foot}</div></div>'
    )


@_styled
def table_html(deal: Any, seat: int | None = None, *, names: Sequence[str] | None = None,
               last_trick: bool = False, hand_below: bool = False, you: bool = False, why: bool = False) -> str:
    """The whole table: the seats around it (hands, dealer, whose turn, calls, scores), and in the
    middle the trump, the stock or the turned-up leftovers, and the trick being played (or the last one).

    With ``seat`` given, that seat sits at the bottom and every other hand is face down, except
    the laid-down pairs, which everyone sees. The cards the acting seat may not play are dimmed.
    ``last_trick``: the trick just completed stays beside the new one, with its winner, its points and
    the rule that decided it. ``hand_below``: ``seat``'s own hand is left out (a view shows it as buttons).
    ``you``: ``seat`` is the reader's own, as at the play table: its badge and the status speak to him ("your
    turn", «ваш ход») where another seat's say "to play". ``why``: the last completed trick tells its rule as
    ``last_trick`` does (said on the result only when it is not the everyday one, ``bibi.tricks.trick_note``; else
    a click away, behind "why?"), wherever it is shown.
    """
    n = deal.players
    columns, centre, cells = seat_cells(n)
    small = n > 8
    bottom = 0 if seat is None else seat
    boxes = []
    for place, cell in enumerate(cells):
        boxes.append(_seat_box(deal, (bottom + place) % n, cell, seat, names, small, hand_below, you))
    inner = _center(deal, names, small, last_trick, seat, you, why or last_trick)
    centre_box = f'<div class="bibi-center" style="grid-area:{centre}">{inner}</div>'
    # TRANSLATORS: the table's accessible name: "russian rules, 4 players"
    label = _("{rules} rules, {players}").format(rules=rules_titled(deal.rules),
                                                 players=count(n, "player"))
    return (
        f'<div class="bibi-table" style="grid-template-columns:repeat({columns},minmax(0,1fr))" '
        f'aria-label="{_e(label)}">{centre_box}{"".join(boxes)}</div>'
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
    called = len(deal.calls)
    foot = (
        f'<tfoot><tr><td class="bibi-text">{_e(_(_W_ALL))}</td><td>{len(deal.tricks)}</td><td>{in_tricks}</td>'
        f'<td>{sum(deal.bonus_points)}</td><td class="bibi-text">{_e(_calls(called))}</td>'
        f"<td>{sum(deal.scores)}</td></tr></tfoot>"
    )
    if out:
        check = _("card points: {tricks} in tricks + {leftovers} in the turned-up leftovers + {out} still in hands "
                  "and stock = {sum} of the pack's {total}")
    else:
        check = _("card points: {tricks} in tricks + {leftovers} in the turned-up leftovers = {sum} of the pack's "
                  "{total}")
    check = check.format(tricks=in_tricks, leftovers=leftovers, out=out, sum=in_tricks + leftovers + out, total=total)
    heads = (f'<th class="bibi-text">{_e(_(_W_SEAT))}</th><th>{_e(_(_W_TRICKS))}</th>'
             f'<th>{_e(_(_W_CARD_POINTS))}</th><th>{_e(_(_W_BI_BI))}</th>'
             f'<th class="bibi-text">{_e(_(_W_CALLS))}</th><th>{_e(_(_W_SCORE))}</th>')
    return (
        f'<table class="bibi-sheet"><thead><tr>{heads}</tr></thead>'
        f'<tbody>{"".join(rows)}</tbody>{foot}</table><div class="bibi-check">{check}</div>'
    )


def _calls(n: int) -> str:
    """``1 call``, ``2 calls`` in the language in force (a call of a pair, «Би-би»)."""
    return ngettext("{n} call", "{n} calls", n).format(n=n)


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
        f'<div class="bibi-label"><span class="bibi-key bibi-bar-cards"></span>{_e(_(_W_CARD_POINTS))}'
        f'<span class="bibi-key bibi-bar-bibi"></span>{_e(_(_W_BI_BI_POINTS))}</div>'
    )
    return (f'<div class="bibi-bars" role="img" aria-label="{_e(_(_W_SCORES_BY_SEAT))}">{"".join(rows)}</div>'
            f"{key}")


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
        state = str(i + 1) if d.is_over else _("{number} (in play)").format(number=i + 1)
        rows.append(
            f'<tr><td class="bibi-text">{_e(state)}</td><td>{_e(_seat_name(d.dealer, names))}</td>'
            f"<td>{_trumps(d)}</td>{cells}</tr>"
        )
    over = outcome.final
    top = outcome.winners if deals else ()
    marks = "".join(
        f'<td class="bibi-diff">{v}</td>' if s in top else f"<td>{v}</td>" for s, v in enumerate(totals)
    )
    leaders = [_seat_name(s, names) for s in top]
    verdict = ""
    verdict = ""
    n = len(totals)
    if len(leaders) == n > 1:  # every seat on the same total
        said = (ngettext("all {n} seats share the win", "all {n} seats share the win", n) if over
                else ngettext("all {n} seats are level", "all {n} seats are level", n)).format(n=n)
        verdict = f'<div class="bibi-check">{_e(said)}</div>'
    elif len(leaders) == 1:
        # TRANSLATORS: a game's verdict: who wins the game, or (while it goes on) who leads it
        said = (pgettext("game", "{who} wins") if over else pgettext("game", "{who} leads")).format(who=leaders[0])
        verdict = f'<div class="bibi-check">{_e(said)}</div>'
    elif leaders:
        who = _("{some} and {last}").format(some=", ".join(leaders[:-1]), last=leaders[-1])
        said = (_("{who} share the win") if over else _("{who} share the lead")).format(who=who)
        verdict = f'<div class="bibi-check">{_e(said)}</div>'
    planned = game.deals_total
    caption = ngettext("Game ({rules} rules): {done} of {n} deal", "Game ({rules} rules): {done} of {n} deals",
                       planned).format(rules=rules_titled(game.rules), done=len(deals), n=planned)
    changes = changes_told(game.rules)  # rules with changes: what was changed, as the rules panel says it
    caption = f'<div class="bibi-status">{_e(caption)}</div>' + (
        f'<div class="bibi-text">{_e(changes)}</div>' if changes else "")
    return (
        f'{caption}<table class="bibi-sheet"><thead><tr>'
        f'<th class="bibi-text">{_e(_(_W_DEAL))}</th><th>{_e(_(_W_DEALER))}</th><th>{_e(_(_W_TRUMP))}</th>{heads}'
        f'</tr></thead><tbody>{"".join(rows)}</tbody><tfoot><tr><td class="bibi-text">{_e(_(_W_TOTAL))}</td>'
        f"<td></td><td></td>{marks}</tr></tfoot></table>{verdict}"
    )


def _trumps(deal: Any) -> str:
    """A deal's trump in a game's sheet: its first trump, and where a call moved it, the trump it ended with
    (``♥ → ♠``), so that the column never reads as stale."""
    first, last = deal.first_trump, deal.trump
    if last == first:
        return _suit(first)
    # TRANSLATORS: a deal's trump in a game's sheet when calls moved it: "first trump ♥, then ♠ from a call"
    said = _("first trump {first}, then {last} after a call").format(first=first.spoken(), last=last.spoken())
    return f'<span title="{_e(said)}">{_suit(first)} → {_suit(last)}</span>'


# -- events ------------------------------------------------------------------------------------


_EVENT_CLASS = {EventKind.TRUMP_CHANGE: "trump"}  # the style's class names, kept as they were


@_styled
def events_html(
    events: Iterable[Any], *, newest_first: bool = False, limit: int | None = None,
    actions: Sequence[int] | None = None, rules: Any = None,
) -> str:
    """The event log as a numbered list, one line per event (``event.told(rules)``: a call names what the caller
    says under ``rules``), classed by kind.

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
            f'<div role="listitem" class="bibi-evline bibi-ev-{_EVENT_CLASS.get(ev.kind, ev.kind)}">'
            f'<span class="bibi-evn">{i or _e(_(_W_SET_UP))}</span><span>{_e(ev.told(rules))}</span></div>'
            for i, ev in numbered
        )
        return f'<div class="bibi-evlines" role="list">{lines}</div>'
    items = "".join(f'<li value="{i}" class="bibi-ev-{_EVENT_CLASS.get(ev.kind, ev.kind)}">{_e(ev.told(rules))}</li>'
                    for i, ev in numbered)
    return f'<ol class="bibi-events">{items}</ol>'


def event_actions(events_per_position: Sequence[int]) -> list[int]:
    """For a line of snapshots with ``events_per_position[k]`` events after ``k`` actions, the number of the
    action that brought each event (0 for the set-up before the first action).

    >>> event_actions([2, 3, 3, 6])
    [0, 0, 1, 3, 3, 3]
    """
    out: list[int] = []
    for k, events in enumerate(events_per_position):
        out.extend([k] * (events - len(out)))
    return out


# -- where the points come from -----------------------------------------------------------------


@_styled
def marks_legend_html() -> str:
    """What the two card marks mean: the green ring of the card winning the trick, the gold border of a
    laid-down Bi-bi card (a king or queen shown to everyone)."""
    win = card_html(Card("2S"), small=True, win=True, title=_("the card winning the trick"), style=False)
    laid = card_html(Card("KH"), small=True, laid=True, title=_("a laid-down card"), style=False)
    return (
        f'<div class="bibi-legend" aria-label="{_e(_(_W_MARKS))}"><span>{win}'
        f'{_e(_(_W_GREEN_RING_THE_CARD_WINNING_))}</span><span>{laid}'
        f'{_e(_(_W_GOLD_BORDER_A_LAID_DOWN_BI_B))}</span></div>'
    )


@_styled
def scoring_cards_html(cards: Iterable[tuple[Card, int]]) -> str:
    """Small card faces, each with its points under it (the cards that scored on one line of a score)."""
    items = "".join(
        f'<span class="bibi-pts">{card_html(c, small=True, style=False)}<span>{p or "&nbsp;"}</span></span>'
        for c, p in cards
    )
    empty = f'<span class="bibi-empty">{_e(_(_W_NO_CARD_WORTH_POINTS))}</span>'
    return f'<span class="bibi-scoring">{items or empty}</span>'


def _line_who(line: Any, names: Sequence[str] | None) -> str:
    return _("nobody") if line.seat is None else _seat_name(line.seat, names)


@_styled
def score_line_html(line: Any, *, names: Sequence[str] | None = None, rules: Rules | None = None) -> str:
    """One line of a score (a ``bibi.tables.ScoreLine``): who got it, the cards that scored, and its points; a call
    named as the caller says it under ``rules`` (``call_said``), or the kit's Bi-bi when no rules are given."""
    if line.kind == "call":
        # TRANSLATORS: a line of a score: a call; {call} is what the caller says under the rules in force (Bi-bi,
        # «bip bip»), {pair} is "K+Q ♥", {points} "50 points"
        what = _("{who} says {call}: {pair}, {points} for the pair").format(
            call=_e(call_said(rules)),
            who=_e(_line_who(line, names)), pair=f"{pair_letters()} {_suit(line.cards[0][0].suit)}",
            points=count(line.points, "point"))
    elif line.kind == "trick":
        what = _e(_("taken by {who}").format(who=_line_who(line, names)))
    elif line.kind == "leftovers":
        what = _e(_("turned up at the end: nobody wins them"))
    else:
        what = _e(_("not played yet"))
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
        f'<tr><td class="bibi-text">{_e(score_line_label(line, deal.rules))}</td>'
        f'<td class="bibi-text">{_e(_line_who(line, names))}</td>'
        f'<td class="bibi-text">{"" if line.kind == "out" else scoring_cards_html(line.cards, style=False)}</td>'
        f"<td>{line.points}</td></tr>"
        for line in lines
    )
    # TRANSLATORS: the head of the score lines' column saying who gets each line's points
    to = pgettext("score line", "to")
    return (
        f'<table class="bibi-sheet"><thead><tr><th class="bibi-text">{_e(_(_W_LINE))}</th>'
        f'<th class="bibi-text">{_e(to)}</th>'
        f'<th class="bibi-text">{_e(_(_W_CARDS_THAT_SCORED))}</th>'
        f'<th>{_e(_(_W_POINTS))}</th></tr></thead>'
        f'<tbody>{rows}</tbody><tfoot><tr><td class="bibi-text">{_e(_(_W_TOTAL))}</td><td></td><td></td>'
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
    return _("all lines {total} = the pack's {pack} card points + {bibi} × {calls} {ok}").format(
        total=total, pack=deal.rules.total_points(), bibi=deal.rules.bibi_points, calls=_calls(calls), ok=ok)



@_styled
def review_html(lines: Sequence[Any], *, names: Sequence[str] | None = None) -> str:
    """The review of a finished deal (``bibi.play.review``): trick by trick, each bot move with its reasons."""
    rows = "".join(f'<tr><td>{line.trick}</td><td class="bibi-text bibi-who">{_e(_seat_name(line.seat, names))}</td>'
                   f'<td class="bibi-text">{_e(line.why)}</td></tr>' for line in lines)
    head = _e(_("Review of the deal: every bot move, with what the bot held and weighed"))
    return (f'<div class="bibi-review"><div class="bibi-status">{head}</div><table class="bibi-sheet"><thead><tr>'
            f'<th>{_e(_(_W_TRICK))}</th><th class="bibi-text">{_e(_(_W_SEAT))}</th>'
            f'<th class="bibi-text">{_e(_(_W_ITS_MOVE_AND_ITS_REASONS))}</th></tr></thead>'
            f"<tbody>{rows}</tbody></table></div>")



def score_line_detail_html(deal: Any, line: Any) -> HTML:
    """One line of a deal's score in words, with its trick (a ``bibi.tables.ScoreLine``: a trick, a call, the
    leftovers or what is still out), as the score inspector shows it under its rows."""
    rules = deal.rules
    if line.kind == "leftovers":
        body = _("<b>Leftovers</b>: turned face up when the stock ran low; nobody wins them, so their {points} "
                 "count for no one (R25; I16).").format(points=count(line.points, "point"))
        body += hand_html(deal.leftovers, small=True, style=False)
    elif line.kind == "out":
        body = _("<b>Still in hands and stock</b>: {points} not played yet.").format(
            points=count(line.points, "point"))
    elif line.kind == "call" and line.trick < 0:
        body = _("<b>Bi-bi before the first trick</b>: seat {seat} laid down {pair}, {points} (R16; I13).").format(
            seat=line.seat, pair=f"{pair_letters()} {line.cards[0][0].suit.symbol}",
            points=count(rules.bibi_points, "point"))
    else:
        trick = deal.tricks[line.trick] if line.trick < len(deal.tricks) else None
        if line.kind == "call":
            body = _("<b>Bi-bi in trick {number}</b>: seat {seat} laid down {pair}, {points} (R16; I13).").format(
                number=line.trick + 1, seat=line.seat, pair=f"{pair_letters()} {line.cards[0][0].suit.symbol}",
                points=count(rules.bibi_points, "point"))
        else:
            body = _("<b>Trick {number}</b>: seat {seat} takes it with the green-ringed card; its cards worth "
                     "points make {points}.").format(number=line.trick + 1, seat=line.seat,
                                                     points=count(line.points, "point"))
        if trick is not None:
            body += trick_html(trick, style=False)
    return wrap(f'<div class="bibi-parting">{body}</div>')


def score_check_html(deal: Any, card_points: int, lines: Sequence[Any]) -> HTML:
    """The score inspector's check: ``card_points`` (the card points of the deal's score table) against the
    pack's, the Bi-bi points and the scores, then the lines' sum (``points_check``)."""
    total = deal.rules.total_points()
    calls = len(deal.calls)
    ok = "✓" if card_points == total else "✗"
    said = _("card points {cards} = the pack's {total} {ok}; Bi-bi {bibi} ({calls}); scores {scores}").format(
        cards=card_points, total=total, ok=ok, bibi=sum(deal.bonus_points), calls=_calls(calls),
        scores=" ".join(map(str, deal.scores)))
    return wrap(
        f'<div class="bibi-check{"" if card_points == total else " bibi-bad"}">{said}</div>'
        f'<div class="bibi-check">{_e(points_check(deal, lines))}</div>'
    )


def frame_html(frame: Any, *, index: Sequence[str] | None = None, columns: Sequence[str] | None = None) -> HTML:
    """A pandas frame as a score sheet (pandas' own HTML, classed as the kit's tables); ``index`` and ``columns``,
    when given, are the labels shown for its rows and columns (the frame itself keeps its own)."""
    if index is not None or columns is not None:
        frame = frame.copy()
        if index is not None:
            frame.index = list(index)
        if columns is not None:
            frame.columns = list(columns)
    return wrap(frame.to_html(classes="bibi-sheet", border=0))


def score_line_label(line: Any, rules: Rules | None = None) -> str:
    """A line of a score (a ``bibi.tables.ScoreLine``) as a view names it, in the language in force: ``trick 3``,
    ``Bi-bi ♥ (dealt)``, ``leftovers``, ``still in hands and stock`` (its ``label`` stays the frame's English); a
    call named as the caller says it under ``rules`` (``call_said``), or the kit's Bi-bi when no rules are given."""
    if line.kind == "trick":
        return _("trick {number}").format(number=line.trick + 1)
    if line.kind == "call":
        suit = line.cards[0][0].suit.symbol
        said = call_said(rules)
        if line.trick < 0:
            # TRANSLATORS: {call} is what the caller says under the rules in force (Bi-bi, «bip bip»)
            return _("{call} {sym} (dealt)").format(call=said, sym=suit)
        return _("{call} {sym} (trick {number})").format(call=said, sym=suit, number=line.trick + 1)
    if line.kind == "leftovers":
        return _("leftovers")
    return _("still in hands and stock")


def score_frame_html(deal: Any, frame: Any, lines: Sequence[Any]) -> HTML:
    """``bibi.tables.score_frame(deal)`` as the score inspector shows it: its rows and columns named in the language
    in force (the lines of ``lines``, then the total; each seat, nobody, all)."""
    columns = [_seat_name(s, None) for s in range(deal.players)] + [_("nobody"), _("all")]
    index = [score_line_label(line, deal.rules) for line in lines] + [_("total")]
    return frame_html(frame, index=index, columns=columns)
