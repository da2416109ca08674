"""Bad input, one test per case: each raises a clear error naming the rule or the field, and leaves the deal
(or the rules, or the record) exactly as it was.
"""

from __future__ import annotations

import ast
import copy
import dataclasses
import json
import random
import re
from pathlib import Path

import pytest
from helpers import new_deal, play, snapshot

import bibi
from bibi.cards import pack
from bibi.deal import Deal, IllegalAction, NotationError
from bibi.live import LiveView
from bibi.rules import Rules

pytestmark = pytest.mark.fast


def refused(deal: Deal, action, match: str, seat: int | None = None, error: type = IllegalAction) -> ValueError:
    """Apply ``action``; it must raise ``error`` (``IllegalAction``) matching ``match`` and change nothing."""
    before = snapshot(deal)
    with pytest.raises(error, match=match) as info:
        deal.apply(action, seat=seat)
    assert isinstance(info.value, ValueError)
    assert snapshot(deal) == before
    assert deal.why_illegal(action, seat) == str(info.value)
    return info.value


# -- cards and actions ------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["KX", "1S", "11H", "", "   ", "bibi", "trump", "trump X", "bibi Z", "pas"])
def test_unknown_card_or_action_notation(text):
    deal = new_deal("russian", ["", "5H"])
    error = refused(deal, text, r"cannot read action|empty action", error=NotationError)
    assert not isinstance(error, IllegalAction)  # unreadable is not "not allowed now"


def test_unknown_card_notation_in_cards_and_in_a_stacked_deck():
    with pytest.raises(ValueError, match=r"unknown card '1S'"):
        bibi.parse_cards("KS 1S")
    deck = [str(c) for c in pack(2)]
    deck[5] = "ZZ"
    with pytest.raises(ValueError, match=r"deck: unknown card 'ZZ'"):
        Deal.new("russian", players=3, deck=deck)


def test_a_card_not_in_hand():
    deal = new_deal("russian", ["", "5H"])
    refused(deal, "AS", r"seat 1 does not hold A♠")


# -- illegal cards: the rule named --------------------------------------------------------------------


def test_illegal_card_must_follow_suit_R13():
    deal = new_deal("russian", ["", "5H", "9H 4S"])
    play(deal, "5H")
    refused(deal, "4S", r"^must follow suit ♥: seat 2 holds 9♥ \(R13\)$")


def test_illegal_card_italian_suit_led_or_trump_I7():
    deal = new_deal("italian", ["", "5H", "9H 4S 8D"])
    play(deal, "5H")
    refused(deal, "8D", r"^must answer with the suit led ♥ or a trump ♠: seat 2 holds 4♠ 9♥ \(I7\)$")


def test_illegal_card_italian_trumps_led_I7():
    deal = new_deal("italian", ["", "5S", "9H 4S 8D"])
    play(deal, "5S")
    refused(deal, "9H", r"^must play a trump ♠ when trumps are led: seat 2 holds 4♠ \(I7\)$")


# -- out of turn ----------------------------------------------------------------------------------------


def test_acting_out_of_turn():
    deal = new_deal("russian", ["5C", "5H", "9H"])
    refused(deal, "9H", r"^out of turn: it is seat 1's turn, not seat 2's$", seat=2)
    refused(deal, "5H", r"^out of turn: it is seat 1's turn, not seat 0's$", seat=0)  # legal card, wrong seat
    play(deal, "5H")
    deal.apply("9H", seat=2)  # the right seat is accepted
    assert deal.to_act == 0


@pytest.mark.parametrize("seat, shown", [(-1, "-1"), (4, "4"), (10**5000, "<a whole number of about 5001 digits>")],
                         ids=["-1", "4", "10**5000"])
def test_a_seat_the_table_has_not_is_named_not_out_of_turn(seat, shown):
    # apply("8S", -1) said "out of turn: it is seat 0's turn, not seat -1's": a number that is no seat of the table
    # is a bad argument (a ValueError naming it), not a question of whose turn it is (IllegalAction)
    deal = Deal.new("russian", players=4, seed=1)
    before = snapshot(deal)
    message = rf"^seat: {re.escape(shown)} is not a seat 0…3$"
    with pytest.raises(ValueError, match=message) as info:
        deal.apply("8S", seat)
    assert not isinstance(info.value, IllegalAction)
    with pytest.raises(ValueError, match=message):
        deal.why_illegal("8S", seat)
    assert snapshot(deal) == before
    deal.apply("8S", 0)  # the seat to act is taken


def test_acting_after_the_deal_is_over():
    deal = Deal.new("russian", players=4, seed=2).playout(lambda legal: legal[0])
    refused(deal, "KS", r"^the deal is over$")
    refused(deal, "pass", r"^the deal is over$")


# -- calls ------------------------------------------------------------------------------------------------


def test_a_call_without_a_pair():
    deal = new_deal("russian", ["", "KH QH KD"])
    assert deal.phase == "call"
    refused(deal, "bibi D", r"^seat 1 holds no Q♦ to go with his K♦ \(R15\)$")
    refused(deal, "bibi C", r"^seat 1 holds neither the king nor the queen of ♣ \(R15\)$")
    play(deal, "pass")
    refused(deal, "bibi H", r"^a pair is called only right after drawing \(R15\): seat 1 must play a card$")
    # Out of the call's moment and without the pair: the first reason first (he lacks it), then the moment.
    refused(deal, "bibi D", r"^seat 1 holds no Q♦ to go with his K♦ \(R15\); and a pair is called only right "
                            r"after drawing \(R15\): seat 1 must play a card$")


def test_a_refused_call_cites_the_sentence_of_the_rules_in_force_alone():
    # R15 (the Russian draw, then "may") or I11 (the Italian draws, then "must"), never both: a refusal's sentences
    # are quoted whole, and under the Russian rules I11's "must" would contradict R23 beside it.
    italian = r"^seat 1 holds neither the king nor the queen of ♣ \(I11\); and a pair is called only right after " \
        r"drawing \(I11\): seat 1 must play a card$"
    refused(new_deal("italian", ["", "KH QH KD"]), "bibi C", italian)
    refused(new_deal("russian", ["", "KH QH KD"], draw="after_trick", dealt_pairs=False), "bibi C", italian)


def test_a_card_or_a_switch_while_a_call_decision_is_pending():
    deal = new_deal("russian", ["", "KH QH 5D"])
    refused(deal, "5D", r"^seat 1 must first call a pair or pass \(R15, R23\)$")
    refused(deal, "trump H", r"only when leading a trick")


def test_pass_when_there_is_nothing_to_pass_on():
    deal = new_deal("russian", ["", "5D"])
    refused(deal, "pass", r"nothing to pass on: seat 1 must play a card")


def test_a_call_of_the_trump_suit_under_non_trump():
    deal = new_deal("russian", ["", "KS QS KD QD"])
    assert [str(a) for a in deal.legal_actions()] == ["bibi D", "pass"]
    refused(deal, "bibi S", r"^♠ is trump: only a pair of a suit other than trumps can be called \(R15, R17\)$")


def test_a_reused_king_or_queen_R22():
    deal = new_deal("russian", ["", "KH QH QH KD QD"])
    play(deal, "bibi H")
    assert [str(a) for a in deal.legal_actions()] == ["bibi D", "pass"]
    refused(deal, "bibi H", r"^a king or queen that has formed a pair cannot form another \(R22\)")


# -- switches ---------------------------------------------------------------------------------------------


def test_a_switch_when_the_rules_move_the_trump_themselves():
    deal = new_deal("russian", ["", "KD QD 5H"])
    play(deal, "bibi D")
    refused(deal, "trump D", r"trump_change=next_trick\); no switch")


