"""The views in Russian and Italian: what a learner reads, what a click answers, the language each view keeps.

Every view is rendered in Russian and in Italian at several positions (a deal under way, a finished deal, a refusal,
a hint, a practice answer) and the text a person reads (the markup stripped of its style, tags and attributes) must
hold none of the English game words (``helpers.ENGLISH_GAME_WORDS``). Left in: card glyphs and sentence ids, the
quoted source sentences (Russian and Italian), and the rules' notation, which is the same in every language (what a
learner types in the rules boxes: ``<code>`` spans and option names and values such as ``trump_change``).
"""

from __future__ import annotations

import html
import re

import pytest
from helpers import control_words, english_words_in

pytest.importorskip(
    "ipywidgets", reason="ipywidgets is not installed: pip install 'bibi-kit[notebooks]' (make test installs it)")

import bibi  # noqa: E402  (after the skip: the views need ipywidgets)
from bibi import render, texts  # noqa: E402
from bibi.cards import Card  # noqa: E402
from bibi.i18n import UnknownLanguage, language, reading  # noqa: E402
from bibi.play import play_seeded  # noqa: E402
from bibi.rules import CardPoints  # noqa: E402
from bibi.widgets import CompareView, DealExplorer, PlayApp, PlayTable, Practice, RulesPanel, ScoreInspector  # noqa: E402

pytestmark = pytest.mark.widgets  # nearly every test renders a view in a language

LANGS = ("ru", "it")


def readable(markup: str) -> str:
    """The text of ``markup`` a person reads: style blocks, tags and attributes out, entities read, the rules'
    notation out (``<code>`` spans, and option names and values: words joined by ``_``)."""
    text = re.sub(r"<style[^>]*>.*?</style>", " ", markup, flags=re.S)
    text = re.sub(r"<code>.*?</code>", " ", text, flags=re.S)
    text = html.unescape(re.sub(r"<[^>]+>", " ", text))
    text = re.sub(r"[\w'=]*_[\w'=]*", " ", text)  # trump_change='next_deal', after_trick: notation
    return re.sub(r"\s+", " ", text)


def english(markup: str) -> list[str]:
    return english_words_in(readable(markup))


def shown(view) -> str:
    """Everything a view shows in HTML: its still picture (the parts in order) and every HTML widget in it."""
    import ipywidgets as widgets

    parts = [view.picture_html()]
    stack = [view]
    while stack:
        widget = stack.pop()
        if isinstance(widget, widgets.HTML):
            parts.append(widget.value)
        stack.extend(getattr(widget, "children", ()))
    return "\n".join(parts)


def labels(view) -> str:
    """The words on a view's buttons and the descriptions of its controls, as a person reads them."""
    return " ".join(control_words(view))


def first_illegal(deal, seat: int) -> Card | None:
    return next((c for c in deal.hand(seat) if deal.why_illegal(c, seat)), None)


def play_on(table: PlayTable, moves: int) -> None:
    """Make ``moves`` legal moves of the person at ``table`` (the first legal action each time)."""
    for _ in range(moves):
        if table.deal.is_over:
            return
        table.play(table.deal.legal_actions()[0])


# -- every view, several positions --------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_play_table_under_way_refusal_hint_and_reasons_in_the_language(lang):
    table = PlayTable("russian", 4, bots="heuristic", seed=5, delay=0, lang=lang)
    assert english(shown(table)) == [], "at the start"
    play_on(table, 3)
    assert not table.deal.is_over
    assert english(shown(table)) == [], "under way"
    table.hint()
    assert table.hint_box.value and english(table.hint_box.value) == [], "the hint"
    table.why(1)
    assert table.reasons.value and english(table.reasons.value) == [], "why seat 1"
    for _ in range(40):  # find a position with a card the rules refuse
        bad = first_illegal(table.deal, table.seat) if table.deal.to_act == table.seat else None
        if bad is not None:
            break
        play_on(table, 1)
    assert bad is not None, "no refused card in this deal"
    before = table.deal.record()
    table.play(bad)
    assert table.deal.record() == before
    assert "bibi-error" in table.message.value and english(table.message.value) == [], "the refusal"
    assert labels(table) and english_words_in(labels(table)) == [], "the buttons"


def turn_badges(markup: str) -> dict[int, str]:
    """The turn badge of each seat box of a table that has one: {seat: its word}."""
    found = {}
    for box in re.split(r'class="bibi-seat[ "]', markup)[1:]:
        seat = re.search(r'data-seat="(\d+)"', box)
        badge = re.search(r'class="bibi-badge bibi-turn">([^<]*)<', box)
        if seat and badge:
            found[int(seat.group(1))] = html.unescape(badge.group(1))
    return found


