"""Bots: they play legal actions from their views only, and the stronger ones score more (measured).

The strength tests compare bots on the same packs, seat for seat (paired differences), with fixed
seeds, and ask for a difference of more than three standard errors. bench/bot_strength.py measures the
6-player figures of the README on 2,000 deals; here heads-up play separates the sampling bot from the
heuristic one in few deals, since its edge lies in the final tricks, where two players see almost all.
"""

from __future__ import annotations

import dataclasses
import random
import statistics

import pytest
from helpers import new_deal, play_cards
from test_views import states

from bibi.bots import (
    BOTS,
    greedy_bot,
    heuristic_bot,
    make_oracle_bot,
    make_sampling_bot,
    make_search_bot,
    random_bot,
    sampling_bot,
    search_bot,
)
from bibi.cards import Card, Rank, cards
from bibi.deal import Action, Deal, IllegalAction
from bibi.live import LiveView, _Tally
from bibi.play import BotError, as_bots, explain, get_bot, play
from bibi.rules import ENGLISH, ITALIAN, PRESETS, RUSSIAN
from bibi.sampling import determinize, unseen

pytestmark = pytest.mark.fast


def paired_gain(rules, players: int, bot, base, deals: int, seed: int) -> tuple[float, float]:
    """Mean and standard error of ``bot``'s score minus ``base``'s, same pack and seat, the rest heuristic."""
    gains = []
    for i in range(deals):
        seat = i % players
        scores = []
        for tested in (bot, base):
            bots = [heuristic_bot] * players
            bots[seat] = tested
            deal = play(Deal.new(rules, players, seed=seed + i, log=False), bots, random.Random(seed + i))
            scores.append(deal.scores[seat])
        gains.append(scores[0] - scores[1])
    return statistics.fmean(gains), statistics.stdev(gains) / len(gains) ** 0.5


@pytest.mark.slow
@pytest.mark.parametrize("rules", [RUSSIAN, ITALIAN], ids=["russian", "italian"])
def test_heuristic_bot_scores_clearly_more_than_random_bot(rules):
    gain, error = paired_gain(rules, 6, heuristic_bot, random_bot, deals=300, seed=100)
    assert gain > 3 * error and gain > 10


@pytest.mark.slow
@pytest.mark.parametrize("rules", [RUSSIAN, ITALIAN], ids=["russian", "italian"])
def test_sampling_bot_scores_clearly_more_than_heuristic_bot(rules):
    gain, error = paired_gain(rules, 2, sampling_bot, heuristic_bot, deals=30, seed=200)
    assert gain > 3 * error and gain > 2


def decisions(rules, players: int, seed: int, every: int = 5):
    """Copies of a deal played by random bots, one every ``every`` decisions, while there is one to make."""
    return (deal for deal in states(rules, players, seed, every) if not deal.is_over)


@pytest.mark.parametrize("name", ["random", "greedy", "heuristic"])
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_bot_plays_a_legal_action_from_its_view(name, preset):
    bot = BOTS[name]
    rng = random.Random(1)
    for players in (2, 5, 12):
        for deal in decisions(PRESETS[preset], players, seed=players):
            view = deal.view(deal.to_act)
            assert bot(view, rng) in view.legal_actions


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_sampling_bot_plays_legal_actions_late_in_a_deal(preset):
    rng = random.Random(2)
    late = [d for d in decisions(PRESETS[preset], 6, seed=3, every=3) if d.stock_size < 6]
    assert late
    for deal in late[::3]:
        view = deal.view(deal.to_act)
        assert sampling_bot(view, rng) in view.legal_actions


def test_the_bots_have_names_and_one_sentence_ideas():
    assert list(BOTS) == ["random", "greedy", "heuristic", "sampling", "search"]
    assert BOTS["sampling"] is sampling_bot and BOTS["search"] is search_bot
    for bot in BOTS.values():
        idea = " ".join(bot.__doc__.split())
        assert idea.endswith(".") and ". " not in idea, idea


