"""Cards: suits, ranks, notation, the game's ranking (2 on top) and card points.

A card is one of 52 small values. Two packs hold every card twice; identical cards are
interchangeable, so a card is fully described by its rank and suit.

Notation is two characters, rank then suit: ``KS`` (king of spades), ``TD`` (ten of diamonds),
``2H`` (two of hearts). Parsing also accepts ``10``, lower case and the suit symbols ``♠♥♦♣``.

>>> Card("KS")
Card('KS')
>>> str(Card("10d")), Card("q♥").unicode
('TD', 'Q♥')
>>> cards("KS QH 2C")
[Card('KS'), Card('QH'), Card('2C')]
>>> Card("2C").rank > Card("AC").rank > Card("KC").rank   # R4: the two is the highest card
True

Each language of the kit writes cards as its players do (``Card.display``, ``Card.spoken``), and reads
what a person types in its letters too (``read_card``); records keep the one notation above.

>>> Card("QH").display("ru"), Card("QH").spoken("ru"), Card("QH").display("it"), Card("QH").spoken("it")
('Д♥', 'дама червей', 'D♥', 'donna di cuori')
>>> read_card("ДЧ", "ru"), read_card("д♥", "ru"), read_card("DC", "it"), read_card("QH", "en")
(Card('QH'), Card('QH'), Card('QH'), Card('QH'))

Internally a card is an ``int`` (``suit * 13 + rank``), which keeps the engine's hot path lean:
``Card`` instances are interned, so ``Card("KS") is Card("KS")``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum
from functools import cache

from bibi.errors import NotationError, WrongType, check_type, shorten, wrong_type
from bibi.i18n import _, pgettext, resolve
from bibi.kinds import ActionKind


class Suit(StrEnum):
    """The four suits; the value is the notation letter. Order S, H, D, C is the engine's order."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def index(self) -> int:  # type: ignore[override]  # a suit's place (S H D C = 0…3), not str.index
        return _SUIT_INDEX[self]

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[_SUIT_INDEX[self]]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    def letter(self, lang: str | None = None) -> str:
        """The suit's letter as the language writes it (``"Ч"`` for hearts in Russian, ``"C"`` in Italian)."""
        return _words(resolve(lang)).suit_letters[_SUIT_INDEX[self]]

    def spoken(self, lang: str | None = None) -> str:
        """The suit's name in the language in force (or ``lang``): ``пики``, ``picche``, ``spades``."""
        return _words(resolve(lang)).suits[_SUIT_INDEX[self]]

    @classmethod
    def parse(cls, text: str | Suit) -> Suit:
        """A suit from ``S``/``s``/``♠``/``spades`` (and the same for the others)."""
        if isinstance(text, Suit):
            return text
        if not isinstance(text, str):
            raise wrong_type("suit", text, "a suit like 'S', '♠' or 'spades'")
        key = text.strip().lower()
        if key in _SUIT_NAMES:
            return _SUIT_NAMES[key]
        # TRANSLATORS: {suit} is the text refused, quoted; {letters} and {symbols} the notation's suits
        reason = _("unknown suit {suit}: use one of {letters} (or {symbols})")
        raise NotationError(reason.format(suit=shorten(text), letters="S H D C", symbols="♠ ♥ ♦ ♣"))


SUITS: tuple[Suit, ...] = tuple(Suit)
_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
SUIT_SYMBOLS = ("♠", "♥", "♦", "♣")
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
_SUIT_NAMES: dict[str, Suit] = {}
for _i, _s in enumerate(SUITS):
    for _key in (_s.value, SUIT_SYMBOLS[_i], SUIT_NAMES[_i], SUIT_NAMES[_i][:-1]):
        _SUIT_NAMES[_key.lower()] = _s
# The white-suit variants some keyboards produce.
for _sym, _s in zip("♤♡♢♧", SUITS, strict=True):
    _SUIT_NAMES[_sym] = _s


