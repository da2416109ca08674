"""Inference from play: what the others' plays say they did not hold (``bibi.inference.lacks``), the sampler's worlds
dealt within it (``Sampler(view, lacks=…, eager=True)``), seat-honest, and the measure of any sampler's worlds
(``true_location``)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from test_compiled import compiled_build, compiled_copy, compiled_copy_or_none, run  # noqa: F401  # the builds

from bibi.bots import _keeps, _rules_facts, make_search_bot
from bibi.cards import Card
from bibi.deal import Deal
from bibi.errors import WrongType
from bibi.inference import Placed, lacks, true_location
from bibi.play import bots_rng, play
from bibi.sampling import Sampler


def _heuristic_deal(rules: str, players: int, seed: int, tricks: int | None = None) -> Deal:
    """The heuristic table of ``seed``, to its end or stopped before trick ``tricks`` (0-based) is led."""
    until = None if tricks is None else (lambda d: len(d.tricks) == tricks and not d.trick)
    return play(Deal.new(rules, players, seed=seed), "heuristic", bots_rng(seed), until=until)


def _hands_at_plays(deal: Deal) -> dict[tuple[int, int], tuple[Card, ...]]:
    """Each seat's hand when it played to each trick, ``(seat, trick)``: the deal replayed from its record."""
    replay = Deal.replay(deal.record(), 0)
    hands = {}
    for action in deal.actions:
        if isinstance(action, Card):
            hands[(replay.to_act, len(replay.tricks))] = replay.hand(replay.to_act)
        replay.apply(action)
    return hands


@pytest.mark.parametrize("rules", ["russian", "italian"])
def test_what_the_others_played_never_rules_out_what_the_heuristic_held(rules):
    """The model is the heuristic's own notion of play made a belief: on deals the heuristic plays, no seat ever held
    a card its plays say it did not (from every seat's view, at every tenth action)."""
    checked = 0
    for seed in range(6):
        deal = _heuristic_deal(rules, 6, seed)
        hands = _hands_at_plays(deal)
        for upto in range(10, len(deal.actions), 10):
            position = Deal.replay(deal.record(), upto)
            for seat in range(6):
                for other, trick, cards in lacks(position.view(seat)):
                    assert other != seat
                    assert not set(cards) & set(hands[(other, trick)]), (seed, upto, seat, other, trick, cards)
                    checked += 1
    assert checked > 500


def test_a_seat_that_does_not_take_a_trick_holding_points_had_no_card_that_would():
    """Seed 0, Russian, six players, trick 1: 3♦ 6♦ 8♦ A♦, then seat 5 plays 9♦. Had it held the other A♦ or a 2♦
    it would have taken the ace's 10 points (R14: of two identical cards the second wins), and had it held a lower
    diamond it would have given that (the card it will miss least); a king or queen would not have taken it."""
    deal = _heuristic_deal("russian", 6, 0, 1)
    assert deal.tricks[0].plays[:5] == ((1, Card("3D")), (2, Card("6D")), (3, Card("8D")), (4, Card("AD")),
                                        (5, Card("9D")))
    read = {(seat, t): cards for seat, t, cards in lacks(deal.view(0))}
    assert read[(5, 0)] == tuple(Card(c) for c in ("AD", "2D", "3D", "4D", "5D", "6D", "7D", "8D"))


def test_two_deals_the_seat_cannot_tell_apart_give_the_same_beliefs_and_worlds():
    """Seat-honest: a world of seat 1's view is another deal with the same view; the lacks read from it, the worlds
    the sampler deals with them, and the search's choice are the same for both."""
    deal = _heuristic_deal("russian", 6, 11, 5)
    seat = 1
    other = deal.resample(seat, random.Random(3))
    assert other.view(seat) == deal.view(seat) and any(other.hand(s) != deal.hand(s) for s in range(6))
    assert lacks(other.view(seat)) == lacks(deal.view(seat))

    def worlds(d: Deal) -> list[tuple[Card, ...]]:
        view = d.view(seat)
        sampler = Sampler(view, _keeps(view, _rules_facts(view.rules)), lacks=lacks(view), eager=True)
        rng = random.Random(7)
        return [sampler.world(rng, 3).deck for _ in range(12)]

    assert worlds(other) == worlds(deal)
    bot = make_search_bot(40, infer=True)
    if other.to_act == seat:
        assert bot(other.view(seat), random.Random(5)) == bot(deal.view(seat), random.Random(5))


def test_worlds_dealt_within_the_beliefs_hold_what_the_plays_say():
    """Every world of the sampler with lacks is consistent with the view, and in it no seat held, when it played,
    a card its plays say it did not."""
    deal = _heuristic_deal("italian", 6, 4, 8)
    seat = 2
    view = deal.view(seat)
    read = lacks(view)
    sampler = Sampler(view, lacks=read, eager=True)
    assert sampler.beliefs and not sampler.doubted
    rng = random.Random(1)
    for _ in range(10):
        world = sampler.world(rng, 3)
        assert world.view(seat) == view
        hands = _hands_at_plays(world)
        for other, trick, cards in read:
            assert not set(cards) & set(hands[(other, trick)])


