"""The source texts: ids as rules §1 (docs/rules.md) numbers them, exact original words, citations that expand."""

from __future__ import annotations

from pathlib import Path

import pytest

from bibi import texts
from bibi.rules import OPTIONS, PRESETS

pytestmark = pytest.mark.fast

SHARED_RULES = Path(__file__).resolve().parents[2] / "shared" / "rules"


def _words(text: str) -> list[str]:
    return text.split()


@pytest.mark.parametrize(("key", "count"), [("R", 26), ("I", 18)])
def test_ids_run_without_gaps(key, count):
    assert [s.id for s in texts.sentences(key)] == [f"{key}{n}" for n in range(1, count + 1)]


@pytest.mark.parametrize("key", ["R", "I"])
def test_sentences_join_to_the_original_text(key):
    joined = " ".join(s.original for s in texts.sentences(key))
    assert _words(joined) == _words(texts.original(key))


@pytest.mark.parametrize(("key", "name"), [("R", "russian.txt"), ("I", "italian.txt")])
def test_shipped_text_is_the_source_text(key, name):
    source = SHARED_RULES / name
    if not source.exists():
        pytest.skip("the project's shared rule texts are not beside this checkout")
    assert texts.original(key) == source.read_text("utf-8")


@pytest.mark.parametrize(
    ("sid", "original_start", "translation_words"),
    [
        ("R1", "Би-би! — довольно шумная", "noisy"),
        ("R4", "По старшинству", "2, ace, king"),
        ("R13", "Игрок должен следовать масти", "follow suit"),
        ("R14", "Если игроки кладут одинаковые", "second"),
        ("R15", "Сразу после того", "other than trumps"),
        ("R16", "За это игрок получает 50 очков", "по окончании партии"),
        ("R17", "Можно сказать «Би-би»", "dealt"),
        ("R18", "В этом случае", "before the first trick"),
        ("R19", "Если два и более", "each who says"),
        ("R20", "Козырная масть меняется на ту", "first"),
        ("R25", "Карты магазина открываются", "seven"),
        ("R26", "Игра заканчивается", "dealt the same number"),
        ("I1", "Questo gioco", "must say"),
        ("I7", "Il successivo deve rispondere", "same suit or with a trump"),
        ("I9", "A turno, cominciando", "winner of the trick"),
        ("I12", "Anche quando", "original trump"),
        ("I16", "Arrivati a questo punto", "last six tricks"),
        ("I18", "Le carte valgono", "11 (the two)"),
    ],
)
def test_each_id_is_the_sentence_the_reference_numbers(sid, original_start, translation_words):
    s = texts.sentence(sid)
    assert s.original.startswith(original_start)
    assert translation_words in s.translation


def test_sentence_fields():
    s = texts.sentence("r13")
    assert (s.id, s.lang, s.source, s.number) == ("R13", "ru", "R", 13)
    assert texts.sentence("I7").lang == "it"
    assert str(s).startswith("R13: Игрок")


def test_known_problems_carry_a_note():
    assert "mistranslation" in texts.sentence("R16").note
    assert "seven" in texts.sentence("I16").note
    assert texts.sentence("R13").note == ""


@pytest.mark.parametrize("name", ["R", "ru", "russian", "Russian", "r"])
def test_source_aliases(name):
    assert texts.source(name).title == "Би-би!"
    assert texts.sentences(name) == texts.sentences("R")


def test_all_sentences_russian_first():
    every = texts.sentences()
    assert len(every) == 44 and every[0].id == "R1" and every[-1].id == "I18"
    assert [s.key for s in texts.sources()] == ["R", "I"]


@pytest.mark.parametrize(
    ("citation", "expected"),
    [
        ("R15, R17; I11", ["R15", "R17", "I11"]),
        ("R17–R20", ["R17", "R18", "R19", "R20"]),
        ("R17-20", ["R17", "R18", "R19", "R20"]),
        ("R17 — R18", ["R17", "R18"]),
        ("R16 (corrected), R18; I11, I12", ["R16", "R18", "I11", "I12"]),
        ("R3; R3, r3", ["R3"]),
        (("R5", "R6"), ["R5", "R6"]),
        ("", []),
    ],
)
def test_ids_expand_citations(citation, expected):
    assert texts.ids(citation) == expected
    assert [s.id for s in texts.cite(citation)] == expected


@pytest.mark.parametrize("citation", ["R27", "I19", "R0", "R5–R3", "R1–I2", "X4", "R4 and I3"])
def test_bad_citations_raise_quoting_the_input(citation):
    with pytest.raises(ValueError, match="R"):
        texts.cite(citation)


@pytest.mark.parametrize("bad", ["Q1", "R", "R99"])
def test_unknown_sentence(bad):
    with pytest.raises(ValueError, match=repr(bad)):
        texts.sentence(bad)


def test_unknown_source():
    with pytest.raises(ValueError, match="'english'"):
        texts.source("english")


def test_every_option_and_preset_citation_resolves():
    for name, option in OPTIONS.items():
        assert texts.cite(option.sources), name
        for rules in PRESETS.values():
            assert texts.ids(rules.citation(name)) == texts.ids(option.sources)


def test_sentence_html_shows_original_and_translation():
    html = texts.sentence("R13")._repr_html_()
    assert "Игрок должен следовать масти" in html and "follow suit" in html
    assert 'lang="ru"' in html


def test_I16_is_not_called_a_miscount_anywhere():
    """I16's "six" counts from the failed draw (rules §1): no note, doc, notebook or README calls it a miscount."""
    import pathlib

    root = pathlib.Path(__file__).resolve().parents[1]
    assert "failed draw" in texts.sentence("I16").note
    files = [root / "README.md", *sorted((root / "notebooks").rglob("*.ipynb")), *sorted((root / "bibi").rglob("*.py")),
             root / "bibi" / "data" / "sentences.toml", root / "docs" / "rules.md"]
    for path in files:
        text = path.read_text(encoding="utf-8").lower()
        assert "miscount" not in text, path.name
