"""The set-up of a deal from a seed, as pure functions of cards and rules: the high-card draw, the shuffle, the
cut and the carried trump (``set_up``), the dealing order (``dealt_places``), the checks of a player count and
of a stacked pack, stacks for lessons (``stack``), and a deal with a pair to call for one seat (``paired_setup``).

The module sits below ``bibi.deal`` (the state machine imports it to start a deal) and builds no deal itself;
it is compiled with it (tools/build_compiled.py).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final, NamedTuple, SupportsIndex

from bibi.cards import CARD_TEXT, CARDS, SUITS, Card, Rank, Suit, pack, parse_card
from bibi.errors import Checked, check_seed, check_type, shorten, whole, wrong_type
from bibi.i18n import _, ngettext
from bibi.rules import BibiSuits, Draw, FirstDealer, FirstTrump, Rules, as_rules
from bibi.tricks import KQ_SLOT, PARTNER

_RANK_OF: Final[tuple[int, ...]] = tuple(c % 13 for c in range(52))


# -- the dealing order ---------------------------------------------------------------------------------------


def _rotations(players: int) -> tuple[tuple[int, ...], ...]:
    """Every seat's turn order round the table: ``_rotations(n)[w]`` is ``w`` and the seats clockwise after it."""
    rotations = _ROTATIONS.get(players)
    if rotations is None:
        rotations = _ROTATIONS[players] = tuple(tuple((w + i) % players for i in range(players))
                                                for w in range(players))
    return rotations


_ROTATIONS: dict[int, tuple[tuple[int, ...], ...]] = {}


def dealt_places(players: int, dealer: int, seat: int, hand_size: int) -> range:
    """The places in the pack (top first) of the cards dealt to ``seat``: one card at a time, clockwise
    from the dealer's left (I4). The one statement of the dealing order: the deal, ``stack`` and the
    sampler use it.

    >>> list(dealt_places(players=3, dealer=2, seat=0, hand_size=3))
    [0, 3, 6]
    """
    first = (seat - dealer - 1) % players
    return range(first, first + players * hand_size, players)


def hands_dealt(deck: Sequence[Card], players: int, dealer: int, hand_size: int) -> list[list[Card]]:
    """The hands dealt from ``deck`` (top first), per seat, each sorted by suit and rank (``dealt_places``): what a
    deal starts from (``Deal._start``) and shows as dealt (``Deal.dealt_hands``)."""
    return [sorted(deck[p.start:p.stop:players]) for p in
            (dealt_places(players, dealer, seat, hand_size) for seat in range(players))]


def _laid_round(deck: tuple[Card, ...], pos: int, players: int, dealer: int, first: int) -> tuple[Card, ...]:
    """``deck`` with its round of ``players`` cards from ``pos`` laid in the order of its drawers, ``first`` drawing
    first, so that each seat draws the card at its own place in the round (the seat after ``dealer`` the first, and
    so on clockwise): ``Deal.duplicate``'s draws, whoever draws first.

    >>> [str(c) for c in _laid_round(tuple(map(Card, "2S AS KS QS".split())), 1, 3, 0, 2)]
    ['2S', 'KS', 'QS', 'AS']
    """
    start = (first - dealer - 1) % players  # the place in the round of the first drawer's own card
    return deck[:pos] + deck[pos + start:pos + players] + deck[pos:pos + start] + deck[pos + players:]


def restocked(stock: Sequence[Card], cards: Any) -> tuple[Card, ...]:
    """``cards``, checked to be the face-down ``stock`` in another order (``Deal.restock``): a ``ValueError`` naming
    ``cards`` otherwise (a ``TypeError`` for another type than a list of cards)."""
    order = tuple(card_list("cards", cards, "a list of cards, top first"))
    if sorted(order) != sorted(stock):
        raise ValueError(f"cards: {shorten([str(c) for c in order])} are not the {len(stock)} cards of the stock "
                         "(stock()) in another order")
    return order