def test_a_switch_without_a_called_pair():
    deal = new_deal("italian", ["", "5H"])
    refused(deal, "trump H", r"^seat 1 has no unused called pair of ♥ to switch with \(I12\)$")


def test_a_switch_to_the_trump_suit_or_twice_in_a_trick_or_not_leading():
    rules = dataclasses.replace(bibi.ITALIAN, dealt_pairs=True, bibi_call="optional")
    deal = new_deal(rules, ["", "KS QS KH QH KD QD 5C"])
    play(deal, "bibi S", "bibi H", "bibi D")
    refused(deal, "trump S", r"^♠ is already trump$")
    play(deal, "trump H")
    refused(deal, "trump D", r"^at most one switch per trick$")
    play(deal, "5C")
    refused(deal, "trump D",
            r"only by the leader, before he leads: the kit's reading of I12, I14 \(which say 'whenever'\)")


def test_a_switch_once_drawing_has_stopped():
    rules = dataclasses.replace(bibi.ITALIAN, dealt_pairs=True, bibi_call="optional", decks=1, max_players=7)
    deal = new_deal(rules, ["", "KD QD"], players=7)  # 3 in stock: no round draws
    play(deal, "bibi D")
    assert deal.switch_rights(1) == (bibi.Suit.DIAMONDS,) and not deal.drawing
    refused(deal, "trump D", r"fixed once drawing has stopped \(I15, I16\)")


# -- playout ------------------------------------------------------------------------------------------------


def test_playout_with_an_illegal_pick_raises_and_leaves_the_deal_at_that_step():
    deal = new_deal("russian", ["", "5H"])
    with pytest.raises(IllegalAction, match="does not hold A♠"):
        deal.playout(lambda legal: bibi.Action.parse("AS"))
    assert deal.actions == () and deal.to_act == 1
    assert snapshot(deal) == snapshot(new_deal("russian", ["", "5H"]))


@pytest.mark.parametrize("pick", [int, str], ids=["plain int", "notation"])
def test_playout_refuses_a_pick_that_only_equals_a_legal_card(pick):
    # Cards are ints, so a plain 12 compares equal to Card('2S'); it is still not an action.
    deal = Deal.new("russian", players=4, seed=2)
    card = deal.legal_actions()[0]
    with pytest.raises(IllegalAction, match="must return one of the legal actions it is given, not "):
        deal.playout(lambda legal: pick(card))
    assert deal.actions == () and deal.legal_actions()[0] is card
    deal.apply(str(card))  # through apply the notation is welcome


def test_playout_interrupted_by_a_failing_chooser_leaves_a_consistent_deal():
    deal = Deal.new("russian", players=3, seed=1)
    deal.legal_actions()  # cached for the first decision
    picks = []

    def choose(legal):
        if len(picks) == 2:
            raise RuntimeError("the bot crashed")
        picks.append(legal[0])
        return legal[0]

    with pytest.raises(RuntimeError):
        deal.playout(choose)
    again = Deal.replay(deal.record())
    assert deal.actions == tuple(picks)
    assert deal.legal_actions() == again.legal_actions()  # not the stale answer of two decisions ago
    deal.apply(deal.legal_actions()[-1])  # and the deal plays on


# -- records ------------------------------------------------------------------------------------------------


def _record():
    deal = Deal.new("russian", players=3, seed=4)
    for _ in range(5):
        deal.apply(deal.legal_actions()[0])
    return deal.record()


@pytest.mark.parametrize("field", ["rules", "players", "dealer", "trump", "deck", "actions"])
def test_malformed_record_missing_field(field):
    record = _record()
    del record[field]
    kept = copy.deepcopy(record)
    with pytest.raises(ValueError, match=f"record: missing field '{field}'"):
        Deal.replay(record)
    assert record == kept


@pytest.mark.parametrize(
    "change, match",
    [
        (lambda r: r.update(format="bibi-deal/0"), r"record: format is 'bibi-deal/0', expected 'bibi-deal/1'"),
        (lambda r: r.pop("format"), r"record: format is None"),
        (lambda r: r["rules"].update(follow="sometimes"), r"record: bad rules: Rules\.follow: 'sometimes'"),
        (lambda r: r.update(rules={"colour": "red"}), r"record: bad rules: rules: unknown option\(s\) 'colour'"),
        (lambda r: r.update(rules="klondike"), r"record: bad rules: unknown rules preset 'klondike'"),
        (lambda r: r.update(players=13), r"record: players: 13 is outside 2…12"),
        (lambda r: r.update(players="3"), r"record: players: expected a whole number"),
        (lambda r: r.update(dealer=3), r"record: dealer: 3 is not a seat 0…2"),
        (lambda r: r.update(dealer=None), r"record: field 'dealer' is null"),
        (lambda r: r.update(trump="X"), r"record: trump: 'X' is not a suit"),
        (lambda r: r.update(trump=None), r"record: field 'trump' is null"),
        (lambda r: r.update(deck="KS QS"), r"record: 'deck' must be a list of cards"),
        (lambda r: r["deck"].__setitem__(0, "1S"), r"record: deck: unknown card '1S'"),
        (lambda r: r["deck"].pop(), r"record: deck: 103 cards, but the pack of 2 deck\(s\) has 104"),
        (lambda r: r["deck"].__setitem__(0, r["deck"][1]), r"record: deck: each card must appear 2 time\(s\)"),
        (lambda r: r.update(actions="KS"), r"record: 'actions' must be a list of action notations"),
        (lambda r: r["actions"].append(7), r"record: 'actions' must be a list of action notations"),
        (lambda r: r["actions"].insert(2, "bibi Q"), r"record: action 2 'bibi Q' cannot be applied: cannot read"),
        (lambda r: r["actions"].insert(1, r["actions"][0]),
         r"record: action 1 '\w\w' cannot be applied: (seat \d does not hold|must follow)"),
    ],
)
def test_malformed_record_wrong_format_bad_card_or_illegal_action(change, match):
    record = json.loads(json.dumps(_record()))
    change(record)
    kept = copy.deepcopy(record)
    with pytest.raises(ValueError, match=match):
        Deal.replay(record)
    assert record == kept


def test_replay_of_a_record_that_is_not_a_dict():
    with pytest.raises(ValueError, match=r"^record: expected a dict, not \[1, 2\] \(list\)$"):
        Deal.replay([1, 2])  # type: ignore[arg-type]


@pytest.mark.parametrize("kind", ["record", "game record"])
def test_a_records_header_is_checked_in_one_wording_for_a_deal_and_a_game(kind):
    """The header (a dict, its format, its fields) of a deal's record and of a game's: one check (bibi.records),
    the same sentences, led by what the record is."""
    from bibi.game import Game

    replay, record = (Deal.replay, _record()) if kind == "record" else \
        (Game.replay, Game.new("ru", 3, seed=2).play("random").record())
    form = record["format"]
    cases = [([1, 2], TypeError, f"{kind}: expected a dict, not [1, 2] (list)"),
             ({**record, "format": "zz"}, ValueError, f"{kind}: format is 'zz', expected '{form}'"),
             ({k: v for k, v in record.items() if k != "players"}, ValueError, f"{kind}: missing field 'players'"),
             ({**record, "zz": 1}, ValueError, f"{kind}: unknown field(s) 'zz'")]
    for bad, error, said in cases:
        with pytest.raises(error) as raised:
            replay(bad)
        assert str(raised.value) == said


