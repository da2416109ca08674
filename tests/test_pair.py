"""A deal with a pair to call (``bibi.dealing.paired_setup``, ``bibi.practice.pair_deal``): the pair is there in
both presets, for every player count and seat; it can be called at the seat's first chance; the deal is the same
for the same arguments and replays from its record; bad arguments are refused by name; the ``bibi`` exercise and
``bibi play --pair``."""

from __future__ import annotations

import hashlib
import io
import json
import random

import pytest

from bibi import cli
from bibi.actions import Action
from bibi.cards import Card, Rank
from bibi.deal import Deal
from bibi.dealing import pair_ways, paired_setup, set_up
from bibi.errors import WrongType
from bibi.practice import (
    ALL_KINDS,
    KINDS,
    PAIR_KIND,
    PracticeError,
    exercise,
    exercise_at,
    exercises,
    pair_deal,
    pair_missed,
    pair_note,
)
from bibi.rules import ITALIAN, RUSSIAN, BibiSuits, as_rules

pytestmark = pytest.mark.fast

PRESETS = ["russian", "italian", "english"]


def dealt(rules, players: int, seat: int, seed, when=None) -> tuple[Deal, object]:
    return pair_deal(rules, players, seat, seed, when=when)


@pytest.mark.parametrize("rules", PRESETS)
def test_the_seat_gets_a_pair_it_may_call_for_every_player_count_seat_and_many_seeds(rules):
    ways = set()
    for players in range(2, 13):
        for seed in range(12):
            seat = (seed * 5) % players
            deal, pair = dealt(rules, players, seat, seed)
            ways.add(pair.when)
            king, queen = Card(Rank.KING, pair.suit), Card(Rank.QUEEN, pair.suit)
            if pair.when == "dealt":
                assert pair.suit in deal.free_pairs(seat) and pair.drawn is None
            else:  # one of them in the hand, the other the seat's first draw (R15: in playing order from the leader)
                assert pair.suit not in deal.free_pairs(seat)
                assert {king, queen} == {pair.drawn, *(c for c in deal.hand(seat) if c in (king, queen))}
                assert deal.stock()[(seat - deal.dealer - 1) % players] == pair.drawn
            if as_rules(rules).bibi_suits is BibiSuits.NON_TRUMP:
                assert pair.suit != deal.first_trump  # a pair of the trump cannot be called (R15, R17)
            assert [o for o in range(players) if o != seat and pair.suit in deal.free_pairs(o)] == []
    assert ways == set(pair_ways(as_rules(rules), 4))  # the seed's choice takes every way the rules allow


def test_the_set_up_is_the_usual_one_with_the_pack_rearranged():
    for rules, players, seed in [("russian", 4, 1), ("italian", 6, 2), ("russian", 12, 3), ("italian", 2, 4)]:
        pair = paired_setup(rules, players, 0, seed)
        usual = set_up(as_rules(rules), players, random.Random(seed))
        assert (pair.setup.dealer, pair.setup.trump, pair.setup.cut, pair.setup.draws) == (
            usual.dealer, usual.trump, usual.cut, usual.draws)
        assert sorted(pair.setup.deck) == sorted(usual.deck) and pair.setup.deck[-1] == usual.deck[-1]  # the cut card
        moved = sum(a != b for a, b in zip(pair.setup.deck, usual.deck, strict=True))
        assert 0 < moved <= 10  # a few swaps, not a new shuffle


def play_to_the_call(deal: Deal, seat: int, suit, rng: random.Random) -> Deal:
    """The others play at random and never call; the seat keeps its king and queen and calls the pair when it may."""
    while not deal.is_over and not any(c.seat == seat and c.suit == suit for c in deal.calls):
        legal = deal.legal_actions()
        mine = deal.to_act == seat
        call = [a for a in legal if isinstance(a, Action) and a.kind == Action.CALL and a.suit == suit]
        keep = [a for a in legal if not (isinstance(a, Action) and a.kind == Action.CALL)
                and not (mine and isinstance(a, Card) and a.suit == suit and a.rank in (Rank.KING, Rank.QUEEN))]
        deal.apply(call[0] if mine and call else rng.choice(keep or legal))
    return deal


@pytest.mark.parametrize("rules", ["russian", "italian"])
def test_the_pair_is_called_at_the_seat_s_first_chance(rules):
    """Russian: dealt, in the pass before the first trick (R17, R18); drawn, right after the first card (R15).
    Italian: at the first draw, after the first trick (I9, I11), by the rules themselves unless it is the first
    trump's pair (I12). A spare card of the suit lets the seat keep the pair until then."""
    for players in (2, 3, 4, 6, 9, 12):
        for seed in range(8):
            seat = seed % players
            deal, pair = dealt(rules, players, seat, seed)
            done = play_to_the_call(deal, seat, pair.suit, random.Random(seed))
            call = next(c for c in done.calls if c.seat == seat and c.suit == pair.suit)
            assert call.trick == (-1 if pair.when == "dealt" and done.rules.dealt_pairs else 0), (players, seed)
            assert done.scores[seat] >= done.rules.bibi_points