def sequence(name: str, value: Any, wanted: str) -> Sequence[Any]:
    """``value`` if it is a sequence (a list, a tuple; not a text), else a ``WrongType`` naming ``name``."""
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise wrong_type(name, value, wanted)
    return value


def card_list(name: str, cards: Any, wanted: str) -> list[Card]:
    """``cards`` read as cards: a sequence (a list, a tuple; not a text) of cards or their notation, each read by
    ``parse_card``; a ``WrongType`` for another type, a ``ValueError`` for a card it cannot read, naming ``name``."""
    listed = sequence(name, cards, wanted)  # its refusal names ``name`` itself
    try:
        return [parse_card(c) for c in listed]
    except (ValueError, TypeError) as exc:
        raise type(exc)(f"{name}: {exc}") from None


# -- the checks, stacks and the set-up -------------------------------------------------------------------------


def _as_suit(value: Any, what: str) -> Suit:
    check_type(what, value, str, "a suit (S, H, D, C)")
    try:
        return Suit.parse(value)
    except ValueError:
        raise ValueError(f"{what}: {shorten(value)} is not a suit (S, H, D, C)") from None


def check_players(rules: Rules, players: SupportsIndex) -> int:
    """``players`` if it is a whole number of players these rules seat (R2), else an error naming it."""
    check_type("rules", rules, Rules, "a Rules value")
    players = whole("players", players, 2, rules.max_players, ids="R2; max_players")
    if players * rules.hand_size > rules.pack_size:
        raise ValueError(
            f"players: {players} hands of {rules.hand_size} need more than the {rules.pack_size} cards "
            f"of {rules.decks} pack(s)"
        )
    return players


_SORTED_PACKS = {decks: sorted(pack(decks)) for decks in (1, 2)}
_PACKS = {decks: tuple(pack(decks)) for decks in (1, 2)}  # ``pack(decks)``, made once: a set-up copies it


def check_deck(rules: Rules, deck: Any) -> list[Card]:
    """Parse a stacked deck and check it is exactly the rules' whole pack (rules §5.1)."""
    if not isinstance(deck, str | bytes) and isinstance(deck, Sequence) and len(deck) != rules.pack_size:
        raise ValueError(f"deck: {len(deck)} cards, but the pack of {rules.decks} deck(s) has {rules.pack_size}")
    cards = card_list("deck", deck, "a list of cards, top first")
    if sorted(cards) == _SORTED_PACKS[rules.decks]:
        return cards  # the common case, checked cheaply; the rest says what is wrong
    if len(cards) != rules.pack_size:
        raise ValueError(f"deck: {len(cards)} cards, but the pack of {rules.decks} deck(s) has {rules.pack_size}")
    counts = [0] * 52
    for c in cards:
        counts[c] += 1
    wrong = [CARD_TEXT[c] for c in range(52) if counts[c] != rules.decks]
    if wrong:
        raise ValueError(
            f"deck: each card must appear {rules.decks} time(s); wrong count for {', '.join(wrong[:6])}"
        )
    return cards