class Rank(IntEnum):
    """Ranks by the game's ranking, lowest first: 3 … 10, J, Q, K, A, 2 (R4; I5)."""

    THREE = 0
    FOUR = 1
    FIVE = 2
    SIX = 3
    SEVEN = 4
    EIGHT = 5
    NINE = 6
    TEN = 7
    JACK = 8
    QUEEN = 9
    KING = 10
    ACE = 11
    TWO = 12

    @property
    def char(self) -> str:
        return RANK_CHARS[self]

    @property
    def label(self) -> str:
        """How a face shows the rank: ``10`` for the ten, else the notation character."""
        return "10" if self is Rank.TEN else RANK_CHARS[self]

    def __str__(self) -> str:
        return RANK_CHARS[self]

    def letter(self, lang: str | None = None) -> str:
        """How a face shows the rank in the language: ``Д`` (дама), ``D`` (donna), ``Q``; ``10`` for the ten."""
        return _words(resolve(lang)).rank_letters[self]

    def spoken(self, lang: str | None = None) -> str:
        """The rank's name in the language in force (or ``lang``): ``дама``, ``donna``, ``queen``."""
        return _words(resolve(lang)).ranks[self]

    @classmethod
    def parse(cls, text: str | int) -> Rank:
        """A rank from ``K``, ``k``, ``T``, ``10``, ``2`` … (or a ``Rank``).

        A plain number is refused: ``2`` could mean the two or ``Rank(2)`` (the five).
        """
        if isinstance(text, Rank):
            return text
        if isinstance(text, int) and not isinstance(text, bool):
            # TRANSLATORS: {rank} is the number refused; '2', 'K', '10' and Rank.TWO are code, as typed
            raise NotationError(_("ambiguous rank {rank}: write it as text ('2', 'K', '10') or a Rank (Rank.TWO)")
                                .format(rank=shorten(text)))
        if not isinstance(text, str):
            raise wrong_type("rank", text, "a rank like 'K', 'T' or '10'")
        key = text.strip().upper()
        if key == "10":
            key = "T"
        if len(key) == 1 and key in RANK_CHARS:
            return Rank(RANK_CHARS.index(key))
        reason = _("unknown rank {rank}: use one of {letters}")
        raise NotationError(reason.format(rank=shorten(text), letters="2 3 4 5 6 7 8 9 T J Q K A"))


RANKS: tuple[Rank, ...] = tuple(Rank)
RANK_CHARS = "3456789TJQKA2"
RANK_NAMES = ("three", "four", "five", "six", "seven", "eight", "nine", "ten",
              "jack", "queen", "king", "ace", "two")


PLAY = ActionKind.PLAY  # the kind of action a card is when it is played (``bibi.deal.Action.PLAY``)


