"""Stacked decks for the engine's rule tests: state the hands and the stock that matter, the rest fills itself.

``stack(hands, stock)`` returns the whole pack, top first, in the order ``Deal.new(..., deck=...)`` deals it:
one card at a time, clockwise from the dealer's left, then the stock. It is ``bibi.stack`` (the kit's one
stacker) with the tests' defaults: dealer 0, and the filler below. Seats get the cards listed for them
first (in hand order), then filler; the stock starts with the listed cards, then filler, and ``bottom`` ends it.

Filler is chosen to stay out of the way: pointless low cards of clubs and diamonds first (the tests use
spades as trump and hearts for the action), then hearts and spades, then the point cards; kings and
queens come last, so no filler makes a pair.

>>> deck = stack(["KH QH", "2S"], "AS")   # dealer 0: seat 1, on his left, gets the first card
>>> deck[:4], deck[14], len(deck)
(['2S', 'KH', '5C', 'QH'], 'AS', 104)
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

import pytest

import bibi
from bibi.cards import CARDS, Card, Rank, cards
from bibi.deal import Deal
from bibi.rules import Rules

PRESET_NAMES = ("russian", "italian", "english")

# Filler order: 3…10 of clubs, diamonds, hearts, spades; then J, A, 2; kings and queens last.
_SUIT_ORDER = {"C": 0, "D": 1, "H": 2, "S": 3}
_RANK_ORDER = [Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN]


def _filler_key(card: Card) -> tuple[int, int, int]:
    rank = card.rank
    if rank in _RANK_ORDER:
        return (0, _SUIT_ORDER[card.suit.value], _RANK_ORDER.index(rank))
    tier = {Rank.JACK: 1, Rank.ACE: 2, Rank.TWO: 3, Rank.QUEEN: 4, Rank.KING: 4}[rank]
    return (tier, _SUIT_ORDER[card.suit.value], int(rank))


def _as_cards(spec: str | Iterable[str | Card]) -> list[Card]:
    return cards(spec) if isinstance(spec, str) else cards(list(spec))


def stack(
    hands: Sequence[str | Iterable[str]],
    stock: str | Iterable[str] = (),
    *,
    players: int | None = None,
    dealer: int = 0,
    hand_size: int = 7,
    decks: int = 2,
    bottom: str | Iterable[str] = (),
    filler: str | Iterable[str] = (),
    rules: Rules | None = None,
) -> list[str]:
    """The whole pack, top first, as notation: ``bibi.stack`` (the one stacker, which deals it) with the tests'
    defaults, dealer 0 and the tests' filler.

    ``filler`` names cards to use as padding first (in that order), before the tests' automatic choice
    (``_filler_key``: pointless low clubs and diamonds first, kings and queens last).
    """
    if rules is None:
        rules = dataclasses.replace(bibi.RUSSIAN, decks=decks, hand_size=hand_size,
                                    max_players=min(12, 52 * decks // hand_size))
    first = _as_cards(filler)
    taken = Counter([c for h in hands for c in _as_cards(h)] + _as_cards(stock) + _as_cards(bottom) + first)
    left = Counter({c: rules.decks for c in CARDS}) - taken
    preferred = first + sorted(left.elements(), key=_filler_key)
    deck = bibi.stack(hands, stock, dealer=dealer, rules=rules, players=players, filler=preferred, bottom=bottom)
    return [str(c) for c in deck]


def new_deal(
    rules: Rules | str,
    hands: Sequence[str | Iterable[str]],
    stock: str | Iterable[str] = (),
    *,
    players: int | None = None,
    dealer: int = 0,
    trump: str = "S",
    bottom: str | Iterable[str] = (),
    filler: str | Iterable[str] = (),
    **options,
) -> Deal:
    """A stacked deal: ``rules`` (a preset name or ``Rules``), changed by ``options``, with these hands.

    Three players unless more hands are given or ``players`` says otherwise; dealer 0; spades trump.
    """
    rules = bibi.preset(rules) if isinstance(rules, str) else rules
    if options:
        rules = dataclasses.replace(rules, **options)
    players = max(len(hands), 3) if players is None else players
    deck = stack(hands, stock, players=players, dealer=dealer, bottom=bottom, filler=filler, rules=rules)
    return Deal.new(rules, players=players, dealer=dealer, trump=trump, deck=deck)


def play(deal: Deal, *actions: str) -> Deal:
    """Apply each action (notation, space-free items; ``"bibi H"`` as one item) in order."""
    for a in actions:
        deal.apply(a)
    return deal


def play_cards(deal: Deal, *plays: str) -> Deal:
    """Play these cards in order, answering ``pass`` to any call decision that comes up in between."""
    for card in plays:
        while deal.phase == "call":
            deal.apply("pass")
        deal.apply(card)
    while deal.phase == "call":
        deal.apply("pass")
    return deal


def finish_trick(deal: Deal) -> Deal:
    """Play the first legal card for every seat still to play in the trick under way (passing on calls).

    A trick not yet led, or already complete, is left as it is: only pending call decisions are passed.
    """
    count = len(deal.tricks)
    while deal.trick and len(deal.trick) < deal.players and len(deal.tricks) == count:
        deal.apply("pass" if deal.phase == "call" else deal.legal_actions()[0])
    while deal.phase == "call":
        deal.apply("pass")
    return deal


def names(actions: Iterable) -> list[str]:
    return [str(a) for a in actions]


def hand_text(deal: Deal, seat: int) -> str:
    return " ".join(map(str, deal.hand(seat)))


def snapshot(deal: Deal) -> tuple:
    """Everything observable about a deal, to compare before and after a refused action."""
    return (
        deal.record(), deal.scores, deal.card_points, deal.bonus_points, deal.to_act, deal.phase,
        tuple(deal.hand(s) for s in range(deal.players)), tuple(deal.laid_down(s) for s in range(deal.players)),
        deal.trump, deal.pending_trump, deal.next_trump, deal.trick, deal.tricks, deal.calls, deal.events,
        deal.stock(), deal.leftovers, deal.legal_actions(), tuple(deal.switch_rights(s) for s in range(deal.players)),
    )


# -- English left in a translated text -------------------------------------------------------------------

# The English game words no Russian or Italian text of the kit may show (whole words, any case). One list for
# every room that checks a translated surface: the engine's explanations, the play layer's texts, the views and
# the command line. Check the text a person reads (a view's markup stripped of its tags and attributes), not
# the record notation, which is language-free, nor a quoted source sentence (Russian or Italian already).
ENGLISH_GAME_WORDS: tuple[str, ...] = (
    "trick", "tricks", "seat", "seats", "point", "points", "trump", "trumps", "trumped", "stock",
    "dealer", "deal", "deals", "dealt", "win", "wins", "won", "winner", "follow", "follows", "suit", "suits",
    "lead", "leads", "led", "call", "calls", "called", "caller", "pass", "passes", "passed", "hand", "hands",
    "card", "cards", "player", "players", "draw", "draws", "drew", "discard", "pair", "pairs", "round",
    "rounds", "score", "scores", "turn", "play", "plays", "played", "game", "held", "holds", "beats",
    "highest", "legal", "illegal", "must", "may", "cannot", "spades", "hearts", "diamonds", "clubs",
    "king", "queen", "jack", "ace", "level", "next", "over", "the", "and", "of", "with",
    # the kit's bots, as a person reads their names ("random" is also an option's value in the rules' notation,
    # first_dealer=random, which stays as typed: the bot's name is checked where it is shown)
    "greedy", "heuristic", "sampling", "search",
)


def english_words_in(text: str) -> list[str]:
    """The words of ``ENGLISH_GAME_WORDS`` found in ``text`` as whole words, any case, each once, in the list's
    order: ``[]`` for a text with no English game word left in it. The rules' options as the notation writes them
    (``trump_change=next_trick``, ``multi_call``: a name with ``_`` or ``=``) are notation, not words, and are
    left out.

    >>> english_words_in("Игрок 2 берёт взятку (trump_change=next_trick)"), english_words_in("seat 2 wins (R12)")
    ([], ['seat', 'wins'])
    """
    import re

    text = re.sub(r"[\w.-]*(?:_|=)[\w.=-]*", " ", text)
    found = {word.lower() for word in re.findall(r"[^\W\d_]+", text)}
    return [word for word in ENGLISH_GAME_WORDS if word in found]


def asking(lines: Iterable[str | None], asked: list[str] | None = None) -> Callable[[str], str]:
    """An ``ask`` for the terminal (``terminal.Terminal``, ``terminal.quiz``) that answers ``lines`` in turn
    (``None``: a line that cannot be decoded) and then meets the end of input, noting each prompt in ``asked``."""
    typed = iter(lines)
    end = object()

    def ask(prompt: str) -> str:
        if asked is not None:
            asked.append(prompt)
        line = next(typed, end)
        if line is end:
            raise EOFError
        if line is None:
            return b"\xff".decode("utf-8")  # raises UnicodeDecodeError, as reading such a line does
        return line  # type: ignore[return-value]

    return ask


def fuzz_counts(branches: Mapping[str, Sequence[str]], tried: Counter[str], report: str = "") -> tuple[Any, Any]:
    """A fuzz module's two fixtures, to be bound to module names: after each target ``name``, each branch
    ``branches[name]`` names has been counted in ``tried`` at least once in this run of it (a target not in
    ``branches`` fails: say what its inputs must reach); after the module, with ``BIBI_FUZZ_REPORT`` set, the counts
    are written to that file (its name followed by ``report``)."""

    @pytest.fixture(autouse=True)
    def branches_fire(request: pytest.FixtureRequest) -> Iterator[None]:
        name = request.node.originalname
        assert name in branches, f"{name}: say in BRANCHES which branches its inputs must reach"
        before = tried.copy()
        yield
        missing = [branch for branch in branches[name] if tried[branch] == before[branch]]
        assert not missing, f"{name}: no input reached {missing} ({sum(tried.values()) - sum(before.values())} counts)"

    @pytest.fixture(scope="module", autouse=True)
    def counts_written() -> Iterator[None]:
        yield
        target = os.environ.get("BIBI_FUZZ_REPORT")
        if target:
            with open(f"{target}{report}", "w") as f:
                json.dump(dict(sorted(tried.items())), f, indent=1)

    return branches_fire, counts_written


def control_words(view, html: Callable[[str], str] | None = None) -> list[str]:
    """The words of a view's controls as a person reads them (each widget's description, tooltip and placeholder,
    a menu's labels), depth first; with ``html``, each HTML widget's value too, read through it."""
    import ipywidgets as widgets

    words: list[str] = []
    stack = [view]
    while stack:
        widget = stack.pop()
        if html is not None and isinstance(widget, widgets.HTML):
            words.append(html(widget.value))
        for name in ("description", "tooltip", "placeholder"):
            value = getattr(widget, name, None)
            if isinstance(value, str):
                words.append(value)
        if isinstance(widget, widgets.Dropdown):
            words.extend(str(label) for label in widget._options_labels)
        stack.extend(getattr(widget, "children", ()))
    return words
