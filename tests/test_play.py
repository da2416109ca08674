"""The play layer (bibi.play): one loop, its stop conditions and conventions, and the same deal on every surface.

The central promise: the same rules, players, seed and bots give the same deal whether it is played by the
command line, the play layer, simulate's bot path, a widget or a Game.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from dataclasses import FrozenInstanceError

import pytest

from bibi.bots import greedy_bot, heuristic_bot
from bibi.cards import CARDS, Card
from bibi.deal import PASS, Deal, IllegalAction
from bibi.dealing import shuffle
from bibi.game import Game, play_game
from bibi.live import LiveView
from bibi.play import (
    BOTS,
    BotError,
    as_bots,
    bot_name,
    bots_rng,
    get_bot,
    last_seen_move,
    lockstep,
    play,
    play_seeded,
    random_bot,
    random_choice,
    register,
    snapshots,
    trick_number,
)
from bibi.playout import random_playout, seated_playout
from bibi.rules import RUSSIAN, parse_rules
from bibi.simulation import deal_seed, simulate

pytestmark = pytest.mark.fast

TABLES = [
    ("ru", 4, 31, "heuristic"),
    ("it", 5, 7, "greedy"),
    ("ru:follow=follow_or_trump,draw=after_trick", 3, 12, "random"),
]


def cli_record(label: str, players: int, seed, bots: str, *extra: str) -> dict:
    done = subprocess.run(
        [sys.executable, "-m", "bibi", "deal", "--rules", label, "--players", str(players), "--seed", str(seed),
         "--bots", bots, "--json", *extra], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def as_a_person(table, bot) -> None:
    """Play the table's own seat as ``bot`` would from the same stream: a person who happens to choose alike."""
    deal = table.deal
    while not deal.is_over:
        legal = deal.legal_actions()
        table.play(legal[0] if len(legal) == 1 else bot(deal.view(table.seat), table._rng))
        deal = table.deal


@pytest.mark.subprocess
@pytest.mark.widgets
@pytest.mark.parametrize("label, players, seed, bots", TABLES)
def test_the_same_seed_plays_the_same_deal_on_every_surface(label, players, seed, bots):
    from test_widgets import no_errors

    import bibi.widgets as views

    rules = parse_rules(label)
    bot = get_bot(bots)
    layer = play_seeded(rules, players, seed, bots).record()
    assert cli_record(label, players, seed, bots) == layer
    assert Game.new(rules, players, seed=seed).play(bots).deals[0].record() == layer
    assert views.DealExplorer(rules, players, seed, bot=bot).final.record() == layer
    panel = views.RulesPanel(rules, players, seed, bot=bot)  # its baseline is the preset the rules start from
    assert panel.deal.record() == layer
    assert panel.base_deal.record() == play_seeded(panel.baseline, players, seed, bots).record()
    table = views.PlayTable(rules, players, bots=bot, seat=1, seed=seed)
    as_a_person(table, bot)
    no_errors(table)
    assert table.deal.record() == layer
    # simulate's deal i is the deal of the seed deal_seed(run seed, i), with seat i mod players dealing
    sim = simulate(rules, players, deals=3, bots=bots, seed=seed, progress=False)
    for i in range(3):
        key = deal_seed(seed, i)
        alone = play(Deal.new(rules, players, seed=key, dealer=i % players), bots, bots_rng(key))
        assert sim.deal(i).record() == alone.record()
        assert tuple(sim.seats.query(f"deal == {i}").score) == alone.scores
    assert cli_record(label, players, deal_seed(seed, 2), bots, "--dealer", str(2 % players)) == alone.record()


@pytest.mark.parametrize("label", ["ru", "it", "ru:decks=1,max_players=7,bibi_call=mandatory"])
def test_the_fast_path_is_the_same_loop_as_random_bots_asked_one_by_one(label):
    for seed in range(5):
        fast = play_seeded(label, 5, seed, "random")
        slow = play(Deal.new(label, 5, seed=seed), "random", bots_rng(seed), fast=False)
        assert fast.record() == slow.record()


