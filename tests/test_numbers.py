"""Numbers as each language writes them (``bibi.i18n.number``, ``percent``, ``interval``), held to Babel's CLDR data,
and counted words for any count (negative, with a fraction, not a number)."""

from __future__ import annotations

import math
import random
from decimal import Decimal

import pytest
from babel import Locale
from babel.numbers import format_decimal, format_percent, get_decimal_symbol, get_group_symbol

from bibi import i18n
from bibi.errors import WrongType
from bibi.i18n import count, decimal, interval, language, ngettext, npgettext, number, percent

pytestmark = pytest.mark.fast

LANGS = ["en", "ru", "it"]


def values() -> list[float]:
    rng = random.Random(41)
    found = [0.0, 0.5, 1.0, 1.5, 2.5, 0.125, 2.675, 7.7, 49.22, 999.95, 1000, 1234.5, 12345.678, 1_234_567.891,
             -0.55, -1.5, -1234.5, 264, 2000, -36.1]
    found += [rng.uniform(-1e6, 1e6) for _ in range(300)] + [rng.uniform(-10, 10) for _ in range(300)]
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_the_formats_symbols_are_cldrs(lang):
    form = i18n.NUMBER_FORMATS[lang]
    assert form.decimal == get_decimal_symbol(lang) and form.group == get_group_symbol(lang)
    babel = Locale.parse(lang).percent_formats[None].pattern  # "#,##0%", "#,##0 %"
    assert form.percent == babel.replace("#,##0", "{}")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("digits", [0, 1, 2, 3])
def test_number_writes_what_babel_writes(lang, digits):
    pattern = "#,##0" + ("." + "0" * digits if digits else "")
    for value in values():
        ours = number(value, digits, lang=lang)
        babel = format_decimal(value, pattern, locale=lang)
        if Decimal(str(value)).quantize(Decimal(1).scaleb(-digits)) == 0:
            babel = babel.lstrip("-")  # a value that rounds to zero is never negative: "0,0", not Babel's "-0,0"
        assert ours == babel, (lang, digits, value)
        assert decimal(value, digits, lang=lang) == ours
        with language(lang):
            assert number(value, digits) == ours


@pytest.mark.parametrize("lang", LANGS)
def test_integers_are_grouped_from_a_thousand(lang):
    for value in [0, 7, 999, 1000, 2000, 12345, 104, -2000, 10**9]:
        assert number(value, lang=lang) == format_decimal(value, locale=lang)
    assert count(2000, "deal", lang) == {"en": "2,000 deals", "ru": "2\u00a0000 сдач", "it": "2.000 smazzate"}[lang]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("digits", [0, 1, 2])
def test_percent_writes_what_babel_writes(lang, digits):
    pattern = Locale.parse(lang).percent_formats[None].pattern.replace("#,##0", "#,##0" + (
        "." + "0" * digits if digits else ""))
    for value in [0.077, 0.95, 0.5, 0.0449, 1.0, 0.12345, 0.333]:
        assert percent(value, digits, lang=lang) == format_percent(value, pattern, locale=lang), (lang, value)
    assert percent(0.077, 1, lang=lang) == {"en": "7.7%", "ru": "7,7\u00a0%", "it": "7,7%"}[lang]


def test_signs_and_intervals_are_written_one_way():
    assert number(7.6, 1, sign=True) == "+7.6" and number(-7.6, 1, sign=True) == "-7.6"
    assert number(0.04, 1, sign=True) == "+0.0" == number(-0.04, 1, sign=True) and number(-0.04, 1) == "0.0"
    # no-break spaces (U+00A0) around "±": a line never ends at the mean and goes on at "± half"
    assert interval(2.43, 1.06, sign=True) == "+2.4\u00a0±\u00a01.1"
    assert interval(49.22, 0.93, 2, lang="ru") == "49,22\u00a0±\u00a00,93"
    assert interval(-4.034, -4.79, 2, sign=True, lang="it") == "-4,03\u00a0±\u00a04,79"  # a half-width is never < 0


def test_an_interval_is_never_folded_at_its_plus_minus():
    """Folded to any width, at the terminal as on paper, the mean, "±" and the half-width stay on one line."""
    from bibi.render.text import fold_line

    said = f"the caller wins {interval(1.5, 1.9, sign=True, lang='ru')} points a deal"
    for width in range(4, len(said) + 1):
        lines = fold_line(said, width)
        assert [line for line in lines if "±" in line and "+1,5\u00a0±\u00a01,9" not in line] == [], width


def test_numbers_refuse_what_is_no_number_and_write_the_infinite():
    with pytest.raises(WrongType, match="value: expected a number, not '7'"):
        number("7")  # type: ignore[arg-type]
    with pytest.raises(WrongType, match="value: expected a number"):
        number(True)
    with pytest.raises(WrongType, match="fraction: expected a number"):
        percent(None)  # type: ignore[arg-type]
    assert number(math.inf) == "∞" and number(-math.inf) == "−∞" and number(math.nan) == "NaN"


# -- counted words for any count --------------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "ru", "it", "en"), [
    (-1, "-1 взятка", "-1 presa", "-1 trick"),
    (-2, "-2 взятки", "-2 prese", "-2 tricks"),
    (-5, "-5 взяток", "-5 prese", "-5 tricks"),
    (-21, "-21 взятка", "-21 prese", "-21 tricks"),
    (-11, "-11 взяток", "-11 prese", "-11 tricks"),
])
def test_a_negative_count_takes_the_form_of_its_absolute_value(n, ru, it, en):
    """CLDR's plural rules read the number without its sign: «-1 взятка», not «-1 взяток»."""
    assert (count(n, "trick", "ru"), count(n, "trick", "it"), count(n, "trick", "en")) == (ru, it, en)
    for lang in ("ru", "it"):
        plural = Locale.parse(lang).plural_form
        assert plural(n) == plural(-n)


@pytest.mark.parametrize(("n", "ru", "it"), [(1.5, "1,5 очка", "1,5 punti"), (2.5, "2,5 очка", "2,5 punti"),
                                             (0.5, "0,5 очка", "0,5 punti"), (-1.5, "-1,5 очка", "-1,5 punti"),
                                             (2.0, "2 очка", "2 punti"), (5.0, "5 очков", "5 punti")])
def test_a_count_with_a_fraction_takes_the_form_cldr_gives_it(n, ru, it):
    for lang, expected in (("ru", ru), ("it", it)):
        shown = number(n, None if n != int(n) else 0, lang=lang)
        assert ngettext("{n} point", "{n} points", n, lang).format(n=shown) == expected
        form = Locale.parse(lang).plural_form(abs(Decimal(str(n))))
        assert form in ({"one", "few", "other"} if lang == "ru" else {"other"})


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
def test_a_count_that_is_not_finite_is_refused_naming_n(bad):
    """``ngettext(…, nan, "ru")`` failed inside gettext (``ValueError: cannot convert float NaN to integer``)."""
    for lang in ("ru", "it", "en"):
        with pytest.raises(ValueError, match=r"^n: .* is not a count"):
            ngettext("{n} trick", "{n} tricks", bad, lang)
        with pytest.raises(ValueError, match=r"^n: "):
            npgettext("ctx", "{n} trick", "{n} tricks", bad, lang)


@pytest.mark.parametrize("bad", ["3", None, [1], True])
def test_a_count_of_the_wrong_type_is_a_type_error_naming_n(bad):
    with pytest.raises(WrongType, match=r"^n: expected a number to count by"):
        ngettext("{n} trick", "{n} tricks", bad, "ru")  # type: ignore[arg-type]
