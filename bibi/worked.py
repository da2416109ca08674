"""Worked examples of the differences between two rules: for each option on which they differ, one position played
under both, and what the engine allows or does under each, with the sentences behind it.

``examples(a, b)`` gives one ``Example`` per difference between rules ``a`` and ``b`` (``differences``: each option
alone, or with the fewest others it must change with, as ``first_dealer`` with ``first_trump``). Every example is
made the same way, by ``example``: a set-up of this module (``SET_UPS``: a pack stacked with ``bibi.dealing.stack``,
or a seed played by the random player to the moment the option acts), dealt and played under ``a`` and under ``a``
with that one option moved to ``b``'s value, so that nothing else differs; then the engine says, for each side,
what it did (the events it logged from the position on) and what it allows next (the seat to act and its legal
actions), the trump, the stock and the leftovers. The facts a set-up looks at (``SetUp.look``) must differ between
the two sides, or ``example`` refuses: an example that shows no difference is never shown.

Each example also answers its question in words (``Example.question``, ``Side.answer``): the summary a teacher
reads ("May you play a trump when you hold the suit led? Russian: no … (R13); Italian: yes … (I7)"), with the
option's name beside it. ``bibi.render.worked`` shows examples and the summary as text and as HTML.

>>> [e.name for e in examples("ru", "it")][:3]
['first_dealer+first_trump', 'follow', 'draw']
>>> e = example("follow")
>>> [str(x) for x in e.a.allowed], [str(x) for x in e.b.allowed]
(['JH'], ['7S', '9S', 'JH'])
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, NamedTuple

from bibi.actions import Action
from bibi.deal import Deal
from bibi.dealing import stack
from bibi.errors import shorten
from bibi.game import Game
from bibi.i18n import N_
from bibi.play import bots_rng, lockstep
from bibi.reports import Event
from bibi.rules import NOT_STATED, OPTIONS, Rules, as_rules


def moved(base: Rules, to: Rules, group: tuple[str, ...]) -> Rules:
    """``base`` with the options of ``group`` set to ``to``'s values."""
    return dataclasses.replace(base, **{o: getattr(to, o) for o in group})


def differences(a: Rules, b: Rules) -> list[tuple[str, ...]]:
    """The options on which ``a`` and ``b`` differ, each alone where the rules allow it, else with the fewest
    others that make a valid change under both (``first_trump='dealer_card'`` needs ``first_dealer``'s draw).

    >>> from bibi.rules import RUSSIAN, ITALIAN
    >>> differences(RUSSIAN, ITALIAN)[:2]
    [('first_dealer', 'first_trump'), ('follow',)]
    """
    options = [name for name, _, _ in a.diff(b)]
    groups: list[tuple[str, ...]] = []
    for option in options:
        if any(option in g for g in groups):
            continue
        for group in [(option,), *((option, other) for other in options if other != option)]:
            try:
                moved(a, b, group), moved(b, a, group)
            except ValueError:
                continue
            groups.append(tuple(o for o in options if o in group))
            break
        else:
            groups.append(tuple(options))  # cannot happen for valid a and b: all at once is b itself
    return groups


class SetUp(NamedTuple):
    """A position where an option acts. ``hands`` (by seat), ``stock`` (its top cards), ``dealer``, ``trump``: a
    stacked pack (``bibi.dealing.stack``); or, with ``seed``, the seed's pack played by the random player from that
    seed until ``until`` (a name in ``_UNTIL``) holds. ``shown``: the seats whose hands the position lists.
    ``before``: actions played to reach the position; ``then``: actions played from it, under each side, whose
    events the example shows. ``look``: the facts the example is about (``Side.facts``'s keys). ``game``: the
    position is a game's first deal (``Game.new``), for the options that choose only that."""

    look: tuple[str, ...]
    hands: tuple[str, ...] = ()
    stock: str = ""
    players: int = 3
    dealer: int = 2
    trump: str = "S"
    shown: tuple[int, ...] = (0, 1)
    before: tuple[str, ...] = ()
    then: tuple[str, ...] = ()
    seed: int | None = None
    until: str = ""
    game: bool = False