@pytest.mark.parametrize("label", ["ru", "it", "en", "ru:decks=1,max_players=7,trump_change=holder_chooses"])
def test_random_playout_is_playout_with_random_choice(label):
    # The one fast loop with the draw written in, with it asked of a chooser, and the public loop: one deal.
    for seed in range(20):
        folded = random_playout(Deal.new(label, 2 + seed % 6, seed=seed), random.Random(seed))
        asked = Deal.new(label, 2 + seed % 6, seed=seed).playout(random_choice(random.Random(seed)))
        public = play(Deal.new(label, 2 + seed % 6, seed=seed), "random", random.Random(seed), fast=False)
        assert folded.record() == asked.record() == public.record() and folded.events == asked.events
    with pytest.raises(TypeError, match="rng: expected a random.Random, not 7"):
        random_playout(Deal.new(label, 4, seed=0), 7)


def test_the_fast_loop_asks_no_forced_move():
    # A chooser is asked only where there is a choice (the kit's convention: a forced move draws nothing).
    asked = []
    deal = Deal.new("ru", 4, seed=5).playout(lambda legal: asked.append(len(legal)) or legal[0])
    assert deal.is_over and asked and min(asked) == 2 and len(asked) < len(deal.actions)


def test_the_engines_shuffle_is_random_shuffle():
    """deal.shuffle writes CPython's Random.shuffle out for speed: the same draws, the same order, always."""
    for seed in range(3000):
        for size in (2, 52, 104):
            ours, theirs = list(range(size)), list(range(size))
            a, b = random.Random(seed), random.Random(seed)
            shuffle(ours, a)
            b.shuffle(theirs)
            assert ours == theirs and a.random() == b.random()

    class Loaded(random.Random):  # any other generator is asked to shuffle, so its own draws count
        def random(self):
            return 0.0

    ours, theirs = list(range(52)), list(range(52))
    shuffle(ours, Loaded(1))
    Loaded(1).shuffle(theirs)
    assert ours == theirs


def test_a_forced_move_is_taken_without_asking_the_bot_and_draws_nothing():
    asked = []

    def counting(view, rng):
        assert len(view.legal_actions) > 1
        asked.append(rng.random())
        return view.legal_actions[0]

    deal = play_seeded("ru", 3, 4, counting)
    rng = bots_rng(4)
    assert asked == [rng.random() for _ in asked]  # one draw per question, none for the forced moves
    forced = len(deal.actions) - len(asked)
    assert forced > 0


def test_random_bot_and_random_choice_draw_alike():
    deal = Deal.new("it", 4, seed=2)
    view = deal.view(deal.to_act)
    assert random_bot(view, random.Random(5)) == random_choice(random.Random(5))(view.legal_actions)


def test_stop_conditions():
    full = play_seeded("ru", 4, 9, "heuristic")
    part = play(Deal.new("ru", 4, seed=9), "heuristic", bots_rng(9), actions=13)
    assert part.actions == full.actions[:13]
    trick = play(Deal.new("ru", 4, seed=9), "heuristic", bots_rng(9), trick_end=True)
    assert len(trick.tricks) == 1 and trick.tricks[0] == full.tricks[0] and not trick.trick
    assert trick.actions == full.actions[:len(trick.actions)]
    seat2 = play(Deal.new("ru", 4, seed=9), ["heuristic", "heuristic", None, "heuristic"], bots_rng(9))
    assert seat2.to_act == 2 and not seat2.is_over
    assert full.actions[:len(seat2.actions)] == seat2.actions
    until = play(Deal.new("ru", 4, seed=9), "heuristic", bots_rng(9), until=lambda d: d.stock_size < 70)
    assert until.stock_size < 70 and not until.is_over
    assert play(Deal.new("ru", 4, seed=9), "heuristic", bots_rng(9), actions=0).actions == ()


def test_a_person_seat_stops_a_game_and_lockstep():
    with pytest.raises(ValueError, match="seat 1 has no bot"):
        play_game(Game.new("ru", 3, seed=1), ["random", None, "random"])
    with pytest.raises(ValueError, match="seat 0 has no bot"):
        lockstep([Deal.new("ru", 3, seed=1)], [None, "random", "random"])