@pytest.mark.parametrize(("lang", "lead", "turn", "theirs"), [
    ("ru", "ваш заход", "ваш ход", {"заходит", "ходит"}),
    ("it", "sei di mano", "tocca a te", {"di mano", "tocca a lui"}),
    ("en", "your lead", "your turn", {"leads", "to play"}),
])
def test_the_turn_badge_on_the_persons_own_seat_speaks_to_him(lang, lead, turn, theirs):
    table = PlayTable("russian", 4, bots="heuristic", seed=5, delay=0, lang=lang)
    own = set()
    for _ in range(60):
        deal = table.deal
        if deal.is_over:
            break
        if deal.to_act == table.seat and deal.phase == "play":
            badges = turn_badges(table.board.value)
            assert list(badges) == [table.seat], badges
            own.add(badges[table.seat])
            assert turn_badges(table.picture_html()) == badges, "the still picture says the same"
            status = re.search(r'class="bibi-status">([^<]*)<', table.board.value)
            assert status and html.unescape(status.group(1)).endswith(f" · {badges[table.seat]}"), "the status too"
        play_on(table, 1)
    assert own == {lead, turn}
    # Anyone else's badge, and every badge where nobody sits as "you" (the explorer), stays in the third person.
    explorer = DealExplorer("russian", 4, seed=5, lang=lang)
    seen = set()
    for position in range(0, 40):
        explorer.go(position)
        seen.update(turn_badges(explorer.board.value).values())
        explorer.seat_select.value = explorer.deal.to_act if explorer.deal.to_act is not None else "all"
        seen.update(turn_badges(explorer.board.value).values())
        explorer.seat_select.value = "all"
    assert seen - {"«Би-би»?", "«bip bip»?", "Bi-bi?"} == theirs  # a seat deciding on a call


@pytest.mark.parametrize("lang", LANGS)
def test_play_table_finished_deal_and_review_in_the_language(lang):
    table = PlayTable("italian", 3, bots="greedy", seed=2, delay=0, game=False, lang=lang)
    play_on(table, 200)
    assert table.deal.is_over
    table.review()
    assert table.reasons.value and english(table.reasons.value) == [], "the review"
    assert english(shown(table)) == [], "the finished deal"


@pytest.mark.parametrize("lang", LANGS)
def test_deal_explorer_in_the_language(lang):
    explorer = DealExplorer("russian", 4, seed=3, lang=lang)
    explorer.go(9)
    assert english(shown(explorer)) == [], "under way"
    deal, seat = explorer.deal, explorer.deal.to_act
    bad = first_illegal(deal, seat)
    if bad is None:  # a position where a card is refused
        explorer.go(next(p for p in range(explorer.length) if explorer._states[p].to_act is not None
                         and first_illegal(explorer._states[p], explorer._states[p].to_act)))
        deal, seat = explorer.deal, explorer.deal.to_act
        bad = first_illegal(deal, seat)
    explorer.choose(bad)
    assert "bibi-error" in explorer.reason.value and english(explorer.reason.value) == [], "the refusal"
    explorer.go(explorer.length)
    assert english(shown(explorer)) == [], "the end"
    explorer.seat_select.value = 2
    assert english(shown(explorer)) == [], "from seat 2"
    assert english_words_in(labels(explorer)) == [], "the buttons"


@pytest.mark.parametrize("lang", LANGS)
def test_compare_view_and_rules_panel_in_the_language(lang):
    compare = CompareView("russian", "italian", 4, seed=2, lang=lang)
    assert english(shown(compare)) == [], "at the start"
    compare.to_parting()
    assert english(shown(compare)) == [], "where they part"
    compare.to_end()
    assert english(shown(compare)) == [], "at the end"
    panel = RulesPanel("russian", 4, seed=2, lang=lang)
    panel.compare_rules("russian", "italian")
    assert english(shown(panel)) == [], "Russian vs Italian"
    assert english_words_in(labels(panel)) == [], "the buttons"


@pytest.mark.parametrize(("lang", "russian", "italian", "variant"),
                         [("ru", "русские", "итальянские", "изменённые итальянские"),
                          ("it", "russe", "italiane", "italiane modificate")])
def test_compared_rules_are_named_in_the_language_and_a_variant_in_words(lang, russian, italian, variant):
    panel = RulesPanel("russian", 6, seed=1, other="italian", lang=lang)
    panel.compare.to_parting()
    said = readable(shown(panel))
    assert not re.search(r"\b(?:russian|italian|english)\b", said), said
    assert russian in said and italian in said
    assert (panel.left_box.value, panel.right_box.value) == ("russian", "italian"), "the boxes keep the notation"
    from bibi import render
    from bibi.i18n import language
    from bibi.rules import ITALIAN, RUSSIAN

    with language(lang):
        table = readable(render.rules_html(RUSSIAN, other=ITALIAN))
    assert not re.search(r"\b(?:russian|italian)\b", table) and f"{russian} {italian}" in table
    compare = CompareView("russian", "it:follow=must_follow", 4, seed=2, lang=lang)
    assert compare.labels == (russian, variant)  # what differs is said beside them; the label is notation
    same = CompareView("italian", "italian", 4, seed=2, lang=lang)
    assert same.labels[0].startswith(italian) and same.labels[0] != same.labels[1]


