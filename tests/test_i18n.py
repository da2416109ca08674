"""The kit's languages: the language in force, the catalogs, plural forms, cards in each language, the glossary."""

from __future__ import annotations

import asyncio
import contextvars
import gettext
import io
import json
import os
import re
import subprocess
import sys
import threading
import types
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

import bibi
from bibi import cli, i18n, texts
from bibi.cards import CARDS, RANKS, SUITS, Card, Rank, Suit, read_card, read_cards
from bibi.deal import Deal
from bibi.errors import NotationError, WrongType
from bibi.i18n import UnknownLanguage, count, get_language, language, language_from_environment, set_language
from bibi.play import play_seeded
from bibi.rules import ITALIAN, RUSSIAN

pytestmark = pytest.mark.fast

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "bibi" / "locale"
LANGS = ["ru", "it"]
NPLURALS = {"ru": 3, "it": 2}


@pytest.fixture(autouse=True)
def _english_environment(monkeypatch):
    """Each test starts from an environment that asks for no language, and leaves the language as it found it."""
    for name in i18n.ENVIRONMENT:
        monkeypatch.delenv(name, raising=False)
    set_language(None)
    yield
    monkeypatch.undo()
    set_language(None)


def catalog(lang: str):
    with open(LOCALE / lang / "LC_MESSAGES" / "bibi.po", "rb") as f:
        return read_po(f, locale=lang)


def code_messages() -> set[tuple[str | None, str | tuple[str, str]]]:
    """Every message the code marks, as Babel extracts it with the kit's configuration (make catalogs)."""
    method_map, options_map = parse_mapping_cfg(io.StringIO((LOCALE / "babel.cfg").read_text()))
    keywords = {"_": None, "N_": None, "pgettext": ((1, "c"), 2), "ngettext": (1, 2), "npgettext": ((1, "c"), 2, 3)}
    found = set()
    for _file, _line, message, _comments, context in extract_from_dir(
            str(ROOT / "bibi"), method_map, options_map, keywords=keywords):
        found.add((context, message if isinstance(message, str) else tuple(message)))
    return found


# -- the catalogs -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_each_catalog_is_complete_no_empty_fuzzy_or_obsolete_entry(lang):
    cat = catalog(lang)
    assert not cat.fuzzy, f"{lang}: the catalog's header is marked fuzzy"
    assert len(cat) > 30
    for message in cat:
        if not message.id:
            continue
        assert not message.fuzzy, f"{lang}: fuzzy entry {message.id!r}"
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(s.strip() for s in forms), f"{lang}: empty translation of {message.id!r}"
        if isinstance(message.id, tuple):
            assert len(forms) == NPLURALS[lang], f"{lang}: {message.id!r} has {len(forms)} plural forms"
    assert not cat.obsolete, f"{lang}: obsolete entries {list(cat.obsolete)}"


@pytest.mark.parametrize("lang", LANGS)
def test_each_catalog_holds_exactly_the_messages_the_code_marks(lang):
    marked = code_messages()
    held = {(m.context, m.id) for m in catalog(lang) if m.id}
    assert marked - held == set(), f"{lang}: not in the catalog (make catalogs): {sorted(marked - held, key=str)}"
    assert held - marked == set(), f"{lang}: no longer in the code: {sorted(held - marked, key=str)}"


def test_the_template_holds_exactly_the_messages_the_code_marks():
    with open(LOCALE / "bibi.pot", "rb") as f:
        template = {(m.context, m.id) for m in read_po(f) if m.id}
    assert template == code_messages(), "bibi/locale/bibi.pot is stale: run make catalogs"