def test_one_seating_function_and_what_each_surface_makes_of_an_unlisted_seat():
    # as_bots reads every form a surface takes: a bot for all, one per seat, one for all in a list, a mapping.
    greedy = get_bot("greedy")
    assert as_bots("greedy", 3) == as_bots(["greedy"], 3) == as_bots({0: "greedy", 1: greedy, 2: "greedy"}, 3)
    assert as_bots({1: "greedy"}, 3) == [None, greedy, None]  # the play layer's unlisted seat: a person's
    assert as_bots({1: "greedy"}, 3, unlisted="random") == [random_bot, greedy, random_bot]
    assert as_bots(["greedy", greedy], 3, person=0) == [None, greedy, greedy]  # the other seats only
    assert as_bots([greedy, greedy, greedy], 3, person=2) == [greedy, greedy, None]  # the person's is ignored
    assert as_bots(None, 2) == [None, None]
    assert as_bots({2: " Greedy "}, 3, names=True) == [None, None, "greedy"]
    with pytest.raises(ValueError, match=r"^bots: 5 is not a seat 0…2$"):
        as_bots({5: "greedy"}, 3)
    with pytest.raises(ValueError, match="2 given for 4 seats; .* or one for each of the 3 other seats"):
        as_bots(["greedy", "greedy"], 4, person=0)
    # play: a seat left out of a mapping is a person's, and the loop stops at its decisions.
    stopped = play(Deal.new("ru", 3, seed=4), {0: "greedy", 2: "greedy"}, bots_rng(4))
    assert not stopped.is_over and stopped.to_act == 1
    # a person's table: a seat left out is played by the random bot.
    from bibi.session import Session

    session = Session(Deal.new("ru", 3, seed=4), 0, {1: "greedy"}, seed=4)
    assert session.bots == [None, greedy, random_bot]
    with pytest.raises(ValueError, match="bots: seat 2 has no bot; at a person's table every other seat needs one"):
        Session(Deal.new("ru", 3, seed=4), 0, [None, "greedy", None], seed=4)
    # a game, simulate and lockstep need a bot at every seat: a seat left out is refused.
    with pytest.raises(ValueError, match="seat 0 has no bot"):
        Game.new("ru", 3, seed=1).play({1: "random", 2: "random"})
    with pytest.raises(ValueError, match="simulate seats no person: .* for seat 1"):
        simulate("ru", 3, deals=1, bots={0: "random", 2: "random"}, seed=1, progress=False)
    with pytest.raises(ValueError, match="seat 2 has no bot"):
        lockstep([Deal.new("ru", 3, seed=1)], {0: "random", 1: "random"})


def test_play_game_is_game_play():
    one = Game.new("it", 3, seed=5).play("greedy")
    two = play_game(Game.new("it", 3, seed=5), "greedy")
    assert one.record() == two.record() and one.is_over


def test_bad_arguments_are_refused_with_their_names():
    deal = Deal.new("ru", 3, seed=1)
    with pytest.raises(TypeError, match="rng: expected a random.Random, not 5"):
        play(deal, "random", 5)
    with pytest.raises(ValueError, match="actions: -1 is not a whole number"):
        play(deal, "random", random.Random(1), actions=-1)
    with pytest.raises(TypeError, match="bots: expected a bot, a name, or one per seat, not 5"):
        as_bots(5, 3)
    with pytest.raises(ValueError, match="unknown bot 'clever'"):
        get_bot("clever")
    with pytest.raises(TypeError, match="bot: expected a bot name or a callable"):
        get_bot(3.5)
    assert deal.actions == () and deal.to_act == deal.leader


def test_a_bot_that_breaks_a_rule_is_named_and_the_deal_is_kept():
    def cheat(view, rng):
        return "pass"

    deal = Deal.new("ru", 3, seed=1, dealer=2)
    with pytest.raises(BotError, match=r"the bot of seat 0 \(cheat\) chose pass: nothing to pass on"):
        play(deal, [cheat, "random", "random"], random.Random(1))
    assert isinstance(BotError("x"), IllegalAction) and deal.actions == ()