# -- rules ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "options, match",
    [
        ({"follow": "sometimes"}, r"Rules\.follow: 'sometimes' is not one of must_follow, follow_or_trump"),
        ({"trump_change": "never"}, r"Rules\.trump_change: 'never' is not one of next_trick, holder_chooses"),
        ({"decks": 3}, r"Rules\.decks: 3 is not 1 or 2 \(R3\)"),
        ({"decks": "2"}, r"Rules\.decks: expected a whole number"),
        ({"first_dealer": "random", "first_trump": "dealer_card"}, r"Rules\.first_trump: 'dealer_card'.*R6"),
        ({"decks": 1, "max_players": 10}, r"Rules\.max_players: 10 hands of 7 need 70 cards, but 1 pack\(s\) hold 52; "
                                           r"lower max_players to 7 or less"),
        ({"turn_up": "later"}, r"Rules\.turn_up: 'later' is not one of trick_start, failed_draw"),
        ({"decks": 1, "max_players": 8}, r"Rules\.max_players: 8 hands of 7 need 56 cards"),
        ({"max_players": 1}, r"Rules\.max_players: 1 is outside 2…12 \(R2\)"),
        ({"hand_size": 0}, r"Rules\.hand_size: 0 is outside 1…52"),
        ({"bibi_points": -5}, r"Rules\.bibi_points: -5 is outside 0…10000"),
        ({"dealt_pairs": "yes"}, r"Rules\.dealt_pairs: expected True or False"),
        ({"card_points": {"Z": 3}}, r"card_points: unknown rank 'Z'"),
        ({"card_points": {"A": -1}}, r"card_points\[A\]: -1 is outside 0…1000"),
        ({"card_points": 7}, r"Rules\.card_points: expected a map rank → points"),
    ],
)
def test_an_impossible_rules_combination_names_the_field(options, match):
    with pytest.raises(ValueError, match=match):
        dataclasses.replace(bibi.RUSSIAN, **options)
    assert bibi.RUSSIAN == Rules() and bibi.RUSSIAN.name == "russian"  # the preset is untouched


def test_unknown_preset_for_a_deal():
    with pytest.raises(ValueError, match="unknown rules preset 'poker'"):
        Deal.new("poker", players=3, seed=1)
    with pytest.raises(ValueError, match="rules: expected a Rules value or a preset name"):
        Deal.new(42, players=3, seed=1)  # type: ignore[arg-type]


# -- players, dealer, trump, deck ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "rules, players, match",
    [
        ("russian", 1, r"players: 1 is outside 2…12 \(R2; max_players\)"),
        ("russian", 0, r"players: 0 is outside 2…12"),
        ("italian", 13, r"players: 13 is outside 2…12"),
        ("russian", "6", r"players: expected a whole number, not '6'"),
        ("russian", True, r"players: expected a whole number, not True"),
        (dataclasses.replace(bibi.RUSSIAN, decks=1, max_players=7), 8, r"players: 8 is outside 2…7"),
    ],
)
def test_players_out_of_range(rules, players, match):
    with pytest.raises(ValueError, match=match):
        Deal.new(rules, players=players, seed=1)


@pytest.mark.parametrize("dealer", [-1, 3, True, "0"])
def test_dealer_out_of_range(dealer):
    # a number that is no seat is a ValueError; a value of the wrong type a TypeError (that is a ValueError too)
    error = TypeError if isinstance(dealer, bool | str) else ValueError
    with pytest.raises(error, match=r"dealer: (.* is not a seat 0…2|expected a whole number, not (True|'0'))"):
        Deal.new("russian", players=3, seed=1, dealer=dealer)


def test_trump_that_is_not_a_suit():
    with pytest.raises(ValueError, match=r"trump: 'X' is not a suit \(S, H, D, C\)"):
        Deal.new("russian", players=3, seed=1, trump="X")


@pytest.mark.parametrize(
    "change, match",
    [
        (lambda d: d[:-1], r"deck: 103 cards, but the pack of 2 deck\(s\) has 104"),
        (lambda d: d + ["AS"], r"deck: 105 cards"),
        (lambda d: ["AS"] + d[1:], r"deck: each card must appear 2 time\(s\); wrong count for"),
        (lambda d: d[:52], r"deck: 52 cards"),
    ],
)
def test_a_stacked_deck_that_is_not_exactly_the_pack(change, match):
    deck = [str(c) for c in pack(2)]
    with pytest.raises(ValueError, match=match):
        Deal.new("russian", players=3, deck=change(deck))


def test_seat_arguments_out_of_range():
    deal = Deal.new("russian", players=3, seed=1)
    for bad in (-1, 3, "1"):
        with pytest.raises(ValueError, match=r"seat: (.* is not a seat 0…2|expected a whole number, not '1')"):
            deal.hand(bad)


@pytest.mark.widgets
def test_a_number_too_long_to_write_is_named_not_written():
    # 10**5000 has no str (Python's limit of 4,300 digits): a message that quoted it with !r would itself raise
    # ValueError and lose the parameter's name. Found by test_fuzz's widget constructors (RulesPanel).
    import bibi.widgets as widgets
    from bibi.bots import make_oracle_bot, make_search_bot
    from bibi.game import Game
    from bibi.play import play as play_out
    from bibi.practice import exercise

    huge = 10**5000
    long = "<a whole number of about 5001 digits>"
    game = Game.new("ru", 3, seed=1)
    deal = play_out(Deal.new("ru", 3, seed=1), "heuristic", random.Random(1), actions=12)
    inspector = widgets.ScoreInspector(game)
    cases = [
        (lambda: widgets.RulesPanel(rules=huge), TypeError, "rules: expected Rules or a label"),
        (lambda: make_oracle_bot(huge), TypeError, f"deal: expected a Deal, not {long}"),
        (lambda: make_search_bot(margin=-huge), ValueError, f"margin: {long} is not"),
        (lambda: game.take_back(huge), ValueError, f"take_back: upto {long} is not a position"),
        (lambda: deal.why_won(huge), ValueError, f"number: {long} is not one of the"),
        (lambda: inspector.show_deal(huge), ValueError, f"index: {long} is not a deal"),
        (lambda: exercise(huge), TypeError, f"kind: expected one of .*, not {long}"),
        (lambda: exercise("may_play", players=huge), ValueError, f"players: {long} is outside 2…12"),
    ]
    for call, kind, message in cases:
        with pytest.raises(kind, match=message):
            call()


# -- sampling -------------------------------------------------------------------------------------------------


def _a_seat_to_act() -> tuple[Deal, int]:
    from bibi.play import bots_rng
    from bibi.play import play as play_deal

    deal = play_deal(Deal.new("ru", 4, seed=5), ["heuristic", "heuristic", None, "heuristic"], bots_rng(5))
    return deal, 2


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        (dict(rng=None), TypeError, r"^rng: expected a random\.Random, not None \(NoneType\)$"),
        (dict(rng=5), TypeError, r"^rng: expected a random\.Random, not 5 \(int\)$"),
        (dict(tries=-1), ValueError, r"^tries: -1 is outside ≥ 1$"),
        (dict(tries=0), ValueError, r"^tries: 0 is outside ≥ 1$"),
        (dict(tries=True), TypeError, r"^tries: expected a whole number, not True \(bool\)$"),
        (dict(tries=2.0), TypeError, r"^tries: expected a whole number, not 2\.0 \(float\)$"),
    ],
)
def test_resample_names_a_bad_rng_or_tries(kwargs, error, match):
    from bibi.sampling import Sampler, resample

    deal, seat = _a_seat_to_act()
    before = snapshot(deal)
    args = dict(rng=random.Random(1), tries=3) | kwargs
    with pytest.raises(error, match=match):
        deal.resample(seat, **args)
    with pytest.raises(error, match=match):
        resample(deal.view(seat), **args)
    with pytest.raises(error, match=match):
        Sampler(deal.view(seat)).sample(**args)
    assert snapshot(deal) == before
    world = deal.resample(seat, random.Random(1), 1)  # one try is enough here, and still allowed
    assert world is not None and world.view(seat) == deal.view(seat)


