"""What a deal hands out: its events (``Event``, with their text), the completed tricks (``Trick``), the calls
(``Call``), the public history (``History``), what one seat may see (``View``, a seat's information set), why
the trump is what it is (``trump_reason``, ``Deal.why_trump``) and its phase as a word (``phase_word``).

These are plain values, frozen, with no way back to the deal that made them; ``View.of`` and ``History.of`` read
them from a deal (``Deal.view``, ``Deal.history``). The module sits below ``bibi.deal`` (the state machine hands
them out), knows a deal only as the argument it is given, and is compiled with it (tools/build_compiled.py).

Their text (``str(event)``, ``str(trick)``, ``trump_reason``) is in the language in force (``bibi.language``), the
cards as it writes them; the values themselves hold no words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from bibi.actions import Action
from bibi.cards import SUIT_SYMBOLS, SUITS, Card, Suit
from bibi.errors import shorten
from bibi.i18n import _, ngettext, pgettext
from bibi.kinds import EventKind
from bibi.rules import Draw, Follow, Rules, TrumpChange, call_said
from bibi.tricks import pair_letters, shown_lacks

if TYPE_CHECKING:
    from bibi.deal import Deal  # above this module: read, never imported when it runs

# What an event's ``info`` holds, by kind: ``"mandatory"``, ``"call"`` or ``"switch"`` (a call, a trump change),
# the points of a trick, the leftover cards turned up; ``None`` for the other kinds.
EventInfo = str | int | tuple[Card, ...] | None


class Event(NamedTuple):
    """Something that happened, in order. ``kind`` is an ``EventKind``:

    ``deal`` (seat = dealer, suit = trump), ``call`` (info ``"mandatory"`` when the engine made it),
    ``pass``, ``play``, ``draw`` (card = the card drawn; ``None`` in another seat's log, ``Deal.events_for``),
    ``trick`` (seat = winner, info = points), ``trump_change`` (the trump changed; info = ``"call"`` or
    ``"switch"``), ``turn_up`` (info = the leftover cards), ``end``.
    """

    kind: EventKind
    seat: int | None = None
    card: Card | None = None
    suit: Suit | None = None
    info: EventInfo = None

    def __str__(self) -> str:
        return self.told()

    def told(self, rules: Rules | None = None) -> str:
        """The event in a line, in the language in force; a call names what the caller says under ``rules``
        (``call_said``: Bi-bi, «bip bip», Pip-Pip), or the kit's Bi-bi when no rules are given (``str(event)``)."""
        k, seat = self.kind, self.seat
        info: Any = self.info  # which it holds depends on the kind
        card: Any = self.card  # which fields are set depends on the kind
        suit: Any = self.suit
        if k is EventKind.DEAL:
            return _("seat {seat} deals; trump {sym}").format(seat=seat, sym=suit.symbol)
        if k is EventKind.PLAY:
            return _("seat {seat} plays {card}").format(seat=seat, card=card.display())
        if k is EventKind.DRAW:
            if card is None:
                return _("seat {seat} draws a card").format(seat=seat)
            return _("seat {seat} draws {card}").format(seat=seat, card=card.display())
        if k is EventKind.CALL:
            if info == "mandatory":
                # TRANSLATORS: {call} is what the caller says under the rules in force (Bi-bi, «bip bip»), {pair}
                # is "K+Q" in the language's rank letters, {sym} the suit's symbol; the rules made this call (I11)
                text = _("seat {seat} says {call}: {pair} {sym} (mandatory)")
            else:
                # TRANSLATORS: {call} is what the caller says under the rules in force (Bi-bi, «bip bip»), {pair}
                # is "K+Q" in the language's rank letters, {sym} the suit's symbol
                text = _("seat {seat} says {call}: {pair} {sym}")
            call = call_said(rules)
            return text.format(seat=seat, call=call, pair=pair_letters(), sym=suit.symbol)
        if k is EventKind.PASS:
            return _("seat {seat} passes").format(seat=seat)
        if k is EventKind.TRICK:
            return ngettext("seat {seat} wins the trick ({n} point)", "seat {seat} wins the trick ({n} points)",
                            info).format(seat=seat, n=info)
        if k is EventKind.TRUMP_CHANGE:
            if info == "switch":
                return _("trump is now {sym} (seat {seat}'s switch)").format(sym=suit.symbol, seat=seat)
            return _("trump is now {sym}").format(sym=suit.symbol)
        if k is EventKind.TURN_UP:
            if not info:
                return _("stock turned up: nothing")
            return _("stock turned up: {cards}").format(cards=" ".join(c.display() for c in info))
        if k is EventKind.END:
            return _("deal over")
        return k



def phase_word(phase: str) -> str:
    """A deal's phase (``Deal.phase``: ``call``, ``play``, ``over``) as a word in the language in force."""
    if phase == "call":
        # TRANSLATORS: the phase in which a seat calls a pair or passes
        return pgettext("phase", "call")
    if phase == "play":
        # TRANSLATORS: the phase in which a seat plays a card (or switches the trump)
        return pgettext("phase", "play")
    if phase == "over":
        return pgettext("phase", "over")
    raise ValueError(f"phase: unknown phase {shorten(phase)}: use 'call', 'play' or 'over'")


class Trick(NamedTuple):
    """A completed trick: its number (0-based), leader, trump, plays in order, winner, points."""

    number: int
    leader: int
    trump: Suit
    plays: tuple[tuple[int, Card], ...]
    winner: int
    points: int

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(c for _seat, c in self.plays)

    def __str__(self) -> str:
        shown = " ".join(f"{s}:{c.display()}" for s, c in self.plays)
        # TRANSLATORS: a completed trick: its plays as "seat:card", then its winner and the points it holds
        return _("trick {number} (trump {sym}): {plays} → seat {winner}, {points}").format(
            number=self.number + 1, sym=self.trump.symbol, plays=shown, winner=self.winner, points=self.points)

    def _repr_html_(self) -> str:
        from bibi import render  # lazy: the engine never needs the renderer

        return render.trick_html(self)


class Call(NamedTuple):
    """A Bi-bi: who, which suit, during which trick (0-based; -1 before the first), made by the engine?"""

    seat: int
    suit: Suit
    trick: int
    mandatory: bool

    def _repr_html_(self) -> str:
        from bibi import render  # lazy: the engine never needs the renderer

        return render.call_html(self)


class History(NamedTuple):
    """What everyone at the table has seen happen, beyond the cards on the table: the facts a player can
    reason from about the hidden cards (who drew when, who showed a lack), kept by the engine as it plays.

    - ``draws``: ``(trick, seat)`` for every card drawn from the stock, in order; the card stays hidden.
      ``trick`` is the trick during which (``after_each_card``) or after which (``after_trick``) it was drawn.
    - ``lacks``: ``(seat, trick, suits)``: by not following at that trick the seat showed it held none of
      ``suits`` then: the suit led (R13), and the trump too under ``follow_or_trump`` (I7).
    - ``calls``: the Bi-bi calls (also ``Deal.calls``).
    - ``switches``: ``(trick, seat, suit)`` for every trump switch (``holder_chooses``; I12, I14).
    """

    draws: tuple[tuple[int, int], ...]
    lacks: tuple[tuple[int, int, tuple[Suit, ...]], ...]
    calls: tuple[Call, ...]
    switches: tuple[tuple[int, int, Suit], ...]

    @classmethod
    def of(cls, deal: Deal) -> History:
        """The public history of ``deal`` now (``Deal.history``), derived from its tricks, so that playing keeps no
        extra books: the draws come in the order the rules make them, every drawing round complete but the one
        under way (rules §2 ``draw``), and a card off the suit led shows a lack (``bibi.tricks.shown_lacks``)."""
        n, tricks, trick = deal.players, deal.tricks, deal.trick
        plays = [(t.number, t.plays, t.trump.index) for t in tricks]
        if trick and len(trick) < n:
            plays.append((len(tricks), trick, deal.trump.index))
        order: list[tuple[int, int]] = []
        each_card = deal.rules.draw is Draw.AFTER_EACH_CARD
        for number, cards, _trump in plays:
            if each_card:
                order += [(number, seat) for seat, _card in cards]
            elif len(cards) == n:  # I9: after the trick, its winner first, then clockwise
                winner = tricks[number].winner
                order += [(number, (winner + i) % n) for i in range(n)]
        drawn = len(deal.deck) - deal.stock_size - n * deal.rules.hand_size - len(deal.leftovers)
        must_follow = deal.rules.follow is Follow.MUST_FOLLOW
        lacks = [(seat, number, tuple(SUITS[s] for s in suits))
                 for number, cards, trump in plays for seat, suits in shown_lacks(cards, trump, must_follow)]
        switches = tuple((t, seat, SUITS[s]) for t, seat, s in deal._switches)  # no other book keeps them
        return cls(tuple(order[:drawn]), tuple(lacks), deal.calls, switches)


def drawn_by(deal: Deal, seat: int, draws: tuple[tuple[int, int], ...]) -> tuple[tuple[int, Card], ...]:
    """``seat``'s own draws, in order, as ``(trick, card)``: ``draws`` (``History.draws``) are the pack's cards
    after the hands dealt, one by one."""
    deck, first = deal.deck, deal.players * deal.rules.hand_size
    return tuple((t, deck[first + k]) for k, (t, s) in enumerate(draws) if s == seat)


def passed_by(deal: Deal, seat: int) -> tuple[int, ...]:
    """The trick windows at which ``seat`` passed on a call (-1: the dealt-pair pass), in order."""
    return tuple(t for t, s in deal._passes if s == seat)


def events_seen(deal: Deal, seat: int) -> tuple[Event, ...]:
    """The event log of ``deal`` (kept with ``log=True``) as ``seat`` may know it: every public event and the seat's
    own. Another seat's draw keeps no card (everyone sees him draw, nobody sees what: ``seat 2 draws a card``), and
    another seat's pass is left out: a pass is asked only of a seat holding a callable pair, so telling it would
    tell that he holds one (at a table, saying nothing is passing); under ``ask_every_chance`` every seat passes at
    each of its chances, so passes are public and kept (``Deal.events_for``)."""
    seen = []
    hide_passes = not deal._ask_every
    for event in deal._events:
        if event[1] != seat:
            kind = event[0]
            if kind is EventKind.DRAW:
                event = (kind, event[1], None, None, None)
            elif kind is EventKind.PASS and hide_passes:
                continue
        seen.append(Event._make(event))
    return tuple(seen)


def trump_reason(deal: Deal) -> str:
    """Why the trump of ``deal``'s trick being played (or about to be led) is the suit it is, citing the
    sentences: the calls made since the previous trick began, and what these rules make of them
    (``Deal.why_trump``)."""
    trump, sym = deal._trump, SUIT_SYMBOLS[deal._trump]
    trick = deal._trick
    number = len(deal._tricks) - (len(trick) == deal.players)  # the trick in play (or about to be led)
    before = deal._tricks[number - 1].trump.index if number > 0 else deal.first_trump.index
    # TRANSLATORS: a time, put in "during {when}" (Russian: «во время {when}», so the genitive)
    when = (pgettext("during", "trick {number}").format(number=number) if number > 0
            else pgettext("during", "the dealt-pair pass, before trick 1"))
    calls = [c for c in deal._calls if c.trick == number - 1]
    if deal._switched:
        return _("seat {seat} switched the trump to {sym} for this trick, with a pair he called (I12, I14)").format(
            seat=deal._leader, sym=sym)
    if trump != before:
        rivals = {c.suit for c in calls if c.suit.index != before}
        seat = next((c.seat for c in (calls if deal._first_call else calls[::-1]) if c.suit.index == trump), None)
        if number == 0 and seat is None:  # a pair dealt in the hand: the trump moves before the first trick (R18)
            why = _("a player said {call} with {pair} {sym} before the first trick, so {sym} is trump from the first "
                    "trick on")
        elif number == 0:
            why = _("seat {seat} said {call} with {pair} {sym} before the first trick, so {sym} is trump from the "
                    "first trick on")
        elif seat is None:
            why = _("a player said {call} with {pair} {sym} during {when}, so {sym} is trump from the next trick on")
        else:
            why = _("seat {seat} said {call} with {pair} {sym} during {when}, so {sym} is trump from the next trick "
                    "on")
        why = why.format(seat=seat, pair=pair_letters(), sym=sym, when=when, call=call_said(deal.rules))
        why += " (R16, R18)" if number > 0 else " (R17, R18)"
        if len(rivals) > 1:
            if deal._first_call:
                why += "; " + _("of several calls the first one sets the trump (R20; multi_call=first)")
            else:
                why += "; " + _("of several calls the last one sets the trump (R20; multi_call=last)")
        return why
    if not calls:
        if number == 0:
            return _("the first trump is {sym}, and no dealt pair was called before trick 1 (R6, R18; I4)").format(
                sym=sym)
        still = "" if deal._drawing else "; " + _("none can be now: drawing has stopped (R24; I15)")
        if deal._change is TrumpChange.HOLDER_CHOOSES:
            return _("no {call} was said during {when} and nobody switched, so {sym} stays trump (I11, I14)").format(
                when=when, sym=sym, call=call_said(deal.rules)) + still
        return _("no {call} was said during {when}, so {sym} stays trump (R16, R18)").format(
            when=when, sym=sym, call=call_said(deal.rules)) + still
    if all(c.suit.index == trump for c in calls):
        return _("a pair of the trump suit {sym} scores but changes nothing: {sym} stays trump (I12)").format(sym=sym)
    change = deal._change
    if change is TrumpChange.HOLDER_CHOOSES:
        return _("a {call} does not move the trump by itself: {sym} stays trump until the holder of the pair "
                 "switches to its suit when he leads (I12, I14)").format(sym=sym, call=call_said(deal.rules))
    if change is TrumpChange.NEXT_DEAL:
        return _("a {call} said during the deal moves the next deal's trump, not this deal's: {sym} stays trump "
                 "(R16, read literally)").format(sym=sym, call=call_said(deal.rules))
    # TRANSLATORS: {change} is the rules' option value (notation), {citation} its sentences
    return _("the calls during {when} leave {sym} trump under these rules (trump_change={change}: "
             "{citation})").format(when=when, sym=sym, change=change.value,
                                   citation=deal.rules.citation("trump_change"))



@dataclass(frozen=True)
class View:
    """What one player may see: never another player's hidden cards, never the stock's order.

    Laid-down pairs are public (they lie face up), so ``laid_down`` lists them for every seat. ``to_act`` is
    who the seat sees deciding (``Deal.to_act_for``): ``None`` while another seat decides on a call, which
    nobody else sees, unless the deal asks every seat at every chance (``ask_every_chance``), when everyone sees
    who decides.

    The view has perfect recall of the seat's own moves: ``drawn`` is every card the seat drew, in order, as
    ``(trick, card)`` (the trick as in ``History.draws``), and ``passes`` the trick windows (as ``Call.trick``:
    -1 for the dealt-pair pass) at which it passed on a call. Nobody else learns either (``Deal.events_for``).
    """

    seat: int
    players: int
    rules: Rules
    dealer: int
    hand: tuple[Card, ...]
    first_trump: Suit  # announced at the deal: the dealer's drawn card or the cut card is shown (R6, R7; I4)
    trump: Suit
    to_act: int | None
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[Trick, ...]
    laid_down: tuple[tuple[Card, ...], ...]
    calls: tuple[Call, ...]
    switch_rights: tuple[Suit, ...]
    leftovers: tuple[Card, ...]
    stock_size: int
    hand_sizes: tuple[int, ...]
    scores: tuple[int, ...]
    legal_actions: tuple[Card | Action, ...]
    drawing: bool
    pending_trump: Suit | None
    history: History
    drawn: tuple[tuple[int, Card], ...]
    passes: tuple[int, ...]
    ask_every_chance: bool = False  # ``Deal.ask_every_chance``: every seat asked at each chance, shown to all

    @classmethod
    def of(cls, deal: Deal, seat: int) -> View:
        """What ``seat`` may see of ``deal`` now (``Deal.view``), read through the deal's own notions of it: its
        hand, ``to_act_for``, the legal actions only when it decides, the public history, its own draws and
        passes."""
        history = deal.history
        return cls(
            seat=seat,
            players=deal.players,
            rules=deal.rules,
            dealer=deal.dealer,
            hand=deal.hand(seat),
            first_trump=deal.first_trump,
            trump=deal.trump,
            to_act=deal.to_act_for(seat),
            trick=deal.trick,
            tricks=deal.tricks,
            laid_down=tuple(deal.laid_down(s) for s in range(deal.players)),
            calls=deal.calls,
            switch_rights=deal.switch_rights(seat),
            leftovers=deal.leftovers,
            stock_size=deal.stock_size,
            hand_sizes=tuple(len(deal.hand(s)) for s in range(deal.players)),
            scores=deal.scores,
            legal_actions=deal.legal_actions() if deal.to_act == seat else (),
            drawing=deal.drawing,
            pending_trump=deal.pending_trump,
            history=history,
            drawn=drawn_by(deal, seat, history.draws),
            passes=passed_by(deal, seat),
            ask_every_chance=deal.ask_every_chance,
        )

    def knowledge(self) -> str:
        """What the seat knows, written out once and for all in the notation (``2 S 0 1 …``): the rules' label, the
        seats, the dealer and the first trump, its own hand, draws and passes, and what everyone saw (every trick's
        cards, the calls and switches, the laid-down pairs, the leftovers, the stock's size, who acts and what it
        may do). Two positions the seat cannot tell apart have the same knowledge, whatever else differs; a field
        added to ``View`` later changes no knowledge already written (a hint's stream is seeded by it:
        ``bibi.session.Session.hint_rng``)."""

        def cards(seq: Sequence[Card]) -> str:
            return " ".join(map(str, seq))

        def plays(seq: Sequence[tuple[int, Card]]) -> str:
            return " ".join(f"{seat}:{card}" for seat, card in seq)

        tricks = "/".join(f"{t.trump.value} {plays(t.plays)} {t.winner}" for t in self.tricks)
        calls = " ".join(f"{c.seat}{c.suit.value}{c.trick}" for c in self.calls)
        switches = " ".join(f"{t}:{seat}{suit.value}" for t, seat, suit in self.history.switches)
        draws = " ".join(f"{t}:{seat}" for t, seat in self.history.draws)
        return "|".join([
            self.rules.label, str(self.players), str(self.seat), str(self.dealer), self.first_trump.value,
            self.trump.value, cards(self.hand), " ".join(f"{t}:{c}" for t, c in self.drawn),
            " ".join(map(str, self.passes)), tricks, plays(self.trick), calls, switches, draws,
            "/".join(cards(laid) for laid in self.laid_down), cards(self.leftovers), str(self.stock_size),
            str(self.to_act), " ".join(map(str, self.legal_actions)), str(self.drawing),
            self.pending_trump.value if self.pending_trump is not None else "-",
        ])

    def position(self) -> Position:
        """``(legal_actions, trump.index, trick, stock_size, drawing)``: the fields a bot reads at every
        decision, in one call (``LiveView.position`` reads them from the live deal at a fraction of the cost of
        five reads)."""
        return self.legal_actions, self.trump.index, self.trick, self.stock_size, self.drawing


# What a bot reads at every decision (``View.position``): the legal actions, the trump's index, the trick under
# way, the stock's size, whether the stock is in play.
Position = tuple[tuple[Card | Action, ...], int, tuple[tuple[int, Card], ...], int, bool]


__all__ = [
    "Call", "Event", "EventInfo", "History", "Position", "Trick", "View", "drawn_by", "events_seen", "passed_by",
    "phase_word", "trump_reason",
]