@pytest.mark.parametrize("answer, reason", [
    (lambda view: "pass", "nothing to pass on"),  # an Action the rules refuse now
    (lambda view: "zz", "zz"),  # a notation that reads as nothing
    (lambda view: None, "None"),  # no action at all
    (lambda view: next(c for c in CARDS if c not in view.hand), "does not hold"),  # a card it does not hold
])
def test_the_fast_path_names_a_refused_answer_and_keeps_the_deal_at_it(answer, reason):
    # The fast loop's seated table (bibi.playout.seated_playout) asks the bots; the play layer names the refusal as play
    # names it, and the deal stays at the refused decision, its seat still to act.
    asked = []
    deal = Deal.new("it", 4, seed=3)

    def late_cheat(view, rng):  # plays well, then refuses at its fifth decision to play a card
        asked.append(len(deal.actions))  # the test's own reference: a view has no way back to the deal
        if len(asked) >= 5 and isinstance(view.legal_actions[0], Card):
            return answer(view)
        return heuristic_bot(view, rng)

    with pytest.raises(BotError, match=r"the bot of seat \d \(late_cheat\) chose .*" + reason):
        play(deal, late_cheat, bots_rng(3))
    assert len(deal.actions) == asked[-1] and not deal.is_over
    assert deal.legal_actions() == Deal.replay(deal.record()).legal_actions()  # no stale cache is left


class _Rude:
    """An answer whose comparison raises: the loop must not compare an answer of another type."""

    def __eq__(self, other):
        raise RuntimeError("compared")

    __hash__ = object.__hash__

    def __repr__(self):
        return "<rude>"


ANSWERS = {
    "an action refused now": (lambda view: "pass", "nothing to pass on"),
    "unreadable notation": (lambda view: "zz", "zz"),
    "no action at all": (lambda view: None, "None"),
    "a card not held": (lambda view: next(c for c in CARDS if c not in view.hand), "does not hold"),
    "a plain number": (lambda view: 12, "12"),
    "an object whose == raises": (lambda view: _Rude(), "<rude>"),
    "a list": (lambda view: [view.legal_actions[0]], "expected a card"),
}


@pytest.mark.parametrize("what", sorted(ANSWERS))
def test_the_fast_and_slow_paths_refuse_every_answer_alike(what):
    answer, reason = ANSWERS[what]
    outcomes = []
    for fast in (True, False):
        deal = Deal.new("it", 4, seed=3)
        asked = []

        def late(view, rng, deal=deal, asked=asked):  # plays well, then gives the odd answer at its fifth card
            asked.append(len(deal.actions))
            if len(asked) >= 5 and isinstance(view.legal_actions[0], Card):
                return answer(view)
            return heuristic_bot(view, rng)

        with pytest.raises(BotError) as caught:
            play(deal, late, bots_rng(3), fast=fast)
        assert reason in str(caught.value)
        outcomes.append((str(caught.value).replace("late", "bot"), deal.record(), deal.legal_actions()))
    assert outcomes[0] == outcomes[1]


@pytest.mark.parametrize("fast", [True, False])
def test_a_bot_gets_no_way_back_to_the_deal_and_moving_it_is_refused(fast):
    deal = Deal.new("ru", 4, seed=6)
    seen = []

    def curious(view, rng):
        seen.append(view)
        assert not hasattr(view, "deal")
        public = [getattr(view, name) for name in dir(view) if not name.startswith("_")]
        assert not any(isinstance(value, Deal) for value in public)
        return heuristic_bot(view, rng)

    play(deal, curious, bots_rng(6), fast=fast)
    assert deal.record() == play_seeded("ru", 4, 6, "heuristic").record() and seen
    # A view refuses every assignment and deletion, on both loops with the same error (a LiveView's plain
    # fields too, which a bot once could set, the fast path alone: the seat it read next was its own setting).
    view = seen[0]
    before = view.seat, view.hand
    for name in ("seat", "players", "rules", "dealer", "first_trump", "hand", "legal_actions", "made_up"):
        with pytest.raises(FrozenInstanceError, match=f"^cannot assign to field '{name}'$"):
            setattr(view, name, 3)
        with pytest.raises(FrozenInstanceError, match=f"^cannot delete field '{name}'$"):
            delattr(view, name)
    assert (view.seat, view.hand) == before

    deal = Deal.new("ru", 4, seed=6)

    def mover(view, rng):  # holds the deal by a reference of its own, and moves it
        deal.apply(deal.legal_actions()[0])
        return view.legal_actions[0]

    with pytest.raises(BotError, match=r"the bot of seat \d \(mover\) chose .*: the deal moved while seat \d's bot"):
        play(deal, mover, bots_rng(6), fast=fast)


