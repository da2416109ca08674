"""The rules reference, ``docs/rules.md``: every "§" citation in the kit lands on one of its headings, and it
holds every sentence id, every option and every value of the code.

A citation is "§n", "§n.m" or "§n case k" (written "rules §5.2", "§3 case 9" in docstrings, comments, tests,
notebooks and the README). Its target is a heading of the reference whose text starts the same way:
``## §2 …``, ``### §5.2 …``, ``### §3 case 9: …``.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from bibi import texts
from bibi.rules import NOT_STATED, OPTIONS, PRESETS, RUSSIAN, Rules

pytestmark = pytest.mark.fast

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT / "docs" / "rules.md"
# Where the kit cites the reference: the package (its data too), the tests, the notebooks, the benchmarks, the
# tools, the README, and the reference itself.
SCOPES = ("bibi", "tests", "notebooks", "bench", "tools")
SUFFIXES = {".py", ".toml", ".md", ".txt", ".ipynb", ".json", ".yml", ".yaml", ".cfg"}
OLD_NAME = "\x53PEC"  # the old rules file's name, escaped so that this file does not hold it either
OLD_FILE = OLD_NAME + ".md"

SECTION = "\u00a7"  # the section sign, as an escape: the sample citations built with it are not this file's
CITATION = re.compile(SECTION + r"\s?(\d+)(?:\.(\d+))?(?:\s+case\s+(\d+))?")
HEADING = re.compile(r"^#{2,6}\s+" + SECTION + r"(\d+)(?:\.(\d+))?(?:\s+case\s+(\d+))?\b")


def _key(section: str, item: str | None, case: str | None) -> str:
    key = SECTION + section
    if item:
        key += "." + item
    if case:
        key += " case " + case
    return key


def cited_files() -> list[Path]:
    files = [ROOT / "README.md", REFERENCE]
    for scope in SCOPES:
        files += sorted(p for p in (ROOT / scope).rglob("*")
                        if p.is_file() and p.suffix in SUFFIXES and "__pycache__" not in p.parts
                        and not any(part.startswith(".") for part in p.relative_to(ROOT).parts))
    return files


def headings(markdown: str) -> set[str]:
    """The citation keys the reference's headings answer: "§2", "§5.3", "§3 case 9"."""
    return {_key(*m.groups()) for m in map(HEADING.match, markdown.splitlines()) if m}


def citations(text: str) -> list[tuple[int, str]]:
    """Every citation in ``text`` as (line number, key); "§3 case 9" cites both §3 and its case 9."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        for m in CITATION.finditer(line):
            section, item, case = m.groups()
            found.append((number, _key(section, item, None)))
            if case:
                found.append((number, _key(section, None, case)))
    return found


def dangling(text: str, targets: set[str]) -> list[str]:
    return [f"line {number}: {key}" for number, key in citations(text) if key not in targets]


def section(markdown: str, number: int) -> str:
    """The text of ``## §number …`` up to the next heading of the same level."""
    m = re.search(rf"^## {SECTION}{number}\b.*?(?=^## |\Z)", markdown, re.M | re.S)
    assert m, f"docs/rules.md has no heading '## {SECTION}{number} …'"
    return m.group(0)


def subsection(text: str, title: str) -> str:
    m = re.search(rf"^### {re.escape(title)}.*?(?=^###? |\Z)", text, re.M | re.S)
    assert m, f"no heading '### {title} …'"
    return m.group(0)


@pytest.fixture(scope="module")
def reference() -> str:
    return REFERENCE.read_text(encoding="utf-8")


# -- the citations -----------------------------------------------------------------------------------------


def test_the_reference_numbers_its_sections_as_the_citations_do(reference):
    keys = headings(reference)
    assert {SECTION + str(n) for n in range(1, 6)} <= keys
    items = sorted(int(k.split(".")[1]) for k in keys if k.startswith(SECTION + "5."))
    assert items == list(range(1, 13))  # §5.1 … §5.12, no gaps
    cases = sorted(int(k.split(" case ")[1]) for k in keys if " case " in k)
    assert cases == list(range(1, 10))  # §3 case 1 … case 9, no gaps
    assert all(k.startswith(SECTION + "3 ") for k in keys if " case " in k)