def stack(
    hands: Sequence[str | Sequence[Card | str]],
    stock: str | Sequence[Card | str] = (),
    *,
    dealer: SupportsIndex | None = None,
    rules: Rules | str = "russian",
    players: SupportsIndex | None = None,
    filler: str | Sequence[Card | str] = (),
    bottom: str | Sequence[Card | str] = (),
) -> list[Card]:
    """A stacked pack for ``Deal.new(..., deck=...)``: seat ``i`` is dealt ``hands[i]``, ``stock`` tops the stock.

    The whole pack comes back, top first, in the order a deal deals it: one card at a time, clockwise
    from the dealer's left (I4, ``dealt_places``). ``players`` defaults to the number of hands (extra
    seats get filler only); the dealer is the last seat unless given, so seat 0 leads. Hands shorter
    than the rules' hand size are filled, first from ``filler`` in its order, then from the cards left
    in pack order with kings and queens last, never with a king or queen that would pair one in the
    hand; the rest of the pack follows the stock, in the same order, and ``bottom`` ends it (the cut
    card's place: a stacked deal without a trump takes the bottom card's suit).

    >>> deck = stack(["KH QH 2S", "AS"], stock="3C")
    >>> deck[:4], deck[14], len(deck)
    ([Card('KH'), Card('AS'), Card('QH'), Card('5S')], Card('3C'), 104)
    >>> from bibi.deal import Deal
    >>> " ".join(map(str, Deal.new("russian", players=2, dealer=1, deck=deck).hand(0)))
    '3S 3S 4S 4S 2S QH KH'
    """
    rules = as_rules(rules)
    hands = sequence("hands", hands, "a list of hands, one per seat")
    n = check_players(rules, len(hands) if players is None else players)
    if len(hands) > n:
        raise ValueError(f"hands: {len(hands)} hands for {n} players")
    dealer = n - 1 if dealer is None else whole("dealer", dealer, 0, n - 1)
    wanted = [_parse_cards(h, f"hands[{seat}]") for seat, h in enumerate(hands)] + [[] for _ in range(n - len(hands))]
    top, low, first = _parse_cards(stock, "stock"), _parse_cards(bottom, "bottom"), _parse_cards(filler, "filler")
    left = [rules.decks] * 52
    for c in [c for h in wanted for c in h] + top + low:
        if not left[c]:
            raise ValueError(f"stack: {c} is asked for more often than {rules.decks} pack(s) hold it")
        left[c] -= 1
    pool: list[Card] = []
    for c in first:
        if not left[c]:
            raise ValueError(f"filler: {c} is not left to fill with")
        left[c] -= 1
        pool.append(c)
    pool += sorted((c for c in CARDS for _ in range(left[c])), key=lambda c: KQ_SLOT[c] >= 0)
    size = rules.hand_size
    for seat, hand in enumerate(wanted):
        if len(hand) > size:
            raise ValueError(f"stack: seat {seat} is given {len(hand)} cards, more than {size}")
        while len(hand) < size:
            i = next(i for i, c in enumerate(pool) if KQ_SLOT[c] < 0 or PARTNER[c] not in hand)
            hand.append(pool.pop(i))
    dealt: list[Card] = [CARDS[0]] * (n * size)
    for seat, hand in enumerate(wanted):
        for card, place in zip(hand, dealt_places(n, dealer, seat, size), strict=True):
            dealt[place] = card
    return dealt + top + pool + low


def _parse_cards(spec: Any, what: str) -> list[Card]:
    """Cards given as text (``"KS QH"``, commas allowed) or as a list of cards (``card_list``)."""
    return card_list(what, spec.replace(",", " ").split() if isinstance(spec, str) else spec,
                     "cards like 'KS QH' or a list of cards")


class Setup(NamedTuple):
    """How a deal starts: its dealer, first trump and pack (top first), and how they were found: the rounds
    of the high-card draw (empty if none was made) and the cut, ``(the seat that cut, the card shown)``."""

    dealer: int
    trump: Suit
    deck: tuple[Card, ...]
    draws: tuple[tuple[tuple[int, Card], ...], ...]
    cut: tuple[int, Card] | None