def test_play_deal_plays_a_deal_to_its_end_and_is_reproducible():
    one = play(Deal.new(ITALIAN, 4, seed=1), ["random", greedy_bot, "heuristic", "sampling"], random.Random(5))
    two = play(Deal.new(ITALIAN, 4, seed=1), ["random", greedy_bot, "heuristic", "sampling"], random.Random(5))
    assert one.is_over and one.record() == two.record()


def test_a_bot_that_plays_an_illegal_action_is_named():
    def cheat(view, rng):
        return "pass"

    with pytest.raises(BotError, match=r"the bot of seat 0 \(cheat\) chose pass"):
        play(Deal.new(RUSSIAN, 3, seed=1, dealer=2), [cheat, "random", "random"], random.Random(1))
    assert issubclass(BotError, IllegalAction)


def test_bots_by_name_and_bad_names():
    assert get_bot("Heuristic") is heuristic_bot and get_bot(random_bot) is random_bot
    assert as_bots("greedy", 3) == [greedy_bot] * 3
    assert as_bots(["greedy"], 2) == [greedy_bot] * 2
    assert as_bots(["random", greedy_bot], 2) == [random_bot, greedy_bot]
    with pytest.raises(ValueError, match="unknown bot 'clever': use one of random, greedy, heuristic, sampling, "
                                         "search"):
        get_bot("clever")
    with pytest.raises(ValueError, match="2 given for 3 seats"):
        as_bots(["random", "random"], 3)


@pytest.mark.parametrize("kwargs, message", [
    (dict(samples=0), "samples: 0 is not a whole number ≥ 1"),
    (dict(samples=2.5), "samples: 2.5"),
    (dict(draw_rounds=-1), "draw_rounds: -1"),
    (dict(tries=True), "tries: True"),
])
def test_the_sampling_budget_is_checked(kwargs, message):
    with pytest.raises(ValueError, match=message):
        make_sampling_bot(**kwargs)


def test_the_sampling_budget_names_the_bot():
    assert make_sampling_bot(4).__name__ == "sampling_bot(4)"


def test_R23_greedy_and_heuristic_bots_say_bibi_when_they_may():
    deal = new_deal("russian", ["KH QH 3C", "", ""], trump="S")  # seat 1 holds a pair in the dealt-pair pass
    deal_view = deal.view(deal.to_act)
    assert [str(a) for a in deal_view.legal_actions] == ["bibi H", "pass"]
    assert str(greedy_bot(deal_view, random.Random(1))) == "bibi H"
    assert str(heuristic_bot(deal_view, random.Random(1))) == "bibi H"


def test_greedy_bot_takes_points_with_its_cheapest_winner():
    deal = play_cards(new_deal("russian", ["", "AH", "KH 3H 2H 5C"], trump="S"), "AH")
    assert str(greedy_bot(deal.view(2), random.Random(1))) == "2H"  # the only heart that beats the ace


def test_heuristic_bot_spends_a_trump_only_on_a_trick_worth_it():
    rich = play_cards(new_deal("russian", ["", "AH", "3S 5C 6C 7C 8C 9C TC"], trump="S"), "AH")
    assert str(heuristic_bot(rich.view(2), random.Random(1))) == "3S"  # 10 points: trump it
    poor = play_cards(new_deal("russian", ["", "4H", "3S 5C 6C 7C 8C 9C TC"], trump="S"), "4H")
    assert str(heuristic_bot(poor.view(2), random.Random(1))) == "5C"  # nothing to win: keep the trump


def test_heuristic_bot_keeps_a_king_that_may_still_pair():
    # Void in diamonds, seat 2 gives away its 6♣ rather than the K♥ whose queens it has not seen.
    deal = play_cards(new_deal("russian", ["", "4D", "KH 6C 8C 9C TC JC AC"], trump="S"), "4D")
    assert str(heuristic_bot(deal.view(2), random.Random(1))) == "6C"
    # Once the stock is gone the king is worth its 5 points only: the 6♣ still goes first, the K♥ before the J♣.
    hand = ["KH", "JC"]
    view = dataclasses.replace(deal.view(2), stock_size=0, drawing=False, hand=tuple(cards(" ".join(hand))),
                               legal_actions=tuple(Action.parse(c) for c in hand))
    assert str(heuristic_bot(view, random.Random(1))) == "JC"