def test_a_seat_whose_own_play_contradicts_its_beliefs_is_doubted_and_its_beliefs_dropped():
    """At a table of random bots, once the draws are over the seats' own plays contradict their beliefs (each plays
    more of the cards it 'did not hold' than it drew since): their beliefs are dropped, and the worlds still come.
    (While they draw, a random player's beliefs mostly stand: bench/README.md, "Inference from play".)"""
    deal = play(Deal.new("russian", 4, seed=9), "random", bots_rng(9), until=lambda d: len(d.tricks) == 23)
    view = deal.view(0)
    sampler = Sampler(view, lacks=lacks(view), eager=True)
    assert sampler.doubted == [1, 2, 3] and sampler.beliefs == 0
    rng = random.Random(2)
    assert all(sampler.world(rng, 3).view(0) == view for _ in range(5))


def test_beliefs_that_fit_no_world_give_way_to_the_rules_alone():
    """A belief is no rule: where no world fits the beliefs, the sampler deals worlds of the rules alone."""
    deal = _heuristic_deal("russian", 4, 5, 20)
    view = deal.view(0)
    hidden = [c for s in (1, 2, 3) for c in deal.hand(s)]
    played = {(s, t.number) for t in view.tricks for s, _ in t.plays}
    # Every other seat 'held none' of every hidden card at its last play: no hand can be dealt at all.
    last = max(t for s, t in played if s == 1)
    impossible = [(s, max(t for s2, t in played if s2 == s), tuple(hidden)) for s in (1, 2, 3)]
    sampler = Sampler(view, lacks=impossible)
    assert last >= 0
    rng = random.Random(4)
    worlds = [sampler.world(rng, 3) for _ in range(4)]
    assert all(w.view(0) == view for w in worlds) and sampler.plain is not None


@pytest.mark.parametrize(("lacks_arg", "error", "words"), [
    ("AS", WrongType, "expected a list"),
    ([(1, 0)], WrongType, "expected (seat, trick, cards)"),
    ([(0, 0, [Card("AS")])], ValueError, "is not another seat that played to trick 0"),
    ([(1, 99, [Card("AS")])], ValueError, "is not another seat that played to trick 99"),
    ([(1, 0, ["AS"])], WrongType, "'AS' in (1, 0, ['AS']) is not a Card"),
])
def test_bad_lacks_are_named(lacks_arg, error, words):
    deal = _heuristic_deal("russian", 4, 1, 2)
    with pytest.raises(error) as raised:
        Sampler(deal.view(0), lacks=lacks_arg)
    assert str(raised.value).startswith("lacks: ") and words in str(raised.value)
    with pytest.raises(WrongType, match="eager: expected True or False"):
        Sampler(deal.view(0), eager="yes")


def test_the_true_deal_places_every_hidden_point_card_surely_and_a_random_one_less_so():
    deal = _heuristic_deal("russian", 6, 3, 6)
    seat = 0
    sure = true_location(deal, seat, [deal])
    assert isinstance(sure, Placed) and sure.cards > 0
    assert sure.probability == sure.cards and sure.in_hands_probability == sure.in_hands and sure.log_score == 0
    rng = random.Random(0)
    worlds = [deal.resample(seat, rng) for _ in range(20)]
    guessed = true_location(deal, seat, worlds)
    assert guessed.cards == sure.cards and 0 < guessed.probability < guessed.cards
    # Weights: all on the true deal is sure again; equal weights are the unweighted worlds.
    assert true_location(deal, seat, [deal, *worlds], [1.0] + [0.0] * 20).probability == sure.cards
    assert true_location(deal, seat, worlds, [2.0] * 20) == guessed


def test_bad_measures_are_named():
    deal = _heuristic_deal("russian", 4, 1, 2)
    with pytest.raises(WrongType, match="^deal: "):
        true_location(deal.view(0), 0, [deal])
    with pytest.raises(WrongType, match="^worlds: "):
        true_location(deal, 0, [])
    with pytest.raises(ValueError, match="^weights: expected 1 numbers"):
        true_location(deal, 0, [deal], [1.0, 2.0])
    with pytest.raises(ValueError, match="^weights: "):
        true_location(deal, 0, [deal], [-1.0])
    with pytest.raises(WrongType, match="^view: "):
        lacks(deal)


@pytest.mark.slow
@pytest.mark.subprocess
def test_same_seed_same_bots_same_records_in_both_builds(compiled_build):  # noqa: F811  # test_compiled's fixture
    """The search with inference (its sampler and playouts compiled with the engine, its lacks and the heuristic pure)
    plays the same deals, action for action, on the compiled build and on the pure sources (which the browser runs:
    tests/browser/test_lite_records.py)."""
    script = (Path(__file__).parent / "search_records.py").read_text(encoding="utf-8")
    pure = run(script, compiled_build, BIBI_PURE="1")
    fast = run(script, compiled_build)
    assert pure.returncode == 0 and fast.returncode == 0, pure.stderr + fast.stderr
    assert pure.stdout == fast.stdout and len(pure.stdout.splitlines()) == 2