@pytest.mark.parametrize("lang", LANGS)
def test_score_inspector_in_the_language(lang):
    explorer = DealExplorer("italian", 4, seed=2, lang=lang)
    inspector = ScoreInspector(explorer.final, explorer=explorer, lang=lang)
    assert english(shown(inspector)) == [], "a finished deal"
    for i, line in enumerate(inspector.lines):
        if line.kind in ("trick", "call"):
            inspector.show_line(i)
            assert english(inspector.trick_view.value) == [], line.kind
    assert english_words_in(labels(inspector)) == [], "the row buttons"
    game = bibi.Game.new("russian", 3, 1, seed=4)
    table = PlayTable(game=game, bots="greedy", delay=0, lang=lang)
    play_on(table, 80)
    assert english(shown(ScoreInspector(table.game, lang=lang))) == [], "a game under way"


@pytest.mark.parametrize("lang", LANGS)
def test_practice_questions_and_answers_in_the_language(lang):
    practice = Practice("russian", 4, n=6, seed=3, lang=lang)
    for _ in practice.exercises:
        assert english(shown(practice)) == [], practice.exercise.kind
        choice = practice.exercise.choices[-1] if practice.exercise.choices else "1"
        practice.answer(choice)
        assert practice.feedback_html.value
        assert english(shown(practice)) == [], f"the answer to {practice.exercise.kind}"
        practice.next()
    assert english_words_in(labels(practice)) == [], "the buttons"


@pytest.mark.parametrize("lang", LANGS)
def test_play_app_in_the_language(lang):
    app = PlayApp("russian", 3, seat=0, bots="greedy", seed=3, delay=0, lang=lang)
    assert app.table is not None
    play_on(app.table, 200)
    assert app.explorer is not None, "the deal replayed below"
    assert english(shown(app)) == []
    assert english_words_in(labels(app)) == [], "the controls"


@pytest.mark.parametrize(("lang", "heuristic", "search", "bot"), [("ru", "эвристический", "поисковый", ""),
                                                                  ("it", "euristico", "di ricerca", "bot ")])
def test_the_bots_names_are_read_in_the_language_and_typed_as_registered(lang, heuristic, search, bot):
    app = PlayApp("russian", 3, seat=0, bots="heuristic", seed=3, delay=0, lang=lang)
    labels = {value: label for label, value in app.bots_select.options}  # a level's bot read with its level first
    assert labels["heuristic"].endswith(f"({heuristic})") and app.bots_select.value == "heuristic"
    assert f"{heuristic}," in readable(app.message.value) or f"{heuristic} " in readable(app.message.value)
    table = app.table
    assert table is not None
    table.hint()
    assert f"({bot}{search})" in readable(table.hint_box.value), "the hint's bot"
    play_on(table, 2)
    table.why(1)
    assert f"({bot}{heuristic})" in readable(table.reasons.value), "why seat 1"
    app.set_language("en")
    assert ("club (heuristic)", "heuristic") in app.bots_select.options and app.bots_select.value == "heuristic"


# -- sentences: the original, and a translation in the learner's language --------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_cited_sentences_quote_the_original_with_a_translation_in_the_learners_language(lang):
    practice = Practice("italian", 4, n=6, seed=1, kinds=["may_play"], lang=lang)
    for ex in practice.exercises:
        practice.answer("no" if ex.answer == "yes" else "yes")
        cited = texts.cite(practice.feedback.sentences)
        value = practice.feedback_html.value
        for s in cited:
            assert html.escape(s.original, quote=True) in value, s.id
            if s.lang != lang:
                assert html.escape(s.translated(lang), quote=True) in value, s.id
            assert html.escape(s.translated("en"), quote=True) not in value, f"{s.id}: the English translation"
        practice.next()


def test_cited_sentences_in_english_keep_the_english_translation():
    practice = Practice("russian", 4, n=3, seed=1, kinds=["may_play"], lang="en")
    practice.answer("yes")
    for s in texts.cite(practice.feedback.sentences):
        assert html.escape(s.translated("en"), quote=True) in practice.feedback_html.value


# -- a view keeps its language --------------------------------------------------------------------------------