# -- the bot registry -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name, error, match",
    [
        (None, TypeError, r"^register: name: expected a bot name \(a text\), not None \(NoneType\)$"),
        (7, TypeError, r"^register: name: expected a bot name \(a text\), not 7 \(int\)$"),
        ("", ValueError, r"^register: name '' is not a bot name: use 1 to 60 letters, digits, '-' and '_'"),
        ("a,b", ValueError, r"^register: name 'a,b' is not a bot name"),
        ("my bot", ValueError, r"^register: name 'my bot' is not a bot name"),
        (" mine ", ValueError, r"^register: name ' mine ' is not a bot name"),
        ("x" * 61, ValueError, r"^register: name 'x{58}… is not a bot name"),
    ],
)
def test_register_refuses_a_name_the_bots_list_cannot_carry(name, error, match):
    from bibi.play import BOTS, register

    before = dict(BOTS)
    with pytest.raises(error, match=match):
        register(name, lambda view, rng: view.legal_actions[0])
    assert BOTS == before


def test_register_takes_letters_digits_dashes_and_underscores():
    from bibi.cli import bots_arg
    from bibi.play import BOTS, get_bot, register

    def first(view, rng):
        return view.legal_actions[0]

    register("Lead_low-2", first)
    try:
        assert get_bot("lead_low-2") is first
        assert bots_arg("lead_low-2,random") == ["lead_low-2", "random"]  # the command line carries it
    finally:
        del BOTS["lead_low-2"]


# -- cards ----------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "decks, error, match",
    [
        (3, ValueError, r"^decks: 3 is not 1 or 2 \(R3\)$"),
        (0, ValueError, r"^decks: 0 is not 1 or 2 \(R3\)$"),
        (-1, ValueError, r"^decks: -1 is not 1 or 2 \(R3\)$"),
        (10**9, ValueError, r"^decks: 1000000000 is not 1 or 2 \(R3\)$"),  # refused, not grown until memory runs out
        (True, TypeError, r"^decks: expected a whole number of packs \(1 or 2\), not True \(bool\)$"),
        (2.0, TypeError, r"^decks: expected a whole number of packs \(1 or 2\), not 2\.0 \(float\)$"),
        (None, TypeError, r"^decks: expected a whole number of packs \(1 or 2\), not None \(NoneType\)$"),
    ],
)
def test_pack_holds_one_or_two_decks_as_the_rules_do(decks, error, match):
    with pytest.raises(error, match=match):
        pack(decks)
    assert len(pack(1)) == 52 and len(pack()) == 104


# -- game records ---------------------------------------------------------------------------------------------------


def _game_record(rules: str) -> dict:
    from bibi.game import Game

    return json.loads(json.dumps(Game.new(rules, players=3, seed=7).play("greedy").record()))


@pytest.mark.parametrize("rules", ["russian", "italian"])  # a high-card draw for the first dealer, and none
@pytest.mark.parametrize("draws, shown", [(None, "None"), (False, "False"), ({}, r"\{\}"), (0, "0"), ("", "''")])
def test_a_game_record_whose_draws_are_no_list_is_refused(rules, draws, shown):
    from bibi.game import Game

    record = _game_record(rules)
    Game.replay(record)  # as the kit wrote it, it replays
    record["draws"] = draws
    kept = copy.deepcopy(record)
    with pytest.raises(ValueError, match=rf"^game record: 'draws' must be a list of rounds, each a list of "
                                         rf"\[seat, card\], not {shown}$"):
        Game.replay(record)
    assert record == kept


_PAIR = r"'draws' round 1: expected \[seat, card\] \(a whole number and a card\), not "


@pytest.mark.parametrize(
    "change, match",
    [
        (lambda d: d.__setitem__(0, {"0": "5C"}),
         r"'draws' round 1 must be a list of \[seat, card\], not \{'0': '5C'\}"),
        (lambda d: d[0].__setitem__(0, [False, "5C"]), _PAIR + r"\[False, '5C'\]$"),  # False == 0: no seat for all that
        (lambda d: d[0].__setitem__(1, [1.0, "9H"]), _PAIR + r"\[1\.0, '9H'\]$"),
        (lambda d: d[0].__setitem__(0, [0, 12]), _PAIR + r"\[0, 12\]$"),
        (lambda d: d[0].__setitem__(0, [0]), _PAIR + r"\[0\]$"),
        (lambda d: d[0].__setitem__(0, [0, "XX"]), r"'draws' round 1: unknown card 'XX'"),
    ],
)
def test_a_game_record_whose_draw_is_malformed_names_the_round_and_quotes_it(change, match):
    from bibi.game import Game

    record = _game_record("russian")
    assert record["draws"] == [[[0, "5C"], [1, "9H"], [2, "AC"]]]  # the draw this seed makes
    change(record["draws"])
    kept = copy.deepcopy(record)
    with pytest.raises(ValueError, match=rf"^game record: {match}"):
        Game.replay(record)
    assert record == kept


@pytest.mark.parametrize(
    "change, match",
    [
        (lambda r: r.update(deals={}), r"'deals' must be a list of 1…3 deals, not \{\}"),
        (lambda r: r.update(deals=[]), r"'deals' must list 1…3 deals, not 0"),
        (lambda r: r["deals"][1].update(cut=False), r"deal 2: 'cut' must be null or .*, not False"),
        (lambda r: r["deals"][1]["cut"].update(card=5), r"deal 2: cut: card: expected notation"),
        (lambda r: r["deals"].__setitem__(1, [None]), r"deal 2: expected \{'cut': …, 'deal': <deal record>\}.*"
                                                     r", not \[None\]"),
    ],
)
def test_a_game_record_whose_deals_or_cuts_are_malformed_quotes_them(change, match):
    from bibi.game import Game

    record = _game_record("russian")
    change(record)
    kept = copy.deepcopy(record)
    with pytest.raises(ValueError, match=rf"^game record: {match}"):
        Game.replay(record)
    assert record == kept


# -- more of the same: sampling, replay, the play layer, games, cards ------------------------------------------------


def test_the_sampler_names_a_value_that_is_no_view():
    from bibi.sampling import Sampler, resample, unseen

    deal, seat = _a_seat_to_act()
    match = r"^view: expected a View or a LiveView \(deal\.view\(seat\)\), not "
    for bad, shown in ((None, r"None \(NoneType\)$"), (deal, r"<Deal .*\(Deal\)$"), ({"seat": 2}, r"\{'seat': 2\}")):
        with pytest.raises(TypeError, match=match + shown):
            Sampler(bad)
        with pytest.raises(TypeError, match=match + shown):
            resample(bad, random.Random(1))
        with pytest.raises(TypeError, match=match + shown):
            unseen(bad)
    assert sum(unseen(deal.view(seat))) == sum(unseen(LiveView(deal, seat)))  # both kinds of view are taken


def test_a_live_views_unseen_of_names_a_card_that_is_none():
    # Found by the bots' fuzz test: unseen_of(52) was an IndexError from inside the tally, unseen_of(None) a
    # TypeError about list indices, and unseen_of(-1) answered for the last card of the pack.
    deal, seat = _a_seat_to_act()
    view = LiveView(deal, seat)
    unseen = view.unseen()
    assert [view.unseen_of(c) for c in range(52)] == [(n, sum(unseen)) for n in unseen]
    assert view.unseen_of(bibi.cards.Card("KS")) == view.unseen_of(int(bibi.cards.Card("KS")))
    for bad in (-1, 52, 10**5000):
        with pytest.raises(ValueError, match=r"^card: .* is outside 0…51$"):
            view.unseen_of(bad)
    for bad, shown in ((None, "None"), ("KS", "'KS'"), (True, "True"), (1.0, "1.0")):
        with pytest.raises(TypeError, match=rf"^card: expected a whole number, not {shown} "):
            view.unseen_of(bad)


