"""Who wins a trick and why, which cards beat a card, which K+Q pairs a call takes: the rule facts of a trick
and of a pair, as pure functions of cards and rules.

Each rule is stated once here, for the state machine (``bibi.deal``, which imports this module) and for every
caller that asks, the bots, the sampler and the exercises among them: none of them restates it. The module sits
below ``bibi.deal`` and knows nothing of a deal; it is compiled with it (tools/build_compiled.py). Suits are
indexes 0…3 (``Suit.index``) and cards are ``Card``s or their indexes 0…51 (a card is an ``int``: suit × 13 +
rank, rank 0 the lowest).

What the functions say (``trick_reason``, ``why_trick_won``, ``follow_refusal``, ``pair_missing``) is in the
language in force (``bibi.language``), the cards as it writes them (``Card.display``) and the sentence ids as they
are; it is worked out only when asked, never while a deal plays.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from bibi.cards import CARDS, SUIT_SYMBOLS, Card, Rank
from bibi.i18n import N_, _, you
from bibi.rules import BibiCall, BibiSuits, Draw, Identical, Rules

_KING: Final = int(Rank.KING)
_QUEEN: Final = int(Rank.QUEEN)

# Slot in a seat's king/queen counters: kings of suit s at s, queens at 4 + s; -1 for other cards.
KQ_SLOT: Final[tuple[int, ...]] = tuple(
    (c // 13) if c % 13 == Rank.KING else (4 + c // 13) if c % 13 == Rank.QUEEN else -1 for c in range(52)
)
# A king's queen, a queen's king: the card a K or Q makes a pair with (R15); None for other cards.
PARTNER: Final[tuple[Card | None, ...]] = tuple(
    CARDS[c - 1] if c % 13 == Rank.KING else CARDS[c + 1] if c % 13 == Rank.QUEEN else None for c in range(52)
)


# -- the trick's winner ---------------------------------------------------------------------------------------

def trick_winner(plays: Sequence[tuple[int, Card]], trump: int, second_wins: bool) -> int:
    """Where in ``plays`` (``(seat, card)`` in playing order) the winning card is: the highest trump, else
    the highest card of the suit led (I8); of two identical cards the later one wins under ``second_wins``
    (R14), the earlier otherwise. ``trump`` is the suit's index (``Suit.index``).

    >>> from bibi.cards import Suit
    >>> trick_winner([(0, Card("KH")), (1, Card("2H")), (2, Card("3S"))], trump=Suit.SPADES.index, second_wins=True)
    2
    >>> trick_winner([(0, Card("AH")), (1, Card("AH"))], trump=0, second_wins=True)
    1
    """
    return trick_result(plays, trump, second_wins, _NO_POINTS)[0]


_NO_POINTS: Final[tuple[int, ...]] = (0,) * 52


def trick_result(
    plays: Sequence[tuple[int, Card]], trump: int, second_wins: bool, points_of: Sequence[int]
) -> tuple[int, int]:
    """The winning card's place in ``plays`` and the points of all its cards (``points_of`` per card index).

    The one statement of the rule of the trick's winner (I8; R14): the engine resolves every trick with
    it, and the bots and the exercises ask it through ``trick_winner``.
    """
    # The cards are read as their indexes (``k: int``): a compiled build compares machine ints, not Card objects.
    best: int = plays[0][1]
    best_suit = best // 13
    points = points_of[best]
    best_i = 0
    for i in range(1, len(plays)):
        c: int = plays[i][1]
        points += points_of[c]
        s = c // 13
        if s == best_suit:
            if c > best or (c == best and second_wins):  # R14
                best_i, best = i, c
        elif s == trump:  # I8: a trump beats any card of another suit
            best_i, best, best_suit = i, c, s
    return best_i, points


def forced_suits(rules: Rules, first_trump: int, trump: int) -> tuple[int, ...]:
    """The suits (indexes, in the order S, H, D, C) whose free K+Q pairs a mandatory call takes at once:
    under ``bibi_call='mandatory'`` every suit that may be called now (all but the ``trump`` under
    ``bibi_suits='non_trump'``) except the deal's original trump, whose pair its holder may lay down
    whenever he likes (I11, I12); none under optional calls. The engine and the sampler both ask it.

    >>> from bibi.rules import ITALIAN
    >>> forced_suits(ITALIAN, first_trump=0, trump=1)   # any suit may be called under the Italian rules
    (1, 2, 3)
    """
    if rules.bibi_call is not BibiCall.MANDATORY:
        return ()
    barred = -1 if rules.bibi_suits is BibiSuits.ANY else trump
    return tuple(s for s in range(4) if s != first_trump and s != barred)


def winning_card(trick: Sequence[tuple[int, Card]], trump: int, second_wins: bool) -> Card:
    """The card winning ``trick`` (a trick under way, not empty) so far (``trick_winner``'s card)."""
    return trick[trick_result(trick, trump, second_wins, _NO_POINTS)[0]][1]


def winning_plays(
    trick: Sequence[tuple[int, Card]], plays: Sequence[Any], trump: int, second_wins: bool, best: Card | None = None
) -> Sequence[Card]:
    """The cards of ``plays`` (in ascending order, as ``legal_actions`` lists them) that would take ``trick`` (a
    trick under way, not empty) if played now, in their order.

    ``trick_result``'s rule for one more card (R14; I8): a higher card of the winning card's suit, its twin
    under ``second_wins``, or a trump over a card of another suit. It is written out here rather than by
    calling ``trick_result`` for each card because the bots ask it at nearly every decision; a property test
    holds the two to the same answers. ``best``, when the caller has it, is ``winning_card(trick, ...)``.
    The winners are at most two runs of ``plays`` (the winning card's suit above it, and the trumps), found in one
    pass; they come as a list.

    >>> from bibi.cards import Suit
    >>> winning_plays([(0, Card("KH"))], [Card("4S"), Card("3H"), Card("2H")], trump=Suit.SPADES.index,
    ...               second_wins=True)
    [Card('4S'), Card('2H')]
    """
    if best is None:
        best = winning_card(trick, trump, second_wins)
    b: int = best
    lo = b if second_wins else b + 1  # of the winning card's suit, the cards from ``lo`` up win
    top = b - b % 13 + 13
    over = -1 if b // 13 == trump else trump  # a trump over a card of another suit (I8)
    winners: list[Card] = []
    for c in plays:
        k: int = c
        if lo <= k < top or k // 13 == over:
            winners.append(c)
    return winners


# The sentences behind the rule of the trick, by the text a preset follows (``Rules.name``; rules §1): the Italian
# text states the rule (I8); the Russian one, like the English original it renders, ranks the cards (R4) and leaves
# the rule itself unstated, so the kit takes it from I8. Of two identical cards only R14 speaks, which the Italian
# text does not (rules §2, ``identical``). Each pair: (the trick's winner, two identical cards).
_TRICK_CITES: Final[dict[str, tuple[str, str]]] = {  # translated when told (``trick_reason``)
    "russian": (N_("R4; not stated, taken from I8"), "R14"),
    "english": (N_("R4; not stated, taken from I8"), "R14"),
    "italian": ("I8", N_("not stated, taken from R14")),
}
_REFERENCE_CITES: Final = ("I8", "R14")  # no rules given, or a custom mix: the rules reference's own citation
# ``identical='first_wins'``: no text says so, and R14 says the opposite (rules §2, ``identical``)
_FIRST_WINS_CITE: Final = N_("not stated; R14 says the later one")


def everyday_trick(plays: Sequence[tuple[int, Card]], trump: int, second_wins: bool) -> bool:
    """Whether the everyday rule of trick-taking decided ``plays``: the highest trump takes the trick, else the
    highest card of the suit led (I8), as in nearly every trick-taking game a learner knows. False when a card
    identical to the winning one was played too: then the rule of two identical cards decided it (R14, or
    ``identical='first_wins'``, which no text states), a rule of this game's two packs that a learner must be shown.

    This is the kit's one notion of which tricks are told with their citation on the result (``trick_note``)
    and which keep it a click or a command away (``trick_reason``); docs/rules.md ("The trick") says why.

    >>> from bibi.cards import Suit
    >>> everyday_trick([(0, Card("KH")), (1, Card("2H")), (2, Card("3S"))], trump=Suit.SPADES.index, second_wins=True)
    True
    >>> everyday_trick([(0, Card("AH")), (1, Card("AH"))], trump=0, second_wins=True)
    False
    """
    if not plays:
        raise ValueError("everyday_trick: plays is empty; a trick has at least one card")
    best = plays[trick_winner(plays, trump, second_wins)][1]
    return sum(1 for _seat, c in plays if c == best) == 1


def trick_reason(
    plays: Sequence[tuple[int, Card]], trump: int, second_wins: bool, rules: Rules | None = None
) -> str:
    """Why the card ``trick_winner`` picks wins the trick, in words with the sentences it rests on: ``"highest
    trump (I8)"``, ``"highest card of the suit led (I8)"``, or, when an identical card was played too,
    ``"second of two identical cards wins (R14)"`` (under ``first_wins``, which no text states, ``"first of two
    identical cards wins (not stated; R14 says the later one)"``).

    With ``rules``, the sentences are those of the text these rules follow: under the Russian and English presets
    the cards' ranking (R4), the rule of the trick being taken from the Italian text; without, those of the rules
    reference. The same rule as ``trick_winner``, told rather than applied: the full citation, which a trick's
    result shows only when the rule is not the everyday one (``trick_note``).

    >>> from bibi.cards import Suit
    >>> trick_reason([(0, Card("KH")), (1, Card("2H")), (2, Card("3S"))], trump=Suit.SPADES.index, second_wins=True)
    'highest trump (I8)'
    >>> from bibi.rules import RUSSIAN
    >>> trick_reason([(0, Card("KH")), (1, Card("2H"))], trump=Suit.SPADES.index, second_wins=True, rules=RUSSIAN)
    'highest card of the suit led (R4; not stated, taken from I8)'
    >>> trick_reason([(0, Card("AH")), (1, Card("AH"))], trump=0, second_wins=True)
    'second of two identical cards wins (R14)'
    """
    if not plays:
        raise ValueError("trick_reason: plays is empty; a trick has at least one card")
    winner, twins = _REFERENCE_CITES if rules is None else _TRICK_CITES.get(rules.name, _REFERENCE_CITES)
    if not everyday_trick(plays, trump, second_wins):
        if second_wins:
            return _("second of two identical cards wins ({cites})").format(cites=_(twins))
        return _("first of two identical cards wins ({cites})").format(cites=_(_FIRST_WINS_CITE))
    best = plays[trick_winner(plays, trump, second_wins)][1]
    if best // 13 == trump:
        return _("highest trump ({cites})").format(cites=_(winner))
    return _("highest card of the suit led ({cites})").format(cites=_(winner))


def trick_note(
    plays: Sequence[tuple[int, Card]], trump: int, second_wins: bool, rules: Rules | None = None
) -> str | None:
    """What a trick's result says of the rule that decided it: nothing (``None``) when the everyday rule did
    (``everyday_trick``), else ``trick_reason`` with its citation. Every surface that shows a trick's result
    asks this; the full reason stays one click (the views' "why?") or one command (``why trick``) away.

    >>> from bibi.rules import ITALIAN
    >>> trick_note([(0, Card("KH")), (1, Card("2H"))], trump=0, second_wins=True, rules=ITALIAN) is None
    True
    >>> trick_note([(0, Card("AH")), (1, Card("AH"))], trump=0, second_wins=True, rules=ITALIAN)
    'second of two identical cards wins (not stated, taken from R14)'
    """
    if everyday_trick(plays, trump, second_wins):
        return None
    return trick_reason(plays, trump, second_wins, rules)


def reason_of(trick: Any, rules: Rules) -> str:
    """``trick_reason`` for a completed ``Trick`` of a deal under ``rules``, citing the text these rules follow."""
    return trick_reason(trick.plays, trick.trump.index, rules.identical is Identical.SECOND_WINS, rules=rules)


def note_of(trick: Any, rules: Rules) -> str | None:
    """``trick_note`` for a completed ``Trick`` of a deal under ``rules``: ``None`` when the everyday rule decided
    it, else its reason with the citation of the text these rules follow."""
    return trick_note(trick.plays, trick.trump.index, rules.identical is Identical.SECOND_WINS, rules=rules)


def why_trick_won(plays: Sequence[tuple[int, Card]], trump: int, second_wins: bool) -> str:
    """Why the card ``trick_winner`` picks wins the completed trick ``plays``, in a sentence that names the seat,
    the card and what it beat, citing the sentences of both texts (``Deal.why_won`` tells it).

    >>> from bibi.cards import Suit
    >>> why_trick_won([(0, Card("KH")), (1, Card("2H")), (2, Card("3S"))], Suit.SPADES.index, second_wins=True)
    "seat 2's 3♠ wins: it is the only trump ♠, and a trump beats every card of another suit (R4; I5, I8)"
    """
    seat, card = plays[trick_winner(plays, trump, second_wins)]
    led, sym = plays[0][1] // 13, SUIT_SYMBOLS[trump]
    trumps = [c for _seat, c in plays if c // 13 == trump]
    if led == trump:
        why = _("trumps {sym} were led, and it is the highest trump (R4; I5, I8)").format(sym=sym)
    elif len(trumps) == 1:
        why = _("it is the only trump {sym}, and a trump beats every card of another suit (R4; I5, I8)").format(
            sym=sym)
    elif trumps:
        why = _("it is the highest trump {sym}, and a trump beats every card of another suit (R4; I5, I8)").format(
            sym=sym)
    else:
        why = _("nobody played a trump {sym}, and it is the highest card of the suit led {led} (R4; I5, I8)").format(
            sym=sym, led=SUIT_SYMBOLS[led])
    shown = CARDS[card].display()
    twins = [s for s, c in plays if c == card and s != seat]
    if twins:
        if second_wins:
            twin = _("seat {seat} played an identical {card} before it, and of identical cards the one played second "
                     "counts higher (R14)")
        else:
            twin = _("seat {seat} played an identical {card} after it, and of identical cards the one played first "
                     "counts higher (R14)")
        why += "; " + twin.format(seat=twins[0], card=shown)
    return _("seat {seat}'s {card} wins: {why}").format(seat=seat, card=shown, why=why)


# -- what may be played to a trick, and what a card off the suit led shows ------------------------------------


def follow_refusal(seat: int, hand: Sequence[int], led: int, trump: int, must_follow: bool) -> str:
    """Why ``seat``, holding ``hand``, may not play a card off the suits he must answer a trick led in ``led``
    with: the suit led (R13), or under ``follow_or_trump`` the suit led or a trump (I7); what he holds of them,
    told to the reader when it is his own hand (``bibi.i18n.you``)."""
    mine = you(seat)
    if must_follow:
        held = " ".join(CARDS[c].display() for c in hand if c // 13 == led)
        said = (_("you must follow suit {led}: you hold {cards} (R13)") if mine
                else _("must follow suit {led}: seat {seat} holds {cards} (R13)"))
        return said.format(led=SUIT_SYMBOLS[led], seat=seat, cards=held)
    allowed = " ".join(CARDS[c].display() for c in hand if c // 13 in (led, trump))
    if led == trump:
        said = (_("you must play a trump {trump} when trumps are led: you hold {cards} (I7)") if mine
                else _("must play a trump {trump} when trumps are led: seat {seat} holds {cards} (I7)"))
        return said.format(trump=SUIT_SYMBOLS[trump], seat=seat, cards=allowed)
    said = (_("you must answer with the suit led {led} or a trump {trump}: you hold {cards} (I7)") if mine
            else _("must answer with the suit led {led} or a trump {trump}: seat {seat} holds {cards} (I7)"))
    return said.format(led=SUIT_SYMBOLS[led], trump=SUIT_SYMBOLS[trump], seat=seat, cards=allowed)


def shown_lacks(plays: Sequence[tuple[int, Card]], trump: int, must_follow: bool) -> list[tuple[int, tuple[int, ...]]]:
    """What the cards of ``plays`` off the suit led show: ``(seat, suits)``, the suits that seat held none of
    then: the suit led (R13), and the trump too under ``follow_or_trump`` (I7), unless he played a trump."""
    led = plays[0][1] // 13
    lacks: list[tuple[int, tuple[int, ...]]] = []
    for seat, c in plays[1:]:
        suit = c // 13
        if suit != led:
            if must_follow:
                lacks.append((seat, (led,)))
            elif suit != trump:
                lacks.append((seat, (led, trump) if led < trump else (trump, led)))
    return lacks


# -- which cards beat a card, which pairs may be called --------------------------------------------------------


def beaters(card: int, second_wins: bool) -> range:
    """The cards (indexes) of ``card``'s suit that beat it when played after it in a trick it leads or wins so
    far: the higher ones, and its twin under ``second_wins`` (R14; I8). A trump beats a card of another suit
    too (I8): ``winning_plays`` adds those for a trick under way.

    >>> [str(CARDS[c]) for c in beaters(Card("KH"), second_wins=True)]
    ['KH', 'AH', '2H']
    """
    return range(card if second_wins else card + 1, card - card % 13 + 13)


def beaten_count(card: int, trump: int, second_wins: bool, hidden: Sequence[int]) -> int:
    """How many of the cards a seat has not seen (``hidden``: copies per card index, ``bibi.sampling.unseen``)
    would beat ``card`` played after it: its suit's ``beaters``, and any trump when ``card`` is not one (I8). The
    hint and the review of a seat's moves count with it, so they tell one number.

    >>> hidden = [0] * 52
    >>> hidden[Card("2H")] = hidden[Card("3S")] = 1
    >>> beaten_count(Card("KH"), trump=0, second_wins=True, hidden=hidden)  # the 2♥, and the 3♠ of the trump ♠
    2
    """
    span = beaters(card, second_wins)
    n = sum(hidden[span.start:span.stop])
    if card // 13 != trump:
        n += sum(hidden[trump * 13:trump * 13 + 13])
    return n


def distinct_cards(hand: Sequence[Card]) -> tuple[Card, ...]:
    """The cards of a sorted ``hand``, each once (identical cards side by side are one action), in its order."""
    cards: list[Card] = []
    last = -1
    for c in hand:
        k: int = c
        if k != last:
            cards.append(c)
            last = k
    return tuple(cards)


def kq_counts(hand: Sequence[int]) -> list[int]:
    """A seat's counters by ``KQ_SLOT`` for ``hand``: the kings it holds by suit, then the queens."""
    kq = [0] * 8
    for c in hand:
        slot = KQ_SLOT[c]
        if slot >= 0:
            kq[slot] += 1
    return kq


def laid_cards(laid: Sequence[int]) -> tuple[Card, ...]:
    """The cards a seat's counters by ``KQ_SLOT`` of its called pairs (``laid``) stand for, sorted."""
    out: list[Card] = []
    for s in range(4):
        out += [CARDS[s * 13 + Rank.KING]] * laid[s] + [CARDS[s * 13 + Rank.QUEEN]] * laid[4 + s]
    return tuple(sorted(out))


def free_pair(kq: Sequence[int], laid: Sequence[int], suit: int) -> bool:
    """Whether a seat whose counters by ``KQ_SLOT`` are ``kq`` (kings and queens held) and ``laid`` (those of them
    in called pairs) holds a king and a queen of ``suit`` not yet in a pair (R22: a king or queen forms one pair
    only), callable now or not (``pair_callable``)."""
    return kq[suit] > laid[suit] and kq[4 + suit] > laid[4 + suit]


def call_sources(rules: Rules) -> str:
    """The sentence that says what a pair is and when it is called under ``rules``, by their draw: R15 (each player
    draws right after his card, then may call) or I11 (after the trick's draws, then must call). One text's
    sentence, not both: each says more than the moment (R15 "may", I11 "must"), and a refusal quotes it whole."""
    return "R15" if rules.draw is Draw.AFTER_EACH_CARD else "I11"


def pair_missing(seat: int, suit: int, kq: Sequence[int], laid: Sequence[int], sources: str = "R15") -> str | None:
    """What ``seat`` lacks for a free K+Q of ``suit`` (``sources``: ``call_sources``; R22), or ``None`` if he
    holds one; ``kq`` and ``laid`` are his counters by ``KQ_SLOT`` (kings and queens held, and those of them in
    called pairs). Told to the reader when it is his own hand (``bibi.i18n.you``)."""
    sym = SUIT_SYMBOLS[suit]
    mine = you(seat)
    if not kq[suit] and not kq[4 + suit]:
        said = (_("you hold neither the king nor the queen of {sym} ({sources})") if mine
                else _("seat {seat} holds neither the king nor the queen of {sym} ({sources})"))
        return said.format(seat=seat, sym=sym, sources=sources)
    king, queen = CARDS[suit * 13 + _KING].display(), CARDS[suit * 13 + _QUEEN].display()
    if not kq[suit]:
        said = (_("you hold no {king} to go with your {queen} ({sources})") if mine
                else _("seat {seat} holds no {king} to go with his {queen} ({sources})"))
        return said.format(seat=seat, king=king, queen=queen, sources=sources)
    if not kq[4 + suit]:
        said = (_("you hold no {queen} to go with your {king} ({sources})") if mine
                else _("seat {seat} holds no {queen} to go with his {king} ({sources})"))
        return said.format(seat=seat, king=king, queen=queen, sources=sources)
    if not free_pair(kq, laid, suit):
        # TRANSLATORS: {pair} is "K+Q" in the language's rank letters
        return _("a king or queen that has formed a pair cannot form another (R22): no free {pair} of {sym}").format(
            pair=pair_letters(), sym=sym)
    return None


def pair_letters() -> str:
    """A king and a queen as the language in force writes them: ``K+Q``, ``К+Д``, ``R+D``."""
    return Rank.KING.letter() + "+" + Rank.QUEEN.letter()


def pair_callable(suit: int, trump: int, any_suit: bool) -> bool:
    """Whether a K+Q pair of ``suit`` may be called while ``trump`` is trump: any suit when ``any_suit``
    (``bibi_suits='any'``), only a suit other than trumps under ``bibi_suits='non_trump'`` (R15, R17).

    >>> pair_callable(1, 1, any_suit=False), pair_callable(1, 1, any_suit=True), pair_callable(2, 1, False)
    (False, True, True)
    """
    return any_suit or suit != trump


def free_copies(card: int, hand: Sequence[int], laid: Sequence[int]) -> int:
    """How many copies of ``card`` in ``hand`` have not formed a pair yet (R22: a king or queen forms one pair
    only), ``laid`` being the seat's laid-down cards (those of its called pairs still in hand)."""
    return hand.count(card) - laid.count(card)


def free_partner(card: int, hand: Sequence[int], laid: Sequence[int]) -> Card | None:
    """The card that would make a new pair with ``card`` (a king's queen, a queen's king), if a copy of
    ``card`` in ``hand`` is still free to pair and no free copy of the partner is held yet; else None: not a
    king or queen, every copy already in a called pair (R22), or a free pair already in hand (one to call).
    Whether that suit may be called is ``pair_callable``'s question."""
    partner = PARTNER[card]
    if partner is None:
        return None
    if laid and free_copies(card, hand, laid) <= 0:
        return None  # R22: every copy held has formed a pair
    held = hand.count(partner)
    if held and held > laid.count(partner):
        return None  # already a pair
    return partner


__all__ = [
    "KQ_SLOT", "PARTNER", "beaten_count", "beaters", "call_sources", "everyday_trick", "follow_refusal",
    "forced_suits", "free_copies", "free_pair", "free_partner", "pair_callable", "pair_letters", "pair_missing",
    "shown_lacks", "trick_note", "trick_reason", "trick_result", "trick_winner", "why_trick_won", "winning_card",
    "winning_plays",
]