def test_a_live_view_keeps_the_deal_out_of_reach_of_attribute_and_slot_access():
    # A bot once read every hand through ``view._deal`` (and the class's slot descriptor) and rewrote the deal.
    deal = Deal.new("ru", 4, seed=6)
    view = LiveView(deal, 0)
    for reach in (lambda: view._deal, lambda: type(view)._deal.__get__(view), lambda: view._tally,
                  lambda: object.__getattribute__(view, "_deal")):
        with pytest.raises(AttributeError, match="_deal|_tally"):
            reach()
    state = view.__getstate__()
    assert not any(isinstance(value, Deal) for value in (state[1] if isinstance(state, tuple) else state).values())
    assert "_deal" not in dir(view) and "_tally" not in dir(view)
    assert view.hand == deal.view(0).hand and view.snapshot() == deal.view(0)  # it still reads the deal


def _swap_hands(deal):  # the write of the bot that read every hand: two seats' hands swapped
    deal._hands[1], deal._hands[2] = deal._hands[2], deal._hands[1]


def _hand_card(deal):  # one of the deciding seat's cards changed for another
    hand = deal._hands[deal.to_act]
    hand[0] = next(c for c in CARDS if c not in hand)


WRITES = {
    "swapped hands": (_swap_hands, "the hands"),
    "a card of its own changed": (_hand_card, "the hands"),
    "a card taken from another hand": (lambda deal: deal._hands[(deal.to_act + 1) % 4].pop(), "the hands"),
    "a card put back into the stock": (lambda deal: setattr(deal, "_pos", deal._pos - 1), "the stock"),
    "the leftovers changed": (lambda deal: setattr(deal, "_leftovers", (CARDS[0],)), "the stock"),
    "an action forgotten": (lambda deal: deal._actions.pop(), "the history"),
    "the last action rewritten": (lambda deal: deal._actions.__setitem__(-1, PASS), "the history"),
    "a trick forgotten": (lambda deal: deal._tricks.pop(), "the history"),
    "the trick under way emptied": (lambda deal: deal._trick.clear(), "the history"),
    "the trump moved": (lambda deal: setattr(deal, "_trump", (deal._trump + 1) % 4), "the trump"),
}


@pytest.mark.parametrize("fast", [True, False], ids=["fast", "step"])
@pytest.mark.parametrize("what", sorted(WRITES))
def test_a_bot_that_changes_the_deal_by_a_back_way_is_named_before_its_answer_is_taken(what, fast):
    # In one process a bot can reach the deal by a way of its own (here a reference it keeps; the garbage
    # collector's lists of objects too): the check after each decision names it, on both loops, with its seat.
    write, part = WRITES[what]
    deal = Deal.new("ru", 4, seed=6)
    asked = []

    def writer(view, rng):  # plays well, then changes the deal at its 12th decision, once a trick is under way
        asked.append(view.seat)
        if len(asked) >= 12 and deal._trick and deal.tricks:
            write(deal)
            asked[:] = [-1] * 99  # once
        return heuristic_bot(view, rng)

    with pytest.raises(BotError, match=rf"^the bot of seat (\d) \(writer\) chose .*: seat \1's bot changed {part} "
                                       "of the deal while choosing: a bot reads its view and answers; it never "
                                       "changes the deal, which is not to be played on$"):
        play(deal, writer, bots_rng(6), fast=fast)


@pytest.mark.parametrize("fast", [True, False], ids=["fast", "step"])
def test_the_cheat_that_reads_and_swaps_hands_through_the_garbage_collector_is_caught(fast):
    import gc

    def cheat(view, rng):
        for thing in gc.get_objects():  # every object of the process: the live deal is among them
            if type(thing) is Deal and thing.to_act == view.seat and not thing.is_over:
                thing._hands[view.seat], thing._hands[view.seat - 1] = thing._hands[view.seat - 1], thing._hands[
                    view.seat]
        return view.legal_actions[0]

    deal = Deal.new("ru", 4, seed=6)
    with pytest.raises(BotError, match=r"^the bot of seat 1 \(cheat\) chose .*: seat 1's bot changed the hands"):
        play(deal, ["heuristic", cheat, "heuristic", "heuristic"], bots_rng(6), fast=fast)


