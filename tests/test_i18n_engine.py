"""What the engine and the play layer say, in Russian and in Italian (bibi.i18n): the refusals of moves, the
reasons a trick is won and a trump is what it is, the deal's and the game's text, the events, the outcome, the
hints and the bots' reasons.

Each position is told in each language: the Russian and Italian texts hold none of the English game words
(``helpers.ENGLISH_GAME_WORDS``) and do hold the texts' own terms (взятка, presa…), with the same sentence ids
as the English; the English is the text the kit has always printed. Counts take their plural forms.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest
from helpers import ENGLISH_GAME_WORDS, english_words_in, new_deal, play

import bibi
from bibi.bots import make_search_bot
from bibi.deal import Deal, IllegalAction
from bibi.game import Game
from bibi.i18n import language
from bibi.kinds import EventKind
from bibi.outcome import Outcome
from bibi.play import explain, play_seeded, public_reason
from bibi.reports import Event
from bibi.session import Session, advice

pytestmark = pytest.mark.fast

LANGS = ("ru", "it")


def _ids(text: str) -> list[str]:
    return sorted(re.findall(r"\b[RI]\d+\b", text))


# -- the positions: each gives a text, told in the language in force ------------------------------------------


def _under_way() -> Deal:
    deal = Deal.new("italian", players=4, seed=1)
    for _step in range(9):
        deal.apply(deal.legal_actions()[0])
    return deal


def _finished(rules: str, seed: int) -> Deal:
    return play_seeded(rules, 4, seed=seed, bots="heuristic")


def _dealt_call() -> Deal:
    deal = new_deal("russian", ["", "KH QH 5H"], "JD")
    return play(deal, "bibi H")


def _lines(deal: Deal) -> str:
    """The deal's events as the kit's surfaces tell them, a call by what the deal's rules have the caller say."""
    return "\n".join(e.told(deal.rules) for e in deal.events)


def _session() -> Session:
    session = Session(Deal.new("ru", 3, seed=4), seat=0, bots="heuristic", seed=4, hint_bot="heuristic")
    session.advance()
    return session


