"""The glossary as a test: for each concept, each language's one term is used and the words it rules out are not,
in the catalogs and in the learner's path in that language (``docs/glossary.md``, "One word for one thing")."""

from __future__ import annotations

import html
import io
import json
import re
import tokenize
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

pytestmark = pytest.mark.fast

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = ROOT / "docs" / "glossary.md"
LANGS = ("ru", "it")


def rows() -> list[dict[str, object]]:
    """The table "One word for one thing": concept, and per language its term(s) and the words ruled out."""
    text = GLOSSARY.read_text(encoding="utf-8").split("## One word for one thing", 1)[1].split("\n## ", 1)[0]
    found = []
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 6 or cells[0] in ("concept", "---") or set(cells[0]) <= {"-"}:
            continue
        quoted = [re.findall(r"«([^»]*)»", cell) for cell in cells]
        found.append({"concept": cells[0], "ru": quoted[2], "ru_out": quoted[3], "it": quoted[4], "it_out": quoted[5]})
    return found


def _comments_and_strings(code: str) -> str:
    """What a reader reads in a code cell: its comments and its strings, not its names (``deal.record()``)."""
    said = []
    try:
        for token in tokenize.generate_tokens(io.StringIO(code).readline):
            if token.type in (tokenize.COMMENT, tokenize.STRING):
                said.append(token.string)
    except (tokenize.TokenError, IndentationError):
        return code
    return "\n".join(said)


def _visible(markup: str) -> str:
    markup = re.sub(r"<(style|script)\b[^>]*>.*?</\1>", " ", markup, flags=re.S)
    markup = re.sub(r'<(\w+)\b[^>]*\blang="(?:ru|it)"[^>]*>.*?</\1>', " ", markup, flags=re.S)  # the texts' words
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


@cache
def texts(lang: str) -> dict[str, str]:
    """Every text of ``lang`` a reader meets, by where it is: each catalog entry, each notebook cell and output."""
    found: dict[str, str] = {}
    with open(ROOT / "bibi" / "locale" / lang / "LC_MESSAGES" / "bibi.po", "rb") as f:
        for message in read_po(f, locale=lang):
            if message.id:
                forms = message.string if isinstance(message.string, tuple) else (message.string,)
                found[f"catalog: {str(message.id)[:60]!r}"] = "\n".join(forms)
    for path in sorted((ROOT / "notebooks" / lang).glob("*.ipynb")):
        for i, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
            source = "".join(cell["source"])
            markdown = cell["cell_type"] == "markdown"
            found[f"{path.name} cell {i}"] = source if markdown else _comments_and_strings(source)
            for j, output in enumerate(cell.get("outputs", [])):
                data = output.get("data", {})
                said = "".join(output.get("text", "")) + "".join(data.get("text/plain", ""))
                said += _visible("".join(data.get("text/html", "")))
                found[f"{path.name} cell {i} output {j}"] = said
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_the_glossary_rules_some_words_out_in_each_language(lang):
    assert len(rows()) >= 12
    for row in rows():
        assert row[lang], f"{row['concept']}: no {lang} term"


def ruled_out(word: str) -> re.Pattern[str]:
    """A word the glossary rules out, found at the start of a word (a stem: «редакци» finds «редакция») and, when
    the glossary writes a space after it, as a whole word («ты »); case aside, but not in capitals, which are the
    command line's syntax (``PRESET``), nor in a name (``bibi-kit``, the package)."""
    pattern = re.escape(word.strip())
    if word[:1].isalpha():
        pattern = r"(?<![\w-])" + pattern
    if word.endswith(" "):
        pattern += r"(?!\w)"
    return re.compile(pattern, re.I)


def occurrences(word: str, text: str) -> list[str]:
    return [m.group() for m in ruled_out(word).finditer(text) if not m.group().isupper() or len(m.group()) < 3]


@pytest.mark.parametrize("lang", LANGS)
def test_no_word_the_glossary_rules_out(lang):
    found = []
    for row in rows():
        for word in row[f"{lang}_out"]:  # type: ignore[union-attr]
            for where, text in texts(lang).items():
                if occurrences(word, text):
                    found.append(f"{row['concept']}: «{word}» in {where}")
    assert found == []


@pytest.mark.parametrize("lang", LANGS)
def test_each_concept_has_its_term_in_use(lang):
    everything = "\n".join(texts(lang).values()).lower()
    missing = [f"{row['concept']}: «{term}»" for row in rows() for term in row[lang]  # type: ignore[union-attr]
               if term.lower() not in everything]
    assert missing == []


def test_the_check_finds_a_word_ruled_out():
    assert any("параметр" in row["ru_out"] for row in rows())
    assert any("prende la presa" in row["it_out"] for row in rows())
    assert occurrences("редакци", "Русская редакция") and not occurrences("ты ", "карты и взяты ")
    assert occurrences("ты ", "если ты можешь") and not occurrences("preset", "bibi rules PRESET")