@pytest.mark.parametrize("lang", LANGS)
def test_each_catalog_says_its_language_and_its_plural_rule(lang):
    cat = catalog(lang)
    assert str(cat.locale) == lang
    assert cat.num_plurals == NPLURALS[lang] == i18n.plural_forms(lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_kits_compiled_catalog_says_what_babels_compiled_catalog_says(lang):
    buffer = io.BytesIO()
    write_mo(buffer, catalog(lang))
    babel = gettext.GNUTranslations(io.BytesIO(buffer.getvalue()))
    ours = i18n.translation(lang)
    for message in catalog(lang):
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            for n in range(0, 130):
                if message.context:
                    assert ours.npgettext(message.context, *message.id, n) == babel.npgettext(
                        message.context, *message.id, n)
                else:
                    assert ours.ngettext(*message.id, n) == babel.ngettext(*message.id, n)
        elif message.context:
            assert ours.pgettext(message.context, message.id) == babel.pgettext(message.context, message.id)
        else:
            assert ours.gettext(message.id) == babel.gettext(message.id)


def test_a_fuzzy_or_empty_entry_falls_back_to_english_as_gettext_does():
    po = ('msgid ""\nmsgstr "Content-Type: text/plain; charset=utf-8\\n"\n\n'
          '#, fuzzy\nmsgid "trick"\nmsgstr "взятка"\n\nmsgid "stock"\nmsgstr ""\n\n'
          'msgid "dealer"\nmsgstr "сдатчик"\n')
    t = gettext.GNUTranslations(io.BytesIO(i18n.compile_po(po)))
    assert (t.gettext("trick"), t.gettext("stock"), t.gettext("dealer")) == ("trick", "stock", "сдатчик")


# -- plural forms ---------------------------------------------------------------------------------------------

COUNTS = [0, 1, 2, 5, 11, 12, 21, 22, 25]
PLURALS = {
    ("ru", "trick"): ["0 взяток", "1 взятка", "2 взятки", "5 взяток", "11 взяток", "12 взяток", "21 взятка",
                      "22 взятки", "25 взяток"],
    ("ru", "point"): ["0 очков", "1 очко", "2 очка", "5 очков", "11 очков", "12 очков", "21 очко", "22 очка",
                      "25 очков"],
    ("ru", "card"): ["0 карт", "1 карта", "2 карты", "5 карт", "11 карт", "12 карт", "21 карта", "22 карты",
                     "25 карт"],
    ("it", "trick"): ["0 prese", "1 presa", "2 prese", "5 prese", "11 prese", "12 prese", "21 prese", "22 prese",
                      "25 prese"],
    ("it", "point"): ["0 punti", "1 punto", "2 punti", "5 punti", "11 punti", "12 punti", "21 punti", "22 punti",
                      "25 punti"],
    ("en", "trick"): ["0 tricks", "1 trick", "2 tricks", "5 tricks", "11 tricks", "12 tricks", "21 tricks",
                      "22 tricks", "25 tricks"],
}


@pytest.mark.parametrize(("lang", "noun"), list(PLURALS))
def test_plural_forms(lang, noun):
    assert [count(n, noun, lang) for n in COUNTS] == PLURALS[lang, noun]
    with language(lang):
        assert [count(n, noun) for n in COUNTS] == PLURALS[lang, noun]


@pytest.mark.parametrize("lang", LANGS)
def test_plural_forms_follow_cldr(lang):
    """Russian: one (1, 21, 101), few (2–4, 22–24), many (the rest); Italian: one (1), other."""
    forms = {"ru": {"one": 0, "few": 1, "many": 2}, "it": {"one": 0, "other": 1, "many": 1}}[lang]
    locale = Locale(lang)
    t = i18n.translation(lang)
    pick = t.plural  # type: ignore[attr-defined]
    for n in range(0, 1000):
        assert pick(n) == forms[locale.plural_form(n)], (lang, n, locale.plural_form(n))


def test_count_refuses_what_it_cannot_count():
    with pytest.raises(ValueError, match="noun: unknown word 'trix'"):
        count(2, "trix")
    with pytest.raises(WrongType, match="n: expected a whole number"):
        count("2", "trick")  # type: ignore[arg-type]


# -- the language in force --------------------------------------------------------------------------------


def test_english_is_the_default():
    assert get_language() == "en"
    assert Card("QH").display() == "Q♥"


@pytest.mark.parametrize(("env", "expected"), [
    ({}, "en"),
    ({"LANG": "ru_RU.UTF-8"}, "ru"),
    ({"LANG": "it_IT.UTF-8"}, "it"),
    ({"LANG": "de_DE.UTF-8"}, "en"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LC_MESSAGES": "it_IT", "LANG": "ru_RU.UTF-8"}, "it"),
    ({"LC_ALL": "ru_RU.UTF-8", "LC_MESSAGES": "it_IT"}, "ru"),
    ({"LANGUAGE": "it:ru", "LC_ALL": "ru_RU.UTF-8"}, "it"),
    ({"LANGUAGE": "de:fr:ru", "LANG": "it_IT.UTF-8"}, "ru"),
    ({"LANGUAGE": "", "LANG": "it_IT.UTF-8"}, "it"),
    ({"LANGUAGE": "de", "LANG": "it_IT.UTF-8"}, "en"),
])
def test_the_language_follows_the_environment_with_english_as_the_fallback(monkeypatch, env, expected):
    assert language_from_environment(env) == expected
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert i18n.settle() == expected == get_language()  # read at an entry (a command, a cell)
    set_language("it" if expected != "it" else "ru")
    assert get_language() != expected  # a language set wins over the environment
    set_language(None)
    assert get_language() == expected


@pytest.mark.parametrize(("given", "code"), [("ru", "ru"), ("RU", "ru"), ("ru_RU.UTF-8", "ru"), ("it-IT", "it"),
                                             ("Italiano", "it"), ("русский", "ru"), ("english", "en"), (" en ", "en")])
def test_set_language_reads_codes_names_and_locales(given, code):
    assert set_language(given) == code == get_language()


@pytest.mark.parametrize("bad", ["klingon", "", "de", "r"])
def test_an_unknown_language_is_refused_and_changes_nothing(bad):
    set_language("it")
    with pytest.raises(UnknownLanguage, match=rf"^lang: unknown language {re.escape(repr(bad))}"):
        set_language(bad)
    assert get_language() == "it"
    with pytest.raises(UnknownLanguage), language(bad):
        pass
    assert get_language() == "it"
    assert issubclass(UnknownLanguage, ValueError)


def test_a_language_of_the_wrong_type_is_a_type_error():
    with pytest.raises(WrongType, match="lang: expected a language"):
        set_language(7)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Card("QH").display(lang=["ru"])  # type: ignore[arg-type]


def test_the_block_restores_the_language_even_after_an_error():
    set_language("it")
    with language("ru") as code:
        assert code == "ru" == get_language()
        with language("en"):
            assert get_language() == "en"
        assert get_language() == "ru"
    assert get_language() == "it"
    with pytest.raises(KeyError), language("ru"):
        raise KeyError("inside")
    assert get_language() == "it"


def in_a_fresh_context(function, *args):
    """``function(*args)`` run as a kernel may run a notebook's cell: in a context of its own (a copy of this one,
    dropped after)."""
    return contextvars.copy_context().run(function, *args)


def test_the_language_set_in_one_cell_holds_in_the_next_whatever_context_each_runs_in(monkeypatch):
    """The browser's kernel (Pyodide) runs each cell in an asyncio task of its own: a language held in the cell's
    context alone was English again in the next cell (ru/01's ``read_card("КП")`` failed there)."""
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    empty = contextvars.Context()  # a context that never saw set_language
    assert in_a_fresh_context(set_language, "ru") == "ru"
    assert get_language() == "ru" and in_a_fresh_context(get_language) == "ru" == empty.run(get_language)
    assert empty.run(lambda: read_card("КП")) == Card("KS")  # the next cell reads cards as Russians write them

    async def cell(code):
        return set_language(code) if code else get_language()

    assert asyncio.run(cell("ru")) == "ru" and asyncio.run(cell(None)) == "ru"  # each cell a task of its own
    assert in_a_fresh_context(set_language, None) == "it" == get_language()  # the environment again, everywhere
    assert empty.run(get_language) == "it"


def test_set_language_is_the_whole_process_a_language_block_its_own_thread():
    set_language("ru")
    seen = []

    def other_thread():
        seen.append(get_language())  # a new thread speaks the process's language
        with language("it"):
            seen.append(get_language())
        seen.append(get_language())

    thread = threading.Thread(target=other_thread)
    with language("en"):
        thread.start()
        thread.join()
        assert get_language() == "en"  # the block stays its own while the other thread speaks Italian
    assert seen == ["ru", "it", "ru"] and get_language() == "ru"
    with language("it"):
        assert set_language("en") == "en"  # set inside a block: in force at once, everywhere
        assert in_a_fresh_context(get_language) == "en"
        with language("ru"):
            assert get_language() == "ru"
        assert get_language() == "en"
    assert get_language() == "en"  # the block's end brings back the language it found: the process's


def test_a_language_block_in_a_context_of_its_own_leaves_the_others_alone():
    set_language("it")

    def block():
        with language("ru"):
            return get_language(), in_a_fresh_context(get_language)

    assert in_a_fresh_context(block) == ("ru", "ru")  # (a copy made inside the block has the block's language)
    assert get_language() == "it" == in_a_fresh_context(get_language)


def test_the_exports_of_bibi():
    assert bibi.set_language is set_language and bibi.language is language and bibi.get_language is get_language
    assert {"set_language", "language", "get_language", "read_card", "read_cards", "UnknownLanguage"} <= set(
        bibi.__all__)


# -- cards as each language writes them ------------------------------------------------------------------------

DISPLAY = {  # notation: (en, ru, it) as shown, (en, ru, it) as spoken
    "QH": (("Q♥", "Д♥", "D♥"), ("queen of hearts", "дама червей", "donna di cuori")),
    "AS": (("A♠", "Т♠", "A♠"), ("ace of spades", "туз пик", "asso di picche")),
    "KC": (("K♣", "К♣", "R♣"), ("king of clubs", "король треф", "re di fiori")),
    "JD": (("J♦", "В♦", "F♦"), ("jack of diamonds", "валет бубён", "fante di quadri")),
    "TD": (("10♦", "10♦", "10♦"), ("ten of diamonds", "десятка бубён", "dieci di quadri")),
    "2H": (("2♥", "2♥", "2♥"), ("two of hearts", "двойка червей", "due di cuori")),
    "7S": (("7♠", "7♠", "7♠"), ("seven of spades", "семёрка пик", "sette di picche")),
}


@pytest.mark.parametrize("notation", list(DISPLAY))
def test_cards_are_shown_and_named_as_each_language_writes_them(notation):
    shown, spoken = DISPLAY[notation]
    card = Card(notation)
    for lang, face, name in zip(("en", "ru", "it"), shown, spoken, strict=True):
        assert card.display(lang) == face and card.spoken(lang) == name
        with language(lang):
            assert card.display() == face and card.spoken() == name
    assert card.display("en") == card.unicode and card.spoken("en") == card.name


def test_suits_and_ranks_by_language():
    assert [s.spoken("ru") for s in SUITS] == ["пики", "черви", "бубны", "трефы"]
    assert [s.spoken("it") for s in SUITS] == ["picche", "cuori", "quadri", "fiori"]
    assert [s.letter("ru") for s in SUITS] == ["П", "Ч", "Б", "Т"]
    assert [s.letter("it") for s in SUITS] == ["P", "C", "Q", "F"]
    assert [s.letter("en") for s in SUITS] == ["S", "H", "D", "C"]
    faces = [Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK]
    assert [r.letter("ru") for r in faces] == ["Т", "К", "Д", "В"]
    assert [r.letter("it") for r in faces] == ["A", "R", "D", "F"]
    assert [r.spoken("ru") for r in faces] == ["туз", "король", "дама", "валет"]
    assert [r.spoken("it") for r in faces] == ["asso", "re", "donna", "fante"]


@pytest.mark.parametrize("lang", ["en", "ru", "it"])
def test_each_language_has_distinct_letters(lang):
    ranks = [r.letter(lang) for r in RANKS]
    suits = [s.letter(lang) for s in SUITS]
    assert len({r.upper() for r in ranks}) == 13 and len({s.upper() for s in suits}) == 4


@pytest.mark.parametrize("lang", ["en", "ru", "it"])
def test_every_card_typed_as_shown_or_by_letters_reads_back(lang):
    for card in CARDS:
        letters = card.rank.letter(lang) + card.suit.letter(lang)
        for typed in (card.display(lang), letters, letters.lower(), f"  {letters} "):
            assert read_card(typed, lang) is card, (lang, typed)
        with language(lang):
            assert read_card(letters) is card
    assert read_cards(" ".join(c.display(lang) for c in CARDS), lang) == list(CARDS)


@pytest.mark.parametrize(("typed", "lang", "notation"), [
    ("ДЧ", "ru", "QH"), ("Д♥", "ru", "QH"), ("дч", "ru", "QH"), ("QH", "ru", "QH"), ("10П", "ru", "TS"),
    ("ТТ", "ru", "AC"), ("ВБ", "ru", "JD"), ("КП", "ru", "KS"), ("2Ч", "ru", "2H"),
    ("DC", "it", "QH"), ("D♥", "it", "QH"), ("FF", "it", "JC"), ("AC", "it", "AH"), ("RP", "it", "KS"),
    ("10Q", "it", "TD"), ("2F", "it", "2C"),
    ("QH", "en", "QH"), ("10d", "en", "TD"), ("AC", "en", "AC"),
])
def test_typed_cards_in_each_language(typed, lang, notation):
    assert read_card(typed, lang) is Card(notation)


@pytest.mark.parametrize(("typed", "lang"), [
    ("QH", "it"),  # Italian letters only: Q is quadri, H no suit
    ("KS", "it"),
    ("TH", "it"),  # the notation's T (ten) is no Italian rank
    ("QЧ", "ru"),  # one alphabet or the other, not both
    ("BЧ", "ru"),  # a Latin B is not the Cyrillic В
    ("ДX", "ru"),
    ("Д", "ru"),
    ("", "it"),
    ("ДЧ", "en"),
    ("ДЧ", "it"),
])
def test_what_a_language_cannot_read_is_refused_quoting_it(typed, lang):
    with pytest.raises(NotationError, match=re.escape(repr(typed))):
        read_card(typed, lang)


def test_typed_input_refuses_wrong_types_and_unknown_languages():
    with pytest.raises(WrongType, match="card: expected"):
        read_card(12, "ru")  # type: ignore[arg-type]
    with pytest.raises(WrongType, match="cards: expected"):
        read_cards(["ДЧ"], "ru")  # type: ignore[arg-type]
    with pytest.raises(UnknownLanguage, match="lang: unknown language 'xx'"):
        read_card("QH", "xx")


def test_the_notation_of_records_is_one_in_every_language():
    for lang in ("en", "ru", "it"):
        with language(lang):
            assert Card("QH") is CARDS[Suit.HEARTS.index * 13 + Rank.QUEEN]
            assert str(Card("QH")) == "QH" and repr(Card("TD")) == "Card('TD')" and Card("QH").unicode == "Q♥"
            with pytest.raises(NotationError):
                Card("ДЧ")


@pytest.mark.parametrize(("rules", "seed"), [(RUSSIAN, 5), (ITALIAN, 8)])
def test_a_record_made_in_one_language_is_the_record_in_every_language(rules, seed):
    """A deal played under each language, seat 0 typing its cards in that language: the same record, which
    replays under the others."""
    records = {}
    for lang in ("ru", "it", "en"):
        with language(lang):
            deal = Deal.new(rules, players=4, seed=seed)
            while not deal.is_over:
                legal = deal.legal_actions()
                if deal.to_act == 0 and isinstance(legal[-1], Card):
                    deal.apply(read_card(legal[-1].display(), None))  # typed as the learner sees it
                else:
                    deal.apply(legal[0])
            records[lang] = deal.record()
    assert records["ru"] == records["it"] == records["en"]
    assert json.dumps(records["ru"]) == json.dumps(records["en"])
    for lang in ("it", "en"):
        with language(lang):
            assert Deal.replay(records["ru"]).record() == records["ru"]
    bots = ["heuristic"] * 4
    with language("ru"):
        ru = play_seeded(rules, 4, seed, bots).record()
    with language("it"):
        it = play_seeded(rules, 4, seed, bots).record()
    assert ru == it == play_seeded(rules, 4, seed, bots).record()


# -- the sentences and the glossary ----------------------------------------------------------------------------

TERMS = {"магазин": "tallone", "сдатчик": "mazziere", "взят": "pres", "козыр": "briscola", "би-би": "bip bip"}


def test_every_sentence_has_a_translation_into_each_language_of_the_kit():
    for s in texts.sentences():
        other = {"ru": "it", "it": "ru"}[s.lang]
        assert dict(s.translations).keys() == {"en", other}
        assert s.translated(s.lang) == s.original
        for lang in ("en", other):
            text = s.translated(lang)
            assert text.strip() and text != s.original and text == text.strip()
        assert re.search("[а-яё]", s.translated("ru") if s.lang == "it" else s.original, re.I)
        assert not re.search("[а-яё]", s.translated("it") if s.lang == "ru" else s.original, re.I)


def test_the_translation_shown_beside_a_sentence_is_in_the_language_in_force():
    i7, r13 = texts.sentence("I7"), texts.sentence("R13")
    with language("ru"):
        assert i7.translation == i7.translated("ru") and "козырем" in i7.translation
        assert r13.translation == r13.translated("en")  # its own language: the English beside it
    with language("it"):
        assert r13.translation == r13.translated("it") and "rispondere al seme" in r13.translation
        assert i7.translation == i7.translated("en")
    assert i7.translation.startswith("The next player")
    with pytest.raises(UnknownLanguage):
        i7.translated("de")


@pytest.mark.parametrize("sid", [s.id for s in texts.sentences()])
def test_the_translations_use_the_other_texts_own_terms(sid):
    """Where a sentence says магазин, сдатчик, взятка, козырь or «Би-би», its Italian says tallone, mazziere,
    presa, briscola, “bip bip” (and the other way round): the glossary's words, no calques."""
    s = texts.sentence(sid)
    original = s.original.lower()
    if s.lang == "ru":
        italian = s.translated("it").lower()
        for ru, it in TERMS.items():
            assert (ru in original) <= (it in italian), (sid, ru, it)
        assert "«" not in italian and ("“bip bip" in italian) == ("«би-би" in original)
    else:
        russian = s.translated("ru").lower()
        for ru, it in {**TERMS, "козыр": "briscola|atout"}.items():
            assert any(w in original for w in it.split("|")) <= (ru in russian), (sid, ru, it)
        assert "“" not in russian and ("«би-би»" in russian) == ("bip bip" in original)


GLOSSARY = ROOT / "docs" / "glossary.md"


def glossary_rows() -> list[tuple[str, str, list[str], str, list[str]]]:
    rows = []
    for line in GLOSSARY.read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 5 and re.fullmatch(r"(R\d+(, )?)*", cells[2]) and re.fullmatch(r"(I\d+(, )?)*", cells[4]):
            if cells[2] or cells[4]:
                rows.append((cells[0], cells[1], texts.ids(cells[2]) if cells[2] else [],
                             cells[3], texts.ids(cells[4]) if cells[4] else []))
    return rows


def _stems(term: str) -> list[str]:
    words = re.findall(r"[\w’-]+", re.sub(r"\([^)]*\)", "", term).lower())
    return [w[:-2] if len(w) > 4 else w[:-1] if len(w) == 4 else w for w in words]


def test_the_glossary_gives_each_term_with_the_sentences_that_use_it():
    rows = glossary_rows()
    assert len(rows) >= 20
    english = {row[0] for row in rows}
    assert {"stock", "dealer", "trick", "trump suit", "the call"} <= english
    for en, ru, r_ids, it, i_ids in rows:
        for term, ids in ((ru, r_ids), (it, i_ids)):
            for sid in ids:
                original = texts.sentence(sid).original.lower()
                missing = [stem for stem in _stems(term) if stem not in original]
                assert not missing, f"glossary: {en!r}: {sid} does not say {term!r} ({missing})"
    asked = {("stock", "магазин", "tallone"), ("dealer", "сдатчик", "mazziere"), ("trick", "взятка", "presa"),
             ("trump suit", "козырная масть", "briscola"), ("the call", "«Би-би»", "“bip bip”")}
    assert asked <= {(en, ru, it) for en, ru, _, it, _ in rows}


# -- the command line -------------------------------------------------------------------------------------------


@pytest.fixture
def spoken(monkeypatch):
    """A throwaway ``bibi`` command that writes down the language in force while it runs."""
    seen: list[str] = []

    def run(args):
        seen.append(get_language())
        return 0

    monkeypatch.setitem(cli.SUBCOMMANDS, "say", cli.Subcommand("say", "say the language", lambda p: None, run))
    return seen


def test_bibi_lang_speaks_for_the_command_only(spoken, monkeypatch):
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert cli.main(["--lang", "it", "say"]) == 0
    assert cli.main(["say"]) == 0  # the environment's
    assert cli.main(["--lang", "en_GB", "say"]) == 0
    assert spoken == ["it", "ru", "en"]
    assert get_language() == "ru"  # nothing stays set after the command


def test_bibi_lang_refuses_an_unknown_language(spoken, capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main(["--lang", "klingon", "say"])
    assert stop.value.code == 2 and spoken == []
    assert "--lang" in capsys.readouterr().err


@pytest.mark.subprocess
def test_the_engine_still_imports_and_speaks_with_the_standard_library_alone():
    code = (
        "import sys, json, bibi, bibi.i18n, bibi.texts\n"
        "with bibi.language('ru'):\n"
        "    words = [bibi.Card('QH').spoken(), bibi.i18n.count(5, 'trick'), bibi.texts.sentence('I7').translation]\n"
        # bibi__mypyc: the compiled engine's own runtime (setup.py's group_name), where the install compiled it
        "bad = sorted({m.split('.')[0] for m in sys.modules} - set(sys.stdlib_module_names)\n"
        "             - {'bibi', 'bibi__mypyc', '__main__'})\n"
        "print(json.dumps([words, bad], ensure_ascii=False))\n"
    )
    # -S: no site-packages at all, so nothing beyond the standard library can be found
    out = subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True, check=True,
                         cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"})
    words, bad = json.loads(out.stdout)
    assert words[:2] == ["дама червей", "5 взяток"] and words[2].startswith("Следующий игрок")
    assert bad == []


# -- JupyterLab's own language choice ----------------------------------------------------------------------


def lab_settings(folder: Path, locale: str) -> Path:
    """A JupyterLab user settings folder whose Settings ▸ Language saved ``locale``, as JupyterLab writes it."""
    path = folder / "@jupyterlab" / "translation-extension" / "plugin.jupyterlab-settings"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{\n    // Language\n    // @jupyterlab/translation-extension:plugin\n'
                    f'    "locale": "{locale}"\n}}\n', encoding="utf-8")
    return path


class Events:
    """IPython's ``shell.events``, as far as the kit uses it: callbacks registered by event, run by ``trigger``."""

    def __init__(self):
        self.callbacks: dict[str, list] = {}

    def register(self, event, callback):
        self.callbacks.setdefault(event, []).append(callback)

    def trigger(self, event, *args):
        for callback in self.callbacks.get(event, []):
            callback(*args)


@pytest.fixture
def kernel(monkeypatch):
    """This process seen as a Jupyter kernel: IPython imported, with a kernel behind its shell and its events."""
    shell = types.SimpleNamespace(kernel=object(), events=Events())
    monkeypatch.setitem(sys.modules, "IPython", types.SimpleNamespace(get_ipython=lambda: shell))
    yield shell
    i18n._watched.discard(id(shell))


def run_cell(shell, code=None):
    """A cell run as a kernel runs it: IPython's ``pre_run_cell`` first, then the cell in a context of its own."""
    shell.events.trigger("pre_run_cell", types.SimpleNamespace(raw_cell="…"))
    return contextvars.copy_context().run(code or get_language)


@pytest.mark.parametrize(("locale", "code"), [("ru_RU", "ru"), ("it_IT", "it"), ("en", "en"), ("default", None),
                                              ("de_DE", None), ("", None)])
def test_jupyterlabs_saved_language_is_read_from_its_settings(tmp_path, locale, code):
    assert i18n.language_from_jupyterlab(str(lab_settings(tmp_path, locale))) == code


def test_no_saved_jupyterlab_language_decides_nothing(tmp_path, monkeypatch):
    assert i18n.language_from_jupyterlab(str(tmp_path / "nothing.jupyterlab-settings")) is None
    monkeypatch.setenv("JUPYTERLAB_SETTINGS_DIR", str(tmp_path))
    assert i18n.jupyterlab_settings_file() == str(
        tmp_path / "@jupyterlab" / "translation-extension" / "plugin.jupyterlab-settings")
    assert i18n.language_from_jupyterlab() is None


def test_a_kernel_follows_jupyterlabs_language_after_set_language_and_the_environment(tmp_path, monkeypatch, kernel):
    monkeypatch.setenv("JUPYTERLAB_SETTINGS_DIR", str(tmp_path))
    path = lab_settings(tmp_path, "ru_RU")
    i18n.settle()  # the kernel's first entry: it hooks the kernel's cells
    assert get_language() == "ru" and Card("QH").display() == "Д♥"  # nothing else decides: JupyterLab's choice
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert run_cell(kernel) == "ru"  # C names no language: JupyterLab's choice still
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    assert run_cell(kernel) == "it"  # the environment names one: it decides
    monkeypatch.delenv("LANG")
    with language("en"):
        assert get_language() == "en"  # a language set decides first
    assert run_cell(kernel, lambda: set_language("it")) == "it"  # a notebook's first cell, in a context of its own
    assert run_cell(kernel) == "it"  # the next cell: still the notebook's language, not JupyterLab's
    set_language(None)
    assert get_language() == "ru"
    path.write_text('{"locale": "it_IT"}', encoding="utf-8")
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))  # a later save, followed from the next cell
    assert get_language() == "ru"  # within the cell, the language settled when it began
    assert run_cell(kernel) == "it"
    assert kernel.events.callbacks["pre_run_cell"] == [i18n._settle_cell]  # hooked once


def test_between_entries_no_file_is_read(tmp_path, monkeypatch, kernel):
    """The language is settled once per entry: a message in between reads no file and no environment (a kernel
    with nothing chosen stat-ed JupyterLab's settings for every message: one ``_()`` took 110 µs, not 4)."""
    monkeypatch.setenv("JUPYTERLAB_SETTINGS_DIR", str(tmp_path))
    lab_settings(tmp_path, "ru_RU")
    i18n.settle()
    reads = []
    monkeypatch.setattr(i18n, "language_from_jupyterlab", lambda *a: reads.append(a) or "it")
    monkeypatch.setattr(i18n.os, "stat", lambda *a, **k: reads.append(a))
    for _ in range(100):
        assert i18n._("trick") == "взятка"
    assert reads == []
    run_cell(kernel)
    assert len(reads) == 1 and get_language() == "it"


def test_outside_a_kernel_jupyterlabs_setting_is_not_read(tmp_path, monkeypatch):
    monkeypatch.setenv("JUPYTERLAB_SETTINGS_DIR", str(tmp_path))
    lab_settings(tmp_path, "ru_RU")
    monkeypatch.setitem(sys.modules, "IPython", None)
    assert i18n.settle() == "en" == get_language()  # the command line and plain scripts follow the environment alone


# -- what a translation must keep, and how it is written ------------------------------------------------------------


def _fields(text: str) -> set[str]:
    return set(re.findall(r"\{(\w*)[^{}]*\}", text))


@pytest.mark.parametrize("lang", LANGS)
def test_each_translation_fills_the_placeholders_its_message_gives(lang):
    """A translation with a field its message does not give fails at ``.format`` (``{table}`` for ``{on_table}``
    raised ``KeyError`` in one bot's reason); one that drops ``{call}`` names a call the rules in force do not."""
    for message in catalog(lang):
        if not message.id or not message.string:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        given = set().union(*map(_fields, ids))
        for form in message.string if isinstance(message.string, tuple) else (message.string,):
            assert _fields(form) <= given, f"{lang}: {message.id!r} → {form!r}"
            if "call" in given:
                assert "{call}" in form, f"{lang}: {message.id!r} names the call itself: {form!r}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_typography_of_each_language(lang):
    """Italian writes ’ in an elision (l’asso, as I5 does) and «» around a word quoted; neither language puts the
    call's mark outside its quotes («Би-би»!)."""
    for message in catalog(lang):
        if not message.id:
            continue
        for form in message.string if isinstance(message.string, tuple) else (message.string,):
            assert "»!" not in form, f"{lang}: {form!r}"
            if lang == "it":
                assert not re.search(r"(?<=[^\W\d_])'(?=[^\W\d_])", form), f"an elision with ': {form!r}"
                assert '"' not in form, f"a straight double quote: {form!r}"


def test_no_message_is_written_inside_an_f_string():
    """Babel does not read an f-string's expressions: a ``_("…")`` inside one never reaches the catalogs."""
    import ast

    found = []
    for path in (ROOT / "bibi").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.JoinedStr):
                for call in ast.walk(node):
                    if (isinstance(call, ast.Call) and getattr(call.func, "id", None) in (
                            "_", "N_", "ngettext", "pgettext", "npgettext")
                            and any(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in call.args)):
                        found.append(f"{path.relative_to(ROOT)}:{call.lineno}")
    assert found == []


@pytest.mark.subprocess
def test_in_a_kernel_with_nothing_chosen_the_words_cost_what_they_cost_with_a_language_set():
    """``bench/i18n_cost.py`` in short: in a real IPython kernel that follows JupyterLab's language, ``_()`` and
    ``render.table_html`` cost within 1.5× of what they cost after ``set_language`` (issue 41; the README of
    bench/ has the full run). Before the language was settled per cell, the ratios were about 40 and 5."""
    bench = Path(__file__).resolve().parents[1] / "bench" / "i18n_cost.py"
    done = subprocess.run([sys.executable, str(bench), "--rounds", "5", "--calls", "5000", "--tables", "5"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    rows = [[cell.strip() for cell in line.split("|")[1:-1]] for line in done.stdout.splitlines()
            if line.startswith(("| ru_RU", "| none saved"))]
    assert [row[2] for row in rows] == ["'сдача окончена'", "'the deal is over'"]
    ratios = [float(row[column].split(" ± ")[0]) for row in rows for column in (5, 8)]
    assert max(ratios) < 1.5, done.stdout