def test_replay_refuses_an_upto_beyond_the_record_rather_than_cutting_it_down():
    record = _record()
    assert len(record["actions"]) == 5
    assert Deal.replay(record, upto=5).actions == Deal.replay(record).actions  # the whole line is a position
    for bad in (6, 10**9):
        with pytest.raises(ValueError, match=rf"^upto: {bad} is outside 0…5$"):
            Deal.replay(record, upto=bad)
    with pytest.raises(TypeError, match=r"^upto: expected a whole number, not True \(bool\)$"):
        Deal.replay(record, upto=True)


def _play_layer():
    import bibi.play

    return bibi.play


@pytest.mark.parametrize(
    "call, error, match",
    [
        (lambda p, d: p.bots_rng(True), TypeError, r"^seed: expected a whole number or a text, not True \(bool\)$"),
        (lambda p, d: p.bots_rng(1.5), TypeError, r"^seed: 1\.5 is not a seed"),
        (lambda p, d: p.bots_rng([1]), TypeError, r"^seed: expected a whole number or a text, not \[1\] \(list\)$"),
        (lambda p, d: p.bots_rng(2**65), ValueError, r"^seed: .* is outside ±2\*\*64$"),
        (lambda p, d: p.random_choice(None), TypeError, r"^rng: expected a random\.Random, not None"),
        (lambda p, d: p.snapshots(None), TypeError, r"^deal: expected a Deal, not None"),
        (lambda p, d: p.lockstep(None, "random"), TypeError, r"^deals: expected a list of deals, not None$"),
        (lambda p, d: p.lockstep(d, "random"), TypeError, r"^deals: expected a list of deals, not <Deal"),
        (lambda p, d: p.lockstep([d, "x"], "random"), TypeError, r"^deals: expected a list of deals, not 'x'"),
        (lambda p, d: p.lockstep([d], "random", 5), TypeError, r"^rng: expected a random\.Random, not 5"),
        (lambda p, d: p.lockstep([d], "random", until=5), TypeError, r"^until: expected a callable \(deal\) -> bool"),
        (lambda p, d: p.get_bot(5), TypeError, r"^bot: expected a bot name or a callable"),
        (lambda p, d: p.as_bots(5, 3), TypeError, r"^bots: expected a bot, a name, or one per seat, not 5$"),
    ],
)
def test_the_play_layer_names_what_it_cannot_use(call, error, match):
    deal = Deal.new("ru", 3, seed=1)
    with pytest.raises(error, match=match) as info:
        call(_play_layer(), deal)
    assert isinstance(info.value, ValueError)  # a WrongType: caught as the kit's bad input too
    assert deal.actions == ()


def test_the_game_loop_names_what_it_cannot_use():
    from bibi.game import play_game  # the deal-to-deal loop lives with the game, not in the play layer

    with pytest.raises(TypeError, match=r"^game: expected a bibi\.game\.Game, not None") as info:
        play_game(None, "random")
    assert isinstance(info.value, ValueError)


def test_bots_rng_still_takes_the_seeds_a_deal_takes():
    from bibi.play import bots_rng

    for seed in (0, -5, 2**64, "bibi/0/5", b"raw"):
        assert bots_rng(seed).random() == bots_rng(seed).random()
    assert bots_rng(1).random() != bots_rng(2).random()


@pytest.mark.parametrize(
    "call, error, match",
    [
        (lambda g: g.trump_source(-1), ValueError, r"^index: -1 is outside 0…0$"),  # not the last deal, quietly
        (lambda g: g.trump_source(1), ValueError, r"^index: 1 is outside 0…0$"),
        (lambda g: g.trump_source(True), TypeError, r"^index: expected a whole number, not True"),
        (lambda g: g.cutter(3), ValueError, r"^dealer: 3 is outside 0…2$"),  # not seat 0 again, by the modulo
        (lambda g: g.cutter(None), TypeError, r"^dealer: expected a whole number, not None"),
        (lambda g: g.bots_rng(True), TypeError, r"^rng: expected a whole number or a text, not True \(bool\)$"),
        (lambda g: g.bots_rng([1]), TypeError, r"^rng: expected a whole number or a text, not \[1\]"),
        (lambda g: g.play("random", rng=1.5), TypeError, r"^rng: 1\.5 is not a seed"),
        (lambda g: g.take_back("2"), TypeError, r"^take_back: upto '2' is not a position 0…0 of the deal$"),
        (lambda g: g.replay([1, 2]), TypeError, r"^game record: expected a dict, not \[1, 2\] \(list\)$"),
    ],
)
def test_a_game_names_a_bad_argument_and_stays_as_it_was(call, error, match):
    from bibi.game import Game

    game = Game.new("ru", 3, seed=1)
    before = game.record()
    with pytest.raises(error, match=match) as info:
        call(game)
    assert isinstance(info.value, ValueError)
    assert game.record() == before and game.deal.actions == ()
    assert game.cutter(0) == 2 and "drawn card" in game.trump_source(0)
    assert game.bots_rng(3).random() == random.Random(3).random()  # a seed still makes a stream


@pytest.mark.parametrize(
    "call, match",
    [
        (lambda: bibi.Card(12), r"^Card: needs notation like 'KS' or a rank and a suit, not 12$"),
        (lambda: bibi.Card(None), r"^Card: needs notation like 'KS' or a rank and a suit, not None$"),
        (lambda: bibi.Suit.parse(None), r"^suit: expected a suit like 'S', '♠' or 'spades', not None \(NoneType\)$"),
        (lambda: bibi.Suit.parse(0), r"^suit: expected a suit like 'S', '♠' or 'spades', not 0 \(int\)$"),
        (lambda: bibi.Card("K", 3), r"^suit: expected a suit like .*, not 3 \(int\)$"),
        (lambda: bibi.Rank.parse(None), r"^rank: expected a rank like 'K', 'T' or '10', not None \(NoneType\)$"),
        (lambda: bibi.Rank.parse(10.0), r"^rank: expected a rank like 'K', 'T' or '10', not 10\.0 \(float\)$"),
    ],
)
def test_a_card_suit_or_rank_of_the_wrong_type_is_a_wrong_type(call, match):
    # a TypeError, and a ValueError as every refusal of the kit's: not a bare TypeError, nor "unknown suit None"
    with pytest.raises(bibi.errors.WrongType, match=match):
        call()
    assert bibi.Suit.parse("s") is bibi.Suit.SPADES and bibi.Rank.parse("10") is bibi.Rank.TEN


# -- the rules' refusals in the reader's language ----------------------------------------------------------------