def test_the_same_arguments_give_the_same_deal_and_its_record_replays_it():
    for rules in ("russian", "italian"):
        a, pair = dealt(rules, 5, 2, "seed")
        b, again = dealt(rules, 5, 2, "seed")
        assert a.deck == b.deck and pair == again
        play_to_the_call(a, 2, pair.suit, random.Random(1))
        record = json.loads(json.dumps(a.record()))
        replayed = Deal.replay(record)
        assert replayed.record() == a.record() and replayed.deck == a.deck and replayed.calls == a.calls
    assert dealt("russian", 5, 2, 1)[0].deck != dealt("russian", 5, 2, 2)[0].deck
    assert dealt("russian", 5, 2, 1)[0].deck != dealt("russian", 5, 3, 1)[0].deck


def test_the_pair_deals_are_pinned():
    """The deals a seed gives are fixed (the browser and both builds deal these: tests/test_compiled.py)."""
    text = json.dumps([list(map(str, dealt(r, n, s, seed, w)[0].deck)) for r, n, s, seed, w in
                       [("russian", 4, 0, 1, "dealt"), ("russian", 4, 3, 1, "drawn"), ("italian", 6, 2, 9, None),
                        ("english", 12, 11, "x", None)]])
    assert hashlib.sha256(text.encode()).hexdigest()[:16] == PINNED


PINNED = "3aba83ed44df252c"  # sha256 of the decks above, as first dealt


def test_when_chooses_the_way_and_the_rules_say_which_ways_there_are():
    assert pair_ways(RUSSIAN, 4) == ("dealt", "drawn") and pair_ways(ITALIAN, 4) == ("dealt",)
    assert pair_ways(RUSSIAN, 7) == ("dealt", "drawn")
    assert pair_ways(as_rules("russian:decks=1"), 7) == ("dealt",)  # 7 × 7 of 52: the stock draws no round
    assert pair_ways(as_rules("russian:hand_size=1"), 4) == ()
    for seed in range(6):
        assert dealt("russian", 4, 1, seed, "drawn")[1].when == "drawn"
        assert dealt("russian", 4, 1, seed, "dealt")[1].when == "dealt"
    one_pack = dealt("russian:decks=1", 5, 4, 3)[0]
    assert len(one_pack.deck) == 52


@pytest.mark.parametrize(("call", "error", "words"), [
    (lambda: paired_setup("russian", 4, 0, 1, when="later"), ValueError, "when: 'later' is not 'dealt' or 'drawn'"),
    (lambda: paired_setup("russian", 4, 0, 1, when=2), WrongType, "when: expected 'dealt' or 'drawn'"),
    (lambda: paired_setup("italian", 4, 0, 1, when="drawn"), ValueError, "when: 'drawn' needs draw='after_each_card'"),
    (lambda: paired_setup("russian", 4, 4, 1), ValueError, "seat: 4"),
    (lambda: paired_setup("russian", 4, "0", 1), WrongType, "seat"),
    (lambda: paired_setup("russian", 13, 0, 1), ValueError, "players: 13"),
    (lambda: paired_setup("russian", 4, 0, 1.5), WrongType, "seed: 1.5"),
    (lambda: paired_setup("russian", 4, 0, rng="r"), WrongType, "rng: expected a random.Random"),
    (lambda: paired_setup("chess", 4, 0, 1), ValueError, "chess"),
    (lambda: paired_setup("russian:hand_size=1", 4, 0, 1), ValueError, "rules: a hand of 1 card holds no king"),
    (lambda: exercise(PAIR_KIND, "russian", 4, 1, deck=Deal.new("russian", 4, seed=1).deck), PracticeError,
     "deck: a 'bibi' exercise deals its own pair"),
])
def test_bad_arguments_are_refused_by_name(call, error, words):
    with pytest.raises(error) as refused:
        call()
    assert words in str(refused.value)


# -- the exercise -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", ["russian", "italian"])
def test_the_bibi_exercise_asks_whether_the_pair_may_be_called_now_and_what_the_call_does(rules):
    answers = set()
    for seed in range(10):
        ex = exercise(PAIR_KIND, rules, 4, seed)
        assert ex == exercise(PAIR_KIND, rules, 4, seed)
        deal = ex.position()
        assert ex.suit in deal.free_pairs(ex.seat) and deal.to_act == ex.seat
        assert ex.answer in ex.choices and ex.choices[0] == "no"
        right = ex.check(ex.answer)
        assert right.right and right.sentences, right
        wrong = next(c for c in ex.choices if c != ex.answer)
        assert not ex.check(wrong).right
        if ex.answer == "no":  # the engine's refusal of the call now
            assert right.reason.startswith(deal.why_illegal(Action.parse(f"bibi {ex.suit.value}"), ex.seat)[:20])
        else:  # the points and the next trick's trump, told with why_trump
            points, suit = ex.answer.split()
            assert points == f"+{deal.rules.bibi_points}"
            assert "R16" in right.sentences or "I13" in right.sentences
        answers.add(ex.answer.split()[0])
    # Russian: the pair is asked about at its call (dealt or drawn); Italian: also before its first draw (I11)
    assert answers == ({"+50"} if rules == "russian" else {"no", "+50"})