def test_I12_I14_heuristic_bot_switches_the_trump_to_its_strong_suit():
    # Seat 1 wins the first trick with 2♠, draws, must call K+Q♥ (I11), and leads again holding six hearts.
    deal = play_cards(new_deal(ITALIAN, ["4D", "2S KH QH AH 2H JH 9H", "3C"], stock="4C", trump="S"),
                      "2S", "3C", "4D")
    assert deal.to_act == 1 and [str(c.suit) for c in deal.calls] == ["H"]
    view = deal.view(1)
    assert "trump H" in [str(a) for a in view.legal_actions]
    assert str(heuristic_bot(view, random.Random(1))) == "trump H"
    assert str(greedy_bot(view, random.Random(1))) == "trump H"


@pytest.mark.parametrize("rules", [
    RUSSIAN, ITALIAN, ENGLISH,
    dataclasses.replace(RUSSIAN, draw="after_trick", name="custom"),
    dataclasses.replace(ITALIAN, draw="after_each_card", follow="must_follow", name="custom"),
    dataclasses.replace(ITALIAN, dealt_pairs=True, name="custom"),
    dataclasses.replace(RUSSIAN, bibi_call="mandatory", name="custom"),
    dataclasses.replace(RUSSIAN, multi_call="last", bibi_suits="any", name="custom"),
    dataclasses.replace(RUSSIAN, trump_change="next_deal", name="custom"),
    dataclasses.replace(RUSSIAN, decks=1, max_players=7, name="custom"),
], ids=lambda r: r.name if r.name != "custom" else None)
def test_determinize_finds_deals_that_look_the_same_to_the_seat(rules):
    rng = random.Random(4)
    found = tried = 0
    for players in (3, 6):
        for deal in decisions(rules, players, seed=7 + players, every=4):
            seat = deal.to_act
            view = deal.view(seat)
            world = determinize(view, rng)
            tried += 1
            if world is not None:
                found += 1
                assert world.view(seat) == view
    assert found >= 0.97 * tried


# -- the fast path: a LiveView per seat gives the bots what a fresh View gives ----------------------------------


def random_rules(rng: random.Random):
    """A random mix of the rule options (one pack or two), for the bots to face."""
    from bibi.rules import BibiCall, BibiSuits, Draw, Follow, Identical, MultiCall, TrumpChange

    pick = rng.choice
    rules = dataclasses.replace(
        RUSSIAN, name="custom", follow=pick(list(Follow)), identical=pick(list(Identical)), draw=pick(list(Draw)),
        bibi_suits=pick(list(BibiSuits)), bibi_call=pick(list(BibiCall)), dealt_pairs=pick([True, False]),
        trump_change=pick(list(TrumpChange)), multi_call=pick(list(MultiCall)))
    return dataclasses.replace(rules, decks=1, max_players=7) if rng.random() < 0.25 else rules


def test_a_live_view_shows_what_the_view_shows_at_every_decision():
    rng = random.Random(3)
    for k in range(6):
        rules = random_rules(rng)
        players = rng.choice([2, 3, 5, 7])
        deal = Deal.new(rules, players, seed=k)
        tally = _Tally(deal)  # the played cards counted once for all seats, as seated_playout counts them
        lives = [LiveView(deal, seat) for seat in range(players)]
        shared = [LiveView(deal, seat, tally) for seat in range(players)]
        with pytest.raises(ValueError, match="tally: it counts another deal's cards"):
            LiveView(deal.copy(), 0, tally)
        while not deal.is_over:
            for seat, live in enumerate(lives):
                view = deal.view(seat)
                assert live.snapshot() == view
                for field in dataclasses.fields(view):
                    assert getattr(live, field.name) == getattr(view, field.name), field.name
                assert live.position() == view.position() == (
                    view.legal_actions, view.trump.index, view.trick, view.stock_size, view.drawing)
                counts = unseen(view)
                assert live.unseen() == counts
                if rng.random() < 0.5:  # the shared tally, asked by some seats at some moments
                    other = shared[seat]
                    assert other.laid_down == view.laid_down
                    kings_queens = [s * 13 + r for s in range(4) for r in (Rank.KING, Rank.QUEEN)]
                    for card in rng.sample(range(52), 8) + kings_queens:
                        assert other.unseen_of(card) == (counts[card], sum(counts)), card
                    assert other.unseen() == counts
            deal.apply(rng.choice(deal.legal_actions()))