# Each refusal of the rules and of a pair deal in Russian and Italian: it names the parameter and quotes the value as
# the notation writes them, keeps its sentence ids, and says the rest in the language (a word of it below; the
# English text's words not at all).
LANGUAGE_REFUSALS = [
    (lambda: Rules(hand_size=0), r"^Rules\.hand_size: 0 .*1…52 \(R8\)$", "is outside",
     {"ru": "вне пределов", "it": "fuori dall’intervallo"}),
    (lambda: Rules(follow="sometimes"), r"^Rules\.follow: 'sometimes' .*must_follow, follow_or_trump$", "is not one of",
     {"ru": "недопустимое значение", "it": "non è tra i valori"}),
    (lambda: Rules(decks=3), r"^Rules\.decks: 3 .* \(R3\)$", "is not 1 or 2", {"ru": "не 1 и не 2", "it": "né 1 né 2"}),
    (lambda: Rules(decks=1, max_players=8), r"^Rules\.max_players: 8 .*max_players .*7", "hands of",
     {"ru": "слишком много игроков", "it": "mani da 7 carte"}),
    (lambda: Rules(first_dealer="random"), r"^Rules\.first_trump: 'dealer_card' .*\(R6\)", "takes the suit",
     {"ru": "сдатчик", "it": "mazziere"}),
    (lambda: Rules(card_points={"Z": 3}), r"^Rules\.card_points: .*'Z'$", "unknown rank",
     {"ru": "неизвестное достоинство", "it": "non riconosco il valore"}),
    (lambda: Rules(card_points={"A": 2000}), r"^Rules\.card_points\[A\]: 2000 .*0…1000$", "is outside",
     {"ru": "вне пределов", "it": "fuori"}),
    (lambda: bibi.rules.parse_rules("ru:colour=red"), r"^rules: 'colour=red' .*option=value", "is not option",
     {"ru": "вариантов правил", "it": "una delle opzioni"}),
    (lambda: bibi.rules.parse_rules("ru:hand_size=seven"), r"^rules: hand_size='seven': ", "expected",
     {"ru": "нужно целое число", "it": "serve un numero intero"}),
    (lambda: bibi.rules.parse_rules("it:dealt_pairs=maybe"), r"^rules: dealt_pairs='maybe': .*true .*false$",
     "expected", {"ru": "нужно", "it": "serve"}),
    (lambda: bibi.rules.parse_rules("ru:follow=x"), r"^rules 'ru:follow=x': Rules\.follow: 'x' ", "is not one of",
     {"ru": "недопустимое значение", "it": "non è tra i valori"}),
    (lambda: bibi.rules.parse_rules("ru:decks=1,decks=2"), r"^rules 'ru:decks=1,decks=2': .*decks", "given twice",
     {"ru": "указан дважды", "it": "indicata due volte"}),
    (lambda: bibi.rules.preset("klondike"), r"'klondike'.*ru, it", "unknown rules preset",
     {"ru": "неизвестный набор правил", "it": "insieme di regole sconosciuto"}),
    (lambda: bibi.rules.CardPoints.read("2:11 Х:10", "ru"), r"^card_points: .*'Х'.* 2 Т К Д В 10", "unknown rank",
     {"ru": "неизвестное достоинство", "it": "non riconosco il valore"}),
    (lambda: bibi.rules.CardPoints.read("A10"), r"^card_points: .*'A10'.*'2:11 ", "cannot read",
     {"ru": "не понимаю", "it": "non riconosco"}),
    (lambda: Rules.from_json({"colour": "red"}), r"^rules: .*'colour'$", "unknown option",
     {"ru": "неизвестные варианты правил", "it": "opzioni sconosciute"}),
    (lambda: bibi.dealing.paired_setup("russian:hand_size=1", 4, 0, 1), r"^rules: .*1 .*\(hand_size\)$", "holds no",
     {"ru": "короля с дамой", "it": "re e donna"}),
    (lambda: bibi.dealing.paired_setup("russian", 4, 0, 1, when="later"), r"^when: 'later' .*'dealt'.*'drawn'$",
     "is not", {"ru": "не 'dealt' и не 'drawn'", "it": "né 'dealt' né 'drawn'"}),
    (lambda: bibi.dealing.paired_setup("italian", 4, 0, 1, when="drawn"),
     r"^when: 'drawn' .*draw='after_each_card'.* 4 .*\(R15; I9\)$", "needs",
     {"ru": "при 4 игроках", "it": "4 giocatori"}),
    (lambda: bibi.dealing.check_players(bibi.RUSSIAN, 13), r"^players: 13 .*2…12 \(R2; max_players\)$", "is outside",
     {"ru": "вне пределов", "it": "fuori"}),
]


# The other refusals of a value the kit's shared checks make (``bibi.errors``): a seed too long, a number not finite.
VALUE_REFUSALS = [
    (lambda: Deal.new("ru", 4, seed="x" * 10_001), r"^seed: .*10\D001.*10", "too long",  # the count grouped
     {"ru": "слишком длинный для зерна", "it": "troppo lungo per un codice"}),
    (lambda: bibi.errors.number("delay", float("nan")), r"^delay: nan ", "finite",
     {"ru": "не конечное число", "it": "non è un numero finito"}),
]


@pytest.mark.parametrize("lang", ["ru", "it"])
@pytest.mark.parametrize(("act", "named", "english", "words"), LANGUAGE_REFUSALS + VALUE_REFUSALS)
def test_the_rules_refusals_speak_the_readers_language(lang, act, named, english, words):
    from bibi.i18n import language

    with language(lang), pytest.raises(ValueError) as refused:
        act()
    said = str(refused.value)
    assert re.search(named, said), said
    assert words[lang] in said and english not in said, said
    with pytest.raises(type(refused.value)) as again:  # the same refusal in English, as it always read
        act()
    assert re.search(named, str(again.value)) and english in str(again.value), str(again.value)


@pytest.mark.widgets
@pytest.mark.parametrize(("lang", "frame"), [("en", "is refused"), ("ru", "не принято"), ("it", "non è accettato")])
def test_a_value_typed_into_the_rules_panel_is_refused_in_its_language(lang, frame):
    """A value typed into the rules panel's option controls or label boxes is refused next to the control, in the
    panel's language: the option named, the value quoted, the sentence ids kept, no English word around them."""
    from bibi.widgets import RulesPanel

    panel = RulesPanel("russian", 4, seed=1, lang=lang)
    rules = panel.rules

    def typed(control: object, value: object, where: object) -> str:
        control.value = value
        assert panel.rules == rules and control.value != value  # refused: the control shows the rules' value again
        return re.sub(r"<[^>]+>", "", where.value).replace("&#x27;", "'").removeprefix("⚠").strip()

    english = ("is outside", "is not one of", "unknown rank", "expected", "unknown rules preset", "is refused")
    said = {
        "hand_size": typed(panel.controls["hand_size"], 0, panel.control_errors["hand_size"]),
        "max_players": typed(panel.controls["max_players"], 13, panel.control_errors["max_players"]),
        "card_points": typed(panel.controls["card_points"], "2:11 Х:10", panel.control_errors["card_points"]),
        "too many": typed(panel.controls["hand_size"], 30, panel.control_errors["hand_size"]),
        "right": typed(panel.right_box, "ru:hand_size=seven", panel.field_errors["right"]),
        "left": typed(panel.left_box, "klondike", panel.field_errors["left"]),
    }
    assert re.match(r"^hand_size: 0 .*1…52 \(R8\)$", said["hand_size"]), said
    assert re.match(r"^max_players: 13 .*2…12 \(R2\)$", said["max_players"]), said
    assert re.match(rf"^card_points: .*'2:11 Х:10' {frame}.*'Х'", said["card_points"]), said
    # another refusal than the option's own (the players the rules no longer seat): framed once, in the language
    assert re.match(rf"^hand_size: .*30 {frame}: players: 4 .*2…3 \(R2; max_players\)$", said["too many"]), said
    assert said["right"].startswith("rules: hand_size='seven': "), said
    assert "'klondike'" in said["left"], said
    if lang != "en":
        assert [s for s in said.values() if any(e in s for e in english)] == []


