"""The rules as data: one frozen ``Rules`` value, one field per option of the rules reference.

The reference is ``docs/rules.md``; "rules §2" is its section on the options, with the presets' table.

Every option cites the sentences it comes from (``R…`` the Russian text, ``I…`` the Italian one);
``OPTIONS`` holds those citations and a plain-words account of every value, for the docs, the
command line and the notebooks.

>>> RUSSIAN.follow
<Follow.MUST_FOLLOW: 'must_follow'>
>>> [name for name, _, _ in RUSSIAN.diff(ITALIAN)][:3]
['first_dealer', 'first_trump', 'follow']
>>> preset("it") is ITALIAN
True
>>> dataclasses.replace(RUSSIAN, follow="follow_or_trump").follow
<Follow.FOLLOW_OR_TRUMP: 'follow_or_trump'>
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from bibi.cards import RANK_CHARS, Rank, read_rank
from bibi.errors import WrongType, check_type, shorten, whole
from bibi.i18n import N_, _, pgettext

# Sane bounds for the numbers of a rules value: every score of a deal or a game stays far inside 32 bits.
MAX_BIBI_POINTS = 10_000
MAX_CARD_POINTS = 1_000


class FirstDealer(StrEnum):
    HIGH_CARD_DRAW = "high_card_draw"
    RANDOM = "random"


class FirstTrump(StrEnum):
    DEALER_CARD = "dealer_card"
    CUT = "cut"


class Follow(StrEnum):
    MUST_FOLLOW = "must_follow"
    FOLLOW_OR_TRUMP = "follow_or_trump"


class Identical(StrEnum):
    SECOND_WINS = "second_wins"
    FIRST_WINS = "first_wins"


class Draw(StrEnum):
    AFTER_EACH_CARD = "after_each_card"
    AFTER_TRICK = "after_trick"


class BibiSuits(StrEnum):
    NON_TRUMP = "non_trump"
    ANY = "any"


class BibiCall(StrEnum):
    OPTIONAL = "optional"
    MANDATORY = "mandatory"


class TrumpChange(StrEnum):
    NEXT_TRICK = "next_trick"
    HOLDER_CHOOSES = "holder_chooses"
    NEXT_DEAL = "next_deal"


class MultiCall(StrEnum):
    FIRST = "first"
    LAST = "last"


class TurnUp(StrEnum):
    TRICK_START = "trick_start"
    FAILED_DRAW = "failed_draw"


def _twice(rank: str) -> str:
    """Why card points cannot be read: ``rank`` (as typed, or as the notation writes it) is given twice."""
    return _("rank {rank} is given twice").format(rank=rank)


class CardPoints(Mapping):
    """A frozen, hashable map rank → points; ranks not listed score 0.

    >>> CardPoints({"2": 11, "A": 10})[Rank.TWO]
    11
    """

    __slots__ = ("_items", "_per_card")

    def __init__(self, points: Mapping | CardPoints):
        check_type("card_points", points, Mapping, "a map rank → points like {example}", example="{'2': 11, 'A': 10}")
        items: dict[Rank, int] = {}
        for rank, value in dict(points).items():
            try:
                r = Rank.parse(rank)
            except ValueError:
                raise ValueError("card_points: " + _("unknown rank {rank}").format(rank=shorten(rank))) from None
            if r in items:
                raise ValueError("card_points: " + _twice(r.char))
            value = whole(f"card_points[{r.char}]", value, 0, MAX_CARD_POINTS)
            if value:
                items[r] = value
        self._items = tuple(sorted(items.items(), key=lambda kv: -kv[0]))
        per_rank = self.per_rank()
        self._per_card = tuple(per_rank[c % 13] for c in range(52))

    @classmethod
    def parse(cls, text: str) -> CardPoints:
        """Points from text as ``str`` writes them: ``"2:11 A:10 K:5"`` (commas allowed).

        >>> CardPoints.parse("2:11, A:10")
        CardPoints({'2': 11, 'A': 10})
        """
        return cls(_points_typed(text, "2:11 A:10 K:5", lambda rank: rank))

    @classmethod
    def read(cls, text: str, lang: str | None = None) -> CardPoints:
        """Points as a person types them in the language in force (or ``lang``), as ``display`` writes them: each
        rank as ``bibi.cards.read_rank`` reads it (``2:11 Т:10 К:5`` in Russian; the notation's ``A:10 K:5`` too).

        >>> CardPoints.read("2:11 Т:10 Д:4", "ru") == CardPoints.parse("2:11 A:10 Q:4")
        True
        """
        example = " ".join(STANDARD_POINTS.display(lang).split()[:3])
        return cls(_points_typed(text, example, lambda rank: read_rank(rank, lang)))

    def __getitem__(self, rank) -> int:
        r = Rank.parse(rank)
        for key, value in self._items:
            if key == r:
                return value
        return 0

    def __iter__(self) -> Iterator[Rank]:
        return (k for k, _ in self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(self._items)

    def __eq__(self, other) -> bool:
        if isinstance(other, CardPoints):
            return self._items == other._items
        if isinstance(other, Mapping):
            try:
                return self == CardPoints(other)
            except ValueError:
                return False
        return NotImplemented

    def __repr__(self) -> str:
        return "CardPoints({" + ", ".join(f"'{k.char}': {v}" for k, v in self._items) + "})"

    def __str__(self) -> str:
        return " ".join(f"{k.char}:{v}" for k, v in self._items)

    def display(self, lang: str | None = None) -> str:
        """The points as the language in force (or ``lang``) writes the ranks: ``2:11 Т:10 К:5 Д:4 В:3``, ``2:11
        A:10 R:5 D:4 F:3`` (``str`` is the notation a label reads: ``2:11 A:10 K:5 Q:4 J:3``)."""
        return " ".join(f"{k.letter(lang)}:{v}" for k, v in self._items)

    def per_rank(self) -> tuple[int, ...]:
        """Points indexed by ``Rank`` value (13 entries)."""
        table = [0] * 13
        for k, v in self._items:
            table[k] = v
        return tuple(table)

    def per_card(self) -> tuple[int, ...]:
        """Points indexed by card (52 entries, ``Card`` values are indexes): one table for every layer."""
        return self._per_card

    def total(self, cards: Iterable[int]) -> int:
        """The points of ``cards``.

        >>> from bibi.cards import cards
        >>> STANDARD_POINTS.total(cards("2S AS KS 3S"))
        26
        """
        return sum(map(self._per_card.__getitem__, cards))

    def to_json(self) -> dict[str, int]:
        return {k.char: v for k, v in self._items}


STANDARD_POINTS = CardPoints({"2": 11, "A": 10, "K": 5, "Q": 4, "J": 3})


def _points_typed(text: str, example: str, rank_of: Callable[[str], Rank | str]) -> dict[Rank | str, int]:
    """Rank → points from ``2:11 A:10`` (commas allowed), each rank as ``rank_of`` reads it; ``example`` is how the
    error says to write them."""
    check_type("card_points", text, str, "a text like {example}", example=repr(example))
    points: dict[Rank | str, int] = {}
    for part in text.replace(",", " ").split():
        rank, sep, value = part.partition(":")
        value = value.strip()
        if not sep or not (value.isascii() and value.isdecimal()) or len(value) > 9:
            # TRANSLATORS: {part} is what was typed, quoted ('A10'); {example} is how to type points ('2:11 A:10 K:5')
            reason = _("cannot read {part}; write ranks and points like {example}")
            raise ValueError("card_points: " + reason.format(part=shorten(part), example=repr(example)))
        try:
            key = rank_of(rank.strip())
        except ValueError as exc:  # "unknown rank 'Х': use one of 2 Т К Д В 10 …"
            raise ValueError(f"card_points: {exc}") from None
        if key in points:
            raise ValueError("card_points: " + _twice(shorten(rank.strip())))
        points[key] = int(value)
    return points


@dataclass(frozen=True)
class Option:
    """What the learner reads about one option: its citations and what each value does."""

    name: str
    title: str
    sources: tuple[str, ...]
    doc: str
    values: Mapping[str, str]  # value → what it means; empty for numbers and maps
    note: str = ""  # how the sources stand behind the option, shown with every citation

    def meaning(self, value: Any) -> str:
        """What ``value`` means in plain words; '' for options without a list of values."""
        return self.values.get(str(getattr(value, "value", value)), "")


def _opt(default: Any, **meta: Any) -> Any:
    return field(default=default, metadata=meta)


# The names a rules value may carry: a preset's, or "custom" (a label's base; see ``Rules.label``).
NAMES = ("russian", "italian", "english", "custom")


@dataclass(frozen=True)
class Rules:
    """The rules of one variant. Fields are the options of rules §2, by their exact names.

    Plain strings are accepted for the enum fields; ``__post_init__`` rejects bad values and
    impossible combinations with a ``ValueError`` that names the field. ``name`` labels the
    variant (a preset's name, kept by ``dataclasses.replace``); it does not take part in equality.

    ``max_players=12`` is R2's bound, "any number up to twelve": when the packs cannot deal twelve
    hands (one pack, or bigger hands) it stands for as many players as the packs can deal and is
    lowered to that count, so ``dataclasses.replace(RUSSIAN, decks=1)`` is the one-pack variant, with
    ``max_players=7``. Any other count the packs cannot deal is refused, and the message says the largest.

    >>> dataclasses.replace(RUSSIAN, decks=1).max_players
    7
    """

    decks: int = 2
    hand_size: int = 7
    max_players: int = 12
    card_points: CardPoints = STANDARD_POINTS
    bibi_points: int = 50
    first_dealer: FirstDealer = FirstDealer.HIGH_CARD_DRAW
    first_trump: FirstTrump = FirstTrump.DEALER_CARD
    follow: Follow = Follow.MUST_FOLLOW
    identical: Identical = Identical.SECOND_WINS
    draw: Draw = Draw.AFTER_EACH_CARD
    bibi_suits: BibiSuits = BibiSuits.NON_TRUMP
    bibi_call: BibiCall = BibiCall.OPTIONAL
    dealt_pairs: bool = True
    trump_change: TrumpChange = TrumpChange.NEXT_TRICK
    multi_call: MultiCall = MultiCall.FIRST
    turn_up: TurnUp = TurnUp.TRICK_START
    name: str = field(default="custom", compare=False)

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        for f in dataclasses.fields(self):
            enum = _ENUM_FIELDS.get(f.name)
            value = getattr(self, f.name)
            if enum is not None:
                field, choices = f"Rules.{f.name}", ", ".join(e.value for e in enum)
                check_type(field, value, str, "one of {choices}", choices=choices)
                try:
                    set_(self, f.name, enum(value))
                except ValueError:
                    # TRANSLATORS: {value} is the value refused, quoted; {choices} the option's values, as typed
                    reason = _("{value} is not one of {choices}").format(value=shorten(value), choices=choices)
                    raise ValueError(f"{field}: {reason}") from None
        if not isinstance(self.card_points, CardPoints):
            check_type("Rules.card_points", self.card_points, Mapping, "a map rank → points")
            try:
                set_(self, "card_points", CardPoints(self.card_points))
            except (ValueError, TypeError) as exc:
                raise type(exc)(f"Rules.{exc}") from None
        for name in ("decks", "hand_size", "max_players", "bibi_points"):
            set_(self, name, whole(f"Rules.{name}", getattr(self, name)))
        check_type("Rules.dealt_pairs", self.dealt_pairs, bool, "True or False")
        check_type("Rules.name", self.name, str, "a text")
        if self.name not in NAMES:
            # TRANSLATORS: {value} is the name refused, quoted; {choices} the names a rules value may carry
            reason = _("{value} is not one of {choices} (a label names its base; the options say the rest)")
            raise ValueError("Rules.name: " + reason.format(value=shorten(self.name), choices=", ".join(NAMES)))
        if self.decks not in (1, 2):
            reason = _("{value} is not 1 or 2").format(value=shorten(self.decks))
            raise ValueError(f"Rules.decks: {reason} (R3)")
        whole("Rules.hand_size", self.hand_size, 1, 52, ids="R8")
        whole("Rules.bibi_points", self.bibi_points, 0, MAX_BIBI_POINTS, ids="R16")
        whole("Rules.max_players", self.max_players, 2, 12, ids="R2")
        if self.max_players == 12 and 12 * self.hand_size > self.pack_size >= 2 * self.hand_size:
            set_(self, "max_players", self.pack_size // self.hand_size)  # R2: "up to twelve", as the packs allow
        if 2 * self.hand_size > self.pack_size:  # not even two hands (R2: a game has two players at least)
            # TRANSLATORS: two hands of {hand} cards need {cards} cards; {decks} packs hold {size} cards
            reason = _("{hand} is too many: two hands of {hand} need {cards} cards, but {decks} pack(s) hold {size}; "
                       "lower hand_size to {most} or less")
            raise ValueError("Rules.hand_size: " + reason.format(
                hand=self.hand_size, cards=2 * self.hand_size, decks=self.decks, size=self.pack_size,
                most=self.pack_size // 2))
        if self.max_players * self.hand_size > self.pack_size:
            # TRANSLATORS: {players} hands of {hand} cards each need {cards} cards; {decks} packs hold {size} cards
            reason = _("{players} hands of {hand} need {cards} cards, but {decks} pack(s) hold {size}; lower "
                       "max_players to {most} or less")
            raise ValueError("Rules.max_players: " + reason.format(
                players=self.max_players, hand=self.hand_size, cards=self.max_players * self.hand_size,
                decks=self.decks, size=self.pack_size, most=self.pack_size // self.hand_size))
        if self.first_trump is FirstTrump.DEALER_CARD and self.first_dealer is not FirstDealer.HIGH_CARD_DRAW:
            raise ValueError("Rules.first_trump: " + _(
                "'dealer_card' takes the suit of the card the dealer drew, so it needs "
                "first_dealer='high_card_draw' (R6); with first_dealer='random' use first_trump='cut'"))

    # -- derived values -------------------------------------------------------------------

    @property
    def pack_size(self) -> int:
        return 52 * self.decks

    def tricks(self, players: int) -> int:
        """Tricks in a deal of ``players`` (rules §4: ⌊pack/N⌋)."""
        return self.pack_size // players

    def draw_rounds(self, players: int) -> int:
        """Drawing rounds: ⌊pack/N⌋ − hand size, never negative."""
        return max(0, self.pack_size // players - self.hand_size)

    def leftovers(self, players: int) -> int:
        """Cards of the stock turned face up unplayed: pack mod N (when the stock is not empty)."""
        return self.pack_size - players * self.tricks(players)

    def total_points(self) -> int:
        """All card points in the pack (264 with two packs)."""
        return self.decks * sum(self.card_points.per_card())

    # -- comparison and description --------------------------------------------------------

    def options(self) -> dict[str, Any]:
        """The option values by name (the name excluded)."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.name != "name"}

    def diff(self, other: Rules) -> list[tuple[str, Any, Any]]:
        """The options that differ, as ``(name, self's value, other's value)``, in field order.

        Every field that differs is listed, also one that has no effect under one side's rules
        (``multi_call`` under ``holder_chooses``): ``no_effect`` tells which, and the listings say so.
        """
        mine, theirs = self.options(), other.options()
        return [(k, mine[k], theirs[k]) for k in mine if mine[k] != theirs[k]]

    def changed(self) -> list[tuple[str, Any, Any]]:
        """The options that differ from the preset this variant is named after (for ``custom``: from ``Rules()``)."""
        return BASES[self.name].diff(self)

    def changed_text(self) -> str:
        """The options that differ from this variant's preset, as ``option=value,…`` ('' for none).

        >>> dataclasses.replace(RUSSIAN, follow="follow_or_trump", dealt_pairs=False).changed_text()
        'follow=follow_or_trump,dealt_pairs=false'
        """
        return ",".join(f"{k}={_format_value(v)}" for k, _, v in self.changed())

    @property
    def label(self) -> str:
        """The preset's name plus what was changed: ``russian``, ``russian:follow=follow_or_trump``;
        ``parse_rules(label)`` gives these rules back, custom mixes included (``custom:bibi_points=30``)."""
        changed = self.changed_text()
        return f"{self.name}:{changed}" if changed else self.name

    def citation(self, option: str, *, unstated: bool = True) -> str:
        """The sentence ids behind ``option``, with how they stand behind it (``multi_call``: R20
        stretched), marked "not stated" where this preset's text is silent (``unstated``; not with
        ``unstated=False``): in the language in force, the ids as they are (``R20 (stretched: …)``, ``R20 (regole
        italiane: il testo non lo dice)``).

        >>> ITALIAN.citation("multi_call")
        'R20 (stretched: it speaks of pairs dealt in the hand only) (italian: not stated)'
        """
        info = OPTIONS[option]
        cite = "; ".join(info.sources)
        if info.note:
            cite += f" ({_(info.note)})"
        silent = self.unstated(option) if unstated else ""
        return f"{cite} ({silent})" if silent else cite

    def unstated(self, option: str) -> str:
        """That this preset's own text is silent on ``option``, in the language in force (the remark ``citation``
        ends with), or ``''`` where it speaks.

        >>> ITALIAN.unstated("decks"), RUSSIAN.unstated("decks")
        ('italian: not stated, taken from the Russian/English text', '')
        """
        if self.name not in NOT_STATED or option not in NOT_STATED[self.name]:
            return ""
        # Only where the value is the Russian/English one was it taken from there (rules §2's table:
        # the Italian first_dealer, dealt_pairs and multi_call are not).
        if getattr(self, option) == getattr(RUSSIAN, option):
            # TRANSLATORS: {rules} is a preset's name as "{rules} rules" says it: «(regole {rules}: …)»
            said = _("{rules}: not stated, taken from the Russian/English text")
        else:
            # TRANSLATORS: {rules} is a preset's name as "{rules} rules" says it: «(regole {rules}: …)»
            said = _("{rules}: not stated")
        return said.format(rules=rules_name(self.name))

    def no_effect(self, option: str) -> str:
        """Why ``option``'s value changes nothing under these rules, in the language in force, or ``''`` when it
        matters.

        Such an option may differ between two variants without making a difference in play: every
        listing of rules says so, rather than show it as a difference between the texts.

        >>> ITALIAN.no_effect("multi_call")
        'no effect under trump_change=holder_chooses: no call moves the trump by itself, so no two calls compete'
        >>> RUSSIAN.no_effect("multi_call")
        ''
        """
        if option == "multi_call":
            if self.trump_change is TrumpChange.HOLDER_CHOOSES:
                return _("no effect under trump_change=holder_chooses: no call moves the trump by itself, "
                         "so no two calls compete")
            if self.trump_change is TrumpChange.NEXT_DEAL and not self.dealt_pairs:
                return _("no effect under trump_change=next_deal without dealt_pairs: no call moves this "
                         "deal's trump, and the next deal's is the last call's suit")
        elif option == "identical" and self.decks == 1:
            return _("no effect with one pack: no two cards are identical")
        return ""

    def explain(self, option: str) -> str:
        """What ``option``'s value means under these rules, in the language in force: its meaning, or why it has no
        effect here. An option without a list of values (a number, the card points) is told by its account of the
        texts' value; set to another value, the value in force comes first, as the language writes it, so that what
        is said never contradicts the rules it is said of.

        >>> dataclasses.replace(RUSSIAN, card_points={"2": 11, "A": 5}).explain("card_points")[:68]
        '2:11 A:5 in these rules, changed from the texts: Points of the cards'
        """
        info = OPTIONS[option]
        value = getattr(self, option)
        account = self.no_effect(option) or _(info.meaning(value) or info.doc)
        if info.values or value == getattr(CUSTOM, option):
            return account
        # TRANSLATORS: {value} is an option's value in force (a number, or card points as "2:11 A:10 K:5");
        # {account} the texts' own account of the option, with its sentences ("Seven cards each (R8; I4), …")
        return _("{value} in these rules, changed from the texts: {account}").format(value=value_text(value),
                                                                                       account=account)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict; ``Rules.from_json`` reads it back."""
        out: dict[str, Any] = {"name": self.name}
        for key, value in self.options().items():
            if isinstance(value, CardPoints):
                value = value.to_json()
            elif isinstance(value, StrEnum):
                value = value.value
            out[key] = value
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Rules:
        """Rules from ``to_json``'s dict (every option and the name, nothing else), or from a label.

        A missing or unknown key raises ``ValueError`` naming it: a partial dict would fill in defaults that
        are not the recorded rules (``{"name": "italian"}`` alone is not the Italian rules). One exception,
        for records made before the option existed: a dict without ``turn_up`` replays with
        ``turn_up='trick_start'`` (the rules they were played under), also one of the Italian preset, whose
        label then reads ``italian:turn_up=trick_start``.
        """
        if isinstance(data, str):
            return parse_rules(data)
        check_type("rules", data, Mapping, "a label or a dict of options")
        known = [f.name for f in dataclasses.fields(cls)]
        unknown = [shorten(k) for k in data if k not in known]
        if unknown:
            options = ", ".join(sorted(unknown))[:200]
            raise ValueError("rules: " + _("unknown option(s) {options}").format(options=options))
        data = dict(data)
        data.setdefault("turn_up", TurnUp.TRICK_START.value)  # records older than turn_up (see above)
        missing = [k for k in known if k not in data]
        if missing:
            raise ValueError("rules: " + _("missing option(s) {options}").format(options=", ".join(missing)))
        return cls(**data)

    @classmethod
    def parse(cls, text: str) -> Rules:
        """``parse_rules(text)``: the rules a label names (what ``str`` writes and ``repr`` calls)."""
        return parse_rules(text)

    def __str__(self) -> str:
        return self.label

    def __repr__(self) -> str:
        return f"Rules.parse({self.label!r})"

    def _repr_html_(self) -> str:
        from bibi import render  # lazy: rules never need the renderer

        return render.rules_html(self)

    def describe(self) -> str:
        """A plain-text table of the options, their values and citations, in the language in force (the text
        renderer's, ``bibi.render.text.describe``, which ``bibi rules`` prints too)."""
        from bibi.render.text import describe  # lazy: rules never need the renderer

        return describe(self)


def _format_value(value: Any) -> str:
    """An option value as the command line and frame labels write it."""
    if isinstance(value, bool):
        return str(value).lower()
    return str(getattr(value, "value", value))


def value_text(value: Any) -> str:
    """An option's value as a listing of the rules shows it: the notation a label types (``follow_or_trump``,
    ``true``), the card points with the ranks as the language in force writes them (``2:11 Т:10 К:5 Д:4 В:3``)."""
    return value.display() if isinstance(value, CardPoints) else _format_value(value)


_ENUM_FIELDS = {
    "first_dealer": FirstDealer,
    "first_trump": FirstTrump,
    "follow": Follow,
    "identical": Identical,
    "draw": Draw,
    "bibi_suits": BibiSuits,
    "bibi_call": BibiCall,
    "trump_change": TrumpChange,
    "multi_call": MultiCall,
    "turn_up": TurnUp,
}

OPTIONS: dict[str, Option] = {
    o.name: o
    for o in [
        Option("decks", N_("Packs"), ("R3", "I3"),
               N_("Two standard 52-card packs shuffled together (R3); the Italian text says only 'the pack' (I3). "
                  "One pack is an exploration option: no two cards are identical and at most 7 can play."), {}),
        Option("hand_size", N_("Cards in hand"), ("R8", "I4", "I10"),
               N_("Seven cards each (R8; I4), and every player always holds seven while the stock lasts (I10)."), {}),
        Option("max_players", N_("Most players"), ("R2",),
               N_("Any number of players up to twelve; six to eight is best (R2)."), {}),
        Option("card_points", N_("Card points"), ("R10", "I18"),
               N_("Points of the cards won in tricks: 2 = 11, A = 10, K = 5, Q = 4, J = 3 (R10; I18)."), {}),
        Option("bibi_points", N_("Bi-bi points"), ("R16", "I13"),
               N_("What a call of king and queen scores (R16; I13)."), {}),
        Option("first_dealer", N_("First dealer"), ("R5", "R6"),
               N_("How the first dealer is chosen."),
               {"high_card_draw": N_("everyone draws a card; the highest by the game's ranking deals (R5, R6); "
                                     "tied players draw again and the deciding card's suit is the first trump "
                                     "(not stated: a convention)"),
                "random": N_("any seat, chosen at random (the Italian text does not say)")}),
        Option("first_trump", N_("First trump"), ("R6", "I4"),
               N_("How the trump of the first deal is set; later deals always take the trump from the cut (R7)."),
               {"dealer_card": N_("the suit of the card the dealer drew (R6)"),
                "cut": N_("the suit of the card shown at the cut, which then goes to the bottom of the pack (I4)")}),
        Option("follow", N_("Following"), ("R13", "I7"),
               N_("What a player must play to a trick."),
               {"must_follow": N_("follow suit if you can; otherwise play any card, trump or not (R13)"),
                "follow_or_trump": N_("play the suit led or a trump, even when holding the suit led; "
                                      "holding neither, any card (I7)")}),
        Option("identical", N_("Identical cards"), ("R14",),
               N_("Two packs hold every card twice: which of two identical cards ranks higher."),
               {"second_wins": N_("the one played second counts higher (R14)"),
                "first_wins": N_("the one played first keeps the lead (an exploration option)")}),
        Option("draw", N_("Drawing"), ("R15", "I9"),
               N_("When players draw from the stock; the stock is checked once per trick (R24; I15)."),
               {"after_each_card": N_("each player draws right after playing his card (R15)"),
                "after_trick": N_("after the trick, everyone draws one card, the winner first (I9)")}),
        Option("bibi_suits", N_("Which pairs"), ("R15", "R17", "I11", "I12"),
               N_("Which king–queen pairs may be called."),
               {"non_trump": N_("only a pair of a suit other than the current trump (R15, R17)"),
                "any": N_("any suit; a pair of the current trump scores and changes nothing at once (I11, I12)")}),
        Option("bibi_call", N_("Calling"), ("R23", "I1", "I11"),
               N_("Whether a callable pair must be called."),
               {"optional": N_("nobody must say Bi-bi, but without it there are no points (R23)"),
                "mandatory": N_("every callable pair is called at the first chance (I1, I11), except a pair of "
                                "the deal's original trump ('della prima briscola'), which its holder may call "
                                "whenever he likes (I12)")}),
        Option("dealt_pairs", N_("Pairs in the deal"), ("R17", "R18", "R19", "R20"),
               N_("Whether pairs dealt in the hand are called before the first trick, changing the trump "
                  "before the first lead (R17–R20); they are offered in turn clockwise from the dealer's left "
                  "(not stated: a convention; R20's 'said it first' is a race at a noisy table)."),
               {"True": N_("called before the first trick (R17–R20), in turn from the dealer's left (that order "
                           "is a convention)"),
                "False": N_("first callable at the player's first draw (the Italian text does not say)")}),
        Option("trump_change", N_("Trump change"), ("R16", "R18", "I11", "I12", "I14", "I15"),
               N_("When a call moves the trump. Calls and changes stop when drawing stops (R24; I15)."),
               {"next_trick": N_("the called suit is trump from the next trick on (R16 as the English says, R18)"),
                "holder_chooses": N_("the caller switches the trump to his pair's suit, once per pair (I11, I12, "
                                     "I14, I15); that only the leader switches, before he leads, and keeps the "
                                     "right after the pair's cards are played is the kit's reading of I12, I14 "
                                     "(which say 'whenever')"),
                "next_deal": N_("R16 read literally ('at the end of the deal'), with R18: a call of the dealt-pair "
                                "pass changes the trump before the first trick; a call after a draw changes nothing "
                                "in this deal, and the last such call's suit is the next deal's trump")}),
        Option("multi_call", N_("Several calls"), ("R20",),
               N_("Whose suit wins when several calls fall in the same trick (or before the first trick)."),
               {"first": N_("the suit of the player who called first (R20, stretched from pairs dealt in the "
                            "hand to calls in one trick)"),
                "last": N_("the suit of the last call (no sentence says so: an exploration value)")},
               note=N_("stretched: it speaks of pairs dealt in the hand only")),
        Option("turn_up", N_("Turn-up"), ("R24", "R25", "I9", "I15", "I16"),
               N_("When the stock's last cards (fewer than the players) are turned face up. Either way calls, "
                  "switches and trump changes stop as the trick that begins with a short stock begins, and no "
                  "card of that round is drawn (R24; I15). Records made before this option existed replay as "
                  "'trick_start'."),
               {"trick_start": N_("at once, as that trick starts: the last seven tricks are played with them face "
                                  "up (R24, R25)"),
                "failed_draw": N_("at the first draw that cannot be made: after that trick (after_trick) or after "
                                  "its leader's card (after_each_card); six tricks remain then (I9, I15, I16)")}),
    ]
}

# Options whose value in a preset is not stated by that preset's own text.
NOT_STATED: dict[str, frozenset[str]] = {
    "italian": frozenset({"decks", "max_players", "first_dealer", "identical", "dealt_pairs", "multi_call"}),
}

RUSSIAN = Rules(name="russian")
ENGLISH = Rules(name="english")
ITALIAN = Rules(
    first_dealer=FirstDealer.RANDOM,
    first_trump=FirstTrump.CUT,
    follow=Follow.FOLLOW_OR_TRUMP,
    draw=Draw.AFTER_TRICK,
    bibi_suits=BibiSuits.ANY,
    bibi_call=BibiCall.MANDATORY,
    dealt_pairs=False,
    trump_change=TrumpChange.HOLDER_CHOOSES,
    multi_call=MultiCall.LAST,
    turn_up=TurnUp.FAILED_DRAW,
    name="italian",
)

PRESETS: dict[str, Rules] = {"russian": RUSSIAN, "italian": ITALIAN, "english": ENGLISH}
CUSTOM = Rules()  # the base of a custom mix: the default values (the Russian ones), named "custom"
BASES: dict[str, Rules] = {**PRESETS, "custom": CUSTOM}
ALIASES: dict[str, str] = {
    "ru": "russian", "rus": "russian", "russian": "russian", "би-би": "russian",
    "it": "italian", "ita": "italian", "italian": "italian", "bip bip": "italian",
    "en": "english", "eng": "english", "english": "english", "pip-pip": "english",
}


def preset(name: str | Rules) -> Rules:
    """A preset by name or alias: ``ru``/``russian``, ``it``/``italian``, ``en``/``english``."""
    if isinstance(name, Rules):
        return name
    check_type("rules", name, str, "a Rules value or a preset name (ru, it, en)")
    key = name.strip().lower()
    if key in ALIASES:
        return PRESETS[ALIASES[key]]
    if key == "custom":
        return CUSTOM
    # TRANSLATORS: {name} is the name refused, quoted; the presets' names after it are typed as they are
    reason = _("unknown rules preset {name}: use one of ru, it, en (russian, italian, english)")
    raise ValueError(reason.format(name=shorten(name)))


def parse_rules(text: str) -> Rules:
    """Rules from a preset name with optional changes, the form ``Rules.label`` writes (R… I… as the preset).

    >>> parse_rules("it:bibi_points=30,dealt_pairs=true").changed()
    [('bibi_points', 50, 30), ('dealt_pairs', False, True)]
    """
    check_type("rules", text, str, "a label like 'ru' or 'ru:follow=follow_or_trump'")
    name, _colon, rest = text.partition(":")
    base = preset(name)
    changes: dict[str, Any] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, eq, value = (s.strip() for s in item.partition("="))
        if key not in OPTIONS or not eq:
            # TRANSLATORS: {item} is the part of a label refused, quoted; "option=value" is notation, as typed
            reason = _("{item} is not option=value with an option among {options}")
            raise ValueError("rules: " + reason.format(item=shorten(item), options=", ".join(OPTIONS)))
        if key in changes:
            reason = _("option {key} is given twice").format(key=key)
            raise ValueError(f"rules {shorten(text)}: {reason}")
        changes[key] = _parse_value(key, value, getattr(base, key))
    if not changes:
        return base
    try:
        return dataclasses.replace(base, **changes)
    except (ValueError, TypeError) as exc:
        raise type(exc)(f"rules {shorten(text)}: {exc}") from None


def _parse_value(key: str, value: str, like: Any) -> Any:
    """An option value from text, typed like the preset's value."""
    if isinstance(like, bool):
        if value.lower() not in ("true", "false"):
            # TRANSLATORS: "true" and "false" are typed as they are (notation)
            raise ValueError(f"rules: {key}={shorten(value)}: " + _("expected true or false"))
        return value.lower() == "true"
    if isinstance(like, int):
        digits = value[1:] if value[:1] in "+-" else value
        if not (digits.isascii() and digits.isdecimal()) or len(digits) > 18:
            raise ValueError(f"rules: {key}={shorten(value)}: " + _("expected a whole number"))
        return int(value)
    if isinstance(like, CardPoints):
        try:
            return CardPoints.parse(value)
        except ValueError as exc:
            said = str(exc).removeprefix(f"{key}: ")  # the option is named once, in the label's own words
            raise ValueError(f"rules: {key}={shorten(value)}: {said}") from None
    return value


def as_rules(rules: Rules | str) -> Rules:
    """``rules`` itself, or the rules a preset name or a label (``"ru:follow=follow_or_trump"``) names."""
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        return parse_rules(rules)
    # TRANSLATORS: {value} is the value refused; 'ru:follow=…' is a label, typed as it is
    reason = _("expected a Rules value or a preset name (with changes: 'ru:follow=…'), not {value}")
    raise WrongType("rules: " + reason.format(value=shorten(rules)))



_CALL_WORDS = {"russian": "Bi-bi!", "italian": "bip bip", "english": "Pip-Pip!"}


def rules_name(rules: Rules | str) -> str:
    """The rules as a sentence of the language in force names them: a preset (and a custom mix) by its name,
    translated as "{rules} rules" says it (``russian`` is «русские» in «правила: русские», «russe» in «regole
    russe»); rules with changes by their label (``russian:follow=follow_or_trump``), which is notation, the same in
    every language, and which ``parse_rules`` reads back. ``rules``: a ``Rules`` value, or a name or label.

    Every surface names rules with this one function: the engine's ``str(deal)`` and a game's score sheet, the
    transcripts (``bibi.notation``), the markup (``bibi.render``) and the command line.

    >>> from bibi.i18n import language
    >>> with language("it"):
    ...     rules_name(ITALIAN), rules_name("russian"), rules_name("russian:follow=follow_or_trump")
    ('italiane', 'russe', 'russian:follow=follow_or_trump')
    """
    label = rules.label if isinstance(rules, Rules) else rules
    # TRANSLATORS: the presets' names as "{rules} rules" says them: "russian rules", «правила: русские»,
    # «regole russe»
    if label == "russian":
        return pgettext("rules", "russian")
    if label == "italian":
        return pgettext("rules", "italian")
    if label == "english":
        return pgettext("rules", "english")
    if label == "custom":
        return pgettext("rules", "custom")
    return label


def rules_titled(rules: Rules) -> str:
    """Rules as a heading or a title names them, in words of the language in force, where ``rules_name`` goes in
    "{rules} rules": a preset (or the custom rules) by its name, rules with changes as their base's name, changed
    («изменённые русские», «russe modificate»), never by their label, which is notation (``rules_name`` keeps it
    for the texts read back); ``bibi.render.names.changes_told`` says what was changed.

    >>> from bibi.i18n import language
    >>> from bibi.rules import parse_rules
    >>> with language("ru"):
    ...     rules_titled(parse_rules("russian")), rules_titled(parse_rules("russian:hand_size=5"))
    ('русские', 'изменённые русские')
    >>> with language("ru"):  # custom rules are changes already: named as they are, the changes said after
    ...     rules_titled(Rules(hand_size=5))
    'свои'
    """
    base = BASES[rules.name]
    if rules == base or rules.name == "custom":  # custom rules are changes already: «свои правила»
        return rules_name(base)
    # TRANSLATORS: rules with changes, where a preset's name goes in "{rules} rules": "changed russian rules",
    # «изменённые русские правила», «regole russe modificate»; what was changed is said after (changes_told)
    return pgettext("rules", "changed {rules}").format(rules=rules_name(base))


def call_word(rules: Rules) -> str:
    """What a player says when calling a pair under ``rules``: «bip bip» in the Italian text (I1), «Би-би»,
    Bi-bi!, in the Russian (R15), Pip-Pip! in the English; a custom mix says Bi-bi!."""
    return _CALL_WORDS.get(rules.name, "Bi-bi!")


def call_said(rules: Rules | None, lang: str | None = None) -> str:
    """What a caller says under ``rules`` (``call_word``: Bi-bi!, bip bip, Pip-Pip!) as the language in force (or
    ``lang``) writes it in a sentence: Bi-bi in English, «Би-би» for a Russian reader of the Russian rules, «bip
    bip» for any reader of the Italian; with no rules (a call or an event shown on its own), the kit's Bi-bi. Every
    message that names the call takes it as ``{call}``, so that it follows the rules in force; an action's own
    display (``Action.display(rules=…)``: a button, a list of legal actions) shows the same word without its quotes.

    >>> call_said(RUSSIAN, "ru"), call_said(RUSSIAN, "it"), call_said(ITALIAN, "en")
    ('«Би-би»', '«Bi-bi»', 'bip bip')
    """
    word = call_word(rules) if rules is not None else "Bi-bi!"
    # TRANSLATORS: the words a player says when calling a pair, under the Russian, Italian and English rules, as a
    # sentence quotes them ("seat 2 said Bi-bi with K+Q ♥"): «Би-би» (R15), «bip bip» (I1, I11)
    if word == "bip bip":
        return pgettext("the call", "bip bip", lang)
    if word == "Pip-Pip!":
        return pgettext("the call", "Pip-Pip", lang)
    return pgettext("the call", "Bi-bi", lang)


__all__ = [
    "ALIASES", "BASES", "CUSTOM", "MAX_BIBI_POINTS", "MAX_CARD_POINTS", "NAMES",
    "BibiCall", "BibiSuits", "CardPoints", "call_said", "call_word", "Draw", "ENGLISH", "FirstDealer", "FirstTrump",
    "Follow", "ITALIAN", "Identical", "MultiCall", "NOT_STATED", "OPTIONS", "Option", "PRESETS",
    "RANK_CHARS", "RUSSIAN", "Rules", "STANDARD_POINTS", "TrumpChange", "TurnUp", "as_rules", "parse_rules", "preset",
    "rules_name", "rules_titled", "value_text",
]