def set_up(
    rules: Rules, players: int, rng: random.Random, *, dealer: int | None = None, trump: Suit | None = None,
    carried: Suit | None = None,
) -> Setup:
    """The one set-up protocol of a deal, drawing from ``rng``: ``Deal.new``, ``Game`` and ``simulate`` use it.

    1. The dealer, unless given: the high-card draw under ``first_dealer='high_card_draw'`` (R5, R6), else a
       seat at random.
    2. The whole pack is shuffled.
    3. The first trump, unless given (then nobody cuts): the suit of the dealer's drawn card under
       ``first_trump='dealer_card'`` when a draw was made (R6); else the player on the dealer's right cuts
       (R7; I3, I4): the card shown goes to the bottom of the pack and its suit is trump, unless ``carried``
       (the last call's suit under ``trump_change='next_deal'``, R16 read literally) takes its place.
    """
    drawn: Card | None = None
    draws: tuple[tuple[tuple[int, Card], ...], ...] = ()
    if dealer is None:
        if rules.first_dealer is FirstDealer.HIGH_CARD_DRAW:
            dealer, drawn, rounds = high_card_draw(rules, players, rng)
            draws = tuple(tuple(r) for r in rounds)
        else:
            dealer = rng.randrange(players)
    cards = list(_PACKS[rules.decks])
    shuffle(cards, rng)
    shown: tuple[int, Card] | None = None
    if trump is None:
        if drawn is not None and rules.first_trump is FirstTrump.DEALER_CARD:
            trump = drawn.suit
        else:
            cards = cut(cards, rng)
            shown = (cutter(players, dealer), cards[-1])
            trump = carried if carried is not None else cards[-1].suit
    return Setup(dealer, trump, tuple(cards), draws, shown)


def asked_setup(rules: Rules, players: int, *, seed: Any, rng: Any, dealer: Any, trump: Any, deck: Any) -> Setup:
    """The set-up ``Deal.new`` is asked for, its arguments checked, each refusal naming its parameter: a stacked
    ``deck`` (the whole pack, top first; dealer 0 and the bottom card's suit as trump unless given), or a pack
    shuffled by ``rng`` (or ``random.Random(seed)``) and set up as the rules say (``set_up``)."""
    seed = check_seed("seed", seed)
    if rng is not None:
        check_type("rng", rng, random.Random, "a random.Random")
    if dealer is not None:
        dealer = whole("dealer", dealer)
        if not 0 <= dealer < players:
            raise ValueError(f"dealer: {shorten(dealer)} is not a seat 0…{players - 1}")
    if trump is not None:
        trump = _as_suit(trump, "trump")
    if deck is not None:
        if seed is not None or rng is not None:
            shuffler = f"seed={shorten(seed)}" if seed is not None else f"rng={shorten(rng)}"
            raise ValueError(f"deck: a stacked pack is dealt as it lies, and {shuffler} would shuffle it: give deck, "
                             "or a seed or an rng, not both")
        cards = check_deck(rules, deck)
        return Setup(0 if dealer is None else dealer, cards[-1].suit if trump is None else trump, tuple(cards), (),
                     None)
    return set_up(rules, players, random.Random(seed) if rng is None else rng, dealer=dealer, trump=trump)


def still_drawing(drawn: Sequence[tuple[int, Card]]) -> list[int]:
    """The seats left in the high-card draw after a round of ``(seat, card)`` draws: those whose card has the
    highest rank (R6; suits do not count). One seat left deals; several draw again (a convention).

    >>> still_drawing([(0, Card("KH")), (1, Card("2S")), (2, Card("2D"))])
    [1, 2]
    """
    top = max(_RANK_OF[c] for _, c in drawn)
    return [seat for seat, c in drawn if _RANK_OF[c] == top]


def high_card_draw(
    rules: Rules, players: int, rng: random.Random
) -> tuple[int, Card, list[list[tuple[int, Card]]]]:
    """The first dealer by drawing (R5, R6): everyone draws; highest deals; tied players draw again (a
    convention: no text says what a tie does).

    Returns ``(dealer, the dealer's card, the rounds of draws)``. Ranks alone compare: the suits of
    two equal ranks tie. Each round draws from what is left of one shuffled pack.
    """
    cards = pack(rules.decks)
    shuffle(cards, rng)
    contenders = list(range(players))
    rounds = []
    while True:
        if len(cards) < len(contenders):
            cards = pack(rules.decks)
            shuffle(cards, rng)
        drawn = [(seat, cards.pop()) for seat in contenders]
        rounds.append(drawn)
        contenders = still_drawing(drawn)
        if len(contenders) == 1:
            seat = contenders[0]
            card = next(c for s, c in drawn if s == seat)
            return seat, card, rounds


