"""Invariants over random deals (hypothesis): every preset and random mixes of options, 2–12 players, one and
two packs where legal. Each example plays a whole deal with random choices and checks every single step.

The settings are derandomized and keep no database, so CI sees the same examples every run.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from spec_model import Model

import bibi
from bibi.cards import Rank, pack
from bibi.deal import CALLS, PASS, PLAYS, SWITCHES, Deal, IllegalAction
from bibi.rules import (
    BibiCall,
    BibiSuits,
    Draw,
    FirstDealer,
    FirstTrump,
    Follow,
    Identical,
    MultiCall,
    Rules,
    TrumpChange,
    TurnUp,
)

pytestmark = pytest.mark.fast

settings.register_profile(
    "engine", max_examples=150, deadline=None, derandomize=True, database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
ENGINE = settings.get_profile("engine")
FEW = settings(ENGINE, max_examples=30)

PRESETS = [bibi.RUSSIAN, bibi.ITALIAN, bibi.ENGLISH]
ALL_ACTIONS = [*PLAYS, *CALLS, *SWITCHES, PASS]


@st.composite
def mixed_rules(draw) -> Rules:
    """A random mix of every option (impossible combinations left out)."""
    first_dealer = draw(st.sampled_from(list(FirstDealer)))
    first_trump = FirstTrump.CUT if first_dealer is FirstDealer.RANDOM else draw(st.sampled_from(list(FirstTrump)))
    decks = draw(st.sampled_from([1, 2]))
    hand_size = draw(st.sampled_from([7, 7, 7, 5, 8]))
    return Rules(
        decks=decks,
        hand_size=hand_size,
        max_players=min(12, 52 * decks // hand_size),
        bibi_points=draw(st.sampled_from([50, 50, 0, 30])),
        card_points=draw(st.sampled_from([{"2": 11, "A": 10, "K": 5, "Q": 4, "J": 3}, {"A": 11, "T": 10, "K": 4}])),
        first_dealer=first_dealer,
        first_trump=first_trump,
        follow=draw(st.sampled_from(list(Follow))),
        identical=draw(st.sampled_from(list(Identical))),
        draw=draw(st.sampled_from(list(Draw))),
        bibi_suits=draw(st.sampled_from(list(BibiSuits))),
        bibi_call=draw(st.sampled_from(list(BibiCall))),
        dealt_pairs=draw(st.booleans()),
        trump_change=draw(st.sampled_from(list(TrumpChange))),
        multi_call=draw(st.sampled_from(list(MultiCall))),
        turn_up=draw(st.sampled_from(list(TurnUp))),
        name="custom",
    )


RULES = st.one_of(st.sampled_from(PRESETS), mixed_rules())


@st.composite
def games(draw, rules=RULES):
    """(rules, players, seed): a deal to play."""
    r = draw(rules)
    players = draw(st.integers(2, r.max_players))
    seed = draw(st.integers(0, 2**32 - 1))
    return r, players, seed


def chooser(seed: int):
    """Random choices that favour calls and switches, so they happen often."""
    rng = random.Random(seed)

    def choose(legal):
        special = [a for a in legal if a.kind in ("call", "switch")]
        if special and rng.random() < 0.5:
            return rng.choice(special)
        return rng.choice(legal)

    return choose


def places(deal: Deal) -> Counter:
    """Every card where it is now: hands, stock, the trick being played, completed tricks, leftovers."""
    where = Counter()
    for seat in range(deal.players):
        where.update(deal.hand(seat))
    where.update(deal.stock())
    trick = deal.trick
    if len(trick) < deal.players:  # a complete trick is also the last completed one: count it once
        where.update(c for _, c in trick)
    else:
        assert trick == deal.tricks[-1].plays
    for t in deal.tricks:
        where.update(t.cards)
    where.update(deal.leftovers)
    return where


def owed_draws(deal: Deal) -> list[int]:
    """Per seat: cards played minus cards drawn so far (events)."""
    owed = [0] * deal.players
    for e in deal.events:
        if e.kind == "play":
            owed[e.seat] += 1
        elif e.kind == "draw":
            owed[e.seat] -= 1
    return owed


def check_state(deal: Deal, full_pack: Counter) -> None:
    rules, n = deal.rules, deal.players
    assert places(deal) == full_pack
    assert deal.stock_size == len(deal.stock())
    hands = [deal.hand(s) for s in range(n)]
    for seat, hand in enumerate(hands):
        assert not Counter(deal.laid_down(seat)) - Counter(hand)  # laid-down pairs are part of the hand
        assert deal._paired[seat] == bool(deal.free_pairs(seat))  # the engine's kept flag (offers of calls)
    owed = owed_draws(deal)
    played_now = {s for s, _ in deal.trick} if len(deal.trick) < n else set()
    if deal.drawing:
        assert deal.leftovers == ()
        for seat in range(n):
            # 7 while drawing (R8; I10): a card played is made good by the seat's draw of that round.
            assert owed[seat] in (0, 1)
            assert len(hands[seat]) == rules.hand_size - owed[seat]
        if rules.draw is Draw.AFTER_EACH_CARD:
            assert all(len(h) == rules.hand_size for h in hands)  # 7 while drawing (R8; I10)
        if not deal.trick and not deal.is_over:
            assert all(len(h) == rules.hand_size for h in hands)
    else:
        if deal.face_up_from is None:  # turn_up=failed_draw: the trick before the failed draw (§5.12)
            assert rules.turn_up is TurnUp.FAILED_DRAW and deal.leftovers == ()
            assert deal.stock_size == rules.leftovers(n)
            assert len(deal.tricks) == rules.draw_rounds(n)
        else:
            assert deal.stock_size == 0
            assert len(deal.leftovers) == rules.leftovers(n)
        left = rules.tricks(n) - len(deal.tricks)
        for seat in range(n):
            assert len(hands[seat]) == left - (seat in played_now)
    assert deal.scores == tuple(a + b for a, b in zip(deal.card_points, deal.bonus_points, strict=True))
    calls_by = Counter(c.seat for c in deal.calls)
    assert deal.bonus_points == tuple(rules.bibi_points * calls_by[s] for s in range(n))


def check_end(deal: Deal) -> None:
    rules, n = deal.rules, deal.players
    assert deal.is_over and deal.to_act is None and deal.legal_actions() == ()
    assert len(deal.tricks) == rules.tricks(n)  # rules §4
    assert all(deal.hand(s) == () for s in range(n))
    assert len(deal.leftovers) == rules.leftovers(n)
    points = rules.card_points
    assert sum(deal.card_points) + sum(points[c.rank] for c in deal.leftovers) == rules.total_points()
    assert sum(t.points for t in deal.tricks) == sum(deal.card_points)
    # Calls and trump changes stop when drawing stops (R24; I15): the final tricks share one trump.
    final = deal.tricks[rules.draw_rounds(n):]
    assert len({t.trump for t in final}) == 1
    # R25: seven tricks from the turn-up; I16: six from the failed draw (seven-card hands: hand_size of them).
    face_up = rules.tricks(n) - deal.face_up_from
    assert face_up == min(rules.tricks(n), rules.hand_size) - (rules.turn_up is TurnUp.FAILED_DRAW)
    if rules.trump_change is TrumpChange.NEXT_DEAL:
        # R18: only the dealt-pair pass may change this deal's trump; later calls set the next deal's (§5.11).
        assert len({t.trump for t in deal.tricks}) == 1
        later = [c for c in deal.calls if c.trick >= 0]
        assert deal.next_trump == (later[-1].suit if later else None)


def state(deal: Deal) -> tuple:
    return (deal.scores, deal.card_points, deal.bonus_points, deal.tricks, deal.calls, deal.events,
            tuple(deal.hand(s) for s in range(deal.players)), deal.trump, deal.leftovers, deal.stock(),
            deal.to_act, deal.phase, deal.legal_actions(), deal.trick, deal.actions, deal.pending_trump,
            deal.next_trump, tuple(deal.laid_down(s) for s in range(deal.players)),
            tuple(deal.switch_rights(s) for s in range(deal.players)))


@pytest.mark.slow
@ENGINE
@given(games())
def test_every_step_keeps_the_invariants(game):
    rules, players, seed = game
    deal = Deal.new(rules, players=players, seed=seed)
    full_pack = Counter(pack(rules.decks))
    choose = chooser(seed)
    rng = random.Random(seed)
    steps = 0
    while not deal.is_over:
        check_state(deal, full_pack)
        legal = deal.legal_actions()
        assert legal and deal.to_act is not None  # never empty before the end
        assert len(set(map(str, legal))) == len(legal)
        for action in legal:  # every listed action applies
            assert deal.why_illegal(action) is None
            trial = deal.copy()
            trial.apply(action, seat=deal.to_act)
            assert trial.actions[-1] is action
        before = (deal.record(), deal.scores, deal.to_act, legal)
        for action in rng.sample([a for a in ALL_ACTIONS if a not in legal], 3):  # and nothing else does
            reason = deal.why_illegal(action)
            assert reason
            with pytest.raises(IllegalAction, match=re.escape(reason)):
                deal.apply(action)
            assert (deal.record(), deal.scores, deal.to_act, deal.legal_actions()) == before
        deal.apply(choose(legal))
        steps += 1
        assert steps < 2000
    check_state(deal, full_pack)
    check_end(deal)


@ENGINE
@given(games())
def test_replay_of_the_record_gives_identical_states(game):
    rules, players, seed = game
    deal = Deal.new(rules, players=players, seed=seed).playout(chooser(seed))
    record = deal.record()
    data = json.loads(json.dumps(record))  # JSON-ready
    assert data == record
    again = Deal.replay(data)
    assert state(again) == state(deal)
    assert again.record() == record
    # Any prefix replays to the state the deal was in after that many actions.
    k = random.Random(seed).randrange(len(deal.actions) + 1)
    partial = Deal.replay(data, upto=k)
    stepwise = Deal.new(rules, players=players, dealer=deal.dealer, trump=deal.first_trump, deck=deal.deck)
    for a in deal.actions[:k]:
        stepwise.apply(a)
    assert state(partial) == state(stepwise)


@ENGINE
@given(games())
def test_playout_and_stepwise_apply_agree(game):
    rules, players, seed = game
    fast = Deal.new(rules, players=players, seed=seed).playout(chooser(seed))
    slow = Deal.new(rules, players=players, seed=seed)
    choose = chooser(seed)
    while not slow.is_over:
        legal = slow.legal_actions()
        slow.apply(legal[0] if len(legal) == 1 else choose(legal))  # the loop asks no forced move
    assert state(fast) == state(slow)
    assert fast.record() == slow.record()


@FEW
@given(games())
def test_the_same_seed_gives_the_same_deal(game):
    rules, players, seed = game
    a = Deal.new(rules, players=players, seed=seed)
    b = Deal.new(rules, players=players, seed=seed)
    assert a.record() == b.record() and a.dealer == b.dealer and a.trump == b.trump
    assert state(a) == state(b)
    c = Deal.new(rules, players=players, seed=seed + 1)
    assert c.deck != a.deck  # a different seed shuffles differently (104 or 52 cards: never the same order)


@ENGINE
@given(games(), st.integers(0, 10_000))
def test_copy_is_independent(game, cut_at):
    rules, players, seed = game
    deal = Deal.new(rules, players=players, seed=seed)
    choose = chooser(seed)
    for _ in range(cut_at % 150):
        if deal.is_over:
            break
        deal.apply(choose(deal.legal_actions()))
    twin = deal.copy()
    before = state(deal)
    assert state(twin) == before
    # Every field is copied (``Deal.copy`` writes them out by name): equal, and a list a move changes is the copy's own.
    for name in Deal.__slots__:
        mine, theirs = getattr(twin, name), getattr(deal, name)
        if name == "_append_event":
            assert mine.__self__ is twin._events
            continue
        assert mine == theirs, name
        assert not isinstance(mine, list) or mine is not theirs, name
    twin.playout(chooser(seed + 1))  # play the copy out: the original does not move
    assert state(deal) == before
    if not deal.is_over:
        frozen = state(twin)
        deal.playout(chooser(seed + 2))
        assert state(twin) == frozen


@ENGINE
@given(games(st.sampled_from(PRESETS)))
def test_presets_hand_sizes_tricks_and_points(game):
    """The presets alone, with more examples of each: the §4 count of tricks and the pack's points."""
    rules, players, seed = game
    deal = Deal.new(rules, players=players, seed=seed)
    assert all(len(deal.hand(s)) == 7 for s in range(players))
    assert deal.stock_size == 104 - 7 * players
    deal.playout(chooser(seed))
    check_end(deal)
    assert sum(deal.scores) == 264 - sum(rules.card_points[c.rank] for c in deal.leftovers) + 50 * len(deal.calls)