class Card(int):
    """One card, by rank and suit. ``Card("KS")`` or ``Card(Rank.KING, Suit.SPADES)``.

    ``str`` gives the notation, ``repr`` the call that rebuilds it, ``unicode`` the display form.

    A card is also the action of playing it: among a deal's legal actions the card ``KS`` stands
    for "play KS", with ``kind`` ``ActionKind.PLAY`` (``"play"``) and ``card`` itself, as ``bibi.deal.Action`` has.
    """

    __slots__ = ()
    kind = PLAY

    @property
    def card(self) -> Card:
        """The card played, as an action's ``card`` is: the card itself."""
        return self

    def __new__(cls, rank_or_text: str | Rank | int, suit: Suit | str | None = None) -> Card:
        if suit is None:
            if isinstance(rank_or_text, Card):
                return rank_or_text
            if isinstance(rank_or_text, str):
                return parse_card(rank_or_text)
            # TRANSLATORS: {value} is the value refused, as Python writes it; 'KS' is a card's notation, typed as it is
            raise WrongType("Card: " + _("needs notation like 'KS' or a rank and a suit, not {value}").format(
                value=shorten(rank_or_text)))
        return CARDS[Suit.parse(suit).index * 13 + Rank.parse(rank_or_text)]

    @property
    def rank(self) -> Rank:
        return RANKS[self % 13]

    @property
    def suit(self) -> Suit:
        return SUITS[self // 13]

    @property
    def unicode(self) -> str:
        """Display form: ``K♠``, ``10♦``."""
        return CARD_UNICODE[self]

    @property
    def name(self) -> str:
        """The card's name in English whatever the language in force, ``king of spades``: a name for programs, the
        same for every reader, as the notation is. A reader's name for it is ``spoken()``: «король пик» in Russian,
        «re di picche» in Italian."""
        return f"{RANK_NAMES[self % 13]} of {SUIT_NAMES[self // 13]}"

    def display(self, lang: str | None = None, rules: object = None) -> str:
        """The face as the language in force (or ``lang``) writes it: ``Д♥`` in Russian, ``D♥`` in Italian,
        ``Q♥`` in English (``unicode``). For the eye only: records keep the notation (``str``). ``rules`` (the rules
        in force) changes nothing for a card: it is there so that every action reads alike, ``action.display(rules=
        deal.rules)``, where a call says the word of those rules (``Action.display``)."""
        return _words(resolve(lang)).rank_letters[self % 13] + SUIT_SYMBOLS[self // 13]

    def spoken(self, lang: str | None = None) -> str:
        """The card's name in the language in force (or ``lang``): ``дама червей``, ``donna di cuori``."""
        words = _words(resolve(lang))
        return words.card.format(rank=words.ranks[self % 13], suit=words.suits_after_rank[self // 13])

    def __str__(self) -> str:
        return CARD_TEXT[self]

    def __repr__(self) -> str:
        return f"Card('{CARD_TEXT[self]}')"

    def __format__(self, spec: str) -> str:
        return format(CARD_TEXT[self], spec)

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __reduce__(self):
        return (_card_from_index, (int(self),))

    def _repr_html_(self) -> str:
        from bibi import render  # lazy: the engine never needs the renderer

        return render.card_html(self)


def _card_from_index(index: int) -> Card:
    return CARDS[index]


CARD_TEXT: tuple[str, ...] = tuple(r + s.value for s in SUITS for r in RANK_CHARS)
CARD_UNICODE: tuple[str, ...] = tuple(
    ("10" if r == "T" else r) + SUIT_SYMBOLS[i] for i, s in enumerate(SUITS) for r in RANK_CHARS
)
CARDS: tuple[Card, ...] = tuple(int.__new__(Card, i) for i in range(52))
_BY_TEXT: dict[str, Card] = {t: CARDS[i] for i, t in enumerate(CARD_TEXT)}


def parse_card(text: str | Card) -> Card:
    """Parse one card's notation; raise ``ValueError`` quoting the input when it is not a card."""
    if isinstance(text, Card):
        return text
    if not isinstance(text, str):
        raise wrong_type("card", text, "notation like 'KS', 'TD' or '2H'")
    found = _BY_TEXT.get(text)
    if found is not None:
        return found
    key = text.strip()
    if len(key) >= 2:
        try:
            return CARDS[Suit.parse(key[-1]).index * 13 + Rank.parse(key[:-1])]
        except ValueError:
            pass
    # TRANSLATORS: {card} is the text refused, quoted; 'KS', 'TD' and '2H' are cards in the notation, as typed
    raise NotationError(_("unknown card {card}: a card is written like 'KS', 'TD' or '2H'").format(card=shorten(text)))


def cards(text: str | list | tuple) -> list[Card]:
    """Parse a list of cards: ``cards("KS QH 2C")`` (spaces or commas) or a list of notations."""
    if isinstance(text, str):
        parts = text.replace(",", " ").split()
    elif isinstance(text, list | tuple):
        parts = list(text)
    else:
        raise wrong_type("cards", text, "a text like 'KS QH' or a list of cards", typed=False)
    return [parse_card(p) for p in parts]


def pack(decks: int = 2) -> list[Card]:
    """The whole pack of ``decks`` standard 52-card packs, in a fixed order (R3): one or two, as ``Rules.decks``."""
    check_type("decks", decks, int, "a whole number of packs (1 or 2)")
    if decks not in (1, 2):
        raise ValueError(f"decks: {shorten(decks)} is not 1 or 2 (R3)")
    return [c for _ in range(decks) for c in CARDS]


def sort_key(card: Card) -> tuple[int, int]:
    """Sort by suit (S, H, D, C), then by the game's ranking, highest first."""
    return (card // 13, -(card % 13))


# -- cards in each language of the kit (display and typed input; records stay in the notation) -------------


@dataclass(frozen=True)
class _Words:
    """How one language writes and names the cards, from its catalog (``bibi/locale``)."""

    rank_letters: tuple[str, ...]  # by Rank: "2"…"9", "10", and the letters of the faces and the ace
    ranks: tuple[str, ...]  # by Rank: the names ("дама", "donna", "queen")
    suit_letters: tuple[str, ...]  # by Suit index (S H D C)
    suits: tuple[str, ...]  # by Suit index: the names ("пики", "picche", "spades")
    suits_after_rank: tuple[str, ...]  # the suit's form after a rank ("дама червей": the genitive)
    card: str  # how a rank and a suit make a card's name: "{rank} of {suit}", "{rank} {suit}", "{rank} di {suit}"


@cache
def _words(lang: str) -> _Words:
    # Each word is its own pgettext call, so that Babel extracts it with its context (bibi/locale).
    letters = {
        "J": pgettext("rank letter", "J", lang), "Q": pgettext("rank letter", "Q", lang),
        "K": pgettext("rank letter", "K", lang), "A": pgettext("rank letter", "A", lang),
    }
    ranks = (
        pgettext("rank", "three", lang), pgettext("rank", "four", lang), pgettext("rank", "five", lang),
        pgettext("rank", "six", lang), pgettext("rank", "seven", lang), pgettext("rank", "eight", lang),
        pgettext("rank", "nine", lang), pgettext("rank", "ten", lang), pgettext("rank", "jack", lang),
        pgettext("rank", "queen", lang), pgettext("rank", "king", lang), pgettext("rank", "ace", lang),
        pgettext("rank", "two", lang),
    )
    return _Words(
        rank_letters=tuple(letters.get(c, "10" if c == "T" else c) for c in RANK_CHARS),
        ranks=ranks,
        suit_letters=(pgettext("suit letter", "S", lang), pgettext("suit letter", "H", lang),
                      pgettext("suit letter", "D", lang), pgettext("suit letter", "C", lang)),
        suits=(pgettext("suit", "spades", lang), pgettext("suit", "hearts", lang),
               pgettext("suit", "diamonds", lang), pgettext("suit", "clubs", lang)),
        suits_after_rank=(pgettext("suit, after a rank (the queen of …)", "spades", lang),
                          pgettext("suit, after a rank (the queen of …)", "hearts", lang),
                          pgettext("suit, after a rank (the queen of …)", "diamonds", lang),
                          pgettext("suit, after a rank (the queen of …)", "clubs", lang)),
        # TRANSLATORS: a card's name from its rank and its suit (the suit in its form after a rank)
        card=pgettext("card name", "{rank} of {suit}", lang),
    )


@cache
def _reading(lang: str) -> tuple[dict[str, int], dict[str, Suit]]:
    """What a person may type in ``lang``: rank letters to ranks, suit letters and symbols to suits."""
    words = _words(lang)
    ranks = {letter.upper(): i for i, letter in enumerate(words.rank_letters)}
    suits = {letter.upper(): s for letter, s in zip(words.suit_letters, SUITS, strict=True)}
    for sym, s in zip(SUIT_SYMBOLS + ("♤", "♡", "♢", "♧"), SUITS + SUITS, strict=True):
        suits[sym] = s
    return ranks, suits


def read_card(text: str | Card, lang: str | None = None) -> Card:
    """A card as a person types it in the language in force (or ``lang``).

    Russian: ranks ``Т К Д В`` (туз, король, дама, валет), ``10``, ``9``…``2``; suits ``П Т Ч Б``
    (пики, трефы, черви, бубны) or the symbols: ``ДЧ`` and ``Д♥`` are the queen of hearts. The notation of
    records (``QH``) is read as well: its Latin letters never meet the Cyrillic ones.

    Italian: ranks ``A R D F`` (asso, re, donna, fante), ``10``…``2``; suits ``P C Q F`` (picche, cuori,
    quadri, fiori) or the symbols: ``DC`` and ``D♥`` are the queen of hearts. Italian letters are the
    notation's letters with other meanings (``C`` is cuori, hearts, not clubs), so an Italian reading takes
    Italian letters only; ``Card("QH")`` reads the notation in every language.

    English: the notation itself (``QH``, ``Q♥``, ``10h``).

    >>> read_card("10П", "ru"), read_card("ТТ", "ru"), read_card("FF", "it"), read_card("10q", "it")
    (Card('TS'), Card('AC'), Card('JC'), Card('TD'))
    """
    if isinstance(text, Card):
        return text
    if not isinstance(text, str):
        raise wrong_type("card", text, "a card like 'KS' or 'K♠'")
    return _read_card("card", text, resolve(lang))


def _read_card(name: str, text: str, code: str) -> Card:
    """``text`` as a card in the language ``code`` (``read_card``), or a ``NotationError`` naming ``name``."""
    if code == "en":
        return parse_card(text)
    key = text.strip().upper()
    ranks, suits = _reading(code)
    if len(key) >= 2 and key[:-1] in ranks and key[-1] in suits:
        return CARDS[suits[key[-1]].index * 13 + ranks[key[:-1]]]
    if code == "ru":
        try:
            return parse_card(text)
        except NotationError:
            pass
    words = _words(code)
    examples = ", ".join(repr(Card(c).display(code).replace(Card(c).suit.symbol, Card(c).suit.letter(code)))
                         for c in ("QH", "TS"))
    # TRANSLATORS: {text} is the text refused, quoted; {lang} the language's code ('ru', 'it'); {examples} two
    # cards as typed in it ('ДЧ', '10П'), {symbol} one with a suit symbol (Д♥); {ranks} and {suits} the letters
    reason = _("cannot read {text} as a card in {lang}: write it like {examples} or with a suit symbol ({symbol}); "
               "ranks {ranks}, suits {suits}")
    raise NotationError(f"{name}: " + reason.format(
        text=shorten(text), lang=repr(code), examples=examples, symbol=Card("QH").display(code),
        ranks=" ".join(words.rank_letters[::-1]), suits=" ".join(words.suit_letters)))


def read_rank(text: str | Rank, lang: str | None = None) -> Rank:
    """A rank as a person types it in the language in force (or ``lang``), as ``Rank.letter`` writes it: ``Д``
    (дама) or ``D`` (donna) is the queen, ``10`` the ten, ``2`` the two. The notation's letters (``Q``, ``T``) are
    read in every language as well: among ranks alone they mean nothing else (the Italian ``A`` is the ace in both).

    >>> [read_rank(r, "ru") for r in ("Д", "т", "10", "Q")]
    [<Rank.QUEEN: 9>, <Rank.ACE: 11>, <Rank.TEN: 7>, <Rank.QUEEN: 9>]
    >>> [read_rank(r, "it") for r in ("R", "F", "K")]
    [<Rank.KING: 10>, <Rank.JACK: 8>, <Rank.KING: 10>]
    """
    if isinstance(text, Rank):
        return text
    if not isinstance(text, str):
        raise wrong_type("rank", text, "a rank like 'K' or '10'")
    code = resolve(lang)
    ranks, _suits = _reading(code)
    key = text.strip().upper()
    if key in ranks:
        return Rank(ranks[key])
    try:
        return Rank.parse(text)
    except NotationError:
        letters = " ".join(_words(code).rank_letters[::-1])
        # TRANSLATORS: {rank} is the rank refused, quoted; {letters} the ranks as this language writes them
        reason = _("unknown rank {rank}: use one of {letters}")
        raise NotationError(reason.format(rank=shorten(text), letters=letters)) from None


def read_cards(text: str, lang: str | None = None) -> list[Card]:
    """Several typed cards, by spaces or commas, in the language in force (or ``lang``): ``"ДЧ 10П"``."""
    if not isinstance(text, str):
        raise wrong_type("cards", text, "a text like 'KS QH'")
    code = resolve(lang)
    return [_read_card("cards", part, code) for part in text.replace(",", " ").split()]