@pytest.mark.parametrize("bots", [
    "greedy", "heuristic", ["random", "greedy", "heuristic", "sampling"], [make_search_bot(2), "heuristic", "random"],
])
def test_the_fast_path_makes_the_choices_the_slow_loop_makes(bots):
    mix = dataclasses.replace(ITALIAN, draw="after_each_card", name="custom")
    for seed, rules in enumerate([RUSSIAN, ITALIAN, mix]):
        n = 4 if isinstance(bots, list) and len(bots) == 4 else 3
        fast = play(Deal.new(rules, n, seed=seed), bots, random.Random(seed))
        slow = play(Deal.new(rules, n, seed=seed), bots, random.Random(seed), fast=False)
        assert fast.record() == slow.record()


# -- the search bot and the oracle ----------------------------------------------------------------------


def test_the_heuristic_s_shortcuts_give_what_their_definitions_give():
    """The least card by worth (with Bi-bi hopes) that ``_weigh_hopes`` finds by pruning is ``min`` by (worth,
    rank) over the cards; with no hope to weigh it is ``min`` by the shed keys, which the bot takes instead."""
    from bibi.heuristic import _Reading, _rules_facts, _weigh_hopes

    rng = random.Random(11)
    compared = {"hopes": 0, "moved": 0, "plain": 0}
    for k in range(80):
        rules = random_rules(rng)
        deal = Deal.new(rules, rng.choice([2, 3, 4, 6]), seed=k)
        while not deal.is_over:
            legal = deal.legal_actions()
            cards = [a for a in legal if isinstance(a, Card)]
            if len(cards) > 1:
                view = LiveView(deal, deal.to_act)
                facts = _rules_facts(rules)
                trump = deal.trump.index
                stock, n = deal.stock_size, deal.players
                final = not deal.drawing or stock < 2 * n
                keep = 20 if final else (3 if facts.must_follow else 10)
                draws = stock // n if deal.drawing else 0
                reading = _Reading(view, facts, trump, (draws, final, keep))
                key = facts.least_order[trump][final]
                expected = min(cards, key=lambda c: (reading.worth(c), c % 13))
                assert _weigh_hopes(cards, key, reading) == expected
                if draws and min(cards, key=key) % 13 in (Rank.KING, Rank.QUEEN):
                    compared["hopes"] += 1  # the bot weighs the hopes here
                    compared["moved"] += min(cards, key=key) != expected  # a hope changed the least card
                else:
                    assert min(cards, key=key) == expected  # no hope to weigh: the keys alone
                    compared["plain"] += 1
            deal.apply(rng.choice(legal))
    assert compared["hopes"] > 60 and compared["moved"] > 30 and compared["plain"] > 2000, compared


@pytest.mark.slow
def test_the_search_bot_plays_only_legal_actions_under_random_rule_mixes():
    rng = random.Random(14)
    small = make_search_bot(1)
    asked = 0

    def checked(view, bot_rng):
        nonlocal asked
        action = small(view, bot_rng)
        assert action in view.legal_actions
        asked += 1
        return action

    k = 0
    while asked < 2000:
        rules = random_rules(rng)
        players = rng.choice([2, 3, 4, 6, 7, 12] if rules.decks == 2 else [2, 3, 5, 7])
        bots = [checked] + [rng.choice([random_bot, heuristic_bot, checked]) for _ in range(players - 1)]
        deal = play(Deal.new(rules, players, seed=k), bots, random.Random(k))
        assert deal.is_over
        k += 1