def test_mixed_rules_strategy_reaches_one_pack_and_every_option():
    """The property tests above do explore: the strategy covers one pack and every value of every option."""
    seen = {f.name: set() for f in dataclasses.fields(Rules)}

    @settings(ENGINE, max_examples=200)
    @given(mixed_rules())
    def collect(rules):
        for name in seen:
            seen[name].add(getattr(rules, name))

    collect()
    assert seen["decks"] == {1, 2}
    for name, enum in [("follow", Follow), ("draw", Draw), ("trump_change", TrumpChange),
                       ("bibi_call", BibiCall), ("bibi_suits", BibiSuits), ("multi_call", MultiCall),
                       ("identical", Identical), ("first_dealer", FirstDealer), ("first_trump", FirstTrump),
                       ("turn_up", TurnUp)]:
        assert seen[name] == set(enum), name
    assert seen["dealt_pairs"] == {True, False}
    assert seen["hand_size"] == {5, 7, 8} and seen["max_players"] == {6, 7, 10, 12}


def compare_with_model(deal: Deal, model: Model) -> None:
    n = deal.players
    assert deal.events == tuple(model.events)
    assert [tuple(c) for c in deal.calls] == [tuple(c) for c in model.calls]
    assert [(t.leader, t.trump, t.plays, t.winner, t.points) for t in deal.tricks] == model.tricks
    assert deal.trick == tuple(model.trick)
    assert [sorted(deal.hand(s)) for s in range(n)] == [sorted(h) for h in model.hands]
    assert [sorted(deal.laid_down(s)) for s in range(n)] == [sorted(c.elements()) for c in model.laid]
    assert [sorted(deal.switch_rights(s)) for s in range(n)] == [sorted(r) for r in model.rights]
    assert deal.trump is model.trump and deal.pending_trump == model.pending and deal.next_trump == model.next_trump
    assert list(deal.stock()) == model.stock and list(deal.leftovers) == model.leftovers
    assert deal.drawing == model.drawing and deal.leader == model.leader
    assert deal.face_up_from == model.face_up_from
    assert deal.card_points == tuple(model.card_points) and deal.bonus_points == tuple(model.bonus)