@pytest.mark.parametrize("seat", [99, 1, "x"])
def test_a_bots_own_error_that_carries_an_answer_and_a_seat_is_raised_as_it_is(seat):
    # The engine marks an answer it refuses with the answer and the seat; the fast path took a bot's own error
    # carrying such attributes for one (found by the bots' fuzz test): an IndexError for seat 99, for seat 1 a
    # BotError blaming seat 1, where the slow path raised the bot's error.
    def impostor(view, rng):
        exc = IllegalAction("the bot's own refusal")
        exc.answer, exc.seat = "KS", seat
        raise exc

    for fast in (True, False):
        deal = Deal.new("ru", 4, seed=6)
        with pytest.raises(IllegalAction, match="^the bot's own refusal$") as raised:
            play(deal, impostor, bots_rng(6), fast=fast)
        assert type(raised.value) is IllegalAction and deal.actions == ()


def test_the_fast_path_reads_a_notation_as_apply_does():
    def in_words(view, rng):
        return str(heuristic_bot(view, rng))

    by_notation = play(Deal.new("ru", 5, seed=8), in_words, bots_rng(8))
    assert by_notation.record() == play(Deal.new("ru", 5, seed=8), "heuristic", bots_rng(8)).record()
    deal = Deal.new("ru", 5, seed=8)
    with pytest.raises(ValueError, match=r"bots: expected one bot per seat \(5\)"):
        seated_playout(deal, [heuristic_bot] * 4, bots_rng(8))
    with pytest.raises(TypeError, match=r"bots: expected a sequence of bots.*not 5"):
        seated_playout(deal, 5, bots_rng(8))
    with pytest.raises(TypeError, match=r"bots: expected a sequence of bots.*'heuristic'"):
        seated_playout(deal, ["heuristic"] * 5, bots_rng(8))  # names are the play layer's to read
    with pytest.raises(TypeError, match=r"rng: expected a random.Random, not 8"):
        seated_playout(deal, [heuristic_bot] * 5, 8)
    assert deal.actions == ()  # every refusal left the deal as it was


@pytest.mark.subprocess
def test_a_bot_registered_first_leaves_the_kits_bots_to_be_found():
    script = ("from bibi.play import get_bot, register\n"
              "register('mine', lambda view, rng: view.legal_actions[0])\n"
              "print(get_bot('heuristic').__name__, get_bot('mine').__name__)")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["heuristic_bot", "<lambda>"]


@pytest.mark.subprocess
def test_a_registered_bot_is_found_through_every_way_in(tmp_path):
    """``bibi.BOTS`` is the registry: one object, read by ``get_bot``, the command line, simulate and the views."""
    script = """
import bibi, bibi.bots, bibi.play, bibi.cli, bibi.simulation
from bibi.play import register
assert bibi.BOTS is bibi.play.BOTS is bibi.bots.BOTS
def mine(view, rng):
    return view.legal_actions[-1]
register("mine", mine)
print("mine" in bibi.BOTS, bibi.BOTS["mine"] is mine, bibi.play.get_bot("Mine") is mine)
sim = bibi.simulate("ru", 3, deals=2, bots="mine", seed=1, progress=False)
print(sorted(set(sim.seats.bot)))
print(bibi.cli.main(["simulate", "--rules", "ru", "--players", "3", "--deals", "2", "--bots", "mine,random,mine",
                     "--no-progress", "--out", OUT]))
import bibi.widgets
print(("mine", "mine") in bibi.widgets.PlayApp().bots_select.options)  # (the name shown, the name)
bibi.BOTS["other"] = mine
print(bibi.play.get_bot("other") is mine, sorted(bibi.BOTS)[:2])
""".replace("OUT", repr(str(tmp_path / "seats.csv")))
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.split("\n")
    assert lines[0] == "True True True" and lines[1] == "['mine']"
    assert lines[-4] == "0" and "mine" in (tmp_path / "seats.csv").read_text()
    assert lines[-3] == "True" and lines[-2] == "True ['greedy', 'heuristic']"


def test_bots_refuses_a_name_unfit_for_the_registry():
    from bibi.play import BOTS

    with pytest.raises(ValueError, match="register: name 'two words' is not a bot name"):
        BOTS["two words"] = random_bot
    assert "two words" not in BOTS