def test_a_click_is_answered_in_the_views_language_whatever_the_notebook_says_later():
    table = PlayTable("russian", 4, bots="random", seed=5, delay=0, lang="ru")
    with language("it"):
        table.hint_button.click()
        assert "Подсказка" in table.hint_box.value
        for _ in range(40):
            bad = first_illegal(table.deal, table.seat) if table.deal.to_act == table.seat else None
            if bad is not None:
                break
            table.hand_row.button_for(table.deal.legal_actions()[0]).click()
        assert bad is not None
        table.hand_row.button_for(bad).click()
        message = readable(table.message.value)
        assert "сейчас сыграть нельзя" in message and english_words_in(message) == []
        picture = table.picture_html()
        assert "Это картинка игрового стола" in picture and "immagine" not in picture
        bundle = table._repr_mimebundle_()
        assert "Это картинка игрового стола" in bundle["text/html"]


def test_views_made_in_one_language_keep_it():
    with language("it"):
        explorer = DealExplorer("russian", 4, seed=2)  # None: the language in force when it is made
    assert explorer.lang == "it"
    explorer.next_button.click()
    assert "Smazzata con codice 2" in explorer.message.value
    practice = Practice(lang="ru")
    practice.answer(practice.exercise.choices[0] if practice.exercise.choices else "1")
    assert "Предложения" in practice.feedback_html.value


@pytest.mark.parametrize("view", [DealExplorer, PlayTable, RulesPanel, CompareView, Practice, PlayApp])
def test_a_language_the_kit_does_not_speak_is_refused(view):
    with pytest.raises(UnknownLanguage, match="lang: unknown language 'de'"):
        view(lang="de")
    with pytest.raises(TypeError, match="lang"):
        view(lang=7)


def test_score_inspector_refuses_an_unknown_language():
    deal = play_seeded("ru", 3, seed=1, bots="greedy")
    with pytest.raises(UnknownLanguage, match="lang"):
        ScoreInspector(deal, lang="klingon")


# -- the app's language menu ----------------------------------------------------------------------------------


def test_app_language_menu_switches_the_language_and_keeps_the_game():
    app = PlayApp("russian", 3, seat=0, bots="greedy", seed=7, delay=0, lang="en")
    assert [code for _label, code in app.language_select.options] == ["en", "ru", "it"]
    assert [label for label, _code in app.language_select.options] == ["English", "русский", "italiano"]
    table = app.table
    assert table is not None
    play_on(table, 2)
    record, seed = table.deal.record(), app.seed_box.value
    app.language_select.value = "ru"
    assert app.table is table and table.deal.record() == record and app.seed_box.value == seed
    assert table.lang == app.lang == "ru"
    assert english(shown(app)) == []
    assert "Ваш ход" in table.message.value and app.start_button.description == "Начать игру"
    table.hint()
    app.language_select.value = "it"
    assert "Suggerimento" in table.hint_box.value, "the hint shown is said again"
    assert english(shown(app)) == []
    play_on(table, 200)
    assert app.explorer is not None and app.explorer.lang == "it"
    position = app.explorer.length // 2
    app.explorer.go(position)
    app.language_select.value = "ru"
    assert app.explorer.lang == "ru" and app.explorer.position == position
    assert english(shown(app)) == []
    app.language_select.value = "en"
    assert "Your" in app.table.message.value and table.deal.record() == app.table.deal.record()


# -- every view switches language the same way ---------------------------------------------------------------


def _explorer_under_way():
    explorer = DealExplorer("russian", 4, seed=3, lang="en")
    explorer.go(9)
    explorer.seat_select.value = 2
    deal = explorer.deal
    bad = first_illegal(deal, 2) if deal.to_act == 2 else None
    if bad is not None:
        explorer.choose(bad)
    return explorer, lambda v: (v.position, v.seat, v.deal.record())


@pytest.mark.parametrize(("lang", "shown", "foreign"), [("ru", "2:11 Т:10 К:5 Д:4 В:3", "AKQJT"),
                                                        ("it", "2:11 A:10 R:5 D:4 F:3", "KQJT")], ids=["ru", "it"])
def test_the_card_points_box_writes_the_ranks_as_the_language_does_and_reads_them_back(lang, shown, foreign):
    """The box of the card points writes each rank with the kit's letters for the panel's language
    (``Rank.letter``, as the cards are written), no English letter among them, and reads what is typed in them."""
    panel = RulesPanel("russian", 4, seed=2, lang=lang)
    box = panel.controls["card_points"]
    assert box.value == shown == panel.rules.card_points.display(lang)
    assert not set(box.value) & set(foreign)
    box.value = shown.replace(":3", ":7") + " 10:1"  # typed in the language's letters
    assert not panel.control_errors["card_points"].value
    assert panel.rules.card_points == CardPoints.parse("2:11 A:10 K:5 Q:4 J:7 T:1")
    assert box.value == shown.replace(":3", ":7") + " 10:1"
    panel.set_language("en")  # the box follows the panel's language
    assert box.value == "2:11 A:10 K:5 Q:4 J:7 10:1"
    panel.set_language(lang)
    assert box.value == shown.replace(":3", ":7") + " 10:1" and not set(box.value) & set(foreign)