def crowded_deal(rules: Rules, players: int, seed: int) -> Deal:
    """A stacked deal whose kings and queens all lie near the top of the pack: pairs are dealt and drawn
    often, with double pairs, re-used kings and queens (R22) and several calls in one trick."""
    rng = random.Random(seed)
    cards = pack(rules.decks)
    rng.shuffle(cards)
    kq = [c for c in cards if c.rank in (Rank.KING, Rank.QUEEN)]
    rest = [c for c in cards if c.rank not in (Rank.KING, Rank.QUEEN)]
    top = players * (rules.hand_size + 2)
    head = kq + rest[: max(0, top - len(kq))]
    rng.shuffle(head)
    deck = head + rest[max(0, top - len(kq)):]
    return Deal.new(rules, players=players, dealer=rng.randrange(players), trump=rng.choice("SHDC"), deck=deck)


@pytest.mark.slow
@ENGINE
@given(games(), st.booleans())
def test_engine_matches_an_independent_model_of_the_spec(game, crowded):
    """After every single action the engine's state equals the model's (tests/spec_model.py), events included."""
    rules, players, seed = game
    deal = crowded_deal(rules, players, seed) if crowded else Deal.new(rules, players=players, seed=seed)
    model = Model(rules, players, deal.dealer, deal.first_trump, deal.deck)
    run = model.run()
    request = next(run, None)
    choose = chooser(seed)
    while True:
        compare_with_model(deal, model)
        if request is None:
            assert deal.is_over
            break
        seat, legal = request
        assert deal.to_act == seat and set(map(str, deal.legal_actions())) == legal
        action = choose(deal.legal_actions())
        deal.apply(action)
        try:
            request = run.send(str(action))
        except StopIteration:
            request = None


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=1, max_size=11), st.lists(st.integers(0, 51), min_size=1, max_size=8),
       st.integers(0, 3), st.booleans())
def test_winning_plays_is_trick_result_for_one_more_card(trick, plays, trump, second_wins):
    """The bots' written-out rule (deal.winning_plays) gives what the engine's trick_result gives (R14; I8)."""
    from bibi.cards import CARDS
    from bibi.tricks import trick_winner, winning_card, winning_plays

    on_table = [(seat, CARDS[c]) for seat, c in enumerate(trick)]
    cards = [CARDS[c] for c in sorted(set(plays))]  # as legal_actions lists them: ascending, each once
    expected = [c for c in cards if trick_winner([*on_table, (-1, c)], trump, second_wins) == len(on_table)]
    assert list(winning_plays(on_table, cards, trump, second_wins)) == expected
    best = winning_card(on_table, trump, second_wins)
    assert list(winning_plays(on_table, cards, trump, second_wins, best)) == expected
    assert list(winning_plays(on_table, tuple(cards), trump, second_wins, best)) == expected  # a tuple, as legal
    assert winning_card(on_table, trump, second_wins) == on_table[trick_winner(on_table, trump, second_wins)][1]
