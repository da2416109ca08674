"""The OpenSpiel game ``python_bibi`` (``bibi.openspiel``): OpenSpiel's own API checks over the presets and mixed
rules, deal for deal the same as ``bibi.play`` on the same packs with the same bots, resampling that keeps what a
seat knows, and OpenSpiel's Python ISMCTS and MCTS playing on it.

``make test`` installs the ``openspiel`` extra, so these run there; elsewhere they are skipped, saying why.
"""

from __future__ import annotations

import dataclasses
import importlib
import random
import sys

import numpy as np
import pytest

pytestmark = pytest.mark.fast

pyspiel = pytest.importorskip(
    "pyspiel", reason="open-spiel is not installed: pip install 'bibi-kit[openspiel]' (make test installs it)"
)

from bibi import openspiel as bo  # noqa: E402  (after the skip: it needs pyspiel)
from bibi.bots import make_search_bot  # noqa: E402
from bibi.deal import PASS, Deal  # noqa: E402
from bibi.play import as_bots, bots_rng, play  # noqa: E402
from bibi.rules import ENGLISH, ITALIAN, PRESETS, RUSSIAN, CardPoints, parse_rules  # noqa: E402

MIXES = [
    (dataclasses.replace(RUSSIAN, follow="follow_or_trump", dealt_pairs=False), 2),
    (dataclasses.replace(ITALIAN, dealt_pairs=True, bibi_suits="non_trump"), 3),
    (dataclasses.replace(RUSSIAN, bibi_call="mandatory", draw="after_trick"), 5),
    (dataclasses.replace(RUSSIAN, trump_change="holder_chooses", turn_up="failed_draw"), 6),
    (dataclasses.replace(ENGLISH, trump_change="next_deal", multi_call="last", bibi_suits="any"), 7),
    (dataclasses.replace(RUSSIAN, decks=1, dealt_pairs=False), 7),  # one pack: the leftovers turn up at once
    (dataclasses.replace(ITALIAN, identical="first_wins", bibi_points=20), 9),
    (dataclasses.replace(RUSSIAN, card_points=CardPoints.parse("A:11 T:10 K:4 Q:3 J:2"), hand_size=5), 12),
    (dataclasses.replace(ITALIAN, bibi_call="optional", draw="after_each_card", turn_up="trick_start"), 4),
]