def test_the_search_bot_is_deterministic_for_a_seed_and_budget():
    bot = make_search_bot(3)
    one = play(Deal.new(ITALIAN, 3, seed=8), [bot, "heuristic", bot], random.Random(8))
    two = play(Deal.new(ITALIAN, 3, seed=8), [make_search_bot(3), "heuristic", make_search_bot(3)], random.Random(8))
    assert one.record() == two.record()


@pytest.mark.parametrize("kwargs, message", [
    (dict(worlds=0), "worlds: 0 is not a whole number ≥ 1"),
    (dict(tries=1.5), "tries: 1.5"),
    (dict(margin=-1), "margin: -1 is not a number ≥ 0"),
    (dict(prior="even"), "prior: 'even' is not one of keeps, uniform"),
])
def test_the_search_budget_is_checked(kwargs, message):
    with pytest.raises(ValueError, match=message):
        make_search_bot(**kwargs)


def test_the_search_bot_names_its_budget_and_prior():
    assert search_bot.__name__ == "search_bot" and make_search_bot(30).__name__ == "search_bot(30)"
    assert make_search_bot(30, prior="uniform").__name__ == "search_bot[uniform](30)"
    assert make_search_bot(30, sequential=False).__name__ == "search_bot[every world](30)"
    with pytest.raises(TypeError, match="sequential: expected True or False, not 1"):
        make_search_bot(sequential=1)  # type: ignore[arg-type]


def test_the_race_within_its_first_look_is_the_search_of_every_world():
    """Up to its first look the racing search plays every action in every world it deals, the worlds the search
    of every world deals from the same stream: with that budget both make the same choices all deal long."""
    from bibi.bots import _FIRST

    records = [play(Deal.new(RUSSIAN, 4, seed=3), [make_search_bot(_FIRST, sequential=sequential), "heuristic",
                                                   "heuristic", "heuristic"], random.Random(3)).record()
               for sequential in (True, False)]
    assert records[0] == records[1]


def test_the_search_priors_deal_the_same_view_differently():
    """Both priors see only the view and keep every world consistent with it; the "keeps" prior's worlds differ from
    the random ones (same stream), so the two bots' estimates differ at a position while the stock lasts."""
    deal = play(Deal.new(RUSSIAN, 6, seed=11), "heuristic", random.Random(11), actions=25)
    view = deal.view(deal.to_act)
    keeps = explain(make_search_bot(8), view, random.Random(3))
    uniform = explain(make_search_bot(8, prior="uniform"), view, random.Random(3))
    assert set(keeps.values) == set(uniform.values) == set(view.legal_actions)
    assert keeps.values != uniform.values


def test_the_oracle_needs_the_deal_it_plays_in():
    deal = Deal.new(RUSSIAN, 3, seed=2)
    other = Deal.new(RUSSIAN, 3, seed=3)
    with pytest.raises(TypeError, match="deal: expected a Deal"):
        make_oracle_bot(deal.view(0))
    with pytest.raises(ValueError, match="oracle: the view of seat"):
        make_oracle_bot(other)(deal.view(deal.to_act), random.Random(1))
    bots = ["heuristic"] * 3
    bots[1] = make_oracle_bot(deal)
    assert play(deal, bots, random.Random(2)).is_over


@pytest.mark.slow
def test_the_search_bot_scores_more_than_the_heuristic_heads_up():
    # One pack heads-up: short deals, few hidden cards, and the search's edge shows in few deals.
    rules = dataclasses.replace(RUSSIAN, decks=1, max_players=7, name="custom")
    gain, error = paired_gain(rules, 2, make_search_bot(12), heuristic_bot, deals=100, seed=300)
    assert gain > 2 * error and gain > 2