def test_every_citation_in_the_kit_lands_on_a_heading(reference):
    targets = headings(reference)
    cited, wrong = 0, []
    for path in cited_files():
        text = path.read_text(encoding="utf-8")
        if path not in (REFERENCE, Path(__file__).resolve()):
            cited += len(citations(text))
        wrong += [f"{path.relative_to(ROOT)} {d}" for d in dangling(text, targets)]
    assert not wrong, "citations with no heading in docs/rules.md:\n" + "\n".join(wrong)
    assert cited > 60  # the code, tests, notebooks and README do cite it: the check is not vacuous


@pytest.mark.parametrize("cite", ["5.13", "6", "3 case 10", "2.4", "0"])
def test_a_dangling_citation_is_caught(reference, cite):
    text = f"x = 1  # the rule of rules {SECTION}{cite}\n"
    assert dangling(text, headings(reference)) != []


@pytest.mark.parametrize("cite, keys", [
    ("5.12", [SECTION + "5.12"]), ("3 case 9", [SECTION + "3", SECTION + "3 case 9"]),
    ("2's table", [SECTION + "2"]), ("4.", [SECTION + "4"]),
])
def test_a_citation_is_read_whole(reference, cite, keys):
    text = f"(rules {SECTION}{cite})"
    assert [key for _, key in citations(text)] == keys
    assert dangling(text, headings(reference)) == []


def test_no_file_names_the_old_rules_file():
    named = [str(p.relative_to(ROOT)) for p in cited_files() + sorted(ROOT.glob("*"))
             if p.is_file() and OLD_FILE in p.read_text(encoding="utf-8", errors="replace")]
    assert named == []
    old_citation = re.compile(rf"\b{OLD_NAME}\b")  # its short name in old citations, before a section sign
    assert [str(p.relative_to(ROOT)) for p in cited_files() if old_citation.search(p.read_text("utf-8"))] == []


# -- what the reference holds ----------------------------------------------------------------------------


def test_every_sentence_id_is_in_the_sentence_index(reference):
    index = section(reference, 1)
    rows = re.findall(r"^\| ([RI]\d+) \| .+ \|$", index, re.M)
    assert rows == [s.id for s in texts.sentences()]  # R1…R26, then I1…I18, each once, in order
    assert len(rows) == 44


def _values(option: str) -> list[str]:
    """Every value of ``option`` as the reference writes it (in backticks)."""
    field = next(f for f in dataclasses.fields(Rules) if f.name == option)
    if OPTIONS[option].values:
        return ["true" if v == "True" else "false" if v == "False" else v for v in OPTIONS[option].values]
    if option == "decks":
        return ["1", "2"]
    if option == "max_players":
        return ["2", "12", "7"]  # the bounds, and the count one pack lowers it to
    assert field.type in ("int", "CardPoints"), option
    return sorted({str(getattr(rules, option)) for rules in PRESETS.values()})


@pytest.mark.parametrize("option", list(OPTIONS))
def test_every_option_and_value_is_explained_in_section_2(reference, option):
    part = subsection(section(reference, 2), f"`{option}`")
    for value in _values(option):
        assert f"`{value}`" in part, (option, value)
    for sid in OPTIONS[option].sources:
        assert re.search(rf"\b{sid}\b", part), (option, sid)


def _table_row(reference: str, option: str) -> list[str]:
    rows = [line for line in section(reference, 2).splitlines() if line.startswith(f"| `{option}` |")]
    assert len(rows) == 1, option
    return [cell.strip() for cell in rows[0].strip("|").split("|")]


@pytest.mark.parametrize("option", list(OPTIONS))
def test_the_presets_table_holds_the_code_s_values_and_sentences(reference, option):
    _, values, *columns, sources = _table_row(reference, option)
    if OPTIONS[option].values or option == "decks":  # a list of values, not a number's range or a map
        for value in _values(option):
            assert f"`{value}`" in values, (option, value)
    for name, cell in zip(("russian", "italian", "english"), columns, strict=True):
        value = getattr(PRESETS[name], option)
        shown = str(value).lower() if isinstance(value, bool) else str(getattr(value, "value", value))
        same = value == getattr(RUSSIAN, option)
        assert f"`{shown}`" in cell or (cell.startswith("the same") and same), (option, name, cell)
        silent = option in NOT_STATED.get(name, ())
        assert ("not stated" in cell) == silent, (option, name, cell)
        if silent:  # borrowed where the value is the Russian one, and then from a named sentence
            borrowed = re.search(r"taken from ([RI]\d+)", cell)
            assert bool(borrowed) == same, (option, name, cell)
            if borrowed:
                assert borrowed.group(1) in OPTIONS[option].sources
    assert texts.ids(sources) == texts.ids(OPTIONS[option].sources), option