def random_state(game, rng: random.Random, stop: float = -1.0):
    """A state of ``game`` reached by random chance and random players; with ``stop`` < 1, stopped at a decision
    with that chance at each one."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
            continue
        if rng.random() < stop:
            return state
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_the_rules_travel_in_a_game_string_and_back():
    rules = [*PRESETS.values(), *(r for r, _ in MIXES), parse_rules("custom:bibi_points=30")]
    for r in rules:
        text = bo.encode_rules(r)
        assert "=" not in text and "," not in text and " " not in text
        assert bo.decode_rules(text) == r and bo.decode_rules(text).label == r.label
        game = pyspiel.load_game(f"python_bibi(players=4,rules={text})")
        assert game.rules == r and game.num_players() == 4
    with pytest.raises(ValueError, match="rules: 'nonsense%3D1' is not an encoded rules label"):
        bo.decode_rules("nonsense%3D1")
    with pytest.raises(ValueError, match="players"):
        bo.load("russian", 13)


@pytest.mark.parametrize("rules, players", [(r, n) for r, n in zip(PRESETS.values(), (4, 2, 12), strict=True)]
                         + MIXES)
def test_openspiels_random_simulation_test_passes(rules, players):
    game = bo.load(rules, players)
    assert game.num_players() == players and game.max_chance_outcomes() == 52
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def openspiel_deal(rules, players: int, seed: int, bots) -> tuple[bo.BibiState, int]:
    """The deal of ``seed`` through OpenSpiel: the kit's pack as chance outcomes, the bots asked as ``play`` asks
    them (a forced move taken without asking, the seat's ``View``, one stream ``bots_rng(seed)``)."""
    game = bo.load(rules, players)
    outcomes = iter(bo.chance_outcomes_of(Deal.new(rules, players, seed=seed)))
    seats, rng = as_bots(bots, players), bots_rng(seed)
    state, forced = game.new_initial_state(), 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(next(outcomes))
            continue
        legal = state.legal_actions()
        if len(legal) == 1:
            forced += bo.engine_action(legal[0]) is PASS
            state.apply_action(legal[0])
            continue
        seat = state.current_player()
        state.apply_action(bo.action_id(seats[seat](state.view(seat), rng)))
    return state, forced


@pytest.mark.parametrize("rules", ["russian", "italian"])
@pytest.mark.parametrize("players, bots", [(2, "heuristic"), (4, "heuristic"), (5, "random"), (7, "greedy"),
                                           (12, "heuristic")])
def test_a_deal_through_openspiel_is_the_kits_deal_on_the_same_pack(rules, players, bots):
    for seed in (players, 100 + players):
        kit = play(Deal.new(rules, players, seed=seed), bots, bots_rng(seed))
        state, forced = openspiel_deal(rules, players, seed, bots)
        through = state.deal()
        assert forced > 0 and through.ask_every_chance
        assert [str(a) for a in through.actions if a is not PASS] == [str(a) for a in kit.actions if a is not PASS]
        assert through.tricks == kit.tricks and through.calls == kit.calls and through.scores == kit.scores
        assert through.deck[:through.cards_read] == kit.deck[:kit.cards_read]
        mean = sum(kit.scores) / players
        assert state.returns() == pytest.approx([s - mean for s in kit.scores])


def test_the_search_bot_plays_the_same_deal_through_openspiel():
    # Its worlds are drawn from the seat's view, which is the same at a table asked at every chance.
    search = make_search_bot(worlds=4)
    kit = play(Deal.new("russian", 3, seed=4), search, bots_rng(4))
    state, _ = openspiel_deal("russian", 3, 4, search)
    assert state.deal().tricks == kit.tricks and state.deal().scores == kit.scores


@pytest.mark.parametrize("rules, players", [(RUSSIAN, 4), (ITALIAN, 3), (ENGLISH, 6), MIXES[2], MIXES[3]])
def test_a_resampled_state_is_the_same_to_the_seat_and_differs_where_it_cannot_look(rules, players):
    game = bo.load(rules, players)
    rng = random.Random(players)
    differ = checked = 0
    for k in range(12):
        state = random_state(game, rng, stop=rng.choice((0.01, 0.03, 0.2)))
        if state.is_terminal():
            continue
        for player in {state.current_player(), rng.randrange(players)}:
            again = state.resample_from_infostate(player, random.Random(k))
            assert again.information_state_string(player) == state.information_state_string(player)
            assert again.observation_string(player) == state.observation_string(player)
            assert again.current_player() == state.current_player()
            if player == state.current_player():  # another seat's legal actions depend on its hidden hand
                assert again.legal_actions() == state.legal_actions()
            assert np.array_equal(again.information_state_tensor(player), state.information_state_tensor(player))
            assert np.array_equal(again.observation_tensor(player), state.observation_tensor(player))
            others = [s for s in range(players) if s != player]
            differ += any(again.deal().hand(s) != state.deal().hand(s) for s in others)
            checked += 1
    assert checked >= 12 and differ >= checked // 2


def test_resampling_is_seeded_and_asked_only_at_a_decision():
    game = bo.load("russian", 4)
    state = random_state(game, random.Random(3), stop=0.05)
    one = state.resample_from_infostate(0, random.Random(9))
    two = state.resample_from_infostate(0, random.Random(9))
    assert one.history() == two.history()
    dealing = game.new_initial_state()
    with pytest.raises(ValueError, match="only at a player's decision"):
        dealing.resample_from_infostate(0, random.Random(1))


def test_what_a_seat_is_told_holds_no_other_hand():
    # Another seat's cards never reach a seat's strings: its hand differs in the twin states resampling makes.
    game = bo.load("russian", 4)
    state = random_state(game, random.Random(5), stop=0.02)
    player = state.current_player()
    text = state.information_state_string(player)
    assert f"hand {' '.join(map(str, state.deal().hand(player)))}" in text
    assert all(f"hand {' '.join(map(str, state.deal().hand(s)))}" not in text for s in range(4) if s != player)


def test_leftovers_turned_up_before_the_first_trick_are_chance_outcomes_too():
    rules, players = MIXES[5]
    game = bo.load(rules, players)
    state = random_state(game, random.Random(1), stop=1.0)  # the first decision
    assert len(state.history()) == 2 + 52 and state.deal().cards_read == 52 and len(state.deal().leftovers) == 3


def test_every_seat_sees_who_decides_on_a_call():
    # The engine asks every seat at each chance (ask_every_chance): the public player to move tells no pair.
    game = bo.load("russian", 4)
    state = random_state(game, random.Random(2), stop=-1.0)
    deal = state.deal()
    assert deal.ask_every_chance and deal.actions.count(PASS) >= 4 * 7  # at least each seat's dealt-pair pass


def test_openspiels_ismcts_and_mcts_play_on_it():
    from open_spiel.python.algorithms import ismcts, mcts

    game = bo.load("russian", 3)
    state = random_state(game, random.Random(7), stop=1.0)  # the first decision
    while len(state.legal_actions()) == 1:
        state.apply_action(state.legal_actions()[0])
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
    chosen = []
    for _ in range(2):
        bot = bo.ismcts_bot(game, seed=11, simulations=20)
        chosen.append(bot.step(state))
    assert chosen[0] == chosen[1] and chosen[0] in state.legal_actions()  # seeded: the same choice every run
    assert isinstance(bot, ismcts.ISMCTSBot)
    searcher = mcts.MCTSBot(game, 2.0, 20, bo.engine_rollouts(3), random_state=np.random.RandomState(3))
    for _ in range(3):  # a few decisions, chance played by its outcomes
        state.apply_action(searcher.step(state))
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[-1][0])