@pytest.mark.slow
def test_the_oracle_scores_more_than_the_search_bot():
    rules = dataclasses.replace(RUSSIAN, decks=1, max_players=7, name="custom")
    gains = []
    for i in range(30):
        seat = i % 2
        scores = []
        for make in (make_oracle_bot, lambda deal: make_search_bot(4)):
            deal = Deal.new(rules, 2, seed=400 + i, log=False)
            bots = [heuristic_bot] * 2
            bots[seat] = make(deal)
            scores.append(play(deal, bots, random.Random(i)).scores[seat])
        gains.append(scores[0] - scores[1])
    assert statistics.fmean(gains) > 3 * statistics.stdev(gains) / len(gains) ** 0.5


# -- reasons in words: the facts they cite are the engine's -----------------------------------------------------



def _card(text: str):
    from bibi.cards import CARDS

    return next(c for c in CARDS if c.unicode == text)


def hidden_copies(deal: Deal, seat: int, card) -> int:
    """Copies of ``card`` the seat cannot see in the true deal: in other hands (not laid down) or the stock."""
    held = sum(deal.hand(s).count(card) - deal.laid_down(s).count(card) for s in range(deal.players) if s != seat)
    return held + deal.stock().count(card)


@pytest.mark.parametrize("rules", [RUSSIAN, ITALIAN, dataclasses.replace(RUSSIAN, bibi_suits="any", name="custom")],
                         ids=["russian", "italian", "any-suit"])
def test_the_explanations_cite_the_facts_of_the_position(rules):
    import re

    from bibi.play import explain

    checked = {"points": 0, "unseen": 0, "trump": 0}
    points_of = rules.card_points.per_card()
    for players in (3, 5):
        for deal in decisions(rules, players, seed=20 + players, every=2):
            seat = deal.to_act
            view = deal.view(seat)
            for bot in (greedy_bot, heuristic_bot, random_bot):
                one, two = random.Random(5), random.Random(5)
                why = explain(bot, view, one)
                assert why.action == bot(view, two) and one.random() == two.random()  # same choice, same draws
                assert why.reason and why.action in view.legal_actions
                for held in re.findall(r"the trick holds (?:only )?(\d+) points|it holds (\d+) points", why.reason):
                    assert int(held[0] or held[1]) == sum(points_of[c] for _, c in deal.trick)
                    checked["points"] += 1
                # {call} of the rules; the words are the hint's (``bibi.render.text.call_hope``)
                said = r"keeps (\S+) hoping for a (?:Bi-bi|bip bip|Pip-Pip), with (one|both) (\S+) still out"
                for card, count, partner in re.findall(said, why.reason):
                    card, partner = _card(card), _card(partner)
                    assert card in deal.hand(seat) and partner.rank in (card.rank.KING, card.rank.QUEEN)
                    assert deal.hand(seat).count(partner) <= deal.laid_down(seat).count(partner)  # no pair yet
                    # R22: a card that has formed a pair forms no other, so the kept copy is a free one.
                    assert deal.hand(seat).count(card) > deal.laid_down(seat).count(card)
                    assert (1 if count == "one" else 2) == hidden_copies(deal, seat, partner)
                    checked["unseen"] += 1
                for card in re.findall(r"trumps in with (\S+):", why.reason):
                    assert _card(card).suit == deal.trump
                    checked["trump"] += 1
    assert all(checked.values()), checked