def test_the_registry_finds_the_kits_bots_and_new_ones():
    assert get_bot("Heuristic") is heuristic_bot and bot_name(greedy_bot) == "greedy" and bot_name(None) == "you"
    assert {"random", "greedy", "heuristic", "sampling"} <= set(BOTS)

    def lead_low(view, rng):
        """Plays the first legal action."""
        return view.legal_actions[0]

    register("lead-low-test", lead_low)
    try:
        assert get_bot("LEAD-LOW-TEST") is lead_low and bot_name(lead_low) == "lead-low-test"
    finally:
        del BOTS["lead-low-test"]
    with pytest.raises(TypeError, match="register: bot 5 is not callable"):
        register("five", 5)


def test_snapshots_are_the_line_of_a_deal():
    deal = play_seeded("it", 4, 3, "greedy")
    line = snapshots(deal)
    assert len(line) == len(deal.actions) + 1 and line[0].actions == ()
    assert all(state.actions == deal.actions[:k] for k, state in enumerate(line))
    assert line[-1].record() == deal.record() and line[-1].scores == deal.scores


def test_lockstep_stops_where_the_rules_part():
    ru = Deal.new("ru", 6, seed=1)
    it = Deal.new("it", 6, deck=ru.deck, dealer=ru.dealer, trump=ru.first_trump)
    a, b = lockstep([ru, it], "greedy", bots_rng(1))
    assert a.actions == b.actions and a.to_act == b.to_act
    assert a.legal_actions() != b.legal_actions()
    assert ru.actions == () and it.actions == ()  # copies were played, not the deals given
    same = lockstep([ru, ru.copy()], "greedy", bots_rng(1))
    assert same[0].is_over and same[0].record() == same[1].record()


@pytest.mark.parametrize("label", ["ru", "it", "ru:draw=after_trick", "it:dealt_pairs=true"])
def test_control_states_name_every_decision_point(label):
    seen = set()
    for seed in range(12):
        for deal in snapshots(play_seeded(label, 4, seed, "random")):
            state = deal.control_state
            seen.add(state)
            assert (state in ("lead", "follow")) == (deal.phase == "play")
            assert (state == "over") == deal.is_over
            assert (state == "follow") == bool(deal.phase == "play" and deal.trick)
            if state == "dealt_pass":
                assert not deal.tricks and not deal.trick and deal.phase == "call"
            if state in ("draw_round", "after_card"):
                assert deal.tricks or deal.trick  # a call decision after a draw
    rules = parse_rules(label)
    expected = {"lead", "follow", "over"}
    if rules.dealt_pairs:
        expected.add("dealt_pass")
    expected.add("after_card" if rules.draw.value == "after_each_card" else "draw_round")
    assert expected <= seen


def test_decisions_is_the_undo_stack_of_a_person():
    from bibi.play import Decisions

    deal = play(Deal.new("ru", 3, seed=2), ["random", None, "random"], bots_rng(2))
    rng = bots_rng(2)
    stack = Decisions()
    assert stack.back(deal) is None and len(stack) == 0  # nothing decided yet
    stack.push(deal, rng)
    stack.push(deal, rng)  # once per position
    first = len(deal.actions)
    assert len(stack) == 1 and stack.back(deal) is None  # at the first decision: nothing before it
    state = rng.getstate()
    deal.apply(deal.legal_actions()[0], 1)
    play(deal, ["random", None, "random"], rng)
    assert stack.back(deal) == (first, state)  # moved past it: back to it
    stack.push(deal, rng)
    assert stack.back(deal) == (first, state) and len(stack) == 1  # the one it is at is dropped


def test_last_seen_move_and_trick_number_are_the_ones_the_surfaces_show():
    deal = play(Deal.new(RUSSIAN, 4, seed=2), [None, "heuristic", "heuristic", "heuristic"], bots_rng(2))
    deal.apply(deal.legal_actions()[0], 0)
    play(deal, [None, "heuristic", "heuristic", "heuristic"], bots_rng(3))
    states = snapshots(deal)
    move = last_seen_move(deal, 0)
    assert move is not None and move.seat != 0
    assert move.trick == trick_number(states[move.position]) == min(len(states[move.position].tricks) + 1,
                                                                      deal.tricks_total)
    later = [i for i in range(move.position + 1, len(deal.actions)) if states[i].to_act != 0]
    assert all(deal.actions[i] == PASS for i in later)  # only passes, which seat 0 does not see
    assert last_seen_move(deal, 0, seat=move.seat) == move
    assert last_seen_move(Deal.new(RUSSIAN, 4, seed=2), 0) is None