# Each case: the text, what the Russian and the Italian must say (lower case), and the English as it reads.
CASES: dict[str, tuple[Callable[[], str], tuple[str, ...], tuple[str, ...], str | None]] = {
    "a deal under way": (lambda: str(_under_way()), ("взятка", "козырь", "в магазине", "игрок 3"),
                         ("presa", "briscola", "tallone", "giocatore 3"), None),
    "out of turn": (lambda: _under_way().why_illegal("6S", seat=2) or "", ("ход игрока 3", "не игрока 2"),
                    ("tocca al giocatore 3",), "out of turn: it is seat 3's turn, not seat 2's"),
    "a card not held": (lambda: _under_way().why_illegal("KS") or "", ("у игрока 3 нет карты к♠",),
                        ("non ha in mano r♠",), "seat 3 does not hold K♠"),
    "must follow (R13)": (
        lambda: play(new_deal("russian", ["4S 8D", "5H", "9H 4S"], follow="must_follow"), "5H").why_illegal("4S")
        or "", ("следовать масти ♥", "у игрока 2 есть 9♥"), ("stesso seme", "il giocatore 2 ha 9♥"),
        "must follow suit ♥: seat 2 holds 9♥ (R13)"),
    "must trump when trumps are led (I7)": (
        lambda: play(new_deal("italian", ["", "5S", "9H 4S 8D"], follow="follow_or_trump"), "5S").why_illegal("9H")
        or "", ("козырь ♠",), ("briscola ♠",), "must play a trump ♠ when trumps are led: seat 2 holds 4♠ (I7)"),
    "the suit led or a trump (I7)": (
        lambda: play(new_deal("italian", ["8D", "5H", "9H 4S 8D"], follow="follow_or_trump"), "5H").why_illegal("8D")
        or "", ("масть захода ♥", "козырем ♠"), ("seme della prima carta ♥", "briscola ♠"),
        "must answer with the suit led ♥ or a trump ♠: seat 2 holds 4♠ 9♥ (I7)"),
    "a call out of its time": (
        lambda: new_deal("russian", ["", "KH QH 5H"], "JD", dealt_pairs=False).why_illegal("bibi C") or "",
        ("ни короля, ни дамы ♣", "сразу после"), ("né il re né la donna di ♣", "subito dopo aver pescato"),
        "seat 1 holds neither the king nor the queen of ♣ (R15); and a pair is called only right after drawing "
        "(R15): seat 1 must play a card"),
    "a card while a call is pending": (
        lambda: new_deal("russian", ["", "KH QH 5H"], "JD").why_illegal("5H") or "",
        ("объявить пару", "«пас»"), ("dichiarare una coppia", "passare"),
        "seat 1 must first call a pair or pass (R15, R23)"),
    "a switch these rules do not make": (
        lambda: new_deal("russian", ["", "KH QH 5H"], "JD", dealt_pairs=False).why_illegal("trump H") or "",
        ("козырь меняется сам",), ("la briscola cambia da sé",),
        "these rules move the trump by themselves (trump_change=next_trick); no switch"),
    "a won trick": (lambda: _under_way().why_won(), ("берёт взятку", "старший козырь"),
                    ("vince la presa", "briscola più alta"),
                    "seat 2's A♥ wins: trumps ♥ were led, and it is the highest trump (R4; I5, I8)"),
    "the trick's text": (lambda: str(_under_way().tricks[-1]), ("взятка 2 (козырь ♥)", "→ игрок 2"),
                         ("presa 2 (briscola ♥)", "→ giocatore 2"),
                         "trick 2 (trump ♥): 0:3♥ 1:K♥ 2:A♥ 3:7♥ → seat 2, 15"),
    "a trump that stays": (lambda: _under_way().why_trump(), ("«bip bip»", "козырь остаётся ♥"),  # Italian rules
                           ("«bip bip»", "la briscola resta ♥"),
                           "no bip bip was said during trick 2 and nobody switched, so ♥ stays trump (I11, I14)"),
    "a trump change": (lambda: _dealt_call().why_trump() + "\n" + _lines(_dealt_call()),
                       ("уже с первой взятки козырь ♥", "«би-би»", "теперь козырь ♥"),  # a dealt pair: R18
                       ("la briscola è ♥ già dalla prima presa", "«bi-bi»", "ora la briscola"),  # the Russian call
                       "seat 1 said Bi-bi with K+Q ♥ before the first trick, so ♥ is trump from the first trick on "
                       "(R17, R18)\nseat 0 deals; trump ♠\nseat 1 says Bi-bi: K+Q ♥\n"
                       "trump is now ♥"),
    "a finished deal (Russian rules)": (lambda: str(_finished("ru", 2)) + "\n" + _lines(_finished("ru", 2)),
                                        ("сдача окончена", "берёт взятку", "магазин открыт"),
                                        ("smazzata finita", "vince la presa", "tallone scoperto"), None),
    "a finished deal (Italian rules)": (lambda: str(_finished("it", 3)) + "\n" + _lines(_finished("it", 3)),
                                        ("сдача окончена", "берёт взятку", "«bip bip»"),  # the Italian call
                                        ("smazzata finita", "vince la presa", "«bip bip»"), None),
    "who won": (lambda: "\n".join(str(Outcome.of(s, f)) for s, f in (
        ([120, 300, 90], True), ([120, 300, 300, 90], True), ([5, 0, 5, 5], True), ([0, 0, 0, 0], False),
        ([3, 3], False), ([1, 2, 0], False))), ("победитель: игрок 1", "победу делят: игрок 1 и игрок 2", "впереди"),
        ("vincitore: giocatore 1", "vittoria condivisa: giocatore 1 e giocatore 2", "in testa"),
        "winner: seat 1\nshared win: seat 1 and seat 2\nshared win: seat 0, seat 2 and seat 3\nall 4 seats are level\n"
        "both seats are level\nleading: seat 1"),
    "a game's score sheet": (lambda: str(Game.new("it", 3, seed=2)) + "\n" + Game.new("it", 3, seed=2).trump_source(0),
                             ("сдача 1 (♥)", "итого", "снятие колоды"),
                             ("smazzata 1 (♥)", "totale", "il taglio"), None),
    "a hint": (lambda: _session().hint().words + "\n" + _session().hint().details,  # type: ignore[union-attr]
               ("сыграйте 8♥", "свою карту к♥ в надежде на «би-би»", "бережёт к♥ в надежде на «би-би» (обе карты д♥ "
                "ещё не вышли)", "бережёт козыри"),
               ("gioca 8♥", "la tua carta r♥ sperando in un «bi-bi»", "tiene r♥ sperando in un «bi-bi», con entrambe "
                "le carte d♥ ancora in gioco", "tiene le briscole"),
               "play 8♥: it lets a trick without points go, and it keeps your K♥ hoping for a Bi-bi, with both Q♥ "
               "still out, and your K♣ hoping for a Bi-bi, with both Q♣ still out\n8♥ — the trick holds no points: "
               "throws 8♥, the card it will miss least (0 points); keeps K♥ hoping for a Bi-bi, with both Q♥ still "
               "out; keeps K♣ hoping for a Bi-bi, with both Q♣ still out; keeps its trumps"),
    "a bot's reason told while the deal is on": (
        lambda: _session().why().words, ("3♠: заход", "старшей во взятке", "сдача закончится"),  # type: ignore[union-attr]
        ("3♠: apre la presa", "la carta più alta della presa", "fine smazzata"),
        "3♠: its lead; when played, it was the best card of the trick. Its own reasons (what it held, what it "
        "weighed) are told when the deal is over"),
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("case", sorted(CASES))
def test_each_position_is_told_in_the_language_with_its_own_words(case, lang):
    told, ru, it, _english = CASES[case]
    with language("en"):
        english = told()
    with language(lang):
        text = told()
    assert english_words_in(text) == [], f"{case} ({lang}): English left in {text!r}"
    for term in {"ru": ru, "it": it}[lang]:
        assert term in text.lower(), f"{case} ({lang}): {term!r} not in {text!r}"
    assert _ids(text) == _ids(english), f"{case} ({lang}): the sentence ids differ from the English"
    assert text != english


@pytest.mark.parametrize("case", sorted(c for c in CASES if CASES[c][3] is not None))
def test_the_english_reads_as_it_always_has(case):
    told, _ru, _it, english = CASES[case]
    with language("en"):
        assert told() == english


def test_the_language_in_force_is_read_when_the_text_is_asked_for():
    deal = _under_way()
    with language("ru"):
        refused = deal.why_illegal("KS")
    with language("it"):
        with pytest.raises(IllegalAction, match="non ha in mano R♠"):
            deal.apply("KS")
    assert refused == "у игрока 3 нет карты К♠"
    assert deal.record() == _under_way().record()  # the refusal changed nothing


# -- a whole deal told: every event, every reason, every hint ---------------------------------------------------


@pytest.mark.parametrize("rules", ["ru", "it"])
@pytest.mark.parametrize("lang", LANGS)
def test_every_event_and_every_bots_reason_of_a_deal_is_in_the_language(rules, lang):
    deal = _finished(rules, 5)
    rng = random.Random(1)
    told = []
    with language(lang):
        told += [str(e) for e in deal.events] + [str(t) for t in deal.tricks] + [str(deal), str(deal.outcome())]
        told += [deal.why_won(i) for i in range(len(deal.tricks))]
        for at in range(len(deal.actions)):
            before = Deal.replay(deal.record(), upto=at)
            after = before.copy().apply(deal.actions[at])
            view = before.view(before.to_act)
            told.append(public_reason(before, after))
            told.append(before.why_trump())
            for bot in ("random", "greedy", "heuristic"):
                told.append(explain(bot, view, rng).in_words())
            if any(isinstance(a, bibi.Card) for a in view.legal_actions):
                told.append(advice(view, view.legal_actions[-1]))
            else:
                told += [advice(view, a) for a in view.legal_actions]
    left = {text: english_words_in(text) for text in told if english_words_in(text)}
    assert not left, f"English left in {len(left)} texts, e.g. {next(iter(left.items()))}"
    assert any("«" in text for text in told)  # a call was made and told


@pytest.mark.parametrize("lang", LANGS)
def test_a_searching_bot_gives_its_reasons_in_the_language(lang):
    deal = play_seeded("it", 4, seed=7, bots="heuristic", actions=12)
    view = deal.view(deal.to_act)
    bot = make_search_bot(3)
    with language(lang):
        words = explain(bot, view, random.Random(2)).in_words()
    assert english_words_in(words) == [], words
    assert {"ru": "в среднем", "it": "in media"}[lang] in words
    assert re.search(r"\d,\d", words) and not re.search(r"\d\.\d", words), f"the decimal mark is a comma: {words}"
    with language("en"):
        english = explain(bot, view, random.Random(2))
    assert "on average" in english.in_words() and re.search(r"\d\.\d", english.in_words())
    assert explain(bot, view, random.Random(2)).action == english.action  # the words never change the choice


def test_the_words_do_not_change_the_play():
    """The same seed and bots make the same record whatever the language in force."""
    records = {}
    for lang in ("en", "ru", "it"):
        with language(lang):
            records[lang] = play_seeded("it", 4, seed=11, bots="heuristic").record()
    assert records["ru"] == records["en"] == records["it"]


# -- counts in their plural forms ---------------------------------------------------------------------------------

COUNTS = (0, 1, 2, 5, 11, 12, 21, 22, 25)
POINTS = {  # how a trick's points are counted: Russian one/few/many, Italian one/other
    "ru": {0: "очков", 1: "очко", 2: "очка", 5: "очков", 11: "очков", 12: "очков", 21: "очко", 22: "очка", 25: "очков"},
    "it": {0: "punti", 1: "punto", 2: "punti", 5: "punti", 11: "punti", 12: "punti", 21: "punti", 22: "punti",
           25: "punti"},
    "en": {n: "point" if n == 1 else "points" for n in COUNTS},
}


@pytest.mark.parametrize("lang", ["ru", "it", "en"])
@pytest.mark.parametrize("n", COUNTS)
def test_a_tricks_points_take_their_plural_form(lang, n):
    with language(lang):
        text = str(Event(EventKind.TRICK, seat=1, info=n))
    assert text.endswith(f"({n} {POINTS[lang][n]})")


SEATS = {  # "all N seats are level", N ≥ 3
    "ru": {5: "у всех 5 игроков", 11: "у всех 11 игроков", 12: "у всех 12 игроков", 21: "у всех 21 игрока",
           22: "у всех 22 игроков", 25: "у всех 25 игроков"},
    "it": {n: f"tutti e {n} i giocatori" for n in (5, 11, 12, 21, 22, 25)},
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("n", [5, 11, 12, 21, 22, 25])
def test_level_seats_are_counted_in_their_plural_form(lang, n):
    with language(lang):
        level, shared = str(Outcome.of([0] * n, final=False)), str(Outcome.of([7] * n))
    assert level.startswith(SEATS[lang][n]) and english_words_in(level) == []
    assert shared.endswith({"ru": f"все {n} игрок" + {21: "", 22: "а"}.get(n, "ов"),
                            "it": f"tutti e {n} i giocatori"}[lang])


ROUNDS = {"ru": {1: "1 круг", 2: "2 круга", 5: "5 кругов", 11: "11 кругов", 12: "12 кругов", 21: "21 круг",
                 22: "22 круга", 25: "25 кругов"},
          "it": {n: f"{n} giro" if n == 1 else f"{n} giri" for n in (1, 2, 5, 11, 12, 21, 22, 25)}}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("rounds", [1, 2, 5, 11, 12, 21, 22, 25])
def test_a_games_rounds_and_deals_are_counted_in_their_plural_form(lang, rounds):
    game = Game.new("ru", 2, rounds=rounds, seed=1)
    with language(lang):
        head = str(game).splitlines()[0]
    deals = {"ru": {2: "2 сдачи", 4: "4 сдачи", 10: "10 сдач", 22: "22 сдачи", 24: "24 сдачи", 42: "42 сдачи",
                    44: "44 сдачи", 50: "50 сдач"},
             "it": {n: f"{n} smazzate" for n in (2, 4, 10, 22, 24, 42, 44, 50)}}[lang][2 * rounds]
    assert f"{ROUNDS[lang][rounds]}: {deals}" in head and "2 " + {"ru": "игрока", "it": "giocatori"}[lang] in head
    with language("en"):
        assert str(game).splitlines()[0] == f"russian rules, 2 players, {rounds} round(s): {2 * rounds} deals"


@pytest.mark.parametrize("n", [2, 5, 11, 12])
def test_the_deals_text_counts_its_players(n):
    deal = Deal.new("russian", players=n, seed=1)
    with language("ru"):
        shown = str(deal).splitlines()[0]
    assert f"{n} " + ("игрока" if n == 2 else "игроков") in shown


# -- the rules' names -------------------------------------------------------------------------------------------

PRESET_NAMES = re.compile(r"\b(?:russian|italian|english)\b")  # the presets' names in the notation


@pytest.mark.parametrize(("lang", "russian", "italian", "unstated"), [
    ("ru", "правила: русские", "правила: итальянские", "в итальянских правилах не сказано"),
    ("it", "regole russe", "regole italiane", "il testo italiano non lo dice"),
])
def test_the_rules_are_named_in_the_language_in_the_deals_and_the_games_text(lang, russian, italian, unstated):
    game = Game.new("italian", 3, seed=2)
    with language(lang):
        deal, sheet, source = str(Deal.new("russian", 4, seed=1)), str(game), game.trump_source(0)
        transcript = bibi.notation.transcript(play_seeded("italian", 3, seed=2, bots="greedy"))
        variant = str(Deal.new("russian:follow=follow_or_trump", 4, seed=1))
    assert deal.startswith(russian) and sheet.startswith(italian) and transcript.startswith(italian)
    assert unstated in source
    for text in (deal, sheet, source, transcript):
        assert not PRESET_NAMES.search(text), text
    assert "russian:follow=follow_or_trump" in variant, "rules with changes keep their label: notation"
    with language("en"):
        assert str(Deal.new("russian", 4, seed=1)).startswith("russian rules, 4 players")
        assert "italian: not stated, taken from R7" in game.trump_source(0)


def test_the_rules_display_name_is_written_once():
    from pathlib import Path

    from bibi import notation, render, rules

    package = Path(bibi.__file__).parent
    assert [p.relative_to(package).as_posix() for p in sorted(package.rglob("*.py"))
            if 'pgettext("rules"' in p.read_text(encoding="utf-8")] == ["rules.py"]
    assert notation.rules_name is rules.rules_name and not hasattr(render, "rules_name")
    with language("ru"):
        assert [rules.rules_name(r) for r in ("russian", rules.ITALIAN, "english", "custom")] == [
            "русские", "итальянские", "английские", "свои"]


def test_the_shared_list_of_english_words():
    assert {"trick", "seat", "points", "trump", "stock", "dealer", "wins", "follow", "suit", "lead", "call", "pass",
            "hand"} <= set(ENGLISH_GAME_WORDS)
    assert english_words_in("Seat 2 WINS the trick; trumps") == ["trick", "seat", "trumps", "wins", "the"]
    assert english_words_in("игрок 2 берёт взятку; il giocatore 2 prende la presa (R12; I9)") == []
    assert english_words_in("tricks") == ["tricks"] and english_words_in("trickster") == []


# -- reprs are the same in every language; the hint's seed reads what the seat knows -------------------------------


def test_the_reprs_are_the_same_in_every_language():
    """A repr is the value at a glance, the same in every language as a record is (it was translated: ``<Deal
    russian, 6 игроков, взятка 1/17 …>``); ``str`` and the HTML are what a person reads, in the language."""
    from bibi.simulation import compare, simulate

    under_way, over = _under_way(), _finished("russian", 3)
    game = Game.new("russian", 3, seed=2).play("greedy")
    run = simulate("italian", 3, 4, bots="greedy", seed=1, progress=False)
    comparison = compare(["ru", "it"], players=3, deals=4, seed=1, progress=False)
    values = (under_way, over, game, run, comparison, bibi.RUSSIAN, bibi.Card("QH"))
    seen = {}
    for lang in ("en", "ru", "it"):
        with language(lang):
            seen[lang] = [repr(v) for v in values]
    assert seen["en"] == seen["ru"] == seen["it"]
    assert seen["en"][0] == "<Deal italian, 4 players, trick 3/26, trump ♥, stock 68, seat 3 to act (play)>"
    assert seen["en"][1].startswith("<Deal russian, 4 players, trick 26/26") and seen["en"][1].endswith(", over>")
    assert seen["en"][3] == "<Simulation italian, 3 players, 4 deals, seed 1, bots greedy>"
    assert english_words_in(" ".join(seen["en"])), "the reprs are English, the kit's source language"
    with language("ru"):
        assert str(under_way) != repr(under_way) and "взятка" in str(under_way)
    pasted = eval(seen["ru"][-2], {"Rules": bibi.Rules, **vars(bibi.rules)})  # noqa: S307 - the repr pastes back
    assert pasted == bibi.RUSSIAN and eval(seen["it"][-1], {"Card": bibi.Card}) is bibi.Card("QH")  # noqa: S307


def test_the_hint_is_seeded_by_what_the_seat_knows_not_by_the_views_repr(monkeypatch):
    """The hint's stream was seeded by ``repr(View)``: a field added to ``View`` would have changed every hint.
    ``View.knowledge`` writes out the seat's knowledge in the notation, field by field, in every language alike."""
    from bibi.reports import View

    session = _session()
    key = session._hint_seed()
    with language("ru"):
        assert session._hint_seed() == key
    monkeypatch.setattr(View, "__repr__", lambda self: "a View whose repr changed")
    assert session._hint_seed() == key
    view = session.deal.view(session.seat)
    knowledge = view.knowledge()
    assert knowledge.startswith(f"{view.rules.label}|{view.players}|{view.seat}|{view.dealer}|")
    assert " ".join(map(str, view.hand)) in knowledge and not re.search("[а-яё]", knowledge, re.I)
    for seat in range(view.players):
        if seat != view.seat:  # nothing of another seat's hidden cards
            hidden = set(session.deal.hand(seat)) - set(view.hand) - {c for laid in view.laid_down for c in laid}
            shown = {c for t in view.tricks for _s, c in t.plays} | {c for _s, c in view.trick}
            assert not any(f"{seat}:{card}" in knowledge for card in hidden - shown)


@pytest.mark.parametrize("lang, rules, said", [("ru", "italian", "«bip bip»"), ("ru", "russian", "«Би-би»"),
                                               ("it", "italian", "«bip bip»"), ("en", "italian", "bip bip")])
def test_a_calls_badge_and_score_line_name_it_as_the_rules_have_it_said(lang, rules, said):
    from bibi import render
    from bibi.cards import Suit
    from bibi.deal import Call
    from bibi.tables import ScoreLine

    given = bibi.rules.as_rules(rules)
    line = ScoreLine("Bi-bi", "call", 2, 1, ((bibi.cards.Card("KH"), 0), (bibi.cards.Card("QH"), 0)), 50)
    with language(lang):
        badge = render.call_html(Call(1, Suit.HEARTS, 2, False), rules=given, style=False)
        shown = (badge, render.score_line_html(line, rules=given, style=False), render.score_line_label(line, given))
    assert all(said in text for text in shown), shown