# Three players unless said, seat 2 deals, spades trump, seat 0 leads: every hand written out whole, so that no
# filler card makes a pair or a trump the example does not mean.
_CLUBS = "3C 4C 5C 6C 7C 8C"
SET_UPS: dict[str, SetUp] = {
    # R5, R6 against a random seat and I4's cut: a game's first deal, the same seed
    "first_dealer+first_trump": SetUp(look=("dealer", "trump", "trump_from"), players=4, seed=1, game=True),
    # R13 against I7: seat 1 holds the suit led and two trumps
    "follow": SetUp(look=("allowed",), hands=("4H " + _CLUBS, "JH 7S 9S 3D 4D 5D 6D", "5H 3H 9C TC 7D 8D 9D"),
                    stock="AD 2D 3S", then=("4H",)),
    # R15 against I9: a whole trick, and who draws which card
    "draw": SetUp(look=("events",), hands=("4H " + _CLUBS, "JH 7S 9S 3D 4D 5D 6D", "5H 3H 9C TC 7D 8D 9D"),
                  stock="AD 2D 3S", then=("4H", "JH", "5H")),
    # R15, R17 against I11, I12: seat 0 draws the queen to his king of trumps
    "bibi_suits": SetUp(look=("to_act", "allowed"), hands=("KS 4H 3C 4C 5C 6C 7C", "JH 7S 9S 3D 4D 5D 6D",
                                                            "5H 3H 9C TC 7D 8D 9D"), stock="QS 2D 3S", then=("4H",)),
    # R23 against I1, I11: seat 0 draws the queen to his king of hearts
    "bibi_call": SetUp(look=("events", "to_act", "allowed"), hands=("KH 4H 3C 4C 5C 6C 7C", "JH 7S 9S 3D 4D 5D 6D",
                                                                    "5H 3H 9C TC 7D 8D 9D"),
                       stock="QH 2D 3S", then=("4H",)),
    # R17-R20 against the Italian silence: seat 1 is dealt K+Q of diamonds
    "dealt_pairs": SetUp(look=("to_act", "allowed"), hands=("4H " + _CLUBS, "KD QD 7S 9S 3D 4D 5D",
                                                             "5H 3H 9C TC 7D 8D 9D"), shown=(1,)),
    # R16, R18 against I11, I12, I14: seat 0 calls hearts in trick 1 and wins it, then leads trick 2
    "trump_change": SetUp(look=("trump", "allowed"), hands=("AH KH 3C 4C 5C 6C 7C", "JH 7S 9S 3D 4D 5D 6D",
                                                             "5H 3H 9C TC 7D 8D 9D"),
                          stock="QH 2D 3S 8H", shown=(0,), then=("AH", "bibi H", "JH", "5H")),
    # R20 (stretched): seat 0 calls hearts, then seat 1 calls diamonds, in the same trick
    "multi_call": SetUp(look=("trump",), hands=("AH KH 3C 4C 5C 6C 7C", "JH KD 9S 3D 4D 5D 6D",
                                                "5H 3H 9C TC 7D 8D 9D"),
                        stock="QH QD 3S 8H", then=("AH", "bibi H", "JH", "bibi D", "5H")),
    # R24, R25 against I9, I15, I16: six players, the seed played to the lead of the trick with a short stock
    "turn_up": SetUp(look=("stock", "leftovers"), players=6, seed=1, until="short stock"),
}

# The summary's questions, and each value's short answer (options joined by "+" for a group: values joined too).
QUESTIONS: dict[str, str] = {
    "first_dealer+first_trump": N_("Who deals first, and what is the first trump?"),
    "follow": N_("May you play a trump when you hold the suit led?"),
    "draw": N_("When do you draw from the stock?"),
    "bibi_suits": N_("May you call a pair of the trump suit?"),
    "bibi_call": N_("Must you call a pair you hold?"),
    "dealt_pairs": N_("May a pair dealt in your hand be called before the first trick?"),
    "trump_change": N_("When does a called suit become trump?"),
    "multi_call": N_("Two calls in one trick: whose suit becomes trump?"),
    "turn_up": N_("When are the stock's last cards shown?"),
}
ANSWERS: dict[str, dict[str, str]] = {
    "first_dealer+first_trump": {
        "high_card_draw+dealer_card": N_("everyone draws a card; the highest deals, and its suit is trump"),
        "high_card_draw+cut": N_("everyone draws a card and the highest deals; the cut sets the trump"),
        "random+cut": N_("a seat at random (the kit's choice); the cut sets the trump"),
    },
    "follow": {"must_follow": N_("no: you follow suit"),
               "follow_or_trump": N_("yes: the suit led or a trump, as you like")},
    "draw": {"after_each_card": N_("right after your own card"),
             "after_trick": N_("after the trick, everyone in turn, its winner first")},
    "bibi_suits": {"non_trump": N_("no, only a pair of another suit"),
                   "any": N_("yes; it scores 50 and moves nothing at once")},
    "bibi_call": {"optional": N_("no, but a pair not called scores nothing"),
                  "mandatory": N_("yes, at once (the engine calls it for you), except a pair of the first trump, "
                                  "whenever you like")},
    "dealt_pairs": {"True": N_("yes, and the trump moves before the first lead"),
                    "False": N_("no: a pair is called after a draw (the kit's choice)")},
    "trump_change": {"next_trick": N_("from the next trick on"),
                     "holder_chooses": N_("when the caller, about to lead, switches the trump to it"),
                     "next_deal": N_("only in the next deal (for a call after a draw)")},
    "multi_call": {"first": N_("the first caller's"), "last": N_("the last caller's")},
    "turn_up": {"trick_start": N_("as the trick that begins with a short stock starts: seven tricks are left"),
                "failed_draw": N_("at the draw that fails, one trick later: six tricks are left")},
}


