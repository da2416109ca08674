"""The two source texts of the rules, sentence by sentence, with translations into each language of the kit.

Every rule option cites sentence ids: ``R1``…``R26`` for the Russian text «Би-би!», ``I1``…``I18``
for the Italian «bip bip» (rules §1, the sentence index of ``docs/rules.md``). This module gives back
the very words behind an id, so a view can show the original next to its translation.

A sentence is quoted in its own language; its ``translation`` is in the language in force (``bibi.i18n``):
a Russian reader reads I7 in Italian with a Russian translation beside it, an Italian reader reads R13 in
Russian with an Italian one, and a reader of a sentence's own language gets the English beside it.

>>> s = sentence("R13")
>>> s.lang, s.translated("en")[:31]
('ru', 'A player must follow suit if he')
>>> print(sentence("I7").translated("ru"))
Следующий игрок должен ответить картой той же масти или козырем, а если у него нет ни того ни другого — любой картой.
>>> [s.id for s in cite("R15, R17–R19; I11")]
['R15', 'R17', 'R18', 'R19', 'I11']
>>> len(sentences("R")), len(sentences("italian"))
(26, 18)
>>> print(sentence("I16").original)
Arrivati a questo punto, si scopre il tallone e le ultime sei prese si giocano con la briscola fissa.

The package also ships both texts whole (``original("R")``), exactly as they were written.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib import resources

from bibi.errors import shorten
from bibi.i18n import PSEUDO, SOURCE, pseudo, resolve


@dataclass(frozen=True)
class Source:
    """One of the two texts: its letter (``R`` or ``I``), language code, title and data file."""

    key: str
    language: str
    title: str
    about: str
    file: str


@dataclass(frozen=True)
class Sentence:
    """One sentence of a source text: its id, language, the original words and its translations, as
    ``(language, text)`` pairs (English always; the other text's language too)."""

    id: str
    lang: str
    original: str
    translations: tuple[tuple[str, str], ...]
    note: str = ""
    notes: tuple[tuple[str, str], ...] = ()  # the note in the kit's other languages, as (language, text) pairs

    def translated(self, lang: str | None = None) -> str:
        """The sentence in ``lang`` (default: the language in force): a translation, or the original in its own
        language. ``ValueError`` for a language the kit does not speak."""
        code = resolve(lang)
        if code == self.lang:
            return self.original
        if code == PSEUDO:  # the tests' pseudo-language: the English, visibly transformed
            return pseudo(dict(self.translations)[SOURCE])
        return dict(self.translations)[code]

    def note_in(self, lang: str | None = None) -> str:
        """The sentence's note (a known problem; '' for none) in ``lang`` (default: the language in force)."""
        code = resolve(lang)
        if code == PSEUDO:
            return pseudo(self.note) if self.note else ""
        return dict(self.notes).get(code, self.note)

    @property
    def translation(self) -> str:
        """The translation to show beside the original, in the language in force; English when that is the
        sentence's own language."""
        code = resolve(None)
        return self.translated(SOURCE if code == self.lang else code)

    @property
    def source(self) -> str:
        """The text's letter: ``R`` (Russian) or ``I`` (Italian)."""
        return self.id[0]

    @property
    def number(self) -> int:
        """The sentence's place in its text, from 1."""
        return int(self.id[1:])

    def __str__(self) -> str:
        return f"{self.id}: {self.original}"

    def _repr_html_(self) -> str:
        from bibi import render  # lazy: texts are data, rendering sits above them

        return render.sentences_html([self])


_KEYS = {
    "r": "R", "ru": "R", "rus": "R", "russian": "R", "би-би": "R",
    "i": "I", "it": "I", "ita": "I", "italian": "I", "bip bip": "I",
}


@cache
def _data() -> tuple[dict[str, Source], dict[str, Sentence]]:
    raw = tomllib.loads(resources.files("bibi").joinpath("data", "sentences.toml").read_text("utf-8"))
    sources = {key: Source(key=key, **meta) for key, meta in raw["texts"].items()}
    found = {}
    for row in raw["sentences"]:
        lang = sources[row["id"][0]].language
        other = "it" if lang == "ru" else "ru"
        notes = tuple((code, row[f"note_{code}"]) for code in ("ru", "it") if f"note_{code}" in row)
        found[row["id"]] = Sentence(id=row["id"], lang=lang, original=row["original"], note=row.get("note", ""),
                                    translations=((SOURCE, row["translation"]), (other, row[other])), notes=notes)
    return sources, found


def source(text: str) -> Source:
    """A source text by letter, language code or name: ``R``/``ru``/``russian``, ``I``/``it``/``italian``."""
    key = _KEYS.get(str(text).strip().lower())
    if key is None:
        raise ValueError(f"unknown text {shorten(text)}: use R (ru, russian) or I (it, italian)")
    return _data()[0][key]


def sources() -> tuple[Source, ...]:
    """Both source texts, the Russian first."""
    return tuple(_data()[0].values())


def sentence(id: str) -> Sentence:
    """The sentence with this id (``"R13"``, ``"i7"``); ``ValueError`` for an id the texts lack."""
    key = str(id).strip().upper()
    found = _data()[1].get(key)
    if found is None:
        raise ValueError(f"unknown sentence id {shorten(id)}: the texts have R1…R26 and I1…I18")
    return found


def sentences(text: str | None = None) -> tuple[Sentence, ...]:
    """All sentences of one text (``"R"``, ``"it"``, …) in order, or of both when ``text`` is None."""
    everything = tuple(_data()[1].values())
    if text is None:
        return everything
    key = source(text).key
    return tuple(s for s in everything if s.source == key)


def original(text: str) -> str:
    """The whole original text, exactly as shipped (``original("R")`` is «Би-би!»)."""
    return resources.files("bibi").joinpath("data", source(text).file).read_text("utf-8")


_ID = re.compile(r"([RI])\s*(\d+)(?:\s*[–—-]\s*([RI])?\s*(\d+))?", re.IGNORECASE)
_NOTE = re.compile(r"\([^)]*\)")


def ids(citation: str | Iterable[str]) -> list[str]:
    """The sentence ids a citation names, in order, without repeats; ranges are expanded.

    Notes in parentheses are skipped, so a ``Rules.citation`` string reads as it is:

    >>> ids("R16 (corrected), R18; I11–I12")
    ['R16', 'R18', 'I11', 'I12']
    >>> ids(("R3", "I3"))
    ['R3', 'I3']
    """
    if not isinstance(citation, str):
        citation = ", ".join(citation)
    text = _NOTE.sub(" ", citation)
    out: list[str] = []
    for match in _ID.finditer(text):
        letter, first, letter2, last = match.groups()
        letter = letter.upper()
        if letter2 and letter2.upper() != letter:
            raise ValueError(f"citation {shorten(citation)}: a range must stay in one text, "
                             f"not {shorten(match.group(0))}")
        lo, hi = int(first), int(last or first)
        if hi < lo:
            raise ValueError(f"citation {shorten(citation)}: the range {shorten(match.group(0))} runs backwards")
        for n in range(lo, hi + 1):
            key = sentence(f"{letter}{n}").id
            if key not in out:
                out.append(key)
    rest = _ID.sub(" ", text).strip(" ,;\t\n")
    if rest:
        raise ValueError(f"citation {shorten(citation)}: cannot read {shorten(rest)}; "
                         "write ids like 'R15, R17–R20; I11'")
    return out


def cite(citation: str | Iterable[str]) -> list[Sentence]:
    """The sentences a citation names (``"R15, R17–R20; I11"``), in the order given."""
    return [sentence(key) for key in ids(citation)]


__all__ = ["Sentence", "Source", "cite", "ids", "original", "sentence", "sentences", "source", "sources"]