@pytest.mark.widgets
@pytest.mark.parametrize(("lang", "words"), [("en", "a hand of 1 card holds no king and queen"),
                                             ("ru", "в руке из 1 карты не бывает короля с дамой"),
                                             ("it", "una mano da 1 carta non può avere re e donna")])
def test_the_play_tables_pair_deal_is_refused_in_its_language(lang, words):
    """Practise a Bi-bi under rules that deal no pair: the table's message line says why in its language, names the
    option and leaves the table as it was."""
    from bibi.widgets import PlayTable

    table = PlayTable("russian:hand_size=1", 4, seed=3, lang=lang)
    before = (table.deal.record(), table.seed_box.value)
    table.pair_button.click()
    said = re.sub(r"<style\b.*?</style>|<[^>]+>", "", table.message.value, flags=re.S)
    assert said.strip() == f"rules: {words} (hand_size)", said
    assert "bibi-error" in table.message.value and table.errors.outputs == ()
    assert (table.deal.record(), table.seed_box.value) == before


# -- wrong types in the reader's language --------------------------------------------------------------------------

# A value of the wrong type where a person in a notebook gives one: the parameter it names, the value it quotes as
# Python writes it (``shorten``).
WRONG_TYPES = [
    (lambda: Deal.new("ru", "шесть"), "players", "шесть"),
    (lambda: Deal.new("ru", 6, seed=1.5), "seed", 1.5),
    (lambda: Deal.new("ru", 4, seed=[1]), "seed", [1]),
    (lambda: Deal.new("ru", 4, log=1), "log", 1),
    (lambda: Rules(follow=3), "Rules.follow", 3),
    (lambda: Rules(card_points=5), "Rules.card_points", 5),
    (lambda: bibi.Card(1.5), "Card", 1.5),
    (lambda: bibi.Suit.parse(3), "suit", 3),
    (lambda: bibi.Rank.parse(10.0), "rank", 10.0),
    (lambda: bibi.read_card(5), "card", 5),
    (lambda: bibi.parse_cards(5), "cards", 5),
    (lambda: bibi.set_language(5), "lang", 5),
    (lambda: bibi.i18n.count("2", "trick"), "n", "2"),
    (lambda: bibi.i18n.number("2.5"), "value", "2.5"),
    (lambda: bibi.play.snapshots("deal"), "deal", "deal"),
    (lambda: bibi.play.play(Deal.new("ru", 3, seed=1), "random", until=5), "until", 5),
    (lambda: bibi.Game.new("ru", 3, seed=b"x"), "seed", b"x"),
    (lambda: bibi.Game.new("ru", 3, seed=1).take_back("2"), "take_back: upto", "2"),
    (lambda: bibi.practice.exercise("winner", seed=1.5), "seed", 1.5),
    (lambda: bibi.practice.exercises("6"), "n", "6"),
    (lambda: bibi.notation.action_text("KS"), "action", "KS"),
    (lambda: bibi.dealing.paired_setup("russian", 4, 0, 1, when=1), "when", 1),
    (lambda: Deal.new("ru", 3, seed=1).restock("KS"), "cards", "KS"),
    (lambda: bibi.sampling.Sampler(Deal.new("ru", 3, seed=1).view(0), held=["x"] * 52), "held", "x"),
    (lambda: bibi.sampling.Sampler(Deal.new("ru", 3, seed=1).view(0), steps="3"), "steps", "3"),
    (lambda: bibi.play.as_bots({"1": "random"}, 3), "bots", "1"),
]


def prose(said: str, name: str, value: object) -> set[str]:
    """The words of a refusal of ``value`` for ``name`` written in Latin letters that are not notation: not the
    parameter's name, not the value or a quoted text, not the value's type, not an option's value (``must_follow``),
    not code (``True``, ``Deal``, ``random.Random``, ``(deal) -> bool``)."""
    rest = said.removeprefix(name).replace(bibi.shorten(value), " ")
    rest = re.sub(r"'[^']*'|\(\w+\)$|\b[a-z]+(?:_[a-z]+)+\b|\b\w+(?:\.\w+)+|\([a-z_, ]*\)(?: -> \w+)?", " ", rest)
    return set(re.findall(r"\b[a-z]{2,}\b", rest))


@pytest.mark.parametrize("lang", ["ru", "it"])
@pytest.mark.parametrize(("act", "name", "value"), WRONG_TYPES)
def test_a_wrong_type_is_refused_in_the_readers_language(lang, act, name, value):
    """The refusal names the parameter and quotes the value as in English, and says the rest in the reader's
    language: no word of the English refusal's prose (in Russian, no Latin word at all but the notation)."""
    from bibi.i18n import language

    with pytest.raises(bibi.WrongType) as english:  # in English, as it always read
        act()
    english_words = prose(str(english.value), name, value)
    assert str(english.value).startswith(name) and english_words, str(english.value)
    with language(lang), pytest.raises(bibi.WrongType) as refused:
        act()
    said = str(refused.value)
    assert said.startswith(name) and bibi.shorten(value, 40) in said, said
    assert prose(said, name, value) & english_words == set(), said
    assert lang != "ru" or prose(said, name, value) == set(), said


def _sampler(**given):
    from bibi.sampling import Sampler

    return Sampler(Deal.new("ru", 4, seed=7).view(0), **given)


def _sealed(**given):
    from bibi.sealed import SealedTable

    return SealedTable(given.pop("bots", "greedy"), 3, **given)  # refused before any process starts


def _pettingzoo_step(action):
    from bibi.pettingzoo import env

    table = env("russian", 4)
    table.reset(seed=1)
    table.step(action)


# A value of the right type that is refused: the act, the parameter (or the entry) named, the value quoted, and the
# notation the refusal may carry beside them (the measures' and bots' names, as typed in code).
MEASURE_NAMES = ("skill", "luck", "fairness", "drama", "tempo")
BOT_NAMES = ("random", "greedy", "heuristic", "sampling", "search")
ITALIAN_AND_ENGLISH = {"bot", "per"}  # words of both languages ("il bot", "uno per giocatore")
WRONG_VALUES = [
    (lambda: bibi.read_card("XX", "ru"), "card", "XX", ()),
    (lambda: bibi.read_cards("ДЧ ZZ", "ru"), "cards", "ZZ", ()),
    (lambda: bibi.compare(["ru", "it"], players=3, deals=2, level=1.5, progress=False), "level", 1.5, ()),
    (lambda: bibi.profile("ru", players=3, deals=8, level=1.5, progress=False), "level", 1.5, ()),
    (lambda: _sampler(held=[1.0] * 51), "held", [1.0] * 51, ()),
    (lambda: _sampler(held=[1.0] * 51 + [0.0]), "held", 0.0, ()),
    (lambda: bibi.profile("ru", players=3, deals=8, measures=["x"], progress=False), "measures", "x", MEASURE_NAMES),
    (lambda: bibi.compare({1: "ru", "1": "it"}, players=3, deals=2, progress=False), "variants", "1", ()),
    (lambda: bibi.compare({10**20: "ru"}, players=3, deals=2, progress=False), "variants", 10**20, ()),
    (lambda: bibi.profile("ru", players=3, deals=8, ladder=("greedy",), progress=False), "ladder", ("greedy",), ()),
    (lambda: _sealed(timeout=0), "timeout", 0, ()),
    (lambda: bibi.simulate("ru", players=3, deals=2, chunk_timeout=-1.5, progress=False), "chunk_timeout", -1.5, ()),
    (lambda: _sampler(lacks=[(0, 0, [bibi.Card("AS")])]), "lacks", (0, 0, [bibi.Card("AS")]), ()),
    (lambda: bibi.simulate("ru", players=1, deals=2, progress=False), "players", 1, ()),
    (lambda: bibi.simulate("ru", players=3, deals=0, progress=False), "deals", 0, ()),
    (lambda: bibi.practice.exercises(0), "n", 0, ()),
    (lambda: _pettingzoo_step(5000), "action", 5000, ()),
    (lambda: bibi.play.play_seeded("ru", 3, 1, ["greedy", "clever", "greedy"]), "bots[1]", "clever", BOT_NAMES),
    (lambda: bibi.play.play_seeded("ru", 3, 1, ["greedy", "greedy"]), "bots", 2, ()),
    (lambda: bibi.profile("ru", players=4, deals=7, progress=False), "deals", 7, ()),
    (lambda: bibi.profile("ru", players=3, deals=8, ladder=("greedy", "greedy", "heuristic"), progress=False),
     "ladder", ["greedy", "greedy", "heuristic"], ()),
    (lambda: bibi.profile("ru", players=3, deals=8, table="search", progress=False), "table", "search", ()),
    (lambda: bibi.simulate("ru", players=3, deals=2, bots=[None, "greedy", "greedy"], progress=False), "bots", None,
     ("simulate",)),
    (lambda: _sealed(bots={0: "greedy"}), "bots", 1, ()),
    (lambda: bibi.practice.exercise("riddle"), "kind", "riddle", bibi.practice.ALL_KINDS),
    (lambda: bibi.practice.exercise_at("may_play", Deal.new("ru", 4, seed=1), card="XX"), "card", "XX", ()),
    (lambda: bibi.practice.exercise_at("can_call", Deal.new("ru", 4, seed=1), suit="X"), "suit", "X", ()),
]