def test_the_answer_follows_the_rules_of_the_trump_change():
    seen = {}
    for rules in ("russian", "italian"):
        for seed in range(30):
            ex = exercise(PAIR_KIND, rules, 4, seed)
            if ex.answer != "no":
                seen.setdefault(rules, ex)
    ru, it = seen["russian"], seen["italian"]
    assert ru.answer == f"+50 {ru.suit.symbol}"  # the called suit is trump from the next trick (R16, R18)
    assert ru.check(ru.answer).reason.count("R1") >= 1
    # Italian: only the first trump's pair is left to its holder (I12): it scores and changes nothing
    assert it.suit == it.position().first_trump and it.answer == f"+50 {it.suit.symbol}"
    assert "I12" in it.check(it.answer).sentences


def test_the_bibi_kind_is_asked_by_name_only():
    assert PAIR_KIND in ALL_KINDS and PAIR_KIND not in KINDS
    assert {ex.kind for ex in exercises(3, "italian", 4, 2, kinds=[PAIR_KIND])} == {PAIR_KIND}
    deal, pair = pair_deal("russian", 4, 0, 3, when="dealt")
    while deal.to_act != 0:
        deal.apply(deal.legal_actions()[-1])
    ex = exercise_at(PAIR_KIND, deal, suit=pair.suit.value)
    assert ex.answer.startswith("+50")
    with pytest.raises(PracticeError, match="suit: '[SHDC]' is asked about only in a 'can_call' question, or in a"):
        exercise_at(PAIR_KIND, deal, suit=next(s for s in "SHDC" if s != pair.suit.value))


def test_the_words_say_what_to_look_for_and_why_a_pass_scores_nothing():
    deal, pair = pair_deal("russian", 4, 0, 4, when="drawn")
    note = pair_note(deal.rules, pair)
    held = next(c for c in deal.hand(0) if c.suit == pair.suit and c.rank in (Rank.KING, Rank.QUEEN))
    assert f"you were dealt {held.display()}" in note and pair.drawn.display() in note and "(R15)" in note
    deal, pair = pair_deal("italian", 4, 0, 4)
    assert "I12" in pair_note(deal.rules, pair) and "bip bip" in pair_note(deal.rules, pair)
    deal, pair = pair_deal("russian", 4, 0, 3, when="dealt")
    while deal.to_act != 0:
        deal.apply(deal.legal_actions()[-1])
    deal.apply("pass")
    while deal.to_act != 0:
        deal.apply(deal.legal_actions()[-1])
    missed = pair_missed(deal, 0, pair.suit)
    assert missed.startswith("You did not say Bi-bi with") and "(R23)" in missed
    assert "You cannot call it now: a pair is called only right after drawing (R15" in missed


# -- bibi play --pair ---------------------------------------------------------------------------------------------


def play_command(capsys, monkeypatch, *args: str, lang: str = "en") -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    try:
        code = cli.main(["--lang", lang, "play", *args])
    except SystemExit as exit:
        code = exit.code
    out = capsys.readouterr()
    return code, out.out + out.err


def test_bibi_play_pair_deals_the_pair_deal_and_says_what_to_look_for(capsys, monkeypatch):
    code, said = play_command(capsys, monkeypatch, "--pair", "drawn", "--seed", "4", "--seat", "2")
    deal, pair = pair_deal("russian", 4, 2, 4, when="drawn")
    assert code == 0 and pair_note(deal.rules, pair) in said.replace("\n", " ")
    code, said = play_command(capsys, monkeypatch, "--rules", "it", "--pair", "--seed", "4", lang="it")
    assert code == 0 and "Una smazzata per esercitarti a dire «bip bip»: ti sono stati serviti" in said


@pytest.mark.parametrize(("args", "code", "words"), [
    (["--pair", "--deals", "4"], 1, "--pair: a deal with a pair to call is one deal, not --deals 4"),
    (["--rules", "it", "--pair", "drawn"], 1, "--pair: 'drawn' needs draw='after_each_card'"),
    (["--pair", "soon"], 2, "argument --pair: invalid choice: 'soon'"),
])
def test_bibi_play_pair_refuses_what_it_cannot_deal(capsys, monkeypatch, args, code, words):
    status, said = play_command(capsys, monkeypatch, *args)
    assert status == code and words in said


def test_bibi_practice_pair_asks_only_about_a_pair(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n1\nquit\n"))
    assert cli.main(["practice", "--pair", "--rules", "it", "--seed", "3", "-n", "2"]) == 0
    said = capsys.readouterr().out
    assert said.count("May he say bip bip with") == 2 and "Done: " in said