_BITS = tuple(n.bit_length() for n in range(2 * 52 + 1))


def shuffle(cards: list[Card], rng: random.Random) -> None:
    """Shuffle ``cards`` in place, exactly as ``rng.shuffle(cards)`` does (the same draws, the same order).

    For a plain ``random.Random`` it is CPython's own Fisher–Yates (``Random.shuffle`` over
    ``Random._randbelow_with_getrandbits``) written out, which makes every deal's shuffle cheaper (bench/README.md);
    a test holds it to ``rng.shuffle`` over thousands of seeds. Any other generator is asked to shuffle.
    """
    if type(rng) is not random.Random or len(cards) >= len(_BITS):
        rng.shuffle(cards)
        return
    getrandbits, bits = rng.getrandbits, _BITS
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = bits[n]
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def cutter(players: int, dealer: int) -> int:
    """The seat that cuts for ``dealer``: the player on his right (R7; I3). ``set_up`` and ``Game`` ask it.

    >>> cutter(players=4, dealer=0)
    3
    """
    return (dealer - 1) % players


def cut(cards: list[Card], rng: random.Random) -> list[Card]:
    """Cut the pack: the card shown at the cut (the bottom of the lifted part) ends at the bottom (R7; I4)."""
    k = rng.randrange(1, len(cards))
    return cards[k:] + cards[:k]


# -- a deal with a pair to call ------------------------------------------------------------------------------

PAIR_WAYS: Final = ("dealt", "drawn")  # how the pair comes to the seat (``paired_setup``)


class PairSetup(NamedTuple):
    """A set-up with a pair to call for ``seat`` (``paired_setup``): the set-up itself, the pair's ``suit``, and
    how it comes, ``when``: ``"dealt"`` (king and queen in the hand as dealt) or ``"drawn"`` (one of them dealt,
    the other, ``drawn``, the card the seat draws right after its first card)."""

    setup: Setup
    seat: int
    suit: Suit
    when: str
    drawn: Card | None


def pair_ways(rules: Rules, players: SupportsIndex) -> tuple[str, ...]:
    """The ways ``paired_setup`` can bring a pair under ``rules`` with ``players``: ``dealt`` whenever a hand holds
    two cards; ``drawn`` too where the seat's first draw is known before play: each player draws right after his
    card (``draw='after_each_card'``, R15), so the first round goes in playing order from the dealer's left, and
    the stock lasts a round. (After the trick, I9, the first round starts with the first trick's winner: no card
    can be put where the seat will draw it.)

    >>> from bibi.rules import ITALIAN, RUSSIAN
    >>> pair_ways(RUSSIAN, 4), pair_ways(ITALIAN, 4)
    (('dealt', 'drawn'), ('dealt',))
    """
    players = check_players(rules, players)
    ways: tuple[str, ...] = ("dealt",) if rules.hand_size >= 2 else ()
    if ways and rules.draw is Draw.AFTER_EACH_CARD and rules.draw_rounds(players) > 0:
        ways += ("drawn",)
    return ways