@pytest.mark.parametrize("lang", ["ru", "it"])
@pytest.mark.parametrize(("act", "name", "value", "notation"), WRONG_VALUES)
def test_a_wrong_value_is_refused_in_the_readers_language(lang, act, name, value, notation):
    """A value of the right type that is not allowed: the refusal names the parameter and quotes the value as in
    English, and says the rest in the reader's language (no word of the English refusal's prose; in Russian, no
    Latin word at all but the notation)."""
    from bibi.i18n import language

    def words(said):
        return prose(said, name, value) - set(notation) - (ITALIAN_AND_ENGLISH if lang == "it" else set())

    with pytest.raises(ValueError) as english:
        act()
    english_words = words(str(english.value))
    assert str(english.value).startswith(f"{name}: ") and english_words, str(english.value)
    with language(lang), pytest.raises(type(english.value)) as refused:
        act()
    said = str(refused.value)
    assert said.startswith(f"{name}: ") and bibi.shorten(value) in said, said
    assert words(said) & english_words == set(), said
    assert lang != "ru" or words(said) == set(), said


def test_a_list_entry_that_is_no_bot_is_named_as_the_entry():
    """A list of bots with a wrong entry names the entry (``bots[0]``), in the reader's language too."""
    from bibi.i18n import language

    for lang in ("en", "ru", "it"):
        with language(lang), pytest.raises(bibi.WrongType) as refused:
            bibi.play.play_seeded("ru", 3, 1, [5, 5, 5])
        assert str(refused.value).startswith("bots[0]: "), str(refused.value)
    with pytest.raises(bibi.WrongType, match=r"^bots\[2\]: "):
        bibi.play.play_seeded("ru", 3, 1, ["greedy", "random", 5])
    with pytest.raises(ValueError, match=r"^bots\[1\]: unknown bot 'clever'"):
        bibi.play.as_bots(["greedy", "clever"], 3, person=1)  # the person sits at seat 1: bots[1] plays seat 2


@pytest.mark.parametrize("lang", ["ru", "it"])
@pytest.mark.parametrize(("text", "english"), [("XX", "unknown card"), ("K", "unknown card"), ("KX", "unknown card")])
def test_a_card_in_the_notation_is_refused_in_the_readers_language(lang, text, english):
    """``Card`` reads the notation in every language; what it cannot read is refused in the reader's words."""
    from bibi.i18n import language

    with pytest.raises(NotationError, match=english):
        bibi.Card(text)
    with language(lang), pytest.raises(NotationError) as refused:
        bibi.Card(text)
    said = str(refused.value)
    assert repr(text) in said and "'KS', 'TD'" in said and english not in said, said


@pytest.mark.parametrize(("lang", "count"), [("en", "10,001"), ("ru", "10\u00a0001"), ("it", "10.001")])
def test_a_long_seed_counts_its_characters_as_the_reader_writes_numbers(lang, count):
    from bibi.i18n import language

    with language(lang), pytest.raises(ValueError) as refused:
        bibi.Deal.new("ru", 4, seed="x" * 10_001)
    assert str(refused.value).startswith("seed: ") and f" {count} " in str(refused.value), str(refused.value)


def test_what_a_parameter_takes_is_written_where_the_catalogs_find_it():
    """The phrase a wrong-type refusal says a parameter takes is a plain text at the call (``check_type``'s fourth
    argument, ``wrong_type``'s third, ``bibi/locale/babel.cfg``), or a function's own ``wanted`` passed on: an
    f-string or a text built elsewhere would reach the reader untranslated, in English."""
    where = {"check_type": 3, "wrong_type": 2, "wrong_value": 2, "sequence": 2, "card_list": 2}
    built = []
    for path in sorted(Path(bibi.__file__).parent.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
            if name in where and len(node.args) > where[name]:
                wanted = node.args[where[name]]
                plain = isinstance(wanted, ast.Constant) and isinstance(wanted.value, str)
                if not plain and not (isinstance(wanted, ast.Name) and wanted.id == "wanted"):
                    built.append(f"{path.name}:{node.lineno}")
    assert built == []


@pytest.mark.parametrize("lang", ["ru", "it"])
def test_the_command_lines_refusals_of_files_and_bots_in_the_readers_language(lang, tmp_path):
    """``bibi``'s own refusals of a path it cannot write, a file that is no record and an unknown bot: the path or
    the option first and the value quoted as in English, the rest in the reader's language; an unknown bot without
    a second name before it (argparse names the option: "argument --bots: unknown bot 'x'…")."""
    import argparse

    from bibi import cli
    from bibi.i18n import language

    record = tmp_path / "nan.json"
    record.write_text('{"format": NaN}', encoding="utf-8")
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00")
    cases = [
        (lambda: cli.check_outputs(argparse.Namespace(out=str(tmp_path))), "--out", str(tmp_path)),
        (lambda: cli.check_outputs(argparse.Namespace(out=str(tmp_path / "no" / "x.csv"))), "--out",
         str(tmp_path / "no" / "x.csv")),
        (lambda: cli.read_record(str(record)), bibi.shorten(str(record), 200), "NaN"),
        (lambda: cli.read_record(str(binary)), bibi.shorten(str(binary), 200), "UTF-8"),
        (lambda: cli.bots_arg("greedy,clever"), "", "clever"),
    ]
    notation = set(BOT_NAMES) | {"json", "utf", "bibi"}  # the bots' names, the file format, the kit's name
    for act, name, value in cases:
        with pytest.raises((ValueError, argparse.ArgumentTypeError)) as english:
            act()
        english_words = prose(str(english.value), name, value) - notation
        assert english_words, str(english.value)
        with language(lang), pytest.raises(type(english.value)) as refused:
            act()
        said = str(refused.value)
        assert said.startswith(name) and value in said, said
        words = prose(said, name, value) - notation - (ITALIAN_AND_ENGLISH | {"file", "in"} if lang == "it" else set())
        assert words & english_words == set() and (lang != "ru" or words == set()), said
    assert not str(english.value).startswith("bot:"), str(english.value)  # the last: the unknown bot
