"""Rules as data: fields, presets and aliases, ``diff``, enum values as rules §2 writes them, citations, and
the arithmetic of rules §4 (each "§" is a section of ``docs/rules.md``)."""

import dataclasses
import json

import pytest

import bibi
from bibi.rules import (
    ALIASES,
    OPTIONS,
    PRESETS,
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

# rules §2, the table: option → (values, russian, italian, english)
TABLE_OPTIONS = {
    "decks": ((1, 2), 2, 2, 2),
    "hand_size": (None, 7, 7, 7),
    "max_players": (tuple(range(2, 13)), 12, 12, 12),
    "card_points": (None, *[{"2": 11, "A": 10, "K": 5, "Q": 4, "J": 3}] * 3),
    "bibi_points": (None, 50, 50, 50),
    "first_dealer": (("high_card_draw", "random"), "high_card_draw", "random", "high_card_draw"),
    "first_trump": (("dealer_card", "cut"), "dealer_card", "cut", "dealer_card"),
    "follow": (("must_follow", "follow_or_trump"), "must_follow", "follow_or_trump", "must_follow"),
    "identical": (("second_wins", "first_wins"), "second_wins", "second_wins", "second_wins"),
    "draw": (("after_each_card", "after_trick"), "after_each_card", "after_trick", "after_each_card"),
    "bibi_suits": (("non_trump", "any"), "non_trump", "any", "non_trump"),
    "bibi_call": (("optional", "mandatory"), "optional", "mandatory", "optional"),
    "dealt_pairs": ((True, False), True, False, True),
    "trump_change": (("next_trick", "holder_chooses", "next_deal"), "next_trick", "holder_chooses", "next_trick"),
    "multi_call": (("first", "last"), "first", "last", "first"),
    "turn_up": (("trick_start", "failed_draw"), "trick_start", "failed_draw", "trick_start"),
}
TABLE_SOURCES = {
    "decks": {"R3", "I3"}, "hand_size": {"R8", "I4", "I10"}, "max_players": {"R2"}, "card_points": {"R10", "I18"},
    "bibi_points": {"R16", "I13"}, "first_dealer": {"R5", "R6"}, "first_trump": {"R6", "I4"},
    "follow": {"R13", "I7"}, "identical": {"R14"}, "draw": {"R15", "I9"},
    "bibi_suits": {"R15", "R17", "I11", "I12"}, "bibi_call": {"R23", "I1", "I11"},
    "dealt_pairs": {"R17", "R18", "R19", "R20"},
    "trump_change": {"R16", "R18", "I11", "I12", "I14", "I15"}, "multi_call": {"R20"},
    "turn_up": {"R24", "R25", "I9", "I15", "I16"},
}
# rules §1: the Italian text does not say how many packs or players, how the first dealer is chosen, what
# identical cards do, pairs dealt in the hand, simultaneous calls.
ITALIAN_NOT_STATED = {"decks", "max_players", "first_dealer", "identical", "dealt_pairs", "multi_call"}


def test_rules_has_one_field_per_spec_option_by_its_exact_name():
    fields = [f.name for f in dataclasses.fields(Rules) if f.name != "name"]
    assert fields == list(TABLE_OPTIONS)
    assert list(OPTIONS) == list(TABLE_OPTIONS)


@pytest.mark.parametrize("column, name", [(1, "russian"), (2, "italian"), (3, "english")])
def test_presets_match_the_spec_table(column, name):
    rules = bibi.preset(name)
    assert rules.name == name
    for option, row in TABLE_OPTIONS.items():
        value = getattr(rules, option)
        assert value == row[column], option
        if row[0] is not None and not isinstance(row[0][0], int):
            assert value.value == row[column]  # enum values are the reference's strings


def test_english_equals_russian_and_italian_differs_where_the_table_says():
    assert bibi.ENGLISH == bibi.RUSSIAN
    assert bibi.ENGLISH.diff(bibi.RUSSIAN) == []
    differs = [name for name, _, _ in bibi.RUSSIAN.diff(bibi.ITALIAN)]
    assert differs == [o for o, row in TABLE_OPTIONS.items() if row[1] != row[2]]
    assert bibi.RUSSIAN.diff(bibi.ITALIAN)[0] == ("first_dealer", FirstDealer.HIGH_CARD_DRAW, FirstDealer.RANDOM)


@pytest.mark.parametrize(
    "enum, values",
    [(FirstDealer, ["high_card_draw", "random"]), (FirstTrump, ["dealer_card", "cut"]),
     (Follow, ["must_follow", "follow_or_trump"]), (Identical, ["second_wins", "first_wins"]),
     (Draw, ["after_each_card", "after_trick"]), (BibiSuits, ["non_trump", "any"]),
     (BibiCall, ["optional", "mandatory"]), (TrumpChange, ["next_trick", "holder_chooses", "next_deal"]),
     (MultiCall, ["first", "last"]), (TurnUp, ["trick_start", "failed_draw"])],
)
def test_enum_values_are_the_spec_strings(enum, values):
    assert [e.value for e in enum] == values
    for v in values:
        assert enum(v) == v  # a StrEnum compares equal to its string


def test_plain_strings_are_accepted_and_become_enums():
    rules = dataclasses.replace(bibi.RUSSIAN, follow="follow_or_trump", draw="after_trick", trump_change="next_deal")
    assert rules.follow is Follow.FOLLOW_OR_TRUMP
    assert rules.draw is Draw.AFTER_TRICK
    assert rules.trump_change is TrumpChange.NEXT_DEAL
    assert rules.name == "russian"  # replace keeps the preset's name
    assert Rules(multi_call="last", card_points={"A": 1}).card_points["A"] == 1


@pytest.mark.parametrize("alias, name", [
    ("ru", "russian"), ("russian", "russian"), ("RU", "russian"), (" Russian ", "russian"),
    ("it", "italian"), ("italian", "italian"), ("en", "english"), ("english", "english"), ("English", "english"),
])
def test_presets_by_name_and_alias(alias, name):
    assert bibi.preset(alias) is PRESETS[name]
    assert ALIASES[alias.strip().lower()] == name


def test_preset_constants_and_unknown_name():
    assert bibi.preset("ru") is bibi.RUSSIAN and bibi.preset("it") is bibi.ITALIAN
    assert bibi.preset("en") is bibi.ENGLISH
    assert bibi.preset(bibi.ITALIAN) is bibi.ITALIAN
    with pytest.raises(ValueError, match="unknown rules preset 'fr'"):
        bibi.preset("fr")


def test_rules_are_frozen_and_hashable():
    with pytest.raises(dataclasses.FrozenInstanceError):
        bibi.RUSSIAN.follow = "follow_or_trump"  # type: ignore[misc]
    table = {bibi.RUSSIAN: "r", bibi.ITALIAN: "i"}
    assert table[bibi.ENGLISH] == "r"  # equal rules, equal hash (the name does not count)
    assert hash(dataclasses.replace(bibi.ITALIAN)) == hash(bibi.ITALIAN)


def test_diff_lists_what_differs_as_name_mine_theirs():
    variant = dataclasses.replace(bibi.RUSSIAN, identical="first_wins", bibi_points=30)
    assert bibi.RUSSIAN.diff(variant) == [("bibi_points", 50, 30), ("identical", "second_wins", "first_wins")]
    assert variant.changed() == bibi.RUSSIAN.diff(variant)
    assert bibi.ITALIAN.diff(bibi.ITALIAN) == []


@pytest.mark.parametrize("option", list(TABLE_OPTIONS))
def test_every_option_documents_its_citations_and_values(option):
    info = OPTIONS[option]
    assert set(info.sources) == TABLE_SOURCES[option]
    assert info.doc and info.title
    values = TABLE_OPTIONS[option][0]
    if values is not None and not isinstance(values[0], int):
        assert [str(v) for v in info.values] == [str(v) for v in values]
        assert all(info.values.values())
    for cite in TABLE_SOURCES[option]:
        assert cite in bibi.RUSSIAN.citation(option)


def test_italian_citations_mark_what_its_text_does_not_state():
    for option in ITALIAN_NOT_STATED:
        assert "not stated" in bibi.ITALIAN.citation(option), option
    for option in ("follow", "draw", "bibi_call", "first_trump", "trump_change"):
        assert "not stated" not in bibi.ITALIAN.citation(option), option
    assert "not stated" not in bibi.RUSSIAN.citation("dealt_pairs")
    # Where the Italian value is the Russian/English one, the citation says it is taken from there ...
    assert "taken from the Russian/English text" in bibi.ITALIAN.citation("identical")
    # ... but the Italian first_dealer, dealt_pairs and multi_call are not the Russian/English answers.
    for option in ("first_dealer", "dealt_pairs", "multi_call"):
        assert "taken from the Russian/English" not in bibi.ITALIAN.citation(option), option
    assert "R13" in bibi.RUSSIAN.describe() and "follow_or_trump" in bibi.ITALIAN.describe()


@pytest.mark.parametrize("rules", [bibi.RUSSIAN, bibi.ITALIAN, dataclasses.replace(bibi.RUSSIAN, decks=1,
                                                                                  max_players=7)])
def test_json_round_trip(rules):
    data = json.loads(json.dumps(rules.to_json()))
    back = Rules.from_json(data)
    assert back == rules and back.name == rules.name
    assert Rules.from_json("it") is bibi.ITALIAN


# -- rules §4: arithmetic ----------------------------------------------------------------------

ARITHMETIC_TABLE = {  # N: (dealt, stock, draw rounds, leftovers, tricks)
    2: (14, 90, 45, 0, 52), 3: (21, 83, 27, 2, 34), 4: (28, 76, 19, 0, 26), 5: (35, 69, 13, 4, 20),
    6: (42, 62, 10, 2, 17), 7: (49, 55, 7, 6, 14), 8: (56, 48, 6, 0, 13), 9: (63, 41, 4, 5, 11),
    10: (70, 34, 3, 4, 10), 11: (77, 27, 2, 5, 9), 12: (84, 20, 1, 8, 8),
}


@pytest.mark.parametrize("n", sorted(ARITHMETIC_TABLE))
@pytest.mark.parametrize("name", ["russian", "italian", "english"])
def test_spec4_arithmetic_two_packs(name, n):
    rules = bibi.preset(name)
    dealt, stock, rounds, left, tricks = ARITHMETIC_TABLE[n]
    assert n * rules.hand_size == dealt and rules.pack_size - dealt == stock
    assert rules.draw_rounds(n) == rounds == 104 // n - 7
    assert rules.leftovers(n) == left == 104 % n
    assert rules.tricks(n) == tricks == rounds + 7


@pytest.mark.parametrize("n", range(2, 8))
def test_spec4_arithmetic_one_pack(n):
    rules = dataclasses.replace(bibi.RUSSIAN, decks=1, max_players=7)
    assert rules.pack_size == 52
    assert rules.tricks(n) == 52 // n
    assert rules.draw_rounds(n) == 52 // n - 7
    assert rules.leftovers(n) == 52 % n
    assert rules.total_points() == 4 * 33


@pytest.mark.parametrize("name", ["russian", "italian", "english"])
def test_total_points_of_the_pack(name):
    assert bibi.preset(name).total_points() == 264  # rules §3 case 8: 4 suits × 33 × 2


def test_impossible_values_name_the_field():
    with pytest.raises(ValueError, match=r"Rules\.follow: 'follow_suit' is not one of must_follow, follow_or_trump"):
        Rules(follow="follow_suit")
    with pytest.raises(ValueError, match=r"Rules\.decks: 3 is not 1 or 2"):
        Rules(decks=3)
    with pytest.raises(ValueError, match=r"Rules\.max_players"):
        Rules(max_players=13)
    with pytest.raises(ValueError, match=r"Rules\.max_players: 10 hands of 7 need 70 cards.*lower max_players to 7"):
        Rules(decks=1, max_players=10)
    with pytest.raises(ValueError, match=r"Rules\.turn_up: 'sometimes' is not one of trick_start, failed_draw"):
        Rules(turn_up="sometimes")
    with pytest.raises(ValueError, match=r"Rules\.first_trump: 'dealer_card'.*first_dealer='random'"):
        Rules(first_dealer="random")
    assert Rules(first_dealer="random", first_trump="cut").first_trump is FirstTrump.CUT


# -- issue 12: one pack in one step; cite only what a sentence says ----------------------------------


def test_R2_R3_one_pack_in_one_step_takes_the_most_players_it_deals():
    one = dataclasses.replace(bibi.RUSSIAN, decks=1)
    assert one.max_players == 7 and one.label == "russian:decks=1,max_players=7"
    assert bibi.rules.parse_rules("ru:decks=1") == one and Rules.from_json(one.to_json()) == one
    assert dataclasses.replace(bibi.ITALIAN, hand_size=9).max_players == 11  # 104 // 9
    assert dataclasses.replace(bibi.RUSSIAN, decks=1, max_players=5).max_players == 5  # a count that fits stays
    with pytest.raises(ValueError, match=r"max_players: 8 hands of 7 need 56 cards, but 1 pack\(s\) hold 52; "
                                         r"lower max_players to 7 or less"):
        dataclasses.replace(bibi.RUSSIAN, decks=1, max_players=8)


def test_R2_a_hand_too_big_for_two_players_is_told_to_shrink_the_hand_not_the_table():
    # Fewer than two hands fit: no count of players helps (R2's game has two at least), the hand size does.
    with pytest.raises(ValueError, match=r"^Rules\.hand_size: 40 is too many: two hands of 40 need 80 cards, but 1 "
                                         r"pack\(s\) hold 52; lower hand_size to 26 or less$"):
        dataclasses.replace(bibi.RUSSIAN, decks=1, hand_size=40)
    assert dataclasses.replace(bibi.RUSSIAN, decks=1, hand_size=26).max_players == 2  # the most that fits


def test_a_labels_card_points_refusal_names_the_option_once():
    with pytest.raises(ValueError, match=r"^rules: card_points='A10': cannot read 'A10'; write ranks and points"):
        bibi.rules.parse_rules("ru:card_points=A10")


def test_R20_multi_call_is_stretched_last_has_no_sentence_and_no_effect_under_holder_chooses():
    assert "stretched" in bibi.RUSSIAN.citation("multi_call")
    assert "no sentence" in OPTIONS["multi_call"].values["last"]
    reason = bibi.ITALIAN.no_effect("multi_call")
    assert reason.startswith("no effect under trump_change=holder_chooses")
    assert bibi.ITALIAN.explain("multi_call") == reason and reason in bibi.ITALIAN.describe()
    assert bibi.RUSSIAN.no_effect("multi_call") == "" and "no effect" not in bibi.RUSSIAN.describe()
    next_deal = dataclasses.replace(bibi.RUSSIAN, trump_change="next_deal")
    assert next_deal.no_effect("multi_call") == ""  # the dealt-pair pass still settles several calls (R18-R20)
    assert dataclasses.replace(next_deal, dealt_pairs=False).no_effect("multi_call")
    assert dataclasses.replace(bibi.RUSSIAN, decks=1).no_effect("identical")


def test_conventions_are_shown_as_conventions_never_cited_to_a_sentence():
    assert "convention" in OPTIONS["first_dealer"].values["high_card_draw"]  # the tie-break
    assert "convention" in OPTIONS["dealt_pairs"].doc and "convention" in OPTIONS["dealt_pairs"].values["True"]
    assert "the kit's reading of I12, I14" in OPTIONS["trump_change"].values["holder_chooses"]
    assert "original trump" in OPTIONS["bibi_call"].values["mandatory"]
    assert "'trick_start'" in OPTIONS["turn_up"].doc  # old records replay so
    for option in OPTIONS.values():
        assert "miscount" not in option.doc + " ".join(option.values.values())


def test_turn_up_records_without_the_key_replay_as_trick_start():
    data = bibi.ITALIAN.to_json()
    assert data["turn_up"] == "failed_draw"
    del data["turn_up"]
    old = Rules.from_json(data)
    assert old.turn_up is TurnUp.TRICK_START and old.label == "italian:turn_up=trick_start"
    assert bibi.rules.parse_rules("it:turn_up=trick_start") == old


@pytest.mark.parametrize("lang", ["en", "ru", "it"])
def test_card_points_read_back_as_each_language_writes_them(lang):
    """``CardPoints.read`` reads what ``display`` writes in the language (``Т:10``, ``R:5``, ``10:1``) and the
    notation's letters as well; a rank it does not know is refused with the language's letters to use."""
    from bibi.cards import RANKS
    from bibi.rules import STANDARD_POINTS, CardPoints

    every = CardPoints({rank: rank.value + 1 for rank in RANKS})
    for points in (STANDARD_POINTS, every, CardPoints({"T": 10, "2": 1})):
        assert CardPoints.read(points.display(lang), lang) == points
        assert CardPoints.read(str(points), lang) == points  # the notation, "2:11 A:10 K:5"
    with pytest.raises(ValueError, match=r"^card_points: unknown rank 'X': use one of 2 .* 10 9 8 7 6 5 4 3$"):
        CardPoints.read("X:5", lang)
    queen = every.display(lang).split()[3].split(":")[0]  # the queen's letter in the language
    with pytest.raises(ValueError, match="^card_points: rank 'Q' is given twice$"):
        CardPoints.read(f"{queen}:4 Q:4" if queen != "Q" else "Q:4 Q:4", lang)
    with pytest.raises(ValueError, match=r"^card_points: cannot read '2:x'; write ranks and points like '2:11 "):
        CardPoints.read("2:x", lang)
