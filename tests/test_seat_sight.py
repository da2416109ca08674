"""A seat sees only what it may, on every surface that shows a deal to a seat.

The engine owns the notion (``Deal.view``, ``Deal.events_for``, ``Deal.to_act_for``); here two deals that a
seat cannot tell apart are rendered for it by the play table, the explorer in that seat's view, ``bibi play``'s
terminal table and the practice positions, and every one of them must show the same thing for both.

Twins are made by moving hidden cards: a card another seat holds (and has not shown) changes places with a
card still in the stock, or two such cards of two other seats change places; the record with that pack is
replayed by the engine, and the twin counts only where the seat's view and its events are exactly the real
deal's. A second kind differs in whether another seat was asked about a Bi-bi at all (and passed).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from helpers import new_deal

import bibi
from bibi import practice, render
from bibi.deal import PASS, Deal, IllegalAction
from bibi.live import LiveView
from bibi.play import bots_rng, last_seen_move, play, public_reason, why_move
from bibi.terminal import Terminal

pytestmark = pytest.mark.fast


def passer(view, rng):
    """Passes whenever asked about a call, else plays the first legal card."""
    legal = view.legal_actions
    return PASS if PASS in legal else legal[0]


def position(rules: str, players: int, seed: int, decisions: int) -> tuple[Deal, int]:
    """The deal of ``seed`` played by the heuristic at every seat but one, stopped at that seat's
    ``decisions``-th decision (the seat itself playing the heuristic's choice until then)."""
    seat = seed % players
    deal = Deal.new(rules, players, seed=seed)
    bots: list[Any] = ["heuristic"] * players
    bots[seat] = None
    rng = bots_rng(seed)
    for _ in range(decisions):
        play(deal, bots, rng)
        if deal.is_over:
            break
        play(deal, "heuristic", rng, actions=1)
    play(deal, bots, rng)
    return deal, seat


def twins(deal: Deal, seat: int, rng: random.Random, want: int = 3, tries: int = 200) -> list[Deal]:
    """Deals ``seat`` cannot tell from ``deal`` (the same view, the same events as it knows them), made by
    moving hidden cards in the pack and replaying the record; each differs from ``deal`` somewhere hidden."""
    record = deal.record()
    pack = record["deck"]
    drawn = len(pack) - deal.stock_size - len(deal.leftovers)  # the places dealt or drawn so far
    seen, found = deal.view(seat), []
    mine = deal.events_for(seat)
    for _ in range(tries):
        i = rng.randrange(drawn)
        j = rng.randrange(drawn, len(pack)) if deal.stock_size and rng.random() < 0.6 else rng.randrange(drawn)
        if pack[i] == pack[j]:
            continue
        other = list(pack)
        other[i], other[j] = other[j], other[i]
        try:
            twin = Deal.replay({**record, "deck": other})
        except ValueError:  # the line is not legal with that pack
            continue
        if twin.events == deal.events and twin.stock() == deal.stock():
            continue  # the two cards changed places within one hand: the same deal
        if twin.view(seat) == seen and twin.events_for(seat) == mine:
            found.append(twin)
            if len(found) == want:
                break
    return found


def surfaces(deal: Deal, seat: int) -> dict[str, Any]:
    """Everything each surface shows ``seat`` at this position."""
    from bibi.widgets import DealExplorer, PlayTable

    shown: dict[str, Any] = {}
    table = PlayTable(deal=deal, seat=seat, bots="heuristic")
    for s in table.why_buttons:
        table.why(s)
        shown[f"play table, why seat {s}"] = table.reasons.value
    table.review()
    shown["play table, review"] = table.reasons.value
    for name in ("board", "event_log", "message", "news", "hand_label"):
        shown[f"play table, {name}"] = getattr(table, name).value
    shown["play table, buttons"] = [b.description for b in (*table.hand_row.buttons, *table.action_row.buttons)]
    explorer = DealExplorer(deal=deal, seat=seat, bot="heuristic")
    explorer.go(len(deal.actions))
    for name in ("board", "event_log", "hand_label"):
        shown[f"explorer, {name}"] = getattr(explorer, name).value
    shown["explorer, buttons"] = [b.description for b in (*explorer.hand_row.buttons, *explorer.action_row.buttons)]
    said: list[str] = []
    terminal = Terminal(deal.copy(), seat, ["heuristic"] * deal.players, bots_rng(1), ask=input, say=said.append)
    terminal.show_events()
    said += [terminal.status(), terminal.why()]
    shown["bibi play"] = said
    shown["table_html"] = render.table_html(deal, seat, last_trick=True)
    for kind in ("may_play", "can_call"):
        try:
            shown[f"practice, {kind}"] = practice.exercise_at(kind, deal, seed=3).html()
        except practice.PracticeError as exc:
            shown[f"practice, {kind}"] = str(exc).replace(repr(deal)[:40], "")  # the same refusal for both
    return shown


CASES = [(rules, players, seed, decisions) for rules in ("russian", "italian") for players, seed, decisions in
         [(3, 4, 2), (4, 9, 5), (4, 14, 11), (6, 20, 3), (6, 25, 8), (5, 7, 14)]]


@pytest.mark.widgets
@pytest.mark.parametrize("rules, players, seed, decisions", CASES)
def test_deals_a_seat_cannot_tell_apart_look_the_same_to_it_everywhere(rules, players, seed, decisions):
    deal, seat = position(rules, players, seed, decisions)
    assert not deal.is_over and deal.to_act == seat
    found = twins(deal, seat, random.Random(seed))
    assert found, "no twin found: the construction should find one at every position here"
    mine = surfaces(deal, seat)
    for twin in found:
        theirs = surfaces(twin, seat)
        for name, value in mine.items():
            assert theirs[name] == value, name


def test_the_twins_differ_where_the_seat_cannot_look():
    # The construction is not empty: seen with every hand (no seat), the twins differ from the deal.
    deal, seat = position("russian", 4, 9, 5)
    found = twins(deal, seat, random.Random(9))
    assert found
    for twin in found:
        assert twin.events != deal.events or twin.stock() != deal.stock()
    assert any(twin.hand(s) != deal.hand(s) for twin in found for s in range(4) if s != seat)


@pytest.mark.parametrize("rules", ["russian", "italian"])
@pytest.mark.widgets
def test_another_seats_pass_shows_nowhere(rules):
    from bibi.widgets import DealExplorer, PlayTable

    # Seat 1 holds K♥ Q♥ (asked, passes) in one deal and K♥ J♥ (never asked) in the other: seat 0 sees the same.
    hands = {"with": ["", "KH QH 3C 2S AS"], "without": ["", "KH JH 3C 2S AS"]}  # seat 1 leads spades next
    stock = "4C 5C 6C 7C 8C 9C"
    shown = {}
    for name, cards in hands.items():
        deal = new_deal(rules, cards, stock=stock, players=4, dealer=3, bibi_call="optional")
        table = PlayTable(deal=deal, seat=0, bots=passer)
        click = table.deal.legal_actions()[0]
        table.play(click)  # seat 0 leads; the bots play, seat 1 passing wherever asked
        assert (PASS in table.deal.actions) == (name == "with")  # the engine keeps the pass in its record
        log = [str(e) for e in table.deal.events_for(0)]
        assert not any("seat 1 passes" in line for line in log) and "you pass" not in table.event_log.value
        said: list[str] = []
        terminal = Terminal(table.deal.copy(), 0, [None, passer, passer, passer], bots_rng(1), say=said.append)
        terminal.show_events()
        explorer = DealExplorer(deal=table.deal, seat=0, bot=passer)
        explorer.go(len(table.deal.actions))
        steps = explorer.position_box.value  # the steps so far (the line's length holds its future too)
        shown[name] = (table.board.value, table.event_log.value, table.message.value, table.news.value, said,
                       table.deal.view(0), explorer.board.value, explorer.event_log.value, steps)
        explorer.seat_select.value = "all"  # every hand shown: every action counts, the passes too
        assert ("seat 1 passes" in explorer.event_log.value) == (name == "with")
    assert shown["with"] == shown["without"]


def test_another_seats_draw_keeps_its_card_and_the_seats_own_shows_it():
    deal = Deal.new("russian", 4, seed=1).apply("8S")
    drawn = next(e for e in deal.events if e.kind == "draw")
    assert drawn.seat == 0 and drawn.card is not None
    assert next(e for e in deal.events_for(0) if e.kind == "draw") == drawn
    hidden = next(e for e in deal.events_for(1) if e.kind == "draw")
    assert hidden.seat == 0 and hidden.card is None and str(hidden) == "seat 0 draws a card"


def test_another_seats_call_decision_is_not_shown_as_its_turn():
    deal = new_deal("russian", ["3C", "KH QH 4C"], stock="5C 6C 7C 8C", players=4, dealer=0)
    assert deal.phase == "call" and deal.to_act == 1  # the dealt-pair pass: seat 1 holds a callable pair
    assert deal.to_act_for(1) == 1 and deal.view(1).to_act == 1 and LiveView(deal, 1).to_act == 1
    for seat in (0, 2, 3):
        assert deal.to_act_for(seat) is None and deal.view(seat).to_act is None
        assert LiveView(deal, seat).to_act is None
        html = render.table_html(deal, seat)
        assert "Bi-bi?" not in html and "may say Bi-bi" not in html and "the others draw" in html
    assert "may say Bi-bi" in render.table_html(deal)  # every hand shown: every decision is shown


@pytest.mark.widgets
def test_a_move_out_of_turn_does_not_name_another_seats_call_decision():
    from bibi.widgets import DealExplorer

    # Found by the fuzz test of the explorer's clicks: while seat 1 decided on a call, the explorer in seat 0's
    # view said "out of turn: it is seat 1's turn" in every card's tooltip and on a click, and apply(card, 0) too.
    deal = new_deal("russian", ["3C", "KH QH 4C"], stock="5C 6C 7C 8C", players=4, dealer=0)
    assert deal.phase == "call" and deal.to_act == 1
    for seat in (0, 2, 3):
        card = deal.hand(seat)[0]
        said = deal.why_illegal(card, seat)
        assert said == f"out of turn: it is not seat {seat}'s turn; the others draw"
        with pytest.raises(IllegalAction, match=f"^{said}$"):
            deal.apply(card, seat)
        # The explorer in that seat's view does not stop at seat 1's decision: it shows the next position the
        # seat sees, where the seat to play is public.
        explorer = DealExplorer(deal=deal, seat=seat, bot="heuristic")
        explorer.go(0)
        shown = explorer.deal
        assert explorer.position > 0 and shown.to_act_for(seat) is not None and shown.phase == "play"
        assert "Bi-bi?" not in explorer.board.value
    assert deal.why_illegal("pass", 1) is None  # the seat deciding is told as before
    deal.apply("pass")  # seat 1 passes: the play goes on, and a move out of turn names the seat to play
    assert deal.why_illegal(deal.hand(2)[0], 2) == f"out of turn: it is seat {deal.to_act}'s turn, not seat 2's"


def test_the_present_tense_tells_what_the_table_saw():
    deal = new_deal("russian", ["AH 3C", "4C 9S", "2H 5D"], players=3, dealer=2, trump="S")
    before = deal.copy()
    deal.apply("AH")
    assert public_reason(before, deal) == "its lead; when played, it was the best card of the trick"
    before = deal.copy()
    while before.phase == "call":
        before.apply("pass")
    deal = before.copy().apply("9S")  # seat 1 holds no heart: it trumps
    said = public_reason(before, deal)
    assert said.startswith("off the suit led ♥, so it holds no ♥ (R13)") and "seat 1's card" not in said
    assert said.endswith("when played, it was the best card of the trick")
    words = why_move(deal, len(deal.actions) - 1, "heuristic", viewer=0)
    assert words.startswith("9♠: off the suit led ♥") and "told when the deal is over" in words
    assert "4C" not in words and "4♣" not in words  # nothing of the hand it kept


# Two deals that differ only in whether seat 1 holds a pair it may call (a queen or a jack beside its king), the
# rest of the pack the same: under the Russian rules a pair of hearts (optional, dealt-pair pass and draws); under
# the Italian ones a pair of the original trump, spades, the one pair a mandatory call leaves optional (I12).
PAIR_CASES = [("russian", "KH QH 3C 2S AS", "KH JH 3C 2S AS"), ("italian", "KS QS 3C 2H AH", "KS JS 3C 2H AH")]


def pair_twins(rules: str, hands: tuple[str, str], ask_every_chance: bool) -> tuple[Deal, Deal]:
    from helpers import stack

    queen, jack = sorted(set(hands[0].split()) ^ set(hands[1].split()), key=lambda c: c[0] != "Q")
    deck = stack(["", hands[0]], "4C 5C 6C 7C 8C 9C 4D 5D 6D 7D", players=4, dealer=3, bottom=jack,
                 rules=bibi.preset(rules))
    twin = deck[:]  # the queen and the jack at the bottom of the pack change places: nothing else differs
    i = next(i for i in range(1, 28, 4) if deck[i] == queen)  # seat 1's cards (dealer 3): places 1, 5, 9, ...
    twin[i], twin[-1] = jack, queen
    return tuple(Deal.new(rules, 4, dealer=3, trump="S", deck=d, ask_every_chance=ask_every_chance)
                 for d in (deck, twin))  # type: ignore[return-value]


def lockstep_choice(deal: Deal) -> Any:
    """Pass when asked; otherwise the first legal card that is not one of seat 1's king, queen or jack."""
    return lockstep_choice_of(deal.legal_actions())


@pytest.mark.parametrize("rules, with_pair, without", PAIR_CASES)
def test_asked_at_every_chance_a_seat_sees_the_same_at_anothers_decision_pair_or_not(rules, with_pair, without):
    pair, none = pair_twins(rules, (with_pair, without), ask_every_chance=True)
    decisions = asked_with_pair = others_asked = 0
    while not pair.is_over:
        act = lockstep_choice(pair)
        if pair.to_act != none.to_act or act not in none.legal_actions():
            break  # seat 1 shows a card that tells the two apart: the twins end here
        if pair.phase == "call" and pair.to_act == 1:
            decisions += 1
            asked_with_pair += len(pair.legal_actions()) > 1  # a real choice here, a forced pass in the twin
            assert none.legal_actions() == (PASS,) and none.phase == "call"
        elif pair.phase == "call":
            others_asked += pair.legal_actions() == (PASS,)
        for seat in (0, 2, 3):
            assert pair.to_act_for(seat) == pair.to_act  # the question is public: everyone is asked
            assert pair.view(seat) == none.view(seat), (seat, len(pair.actions))
            assert pair.events_for(seat) == none.events_for(seat)
        pair.apply(act)
        none.apply(act)
    assert asked_with_pair == decisions >= 3 and others_asked >= 3  # seat 1 asked with its pair; the rest without
    assert len(pair.tricks) >= 3
    assert pair.view(1) != none.view(1)  # seat 1 itself tells them apart


@pytest.mark.parametrize("rules, with_pair, without", PAIR_CASES)
def test_by_default_a_seat_sees_the_same_at_its_own_decisions_whatever_another_seat_holds(rules, with_pair, without):
    # Only the seat holding the pair is asked (and passes): the others' views at their own decisions are equal,
    # though the two deals run through different decisions (``to_act_for``: nobody else sees the question).
    seen: dict[str, list[Any]] = {}
    for name, deal in zip(("pair", "none"), pair_twins(rules, (with_pair, without), ask_every_chance=False),
                          strict=True):
        seen[name] = []
        while not deal.is_over and len(deal.tricks) < 4:
            if deal.to_act == 0:
                seen[name].append((deal.view(0), deal.events_for(0)))
            deal.apply(lockstep_choice(deal))
        asked = [i for i, a in enumerate(deal.actions) if a is PASS]
        assert bool(asked) == (name == "pair")  # seat 1 was asked (and passed) only with the pair
    assert len(seen["pair"]) > 3 and seen["pair"] == seen["none"]


@pytest.mark.parametrize("rules, with_pair, without", PAIR_CASES)
def test_a_position_counts_only_the_moves_the_seat_saw(rules, with_pair, without):
    # Found by the fuzz run: last_seen_move(deal, viewer=0) and Session.why().position differed between two deals
    # seat 0 cannot tell apart (29 against 31 in one pair): the other seats' passes, which seat 0 never sees, were
    # counted. A position is now the number of moves the seat saw made before the move.
    from bibi.session import Session

    def quiet(view, rng):
        return lockstep_choice_of(view.legal_actions)

    told: dict[str, list[Any]] = {}
    for name, deal in zip(("pair", "none"), pair_twins(rules, (with_pair, without), ask_every_chance=False),
                          strict=True):
        told[name] = []
        while not deal.is_over and len(deal.tricks) < 6:
            if deal.to_act == 0:
                session = Session(deal.copy(), 0, quiet, seed=1)
                why = session.why()
                told[name].append((last_seen_move(deal, viewer=0), why and why[:3], len(deal.events_for(0))))
            deal.apply(lockstep_choice(deal))
        told[name].append(len(deal.actions))  # the deals' own lines differ: the passes are in the pair's record
    assert told["pair"][-1] > told["none"][-1]
    assert len(told["pair"]) > 5 and told["pair"][:-1] == told["none"][:-1]
    assert last_seen_move(deal, viewer=0) is not None  # the moves compared are real ones


def lockstep_choice_of(legal: tuple) -> Any:
    """``lockstep_choice`` for a bot: pass when asked; else the first legal card not a king, queen or jack of the
    pair's suit."""
    if PASS in legal:
        return PASS
    return next((a for a in legal if str(a) not in ("KH", "QH", "JH", "KS", "QS", "JS")), legal[0])


def test_a_deal_asked_at_every_chance_records_it_and_replays_to_the_same_deal():
    deal = play(Deal.new("russian", 4, seed=11, ask_every_chance=True), "heuristic", bots_rng(11))
    record = deal.record()
    assert record["ask_every_chance"] is True and record["actions"].count("pass") >= 4 * 4
    again = Deal.replay(record)
    assert again.ask_every_chance and again.actions == deal.actions and again.events == deal.events
    assert "ask_every_chance" not in Deal.new("russian", 4, seed=11).record()  # the default writes nothing new
    with pytest.raises(ValueError, match="ask_every_chance"):
        Deal.replay({**record, "ask_every_chance": "yes"})
    with pytest.raises(ValueError, match="cannot be applied"):  # its passes are not a default deal's
        Deal.replay({k: v for k, v in record.items() if k != "ask_every_chance"})


@pytest.mark.parametrize("rules", ["russian", "italian", "english"])
def test_asking_at_every_chance_adds_only_forced_passes(rules):
    # The same bots and seed give the same deal: the play layer takes a forced pass without asking a bot.
    for players in (3, 5):
        plain = play(Deal.new(rules, players, seed=players), "heuristic", bots_rng(players))
        asked = play(Deal.new(rules, players, seed=players, ask_every_chance=True), "heuristic", bots_rng(players))
        assert asked.tricks == plain.tricks and asked.calls == plain.calls and asked.scores == plain.scores
        assert len(asked.actions) > len(plain.actions)