@pytest.mark.parametrize("rules", [RUSSIAN, ITALIAN], ids=["russian", "italian"])
def test_the_heuristic_s_final_trick_reasons_cite_the_facts_of_the_position(rules):
    """Its trump leads, the winners it does not risk and the pointless tricks it takes when last (README, "Bot
    strength"): the cards, points and unseen counts it names are the engine's, at six players."""
    import re

    from bibi.cards import CARDS
    from bibi.play import explain, play_seeded, snapshots

    checked = {"lead": 0, "risk": 0, "bank": 0}
    points_of = rules.card_points.per_card()
    second_wins = rules.identical == "second_wins"
    for seed in range(4):
        for deal in snapshots(play_seeded(rules, 6, seed, "heuristic")):
            seat = deal.to_act
            if seat is None or deal.stock_size >= 2 * deal.players and deal.drawing:
                continue
            why = explain(heuristic_bot, deal.view(seat), random.Random(5))
            on_table = sum(points_of[c] for _, c in deal.trick)
            for card, count in re.findall(r"leads its lowest trump (\S+): it holds (\d+) trumps", why.reason):
                trumps = [c for c in deal.hand(seat) if c.suit == deal.trump]
                assert not deal.trick and _card(card) == min(trumps) and int(count) == len(trumps) >= 3
                checked["lead"] += 1
            found = re.findall(r"does not risk (\S+) \((\d+) points\) on a trick of (\d+): (one|\d+) unseen",
                               why.reason)
            for card, worth, held, count in found:
                card = _card(card)
                assert int(worth) == points_of[card] > int(held) == on_table and why.action != card
                beaters = {c for c in CARDS if c.suit == card.suit and (c > card or (c == card and second_wins))}
                assert (1 if count == "one" else int(count)) == sum(hidden_copies(deal, seat, c) for c in beaters)
                checked["risk"] += 1
            for card, worth in re.findall(r"takes it with (\S+), banking its (\d+) points", why.reason):
                assert len(deal.trick) == deal.players - 1 and not on_table and why.action == _card(card)
                assert int(worth) == points_of[_card(card)] > 0
                checked["bank"] += 1
    if rules.follow != "must_follow":
        assert not checked.pop("lead")  # trumps are led so only under R13
    assert all(checked.values()), checked


def test_the_search_bot_explains_with_its_estimates():
    from bibi.play import explain

    deal = play(Deal.new(ITALIAN, 4, seed=6), "heuristic", random.Random(6), actions=30)
    view = deal.view(deal.to_act)
    bot = make_search_bot(6)
    why = explain(bot, view, random.Random(9))
    assert why.action == bot(view, random.Random(9))
    assert set(why.values) == set(view.legal_actions)
    assert "6 deals consistent with what it has seen" in why.reason
    assert f"{max(why.values.values()):.1f}" in why.reason


def test_R15_the_bots_say_why_they_say_bibi():
    from bibi.play import explain

    deal = new_deal("russian", ["KH QH 3C", "", ""], trump="S")  # seat 1 holds a pair in the dealt-pair pass
    view = deal.view(deal.to_act)
    for bot in (greedy_bot, heuristic_bot):
        why = explain(bot, view, random.Random(1))
        assert str(why.action) == "bibi H" and why.reason == "says Bi-bi with K+Q of ♥: +50 points (R15)"
    assert explain(random_bot, view, random.Random(1)).reason == "at random, one of 2 legal actions"


def test_the_bots_rules_tables_stay_few_in_a_long_session():
    import bibi.bots as bots

    for points in range(300):  # a rules panel changing the Bi-bi's worth 300 times
        rules = dataclasses.replace(RUSSIAN, bibi_points=points, name="custom")
        assert bots._rules_facts(rules).bibi_points == points
    assert len(bots._rules_facts) <= bots._rules_facts.size


def test_where_worlds_are_hard_to_find_the_search_says_so_and_plays_the_heuristics_choice():
    """Deal 733 of the strength runs (seed 20993, Italian, six players), seat 1 after seven tricks: no quick
    attempt of the sampler finds a world there. With this stream the steps of search the decision may spend
    (``_STEPS``) run out after two worlds, too few to judge by (``_FEWEST``): the search plays the heuristic's
    choice and says why. With another stream it finds six, and weighs them. (The search without inference: within
    the others' plays' beliefs the registered search's sampler meets this position otherwise.)"""
    from bibi.play import bots_rng

    search_bot = make_search_bot()

    seed = 20260 + 733
    deal = play(Deal.new(ITALIAN, 6, seed=seed), ["heuristic"] * 6, bots_rng(seed),
                until=lambda d: len(d.tricks) == 7 and d.to_act == 1 and len(d.legal_actions()) > 1)
    view = deal.view(1)
    told = explain(search_bot, view, random.Random(0))
    heuristic = explain(heuristic_bot, view, random.Random(0))
    assert told.action == heuristic.action
    assert told.reason == ("deals consistent with what it has seen are hard to find here: its search found 2 in the "
                           "steps it may take, too few to judge by, so it plays the heuristic's choice: "
                           + heuristic.reason)
    weighed = explain(search_bot, view, random.Random(2))
    assert weighed.reason.startswith("played every choice out in 6 deals consistent with what it has seen")


