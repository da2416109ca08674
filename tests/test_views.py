"""Player views: a seat sees its hand and the table, never another player's hidden cards or the stock.

Every field reachable from a ``View`` is walked: containers, dataclasses, named tuples, the actions'
cards. With one pack every card is unique, so any hidden card found there is a leak; with two packs, a
card whose every copy is hidden must not appear at all.
"""

from __future__ import annotations

import dataclasses
import enum
import random
from collections import Counter
from collections.abc import Iterator

import pytest

from bibi.cards import Card
from bibi.deal import RECORD_FORMAT, Action, Deal, View
from bibi.play import play, play_seeded, snapshots
from bibi.rules import ITALIAN, PRESETS, RUSSIAN
from bibi.sampling import Sampler, determinize, unseen

pytestmark = pytest.mark.fast

ONE_PACK = [
    dataclasses.replace(RUSSIAN, decks=1, max_players=7),
    dataclasses.replace(ITALIAN, decks=1, max_players=7),
]


def reachable(obj: object, seen: set[int] | None = None) -> Iterator[object]:
    """Every object reachable from ``obj`` through fields, items and slots (each once)."""
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return
    seen.add(id(obj))
    yield obj
    if isinstance(obj, (str, bytes, int, float, bool, enum.Enum)) or obj is None:
        return
    if dataclasses.is_dataclass(obj):
        children = [getattr(obj, f.name) for f in dataclasses.fields(obj)]
    elif isinstance(obj, dict):
        children = [*obj.keys(), *obj.values()]
    elif isinstance(obj, (tuple, list, set, frozenset)):
        children = list(obj)
    elif hasattr(obj, "__slots__"):
        children = [getattr(obj, name) for name in obj.__slots__ if hasattr(obj, name)]
    elif hasattr(obj, "__dict__"):
        children = list(vars(obj).values())
    elif hasattr(obj, "__iter__"):
        children = list(obj)
    else:
        children = []
    for child in children:
        yield from reachable(child, seen)


def cards_in(view: View) -> Counter:
    """Each card found anywhere in the view, counted once per place it appears."""
    found: Counter = Counter()
    for obj in reachable(view):
        if isinstance(obj, Card):
            found[obj] += 1
        if isinstance(obj, Deal):
            raise AssertionError("a view must not hold the deal itself")
    return found


def visible(deal: Deal, seat: int) -> Counter:
    """The cards this seat may see: its hand, the cards played, laid-down pairs, turned-up leftovers."""
    shown = Counter(deal.hand(seat))
    shown.update(c for t in deal.tricks for c in t.cards)
    if len(deal.trick) < deal.players:  # a complete trick is already among the tricks
        shown.update(c for _, c in deal.trick)
    for other in range(deal.players):
        if other != seat:
            shown.update(deal.laid_down(other))
    shown.update(deal.leftovers)
    return shown


def hidden(deal: Deal, seat: int) -> Counter:
    """The cards this seat must not see: other hands, face down, and the stock."""
    secret = Counter(deal.stock())
    for other in range(deal.players):
        if other != seat:
            secret.update(deal.hand(other))
            secret.subtract(deal.laid_down(other))
    return +secret


def states(rules, players: int, seed: int, every: int = 7) -> Iterator[Deal]:
    """The deal of ``seed`` played by random bots (the play layer), at every ``every``-th position and at its end."""
    line = snapshots(play_seeded(rules, players, seed, "random"))
    yield from line[:-1:every]
    yield line[-1]


@pytest.mark.parametrize("rules", ONE_PACK, ids=["russian-1-pack", "italian-1-pack"])
@pytest.mark.parametrize("players", [2, 4, 7])
def test_no_hidden_card_is_reachable_from_a_view_one_pack(rules, players):
    for deal in states(rules, players, seed=players):
        for seat in range(players):
            found = set(cards_in(deal.view(seat)))
            assert set(deal.hand(seat)) <= found  # the walk reaches the cards
            assert found <= set(visible(deal, seat))
            assert not found & set(hidden(deal, seat)), (seat, found & set(hidden(deal, seat)))