# -- the rules panel's summaries, the app's greeting --------------------------------------------------------

# Every value of every option is on the right of one of these, each preset's silences too (and an option with no
# effect): a custom mix of numbers, the Italian rules with the Russian first dealer, the Russian with Italian ways.
_PANEL_RULES = ["russian", "italian", "english",
                "russian:identical=first_wins,multi_call=last,card_points=2:11 A:5,hand_size=5,bibi_points=30",
                "italian:first_dealer=high_card_draw,first_trump=dealer_card,decks=1",
                "russian:follow=follow_or_trump,draw=after_trick,bibi_suits=any,bibi_call=mandatory,"
                "dealt_pairs=false,trump_change=next_deal,turn_up=failed_draw"]
_SENTENCE_ID = re.compile(r"\b[RI]\d+\b")


def _summary(source: str) -> str:
    """What an option row of the rules panel says before it is unfolded: its ``<summary>``, as read."""
    found = re.search(r"<summary>(.*?)</summary>", source, flags=re.S)
    assert found, source
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", "", found.group(1)))).strip()


@pytest.mark.parametrize("lang", ["en", *LANGS])
@pytest.mark.parametrize("right", _PANEL_RULES)
def test_every_option_row_of_the_rules_panel_says_its_sources_once(lang, right):
    """An option row's summary is what the value means (its own words, which mostly cite their sentences) and then
    only what they leave out: never a sentence id they already cite (it read "… (R10; I18). (R10; I18)"), and
    never no id at all."""
    panel = RulesPanel("russian", 4, seed=2, other=right, lang=lang)
    for name, source in panel.sources.items():
        said = _summary(source.value)
        with language(lang):
            meaning = panel.rules.explain(name)
        assert said.startswith(meaning), (name, said)
        rest = said[len(meaning):]
        assert _SENTENCE_ID.findall(said), f"{name}: no sentence id in {said!r}"
        again = set(_SENTENCE_ID.findall(rest)) & set(_SENTENCE_ID.findall(meaning))
        assert not again, f"{name}: {sorted(again)} said twice in {said!r}"


@pytest.mark.parametrize(("lang", "points", "other"), [("en", "2:11 A:5 K:5 Q:4 J:3", "2:11 A:10 K:9"),
                                                       ("ru", "2:11 Т:5 К:5 Д:4 В:3", "2:11 Т:10 К:9"),
                                                       ("it", "2:11 A:5 R:5 D:4 F:3", "2:11 A:10 R:9")])
def test_the_card_points_summary_tells_the_points_in_force(lang, points, other):
    """The card points' row tells the value in force, in the panel's letters, and follows each change: the texts'
    own account (2 = 11, A = 10, …) only for the texts' points, as the value they are compared with otherwise."""
    panel = RulesPanel("russian", 4, seed=2, lang=lang)
    standard = _summary(panel.sources["card_points"].value)
    assert "R10" in standard and "5" in standard
    panel.set_option("card_points", points)
    changed = _summary(panel.sources["card_points"].value)
    assert points in changed and standard in changed and changed != standard
    panel.controls["card_points"].value = other  # typed in the box, in the panel's letters
    assert panel.rules.card_points == CardPoints.read(other, lang)
    again = _summary(panel.sources["card_points"].value)
    assert other in again and points not in again
    panel.set_language("en" if lang != "en" else "ru")  # said again in the new language, the value as it is
    with language(panel.lang):
        assert panel.rules.card_points.display() in _summary(panel.sources["card_points"].value)
    panel.set_option("card_points", "2:11 A:10 K:5 Q:4 J:3")
    panel.set_language(lang)
    assert _summary(panel.sources["card_points"].value) == standard


@pytest.mark.parametrize(("lang", "option", "value"), [("ru", "follow", "follow_or_trump"),
                                                       ("it", "follow", "follow_or_trump"),
                                                       ("ru", "dealt_pairs", "False"),
                                                       ("it", "trump_change", "next_deal")])
def test_the_app_names_the_rules_changed_as_the_rules_panel_does(lang, option, value):
    """The app's message line names a changed option by its title and its value by what it means, in the app's
    language (as the rules panel shows them), never in the notation a label types; in English, as a label does."""
    app = PlayApp("russian", 3, seat=0, bots="random", seed=3, delay=0, lang=lang)
    app.option_select.value = option
    app.value_select.value = value
    app.start()
    said = html.unescape(app.message.value)
    with language(lang):
        title, meaning = render.option_title(option), render.option_meaning(option, value)
    assert f" {title}: {meaning}." in said and f"({title}" not in said, said  # a sentence of its own, after the game's
    assert option not in said and value.lower() not in said.lower() and " = " not in said
    app.set_language("en")
    assert f"Changes: {option} = {value.lower()}." in html.unescape(app.message.value)
    app.set_language(lang)
    assert html.unescape(app.message.value) == said