def _endgame_positions(rules, players: int, seeds, most: int):
    """Positions of heuristic play where the stock is empty and the seat to act, with ``most`` cards or fewer, has a
    choice: the last tricks the search's ``endgame`` judges."""
    from bibi.play import bots_rng

    for seed in seeds:
        deal = play(Deal.new(rules, players, seed=seed), ["heuristic"] * players, bots_rng(seed),
                    until=lambda d: d.stock_size == 0 and d.to_act is not None
                    and len(d.hand(d.to_act)) <= most and len(d.legal_actions()) > 1)
        if not deal.is_over:
            yield deal


@pytest.mark.parametrize("rules", [RUSSIAN, ITALIAN])
def test_the_last_tricks_judged_exactly_score_the_best_of_the_seats_own_ways(rules):
    """``_best_reply``: with two cards left the seat's one choice decides, so it is the best of the two playouts; with
    more, never less than the quick rule's own line (one of the ways it tries), and more in some worlds."""
    from bibi.bots import _best_reply, _playout

    more = 0
    for deal in _endgame_positions(rules, 4, range(40), 4):
        seat = deal.to_act
        outs = []
        for action in deal.legal_actions():
            branch = deal.copy()
            branch.apply(action)
            outs.append(_playout(branch).scores[seat])
        best = _best_reply(deal.copy(), seat)
        if len(deal.hand(seat)) == 2:
            assert best == max(outs)
        assert best >= _playout(deal.copy()).scores[seat]
        more += best > _playout(deal.copy()).scores[seat]
    assert more >= 3


def test_the_search_with_the_endgame_values_each_action_at_least_as_the_quick_rule_does():
    """The race (one look of ``_FIRST`` worlds: the same worlds either way, from the same stream) with ``endgame``
    values every action at least as high as without it, and some higher: the option reaches the search's judge."""
    from bibi.bots import _FIRST

    higher = 0
    for deal in _endgame_positions(RUSSIAN, 6, range(20260, 20275), 5):
        view = deal.view(deal.to_act)
        exact = explain(make_search_bot(_FIRST, endgame=5), view, random.Random(1)).values
        quick = explain(make_search_bot(_FIRST), view, random.Random(1)).values
        assert exact is not None and quick is not None and exact.keys() == quick.keys()
        assert all(exact[a] >= quick[a] for a in quick)
        higher += exact != quick
    assert higher >= 2


def test_the_registered_search_reads_the_others_play_and_judges_the_last_tricks_exactly():
    """``search`` (the expert level, the hints) is the strongest measured: bench/README.md, "Inference from play"."""
    from bibi.bots import SEARCH_ENDGAME

    assert search_bot.__name__ == "search_bot" and get_bot("search") is search_bot
    deal = next(_endgame_positions(RUSSIAN, 6, range(20260, 20300), SEARCH_ENDGAME))
    view = deal.view(deal.to_act)
    strongest = make_search_bot(infer=True, careful=True, endgame=SEARCH_ENDGAME)
    assert explain(search_bot, view, random.Random(4)) == explain(strongest, view, random.Random(4))
    with pytest.raises(ValueError, match=r"^endgame: -1 is not a whole number ≥ 0$"):
        make_search_bot(endgame=-1)
    with pytest.raises(TypeError, match=r"^endgame: '5' is not"):
        make_search_bot(endgame="5")  # type: ignore[arg-type]