@pytest.mark.parametrize("players", [3, 6])
def test_openspiels_stock_ismcts_plays_whole_deals_as_it_comes(players):
    """OpenSpiel's ``ISMCTSBot`` with none of the kit's help (its own evaluator, no resampler set): it resamples
    with ``state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0., 1.))``, a sampler that is
    called, and plays whole deals, at two seats, beside OpenSpiel's uniform random bots."""
    from open_spiel.python.algorithms import ismcts, mcts

    game = bo.load("russian", players)
    chance = np.random.RandomState(players)
    bots = [ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(seat)), 2.0, 4,
                             random_state=np.random.RandomState(10 + seat)) for seat in range(2)]
    bots += [pyspiel.make_uniform_random_bot(seat, 20 + seat) for seat in range(2, players)]
    for _ in range(2):
        state = game.new_initial_state()
        searched = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(chance.choice(outcomes, p=probabilities))
                continue
            player = state.current_player()
            searched += player < 2 and len(state.legal_actions()) > 1
            action = bots[player].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
        assert searched > 0 and abs(sum(state.returns())) < 1e-9
        assert state.deal().is_over and len(state.deal().tricks) == state.deal().tricks_total


def test_openspiels_evaluate_bots_plays_the_game_with_its_own_bots():
    """``evaluate_bots`` as it comes (it asks each bot to ``restart_at`` the state, which OpenSpiel's Python
    ``ISMCTSBot`` does not offer, so its own bots here): whole deals, zero-sum returns, the same for the same seed."""
    from open_spiel.python.algorithms import evaluate_bots

    game = bo.load("italian", 5)
    runs = []
    for _ in range(2):
        bots = [pyspiel.make_uniform_random_bot(seat, 40 + seat) for seat in range(5)]
        runs.append(evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(4)))
    assert runs[0] == runs[1] and len(runs[0]) == 5 and abs(sum(runs[0])) < 1e-9


def test_resample_from_infostate_takes_openspiels_sampler_and_refuses_anything_else():
    state = random_state(bo.load("russian", 4), random.Random(3), stop=1.0)
    world = state.resample_from_infostate(state.current_player(), pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert world.information_state_string(state.current_player()) == state.information_state_string()
    same = [state.resample_from_infostate(1, lambda: 0.25).history() for _ in range(2)]
    assert same[0] == same[1]  # one seed drawn from the sampler: the same draw, the same world
    with pytest.raises(TypeError, match=r"probability_sampler: expected a random.Random or a callable"):
        state.resample_from_infostate(0, 0.5)
    with pytest.raises(ValueError, match=r"probability_sampler: gave 1.5, not a number in \[0, 1\)"):
        state.resample_from_infostate(0, lambda: 1.5)


def test_ismcts_plays_at_the_kits_table_through_the_play_layer():
    player = bo.IsmctsPlayer("russian", 3, seed=1, simulations=8)
    deal = play(Deal.new("russian", 3, seed=2, ask_every_chance=True), [player, "heuristic", "heuristic"],
                bots_rng(2))
    assert deal.is_over
    with pytest.raises(ValueError, match="ask_every_chance=True"):
        play(Deal.new("russian", 3, seed=2), [player, "heuristic", "heuristic"], bots_rng(2))


def test_without_open_spiel_the_import_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # as if it were not installed
    monkeypatch.delitem(sys.modules, "bibi.openspiel")
    with pytest.raises(ImportError, match=r"pip install 'bibi-kit\[openspiel\]'"):
        importlib.import_module("bibi.openspiel")
    monkeypatch.undo()
    assert importlib.import_module("bibi.openspiel") is bo


def test_in_the_browser_the_import_says_to_run_it_in_a_local_install(monkeypatch):
    """In Pyodide (the JupyterLite site) there is no OpenSpiel to install: the error says so, and where it runs."""
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    monkeypatch.delitem(sys.modules, "bibi.openspiel")
    monkeypatch.setattr(sys, "platform", "emscripten")
    with pytest.raises(ImportError, match=r"cannot install: OpenSpiel has no build for it\. Run this in a local "
                                          r"install of the kit, with pip install 'bibi-kit\[openspiel\]'") as caught:
        importlib.import_module("bibi.openspiel")
    assert caught.value.name == "pyspiel"
    monkeypatch.undo()
    assert importlib.import_module("bibi.openspiel") is bo