def paired_setup(rules: Rules | str, players: SupportsIndex, seat: SupportsIndex, seed: Any = None, *,
                 rng: random.Random | None = None, when: Checked[str | None] = None) -> PairSetup:
    """A deal's set-up in which ``seat`` gets a king and a queen of one suit to call: to practise a Bi-bi.

    The usual set-up from ``seed`` (or ``rng``; ``set_up``: dealer, shuffle, cut, first trump), then the pack
    rearranged by swaps drawn from the same stream: ``when='dealt'`` puts the pair in the seat's hand;
    ``'drawn'`` puts one of them there and the other where the seat draws after its first card (``pair_ways``
    says which the rules allow; ``None``, the default, lets the stream choose among them). The suit is one the
    seat may call (not the first trump under ``bibi_suits='non_trump'``, R15, R17); no other seat is dealt a
    pair of it, and under ``drawn`` the seat holds no other copy of the card it draws; the bottom card (the cut
    card) stays. Give ``Deal.new(rules, players, deck=s.setup.deck, dealer=s.setup.dealer,
    trump=s.setup.trump)`` the result: the record holds the pack, so the deal replays as any other.

    >>> s = paired_setup("russian", 4, seat=0, seed=7, when="dealt")
    >>> from bibi.deal import Deal
    >>> deal = Deal.new("russian", 4, deck=s.setup.deck, dealer=s.setup.dealer, trump=s.setup.trump)
    >>> s.suit in deal.free_pairs(0), s.suit != deal.trump
    (True, True)
    """
    rules = as_rules(rules)
    players = check_players(rules, players)
    seat = whole("seat", seat, 0, players - 1)
    seed = check_seed("seed", seed)
    if rng is not None:
        check_type("rng", rng, random.Random, "a random.Random")
    ways = pair_ways(rules, players)
    asked: Any = when  # checked as any object: a test of ``when`` itself would make mypyc cast it (``Checked``)
    if asked is not None:
        check_type("when", asked, str, "'dealt' or 'drawn'")
        if asked not in PAIR_WAYS:
            # TRANSLATORS: {value} is the value refused, quoted; 'dealt' and 'drawn' are typed as they are
            raise ValueError("when: " + _("{value} is not 'dealt' or 'drawn'").format(value=shorten(asked)))
    if not ways:  # a hand of one card: the only size without a way (``pair_ways``)
        # TRANSLATORS: {size} is the rules' hand size (hand_size, an option's name), always 1 here
        reason = _("a hand of {size} card holds no king and queen (hand_size)").format(size=rules.hand_size)
        raise ValueError("rules: " + reason)
    if asked is not None and asked not in ways:
        # TRANSLATORS: {when} is 'dealt' or 'drawn', quoted, as typed; draw='after_each_card' is an option's value
        reason = ngettext("{when} needs draw='after_each_card' and a stock that lasts a round: under these rules "
                          "with {players} player the seat's first draw is not known before play (R15; I9)",
                          "{when} needs draw='after_each_card' and a stock that lasts a round: under these rules "
                          "with {players} players the seat's first draw is not known before play (R15; I9)", players)
        raise ValueError("when: " + reason.format(when=repr(asked), players=players))
    rng = random.Random(seed) if rng is None else rng
    return _pair_in(rules, players, seat, rng, asked)


def _pair_in(rules: Rules, players: int, seat: int, rng: random.Random, when: str | None) -> PairSetup:
    """``paired_setup``'s set-up and rearrangement of its pack, every choice drawn from ``rng``."""
    setup = set_up(rules, players, rng)
    ways = pair_ways(rules, players)
    way = when if when is not None else ways[0] if len(ways) == 1 else rng.choice(ways)
    deck = list(setup.deck)
    last = len(deck) - 1  # the cut card's place: it stays
    suits = [s for s in SUITS if (rules.bibi_suits is BibiSuits.ANY or s != setup.trump)
             and all(c in deck[:last] for c in _pair_cards(s))]
    suit = rng.choice(suits)
    king, queen = _pair_cards(suit)
    size = rules.hand_size
    mine = list(dealt_places(players, setup.dealer, seat, size))
    drawn: Card | None = None
    if way == "dealt":
        _put(deck, king, mine, rng, (king, queen))
        _put(deck, queen, mine, rng, (king, queen))
    else:
        held = rng.choice((king, queen))
        drawn = queen if held == king else king
        slot = players * size + (seat - setup.dealer - 1) % players  # the first round draws from the leader on
        _put(deck, held, mine, rng, (king, queen))
        _put(deck, drawn, [slot], rng, (king, queen))
        for place in mine:  # no copy of the card to draw in the hand: that would be a dealt pair
            if deck[place] == drawn:
                _swap_out(deck, place, _spare(deck, players, size, mine + [slot], (king, queen)), rng)
    if (way == "drawn" or not rules.dealt_pairs) and size > 2:
        _spare_of_suit(deck, suit, mine, range(players * size, players * size + players), (king, queen))
    for other in range(players):
        places = list(dealt_places(players, setup.dealer, other, size))
        if other != seat and king in [deck[p] for p in places] and queen in [deck[p] for p in places]:
            place = next(p for p in places if deck[p] == queen)
            _swap_out(deck, place, _spare(deck, players, size, mine + places + [players * size + p for p in
                                                                               range(players)], (king, queen)), rng)
    return PairSetup(setup._replace(deck=tuple(deck)), seat, suit, way, drawn)