def _short_stock(deal: Deal) -> bool:
    return len(deal.tricks) == deal.rules.draw_rounds(deal.players) and not deal.trick and deal.phase == "play"


_UNTIL = {"short stock": _short_stock}


def _value(rules: Rules, group: tuple[str, ...]) -> str:
    return "+".join(str(getattr(getattr(rules, o), "value", getattr(rules, o))) for o in group)


def _ids(rules: Rules, group: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The sentences behind ``group`` in the text of ``rules``' preset (R… for the Russian and English, I… for the
    Italian; every source for a custom mix), and the options that text does not state."""
    prefix = {"russian": "R", "english": "R", "italian": "I"}.get(rules.name, "")
    ids = tuple(dict.fromkeys(s for o in group for s in OPTIONS[o].sources if s.startswith(prefix)))
    silent = tuple(o for o in group if o in NOT_STATED.get(rules.name, ()))
    return ids, silent


@dataclass(frozen=True, eq=False)
class Side:
    """One side of an example: ``rules`` (the preset's, or ``a``'s with the option moved), ``text`` (the preset
    whose text it stands for), ``deal`` (where the example stops; a game's first deal for ``game`` set-ups),
    ``events`` (what the engine logged from the position on), ``sentences`` (the ids in ``text``'s own text),
    ``silent`` (the options that text does not state), ``answer`` (the question's short answer, a message id),
    ``game`` (the game, for ``game`` set-ups)."""

    rules: Rules
    text: Rules
    deal: Deal
    events: tuple[Event, ...]
    sentences: tuple[str, ...]
    silent: tuple[str, ...]
    answer: str
    game: Game | None = None

    @property
    def allowed(self) -> tuple[Any, ...]:
        """What the seat to act may do where the example stops (``()`` when the deal is over)."""
        return () if self.deal.is_over else self.deal.legal_actions()

    def facts(self) -> dict[str, Any]:
        """What the engine says where the example stops, language-free: the events from the position on, the seat
        to act and its legal actions, the trump, the stock (face down) and the leftovers (face up); for a game's
        first deal the dealer and where the trump came from."""
        deal = self.deal
        facts: dict[str, Any] = {"events": self.events, "to_act": deal.to_act, "allowed": self.allowed,
                                 "trump": deal.trump, "stock": deal.stock_size, "leftovers": deal.leftovers,
                                 "dealer": deal.dealer}
        facts["trump_from"] = self.game.trump_source(0) if self.game is not None else ""
        return facts


@dataclass(frozen=True, eq=False)
class Example:
    """One difference worked on one position: ``options`` (the group), ``setup``, ``position`` (the deal at the
    position, under ``a``: what both sides share), ``a`` and ``b`` (``Side``), ``question`` (a message id) and
    ``no_effect`` (why the option does nothing under ``b``'s own preset, in the language in force, or ``''``);
    ``then``: the moves played from the position, the same under both sides, as ``(seat, action)``; ``base``: the
    rules the rest is played by (``a``'s, or where the set-up shows nothing so, ``b``'s)."""

    options: tuple[str, ...]
    setup: SetUp
    position: Deal
    a: Side
    b: Side
    question: str
    no_effect: str
    then: tuple[tuple[int, Any], ...] = ()
    base: Rules | None = None

    @property
    def name(self) -> str:
        return "+".join(self.options)

    def differing(self) -> tuple[str, ...]:
        """The looked-at facts on which the two sides differ (never empty: ``example`` checks it)."""
        fa, fb = self.a.facts(), self.b.facts()
        return tuple(k for k in self.setup.look if fa[k] != fb[k])

    def __repr__(self) -> str:
        return (f"<Example {self.name}: {self.a.rules.label} against {self.b.rules.label}, "
                f"{', '.join(self.differing())} differ>")

    def __str__(self) -> str:
        from bibi.render.worked import example_text  # lazy: the words live above

        return example_text(self)

    def _repr_html_(self) -> str:
        from bibi.render.worked import example_html

        return example_html(self)


class _Played(NamedTuple):
    position: Deal
    end: Deal
    events: tuple[Event, ...]
    game: Game | None
    moves: tuple[tuple[int, Any], ...]


def _played(setup: SetUp, rules: Rules) -> _Played:
    """The set-up under ``rules``: the deal at the position, the deal where the example stops, the events of the
    moves played from the position on (``then``), and those moves with their seats."""
    if setup.game:
        game = Game.new(rules, players=setup.players, seed=setup.seed)
        return _Played(game.deal.copy(), game.deal.copy(), (), game, ())
    deck = stack(list(setup.hands), stock=setup.stock, dealer=setup.dealer, players=setup.players)
    deal = Deal.new(rules, players=setup.players, deck=deck, dealer=setup.dealer, trump=setup.trump)
    for action in setup.before:
        deal.apply(action)
    position, seen = deal.copy(), len(deal.events)
    moves: list[tuple[int, Any]] = []
    for action in setup.then:
        moves.append((deal.to_act if deal.to_act is not None else -1, action))
        deal.apply(action)
    return _Played(position, deal, deal.events[seen:], None, tuple(moves))


def example(option: str | tuple[str, ...], a: Rules | str = "russian", b: Rules | str = "italian") -> Example:
    """The worked example of ``option`` (an option's name, or a group's names joined by ``+``, as ``differences``
    groups them) between rules ``a`` and ``b``: its set-up under ``a`` and under ``a`` with the option moved to
    ``b``'s value. Raises ``ValueError`` when the option is not a difference of ``a`` and ``b``, when no set-up
    is written for it, or when the set-up shows no difference between those rules."""
    ra, rb = as_rules(a), as_rules(b)
    groups = {"+".join(g): g for g in differences(ra, rb)}
    name = option if isinstance(option, str) else "+".join(option)
    if name not in groups:
        raise ValueError(f"option: {shorten(name)} is not a difference of {ra.label} and {rb.label}; "
                         f"they differ in: {', '.join(groups) or 'nothing'}")
    if name not in SET_UPS:
        raise ValueError(f"option: no worked example is set up for {shorten(name)}; set-ups: {', '.join(SET_UPS)}")
    group, setup = groups[name], SET_UPS[name]
    for base, other in ((ra, rb), (rb, ra)):  # the rest as in a; failing that, as in b
        try:
            made = _worked(group, setup, base, other, ra, rb)
        except ValueError:  # a move of the set-up that these rules refuse (a call before the draw, say)
            continue
        if made.differing():
            return made
    raise ValueError(f"option: the set-up of {name} shows no difference between {ra.label} and {rb.label}, the "
                     f"rest of the rules as in either ({', '.join(setup.look)} agree)")


def _worked(group: tuple[str, ...], setup: SetUp, base: Rules, other: Rules, ra: Rules, rb: Rules) -> Example:
    """The example of ``group`` on ``setup``, played under ``base`` and ``base`` with the group moved to
    ``other``'s value; its sides in the order of ``ra`` and ``rb`` (whose texts they stand for)."""
    name = "+".join(group)
    rules = (base, moved(base, other, group)) if base is ra else (moved(base, other, group), base)
    if setup.seed is not None and not setup.game:
        dealt = Deal.new(base, setup.players, seed=setup.seed)
        deals = [Deal.new(r, setup.players, deck=dealt.deck, dealer=dealt.dealer, trump=dealt.first_trump)
                 for r in rules]
        at = lockstep(deals, "random", bots_rng(setup.seed), until=_UNTIL[setup.until])
        played = [_Played(d.copy(), d, (), None, ()) for d in at]
    else:
        played = [_played(setup, r) for r in rules]
    sides = []
    for r, text, p in zip(rules, (ra, rb), played, strict=True):
        ids, silent = _ids(text, group)
        sides.append(Side(r, text, p.end, p.events, ids, silent, ANSWERS[name][_value(r, group)], p.game))
    then = tuple((seat, Action.parse(action)) for seat, action in played[0].moves)
    return Example(group, setup, played[0].position, sides[0], sides[1], QUESTIONS[name],
                   rb.no_effect(group[0]) if len(group) == 1 else "", then, base)


def examples(a: Rules | str = "russian", b: Rules | str = "italian") -> list[Example]:
    """One worked example per difference between ``a`` and ``b`` (``differences``), in the rules' field order."""
    ra, rb = as_rules(a), as_rules(b)
    return [example(group, ra, rb) for group in differences(ra, rb)]


__all__ = ["ANSWERS", "QUESTIONS", "SET_UPS", "Example", "SetUp", "Side", "differences", "example", "examples",
           "moved"]
