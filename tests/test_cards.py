"""Cards: notation, parsing, Unicode display, the game's ranking (2 on top) and card points (R4, R10; I5, I18)."""

import copy
import pickle

import pytest

import bibi
from bibi.cards import CARDS, RANKS, SUITS, Card, Rank, Suit, cards, pack, parse_card, sort_key

pytestmark = pytest.mark.fast


def test_notation_round_trips_for_every_card():
    assert len(CARDS) == 52
    texts = [str(c) for c in CARDS]
    assert len(set(texts)) == 52
    for c in CARDS:
        assert Card(str(c)) is c
        assert eval(repr(c), {"Card": Card}) is c
        assert len(str(c)) == 2


@pytest.mark.parametrize(
    "text, expected",
    [("KS", "KS"), ("TD", "TD"), ("2H", "2H"), ("10D", "TD"), ("10h", "TH"), ("ks", "KS"), ("td", "TD"),
     ("K♠", "KS"), ("q♥", "QH"), ("10♦", "TD"), ("a♣", "AC"), ("  JC ", "JC"), ("K♤", "KS")],
)
def test_parsing_accepts_10_lower_case_and_suit_symbols(text, expected):
    assert str(parse_card(text)) == expected
    assert str(Card(text)) == expected


@pytest.mark.parametrize("text", ["", "K", "1S", "11S", "KX", "ZZ", "KSS", "S K", "10", "♠", "0S", "1♠"])
def test_unknown_notation_raises_value_error_quoting_the_input(text):
    with pytest.raises(ValueError, match="unknown card") as info:
        parse_card(text)
    assert repr(text) in str(info.value)


def test_parse_card_rejects_non_strings():
    with pytest.raises(TypeError, match="card: expected notation like 'KS'.* not 12 \\(int\\)"):
        parse_card(12)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Card(12)  # type: ignore[arg-type]


def test_card_from_rank_and_suit():
    assert Card(Rank.KING, Suit.SPADES) is Card("KS")
    assert Card("T", "d") is Card("TD")
    assert Card("10", "♥") is Card("TH")
    assert Card("KS").rank is Rank.KING and Card("KS").suit is Suit.SPADES


def test_unicode_display_is_kept_apart_from_notation():
    assert Card("KS").unicode == "K♠"
    assert Card("TD").unicode == "10♦"
    assert Card("2H").unicode == "2♥"
    assert Card("AC").unicode == "A♣"
    assert str(Card("TD")) == "TD"
    assert Card("QH").name == "queen of hearts"
    assert f"{Card('KS'):>4}" == "  KS"


def test_suits_letters_symbols_and_order():
    assert [s.value for s in SUITS] == ["S", "H", "D", "C"]
    assert [s.symbol for s in SUITS] == ["♠", "♥", "♦", "♣"]
    assert [s.is_red for s in SUITS] == [False, True, True, False]
    for text, suit in [("s", Suit.SPADES), ("♥", Suit.HEARTS), ("diamonds", Suit.DIAMONDS), ("club", Suit.CLUBS)]:
        assert Suit.parse(text) is suit
    with pytest.raises(ValueError, match="unknown suit 'X'"):
        Suit.parse("X")


def test_R4_I5_ranking_two_on_top_then_ace_down_to_three():
    order = [Rank.parse(r) for r in "2 A K Q J 10 9 8 7 6 5 4 3".split()]
    assert order == sorted(RANKS, reverse=True)
    for higher, lower in zip(order, order[1:], strict=False):
        assert higher > lower
        assert Card(higher, "S").rank > Card(lower, "S").rank
    assert str(Rank.TEN) == "T" and Rank.TEN.label == "10"
    with pytest.raises(ValueError, match="unknown rank"):
        Rank.parse("1")


@pytest.mark.parametrize("name", ["russian", "italian", "english"])
def test_R10_I18_card_points(name):
    points = bibi.preset(name).card_points
    got = {r.char: points[r] for r in RANKS}
    assert got == {"2": 11, "A": 10, "K": 5, "Q": 4, "J": 3, "T": 0, "9": 0, "8": 0, "7": 0, "6": 0, "5": 0,
                   "4": 0, "3": 0}
    assert points[Card("2C").rank] == 11 and points["A"] == 10
    assert sum(points[c.rank] for c in pack(1)) == 4 * 33


def test_cards_parses_a_list():
    assert bibi.parse_cards("KS QH 2C") == [Card("KS"), Card("QH"), Card("2C")]
    assert cards("ks, 10h, 2♣") == [Card("KS"), Card("TH"), Card("2C")]
    assert cards(["KS", "qh"]) == [Card("KS"), Card("QH")]
    assert cards("") == []
    with pytest.raises(ValueError, match="'KX'"):
        cards("KS KX")


def test_R3_pack_two_decks_hold_every_card_twice():
    two = pack(2)
    assert len(two) == 104 and all(two.count(c) == 2 for c in CARDS)
    one = pack(1)
    assert len(one) == 52 and set(one) == set(CARDS)
    # Identical cards are interchangeable: the same interned value.
    assert two[0] is two[52]


def test_cards_are_small_interned_values():
    c = Card("KS")
    assert Card("ks") is c and copy.copy(c) is c and copy.deepcopy(c) is c
    assert pickle.loads(pickle.dumps(c)) is c
    assert hash(c) == hash(Card("K♠"))
    assert sorted(cards("2C KS AH"), key=sort_key) == cards("KS AH 2C")