@pytest.mark.parametrize(("lang", "right", "changes"), [
    ("ru", "справа: изменённые итальянские", "Изменения справа — Карт на руках: 5."),
    ("it", "italiane modificate a destra", "Modifiche a destra — Carte in mano: 5."),
    ("en", "italian:hand_size=5 (right)", "")])
def test_the_rules_panel_names_rules_with_changes_in_words(lang, right, changes):
    """The panel's message names the right-hand rules, changed in the panel, as a heading does (changed, and
    their preset) and then each change in words in a sentence of its own (as the app does), not by the label's
    notation the box types; in English, by that label. A change whose meaning ends in its sentence ids nests no
    parenthesis in another."""
    panel = RulesPanel("russian", 4, seed=2, other="italian", lang=lang)
    panel.set_option("hand_size", 5)
    message = html.unescape(panel.message.value)
    text = re.sub(r"<[^>]*>", "", message.split("<style")[0])
    assert right in text and text.endswith(changes or "turn_up."), text
    if lang != "en":
        assert "italian:" not in message and "hand_size" not in message
    panel.set_option("follow", "must_follow")  # its meaning ends "(R13)"
    said = re.sub(r"<[^>]*>", "", html.unescape(panel.message.value).split("<style")[0])
    assert "(R13)" in said or lang == "en", said
    assert not re.search(r"\([^)]*\(", said), said
    panel.set_option("follow", "follow_or_trump")
    panel.set_language("en" if lang != "en" else "ru")
    panel.set_language(lang)
    assert html.unescape(panel.message.value) == message


def _compare_apart():
    compare = CompareView("russian", "italian", 4, seed=2, lang="en")
    compare.to_parting()
    return compare, lambda v: (v.positions, v.rules_a, v.rules_b)


def _panel_changed():
    panel = RulesPanel("russian", 4, seed=2, lang="en")
    panel.compare_rules("russian", "italian")
    panel.set_option("follow", "follow_or_trump")
    return panel, lambda v: (v.baseline, v.rules, v.compare.positions)


def _inspector_of_a_game():
    table = PlayTable(game=bibi.Game.new("russian", 3, 1, seed=4), bots="greedy", delay=0, lang="en")
    play_on(table, 300)
    inspector = ScoreInspector(table.game, lang="en")
    inspector.show_deal(0)
    inspector.show_line(next(i for i, line in enumerate(inspector.lines) if line.kind == "trick"))
    return inspector, lambda v: (v.deal_select.value, v.selected)


def _practice_answered():
    practice = Practice("russian", 4, n=4, seed=3, lang="en")
    practice.answer(practice.exercise.choices[-1] if practice.exercise.choices else "1")
    practice.next()
    practice.answer(practice.exercise.choices[0] if practice.exercise.choices else "1")
    return practice, lambda v: (v.index, v.right, v.answered, v.feedback.right, v.feedback.given)


def _table_with_hint():
    table = PlayTable("russian", 4, bots="heuristic", seed=5, delay=0, lang="en")
    play_on(table, 3)
    table.hint()
    return table, lambda v: (v.deal.record(), v.hint_box.value != "")


def _app_under_way():
    app = PlayApp("russian", 3, seat=0, bots="greedy", seed=3, delay=0, lang="en")
    assert app.table is not None
    play_on(app.table, 200)
    return app, lambda v: (v.table.deal.record(), v.explorer.position if v.explorer else None)


VIEWS = {"DealExplorer": _explorer_under_way, "CompareView": _compare_apart, "RulesPanel": _panel_changed,
         "ScoreInspector": _inspector_of_a_game, "Practice": _practice_answered, "PlayTable": _table_with_hint,
         "PlayApp": _app_under_way}


def test_every_view_has_a_way_to_switch_language():
    from bibi.widgets.base import _View

    views = {cls.__name__ for cls in (DealExplorer, CompareView, RulesPanel, ScoreInspector, Practice, PlayTable,
                                      PlayApp)}
    assert views == set(VIEWS)
    for cls in (DealExplorer, CompareView, RulesPanel, ScoreInspector, Practice, PlayTable, PlayApp):
        assert cls.set_language is _View.set_language, f"{cls.__name__}: the one way, _View.set_language"
        assert "_respeak" in vars(cls), f"{cls.__name__} does not say how it speaks another language"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", sorted(VIEWS))