@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize("players", [3, 6, 12])
def test_no_card_whose_copies_are_all_hidden_is_reachable_two_packs(name, players):
    for deal in states(PRESETS[name], players, seed=10 + players, every=11):
        for seat in range(players):
            found, shown = cards_in(deal.view(seat)), visible(deal, seat)
            secret = [c for c in hidden(deal, seat) if not shown[c]]
            assert not set(found) & set(secret)
            assert set(found) <= set(shown)


def test_the_walk_finds_a_card_hidden_deep_in_a_view():
    deal = Deal.new(ONE_PACK[0], 4, seed=2)
    secret = deal.hand(1)[0]
    view = deal.view(0)
    leaky = dataclasses.replace(view, calls=((0, (Action.parse(str(secret)),)),))
    assert secret not in cards_in(view)
    assert secret in cards_in(leaky)


def test_a_view_shows_its_own_legal_actions_only_when_it_is_to_act():
    deal = Deal.new(RUSSIAN, 4, seed=3)
    for seat in range(4):
        view = deal.view(seat)
        assert (view.legal_actions != ()) == (seat == deal.to_act)
        # A card play is the Card itself; calls, passes and switches are Actions.
        assert all(a.__class__ is (Card if a.kind == "play" else Action) for a in view.legal_actions)
        assert view.legal_actions == deal.legal_actions() or seat != deal.to_act


def test_the_stock_is_a_size_not_cards():
    deal = Deal.new(ITALIAN, 5, seed=4)
    view = deal.view(0)
    assert view.stock_size == len(deal.stock()) == 69
    assert not set(cards_in(view)) & (set(deal.stock()) - set(visible(deal, 0)))


def test_laid_down_pairs_are_public_and_the_rest_of_a_hand_is_not():
    deal = next(d for d in states(RUSSIAN, 4, seed=21, every=1) if any(d.laid_down(s) for s in range(4)))
    caller = next(s for s in range(4) if deal.laid_down(s))
    other = (caller + 1) % 4
    view = deal.view(other)
    assert view.laid_down[caller] == deal.laid_down(caller)
    assert view.hand_sizes[caller] == len(deal.hand(caller))


def test_a_sampled_deal_is_seen_by_the_seat_exactly_as_the_real_one():
    for name in sorted(PRESETS):
        for deal in states(PRESETS[name], 5, seed=31, every=9):
            if deal.is_over:
                continue
            seat = deal.to_act
            view = deal.view(seat)
            world = determinize(view, random.Random(seat))
            assert world is not None
            assert world.view(seat) == view


def test_sampling_reads_the_view_only():
    """Two deals that look the same to a seat give the same samples: hidden cards cannot leak into them."""
    deal = play(Deal.new(RUSSIAN, 6, seed=5), "random", random.Random(5))
    real = Deal.replay(deal.record(), upto=60)
    seat = real.to_act
    twin = determinize(real.view(seat), random.Random(1))
    assert twin.view(seat) == real.view(seat)
    assert [twin.hand(s) for s in range(6)] != [real.hand(s) for s in range(6)] or twin.stock() != real.stock()
    a = Sampler(real.view(seat)).sample(random.Random(9))
    b = Sampler(twin.view(seat)).sample(random.Random(9))
    assert a.deck == b.deck


def _trumps_in_hands(world: Deal, seat: int) -> int:
    return sum(c.suit == world.trump for s in range(world.players) if s != seat for c in world.hand(s))


