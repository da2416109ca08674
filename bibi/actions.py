"""The actions of a deal and their notation: ``Action`` (call a pair, pass, switch the trump) beside the ``Card``
that is the action of playing it, the interned ``PLAYS``, ``CALLS``, ``SWITCHES`` and ``PASS``, and
``Action.parse``, which reads the notation (``KS``, ``bibi H``, ``pass``, ``trump H``) back.

The actions as numbers, the one encoding the adapters read (OpenSpiel's action ids, ``bibi.openspiel``; PettingZoo's
``Discrete(61)``, ``bibi.pettingzoo``): action ``i`` is ``EVERY_ACTION[i]``: 0…51 play the card ``CARDS[i]``, 52…55
call a pair (``bibi S`` … ``bibi C``: ``CALL_BASE`` + the suit's index), 56…59 switch the trump (``trump S`` …:
``SWITCH_BASE`` + the suit's index), 60 ``pass`` (``PASS_INDEX``). ``action_index`` and ``action_at`` turn one
into the other.

>>> action_index("KS"), action_index("bibi H"), action_index("trump C"), action_index(PASS)
(10, 53, 59, 60)
>>> action_at(53), action_at(0)
(Action('bibi H'), Card('3S'))

The module sits below ``bibi.deal`` (the state machine takes and hands out these values) and knows nothing of a
deal; it is compiled with it (tools/build_compiled.py).
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from typing import ClassVar, Final, SupportsIndex

from bibi.cards import CARDS, SUITS, Card, Suit, parse_card
from bibi.errors import Checked, NotationError, shorten, whole, wrong_type
from bibi.i18n import pgettext
from bibi.kinds import ActionKind
from bibi.rules import Rules, call_said

# The quotation marks a sentence puts round the call's word («Би-би», “Bi-bi”), which a button leaves off.
_QUOTES: Final = "«»“”„\"'‹›"


class Action:
    """A decision other than playing a card: call a pair (``bibi H``), ``pass``, or switch the trump
    (``trump H``). The action of playing a card is the ``Card`` itself (``KS``), which answers to
    ``kind`` (``"play"``) and ``card`` too, so every action reads the same way. Actions are
    interned: compare them with ``==`` or ``is``; ``str`` is the notation.

    >>> Action.parse("bibi ♥"), Action.parse("10d"), Action.parse("PASS")
    (Action('bibi H'), Card('TD'), Action('pass'))
    >>> Action.parse("KS").kind, Action.parse("trump H").kind
    (<ActionKind.PLAY: 'play'>, <ActionKind.SWITCH: 'switch'>)
    """

    __slots__ = ("kind", "card", "suit", "_text")
    PLAY: ClassVar[ActionKind] = ActionKind.PLAY
    CALL: ClassVar[ActionKind] = ActionKind.CALL
    PASS: ClassVar[ActionKind] = ActionKind.PASS
    SWITCH: ClassVar[ActionKind] = ActionKind.SWITCH

    kind: ActionKind
    card: None  # an Action plays no card (a card's own ``card`` is the card), so actions read alike
    suit: Suit | None
    _text: str

    def __init__(self, kind: ActionKind, suit: Suit | None, text: str):
        for name, value in (("kind", kind), ("card", None), ("suit", suit), ("_text", text)):
            object.__setattr__(self, name, value)

    # An action is shared by every deal (``PASS`` is one object): it cannot be changed, as a frozen ``View``
    # cannot, so that nothing holding one (a bot, from its legal actions) changes any deal with it.
    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Action('{self._text}')"

    def __reduce__(self):
        return (Action.parse, (self._text,))

    def __copy__(self) -> Action:
        return self

    def __deepcopy__(self, memo: object) -> Action:
        return self

    @property
    def unicode(self) -> str:
        """Display form: ``Bi-bi ♥``, ``pass``, ``trump ♥`` (a card's is ``K♠``)."""
        suit = self.suit
        if suit is None:
            return "pass"
        return f"Bi-bi {suit.symbol}" if self.kind == Action.CALL else f"trump {suit.symbol}"

    def display(self, lang: Checked[str | None] = None, rules: Checked[Rules | None] = None) -> str:
        """How the action reads to a person in the language in force (or ``lang``), as ``Card.display`` shows a
        card: ``Bi-bi ♥``, ``pass``, ``trump ♥`` in English; ``Би-би ♥``, ``пас``, ``козырь ♥`` in Russian;
        ``bip bip ♥``, ``passo``, ``briscola ♥`` in Italian. For the eye only: records keep the notation (``str``).

        With ``rules`` (the rules in force, where a surface has them), a call says the word the messages beside it
        say (``call_said``), without its quotes: an Italian reader of the Russian rules reads «Bi-bi ♥» on the
        button and «Bi-bi» in the sentences, a Russian reader of the Italian rules «bip bip ♥».

        >>> CALLS[1].display("ru"), PASS.display("it"), SWITCHES[0].display("en")
        ('Би-би ♥', 'passo', 'trump ♠')
        >>> from bibi.rules import ITALIAN, RUSSIAN
        >>> CALLS[1].display("it", RUSSIAN), CALLS[1].display("ru", ITALIAN), CALLS[1].display("ru", RUSSIAN)
        ('Bi-bi ♥', 'bip bip ♥', 'Би-би ♥')
        """
        suit = self.suit
        if suit is None:
            # TRANSLATORS: the action of not calling a pair one may call
            return pgettext("action", "pass", lang)
        if self.kind == Action.CALL and rules is not None:
            return f"{call_said(rules, lang).strip(_QUOTES)} {suit.symbol}"
        if self.kind == Action.CALL:
            # TRANSLATORS: the action of calling a pair ("Bi-bi ♥"); {sym} is the suit's symbol
            return pgettext("action", "Bi-bi {sym}", lang).format(sym=suit.symbol)
        # TRANSLATORS: the action of making a suit trump from this trick on ("trump ♥")
        return pgettext("action", "trump {sym}", lang).format(sym=suit.symbol)

    @staticmethod
    def parse(text: Card | Action | str) -> Card | Action:
        """Parse the notation: a card (``KS``, the action of playing it), ``bibi H``, ``pass``, ``trump H``.

        Also accepted: lower case, ``10``, suit symbols, and ``bi-bi``/``bip bip``/``би-би`` for the call.
        Text that is no action raises ``NotationError``; another type, a ``TypeError``.
        """
        if isinstance(text, ACTION_TYPES):
            return text
        if not isinstance(text, str):
            raise wrong_type("action", text, "a card, an Action or its notation")
        found = _ACTION_BY_TEXT.get(text)
        if found is not None:
            return found
        if len(text) > 40:  # no notation is this long: say so without reading it
            raise NotationError(f"cannot read action {shorten(text)}: play a card like 'KS', or 'bibi H', "
                                "'pass', 'trump H'")
        words = text.strip().lower().replace("-", " ").split()
        if not words:
            raise NotationError("empty action: play a card like 'KS', or 'bibi H', 'pass', 'trump H'")
        if words == ["pass"]:
            return PASS
        try:
            if words[0] in ("bibi", "call") and len(words) == 2:
                return CALLS[Suit.parse(words[1]).index]
            if len(words) == 3 and words[0] == words[1] and words[0] in ("bi", "bip", "би"):  # bi-bi, bip bip
                return CALLS[Suit.parse(words[2]).index]
            if words[0] in ("trump", "switch") and len(words) == 2:
                return SWITCHES[Suit.parse(words[1]).index]
            if len(words) == 1:
                return parse_card(words[0])
        except ValueError as exc:
            raise NotationError(f"cannot read action {shorten(text)}: {exc}") from None
        raise NotationError(
            f"cannot read action {shorten(text)}: play a card like 'KS', or 'bibi H', 'pass', 'trump H'"
        )


PLAYS: Final[tuple[Card, ...]] = CARDS  # the action of playing card i is the card itself: PLAYS[i] is CARDS[i]
CALLS: Final[tuple[Action, ...]] = tuple(Action(Action.CALL, s, f"bibi {s.value}") for s in SUITS)
SWITCHES: Final[tuple[Action, ...]] = tuple(Action(Action.SWITCH, s, f"trump {s.value}") for s in SUITS)
PASS: Final = Action(Action.PASS, None, "pass")
ACTION_TYPES: Final = (Card, Action)  # an action is a Card (play it) or an Action: isinstance(x, ACTION_TYPES)
EVERY_ACTION: Final[tuple[Card | Action, ...]] = (*PLAYS, *CALLS, *SWITCHES, PASS)
_ACTION_BY_TEXT: dict[str, Card | Action] = {str(a): a for a in EVERY_ACTION}

# The actions as numbers (the module doc): the encoding both adapters read.
NUM_ACTIONS: Final = len(EVERY_ACTION)  # 61
CALL_BASE: Final = len(PLAYS)  # 52 + suit index: bibi S, H, D, C
SWITCH_BASE: Final = CALL_BASE + len(CALLS)  # 56 + suit index: trump S, H, D, C
PASS_INDEX: Final = SWITCH_BASE + len(SWITCHES)  # 60
_INDEX: Final[dict[Card | Action, int]] = {action: i for i, action in enumerate(EVERY_ACTION)}


def action_index(action: Card | Action | str) -> int:
    """The number of an action in the encoding (the module doc): a card (play it), an ``Action`` or the notation
    of either (``"KS"``, ``"bibi H"``, ``"pass"``, ``"trump H"``); unreadable text raises ``NotationError``."""
    return _INDEX[Action.parse(action)]


def action_at(index: SupportsIndex) -> Card | Action:
    """The action numbered ``index`` in the encoding, ``action_index``'s inverse. Any whole number a framework
    hands is read (numpy's integers too); another type raises a ``TypeError``, a number outside 0…60 a
    ``ValueError``, both naming ``action``."""
    return EVERY_ACTION[whole("action", index, 0, NUM_ACTIONS - 1)]


__all__ = [
    "ACTION_TYPES", "CALLS", "CALL_BASE", "EVERY_ACTION", "NUM_ACTIONS", "PASS", "PASS_INDEX", "PLAYS", "SWITCHES",
    "SWITCH_BASE", "Action", "action_at", "action_index",
]