def _pair_cards(suit: Suit) -> tuple[Card, Card]:
    return CARDS[suit.index * 13 + Rank.KING], CARDS[suit.index * 13 + Rank.QUEEN]


def _put(deck: list[Card], card: Card, places: Sequence[int], rng: random.Random, pair: tuple[Card, Card]) -> None:
    """``card`` at one of ``places`` (kept there if it is already at one), by a swap with the copy of it nearest
    the top elsewhere (never the bottom card); the place taken is drawn from ``rng`` among those holding
    neither card of ``pair``."""
    if any(deck[p] == card for p in places):
        return
    free = [p for p in places if deck[p] not in pair]
    twice = [p for p in places if [deck[q] for q in places].count(deck[p]) > 1]  # a hand of K K, say
    place = places[0] if len(places) == 1 else rng.choice(free or twice)
    source = next(q for q in range(len(deck) - 1) if deck[q] == card and q not in places)
    deck[place], deck[source] = deck[source], deck[place]


def _spare(deck: list[Card], players: int, size: int, kept: Sequence[int], pair: tuple[Card, Card]) -> list[int]:
    """The places a card of ``pair`` may be swapped out to: not in ``kept``, not the bottom, holding neither card
    of the pair: the stock below its first round first, else any other place."""
    below = [p for p in range(players * size + players, len(deck) - 1) if p not in kept and deck[p] not in pair]
    return below or [p for p in range(len(deck) - 1) if p not in kept and deck[p] not in pair]


def _spare_of_suit(deck: list[Card], suit: Suit, mine: list[int], first: range, pair: tuple[Card, Card]) -> None:
    """A card of ``suit`` beside its king and queen in the hand at ``mine`` (from the stock below its ``first``
    round, else from another hand; never from the first round, the bottom or the pair), so that the seat can
    follow that suit, or play a trump, without breaking the pair before its first chance to call. The card taken
    is the one nearest the top; it takes the place of the hand's first card that is not of ``pair``."""
    if any(deck[p].suit == suit and deck[p] not in pair for p in mine):
        return
    places = [*range(first.stop, len(deck) - 1), *(q for q in range(first.start) if q not in mine)]
    source = next((q for q in places if deck[q].suit == suit and deck[q] not in pair), None)
    place = next((p for p in mine if deck[p] not in pair), None)
    if source is not None and place is not None:
        deck[place], deck[source] = deck[source], deck[place]


def _swap_out(deck: list[Card], place: int, spare: list[int], rng: random.Random) -> None:
    other = rng.choice(spare)
    deck[place], deck[other] = deck[other], deck[place]


# Whether this module runs compiled (``make compiled``, tools/build_compiled.py): mypyc makes


__all__ = [
    "PAIR_WAYS", "PairSetup", "Setup", "asked_setup", "card_list", "check_deck", "check_players", "cut", "cutter",
    "dealt_places", "hands_dealt", "high_card_draw", "pair_ways", "paired_setup", "restocked",
    "sequence", "set_up", "shuffle", "stack", "still_drawing",
]