def test_a_view_made_in_english_switches_language_and_keeps_what_it_shows(name, lang):
    view, state = VIEWS[name]()
    before, english_words = state(view), english(shown(view))
    assert english_words, "the view speaks English first"
    view.set_language(lang)
    assert view.lang == lang and state(view) == before
    assert english(shown(view)) == [], "what it shows"
    assert english_words_in(labels(view)) == [], "its controls"
    view.set_language("en")
    assert state(view) == before and english(shown(view)) == english_words


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_a_view_refuses_a_language_the_kit_does_not_speak_and_changes_nothing(name):
    view, state = VIEWS[name]()
    view.set_language("it")
    before, page = state(view), shown(view)
    with pytest.raises(UnknownLanguage, match="lang: unknown language 'de'"):
        view.set_language("de")
    assert view.lang == "it" and state(view) == before and shown(view) == page


def test_app_set_language_refuses_an_unknown_language_and_changes_nothing():
    app = PlayApp("italian", 3, seat=1, bots="random", seed=2, delay=0, lang="it")
    before = app.message.value
    with pytest.raises(UnknownLanguage, match="lang"):
        app.set_language("xx")
    assert app.lang == "it" and app.message.value == before and app.language_select.value == "it"


def test_the_check_finds_english_where_there_is_some():
    """The same views in English show the words the checks above look for: the checks read what is shown."""
    table = PlayTable("russian", 4, bots="heuristic", seed=5, delay=0, lang="en")
    assert {"seat", "trick", "trump", "stock", "points"} <= set(english(shown(table)))
    assert "cards" in english_words_in(labels(table)) or "Hint" in labels(table)
    practice = Practice("russian", 4, n=2, seed=3, lang="en")
    practice.answer(practice.exercise.choices[0] if practice.exercise.choices else "1")
    assert english(practice.feedback_html.value)


@pytest.mark.parametrize("lang", LANGS)
def test_the_teachers_lesson_table_in_the_language(lang):
    from bibi.lesson import lesson

    with language(lang):
        table = lesson("russian", "italian", players=4, deals=12, seed=1)
        page = table._repr_html_()
    assert english(page) == []
    said = readable(page)
    assert not re.search(r"\b(?:russian|italian|random)\b", said), "the rules and the bots named in the language"
    assert {"ru": "русские → итальянские", "it": "russe → italiane"}[lang] in said
    assert "score_per_seat" in table.wide().index.get_level_values("measure"), "the frame keeps its ids"


# -- the answer to the last click, said again in the new language ----------------------------------------------


def _table_with_refusal() -> tuple[PlayTable, Card]:
    table = PlayTable("russian", 4, bots="random", seed=5, delay=0, lang="en")
    for _ in range(40):
        bad = first_illegal(table.deal, table.seat) if table.deal.to_act == table.seat else None
        if bad is not None:
            table.hand_row.button_for(bad).click()
            return table, bad
        table.hand_row.button_for(table.deal.legal_actions()[0]).click()
    raise AssertionError("no illegal card came up")


@pytest.mark.parametrize("lang", LANGS)
def test_set_language_says_an_illegal_cards_refusal_again(lang):
    """``set_language`` re-drew the table and dropped the refusal the message line showed (its docstring promises
    the answer to the last click said again)."""
    table, bad = _table_with_refusal()
    assert "cannot be played now" in table.message.value
    table.set_language(lang)
    with language(lang), reading(table.seat):  # his own hand, told to him
        why = table.deal.why_illegal(bad, table.seat)
        expected = bibi.i18n._("{action} cannot be played now: {why}").format(action=bad.display(), why=why)
    assert html.escape(expected, quote=False) in table.message.value
    assert english(table.message.value) == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_apps_set_language_says_its_tables_refusal_again(lang):
    """PlayApp's ``set_language`` passes the table's last answer on in the new language, as PlayTable's does."""
    app = PlayApp("russian", 4, seat=0, bots="random", seed=5, delay=0, lang="en")
    table = app.table
    bad = None
    for _ in range(40):
        bad = first_illegal(table.deal, table.seat) if table.deal.to_act == table.seat else None
        if bad is not None:
            break
        table.hand_row.button_for(table.deal.legal_actions()[0]).click()
    assert bad is not None, "no illegal card came up"
    table.hand_row.button_for(bad).click()
    app.set_language(lang)
    with language(lang), reading(app.table.seat):
        why = app.table.deal.why_illegal(bad, app.table.seat)
        expected = bibi.i18n._("{action} cannot be played now: {why}").format(action=bad.display(), why=why)
    assert html.escape(expected, quote=False) in app.table.message.value


@pytest.mark.parametrize("lang", LANGS)
def test_set_language_says_taken_back_again(lang):
    table = PlayTable("russian", 4, bots="random", seed=5, delay=0, lang="en")
    play_on(table, 2)
    table.undo_button.click()
    assert "Taken back: your move again" in table.message.value
    table.set_language(lang)
    said = readable(table.message.value)
    with language(lang):
        start = bibi.i18n._("Taken back: your move again ({where}).").split("{")[0]
    assert start in said and english_words_in(said) == []
    table.set_language("en")
    assert "Taken back: your move again" in table.message.value