def test_weighed_worlds_are_consistent_and_hold_the_weighed_cards_in_hands_more_often():
    """The ``held`` prior changes how often each consistent deal is drawn, never whether it is consistent: with
    the trumps weighed up, the other hands hold more of the unseen trumps (and the stock fewer) than at random."""
    deal = play(Deal.new(RUSSIAN, 6, seed=5), "heuristic", random.Random(5), actions=30)
    seat = deal.to_act
    view = deal.view(seat)
    weights = [4.0 if c // 13 == view.trump.index else 1.0 for c in range(52)]
    counts = {}
    for name, held in (("random", None), ("weighed", weights)):
        sampler = Sampler(view, held)
        worlds = [sampler.sample(random.Random(k)) for k in range(80)]
        assert all(w is not None and w.view(seat) == view for w in worlds)
        counts[name] = sum(_trumps_in_hands(w, seat) for w in worlds) / len(worlds)
    unseen_trumps = sum(k for c, k in enumerate(unseen(view)) if c // 13 == view.trump.index)
    assert 0 < counts["random"] < counts["weighed"] <= unseen_trumps
    assert counts["weighed"] - counts["random"] > 1  # measured: about 10.7 against 17.6 of 21 unseen trumps


def test_weighing_all_cards_alike_is_no_prior():
    """Equal weights deal the hidden cards as at random: each hand and the stock hold as many trumps on average."""
    deal = play(Deal.new(RUSSIAN, 4, seed=7), "heuristic", random.Random(7), actions=10)
    seat = deal.to_act
    view = deal.view(seat)
    means = []
    for held in (None, [2.5] * 52):
        sampler = Sampler(view, held)
        worlds = [sampler.sample(random.Random(k)) for k in range(200)]
        assert all(w is not None and w.view(seat) == view for w in worlds)
        places = [(lambda w, s=s: w.hand(s)) for s in range(4) if s != seat] + [lambda w: w.stock()]
        means.append([sum(c.suit == deal.trump for w in worlds for c in place(w)) / len(worlds) for place in places])
    assert all(abs(a - b) < 0.35 for a, b in zip(*means, strict=True)), means


@pytest.mark.parametrize("held, kind, message", [
    ("weights", TypeError, "held: expected 52 numbers, one per card index, not 'weights'"),
    ([1.0] * 51, ValueError, "held: expected 52 numbers, one per card index, not 51"),
    ([1.0] * 51 + ["1"], TypeError, "held: '1' is not a number"),
    ([1.0] * 51 + [0.0], ValueError, "held: 0.0 is not a positive finite number"),
    ([1.0] * 51 + [float("inf")], ValueError, "held: inf is not a positive finite number"),
])
def test_a_prior_is_52_positive_numbers(held, kind, message):
    view = Deal.new(RUSSIAN, 4, seed=7).view(0)
    with pytest.raises(kind, match=message):
        Sampler(view, held)


# Italian rules, 6 players: at the first trick seat 2 follows neither diamonds (led) nor hearts (trump) with 3♣,
# draws, and the engine calls its K+Q of clubs at once (I11: mandatory; I12 has no pass for dealt pairs). So it was
# dealt that pair, and the card it drew there is the heart it holds now. Seat 3 is to act in the second trick.
FIRST_DRAW_CALL = {
    "players": 6, "dealer": 5, "trump": "H",
    "deck": ("5H 8H KC 2C 7D 9S 8S TD QC 6S KS 9H 2D AC 3C AH 2S 6S AC 8S 7S 3H AS 3S AH 2D 4S 5D 8C 3C 6D 9D AS 9H "
             "JC 3S AD JH 9C 7H 5S 2C TS 6C 6D 3H 7C 6C TD JD 8H 5S 6H 4H 7D 4H KS 2S KH QD 7C TC 5H 7S 4D KD JH AD "
             "5C 4C JD QS 9C TH 9S 4D JC KD TH TC 4S QS KH 7H 3D 3D QC 6H 9D QD TS 8D 2H 5C JS 4C JS KC 2H 5D 8D 8C "
             "QH QH").split(),
    "actions": "6D 9D 3C 5D 7D 9H 3S 8S 8S 4S".split(),
}


def test_a_pair_called_at_the_first_chance_need_not_come_with_that_draw():
    """A mandatory call at the first trick's draw takes a pair that may have been dealt: the card drawn there need
    not be of it (I11, I12). Sampling once required it, and so never let seat 2 below hold a heart."""
    deal = Deal.replay({"format": RECORD_FORMAT, "rules": ITALIAN.to_json(), **FIRST_DRAW_CALL})
    assert [(c.seat, c.suit.value, c.trick, c.mandatory) for c in deal.calls] == [(2, "C", 0, True)]
    assert deal.tricks[0].plays[2] == (2, Card("3C")) and Card("3H") in deal.hand(2)
    view = deal.view(deal.to_act)
    sampler = Sampler(view)
    worlds = [sampler.sample(random.Random(k)) for k in range(60)]
    assert all(world is not None and world.view(view.seat) == view for world in worlds)
    assert any(any(c.suit.value == "H" for c in world.hand(2)) for world in worlds if world is not None)