@pytest.mark.parametrize("lang", LANGS)
def test_set_language_says_a_practice_answers_message_again(lang):
    practice = Practice("russian", 4, n=2, seed=3, lang="en")
    practice.answer(practice.exercise.choices[0] if practice.exercise.choices else "1")
    practice.answer_button.click()  # answered already: the message says so
    assert "Already answered" in practice.message.value
    practice.set_language(lang)
    with language(lang):
        expected = bibi.i18n._("Already answered: press Next for the next exercise.")
    assert html.escape(expected, quote=False) in practice.message.value
    practice.next_button.click()
    if not practice.exercise.choices:  # a number to type: an unreadable one is refused, and said again
        practice.answer_box.value = "many"
        practice.answer_button.click()
        refused = practice.message.value
        practice.set_language("en")
        assert practice.message.value != refused and "many" in practice.message.value


def test_set_language_keeps_the_apps_table_answer():
    app = PlayApp("russian", 3, seat=0, bots="greedy", seed=7, delay=0, lang="en")
    table = app.table
    for _ in range(40):
        bad = first_illegal(table.deal, table.seat) if table.deal.to_act == table.seat else None
        if bad is not None:
            break
        table.play(table.deal.legal_actions()[0])
    table.hand_row.button_for(bad).click()
    app.set_language("it")
    assert "non si può giocare" in readable(app.table.message.value) or "adesso" in readable(app.table.message.value)
    assert english(app.table.message.value) == []


@pytest.mark.parametrize("bad", [None, 7, ["ru"]])
def test_a_views_set_language_refuses_what_is_no_language_none_too(bad):
    """``set_language(None)`` was taken as "the language in force", against the signature ``lang: str``."""
    table = PlayTable("russian", 4, bots="random", seed=5, delay=0, lang="it")
    before = shown(table)
    with pytest.raises(TypeError, match=r"^lang: expected a language"):
        table.set_language(bad)
    assert table.lang == "it" and shown(table) == before


def test_no_method_of_a_view_is_rewritten():
    """The language is settled where a view is entered (its constructor, a click, the methods marked
    ``speaking``); no method of a view class is replaced behind its author's back, and ``__init__`` takes exactly
    the parameters it declares."""
    import inspect
    from types import FunctionType

    from bibi.widgets.base import _View

    assert "__init_subclass__" not in vars(_View)
    for cls in (DealExplorer, CompareView, RulesPanel, ScoreInspector, Practice, PlayTable, PlayApp):
        source = inspect.getsource(cls)
        for name, value in vars(cls).items():
            if isinstance(value, FunctionType) and hasattr(value, "__wrapped__"):  # only where its author wrote it
                assert value.__code__.co_name == "spoken", (cls.__name__, name)
                assert f"@speaking\n    def {name}(" in source, (cls.__name__, name)
        assert not hasattr(cls.__init__, "__wrapped__")
        assert "lang" in inspect.signature(cls.__init__).parameters

    class Quiet(Practice):
        def __init__(self):  # no lang: the metaclass adds none
            super().__init__("russian", 3, n=1, seed=2)

    with language("ru"):
        assert Quiet().lang == "ru"
    with pytest.raises(TypeError):
        Quiet(lang="it")  # type: ignore[call-arg]


def test_a_property_read_from_outside_speaks_the_views_language():
    """Properties escaped the old per-method rewriting; now nothing depends on it: a view's state is language-free
    and its words come from its entries."""
    explorer = DealExplorer("russian", 4, seed=2, lang="it")
    with language("ru"):
        explorer.go(5)
        assert "Smazzata con codice 2" in explorer.message.value
        assert "Сдача" not in shown(explorer)


@pytest.mark.parametrize(("lang", "said"), [("en", "says bip bip: K+Q"), ("ru", "объявляет «bip bip»: К+Д"),
                                            ("it", "dice «bip bip»: R+D")])
def test_the_event_logs_name_a_call_as_the_deals_rules_have_it_said(lang, said):
    from bibi.kinds import EventKind

    explorer = DealExplorer("italian", 4, seed=1, lang=lang)
    explorer.go(explorer.length)
    assert any(e.kind is EventKind.CALL for e in explorer.deal.events)
    assert said in readable(explorer.event_log.value)  # «bip bip» under the Italian rules, in every language
    table = PlayTable("italian", 4, seed=1, lang=lang)
    play_on(table, 60)
    assert any(e.kind is EventKind.CALL for e in table.deal.events_for(table.seat))
    assert said in readable(table.event_log.value)
