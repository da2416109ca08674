"""The worked examples of the differences between two rules (``bibi.worked``) and their summary, in words: one set of
lines per example, written out as text (``example_text``, ``summary_text``) or as HTML (``example_html``,
``examples_html``, ``summary_html``), in the language in force.

An example reads: its question and the option's name; the position both sides share; then, under each text, what
the engine did from there and what it allows next, with the sentences of that text ("not stated" where it is
silent). The summary is one line a difference: the question, each text's short answer with its sentences, and
the option's name beside them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from bibi.i18n import N_, _, ngettext
from bibi.notation import action_text, cards_text, seat_name
from bibi.render.markup import HTML, _e, wrap
from bibi.rules import OPTIONS

_TEXTS = {"russian": N_("Russian text"), "italian": N_("Italian text"), "english": N_("English text")}
_REST = {
    "russian": N_("Only this option differs: everything else is played as the Russian text says."),
    "italian": N_("Only this option differs: everything else is played as the Italian text says."),
    "english": N_("Only this option differs: everything else is played as the English text says."),
}


class Lines(NamedTuple):
    """An example in words: ``title`` (the question), ``option`` (its name, notation), ``position`` (lines),
    ``rest`` (what else is played as which text), ``sides`` (per side: its heading and its lines, a line with
    lines under it as ``(line, [line, …])``), ``note``
    (why the option does nothing under the other preset, or '')."""

    title: str
    option: str
    position: list[str]
    rest: str
    sides: list[tuple[str, list[Any]]]
    note: str


def text_name(rules: Any) -> str:
    """A preset's text as a heading names it ("Russian text"); a custom mix by its label."""
    return _(_TEXTS[rules.name]) if rules.name in _TEXTS else rules.label


def cited(side: Any) -> str:
    """A side's sentences, and the options its text does not state: ``R13``, ``I4; first dealer: not stated``."""
    said = [", ".join(side.sentences)] if side.sentences else []
    said += [_("{option}: not stated").format(option=_(OPTIONS[o].title)) for o in side.silent]
    return "; ".join(said)


def _position(example: Any) -> list[str]:
    setup, deal = example.setup, example.position
    players = ngettext("{n} player", "{n} players", setup.players).format(n=setup.players)
    if setup.game:
        return [_("{players}, seed {seed}: the first deal of a game").format(players=players, seed=setup.seed)]
    if setup.seed is not None:
        return [_("{players}, seed {seed}, played by the random player up to trick {trick}, the first with fewer "
                  "cards in the stock than players").format(players=players, seed=setup.seed,
                                                           trick=len(deal.tricks) + 1)]
    lines = [_("{players}; seat {dealer} deals; trump {suit}; seat {leader} leads").format(
        players=players, dealer=setup.dealer, suit=deal.trump.symbol, leader=deal.leader)]
    lines += [_("{seat} holds {cards}").format(seat=seat_name(seat), cards=cards_text(deal.hand(seat)))
              for seat in setup.shown]
    if example.then:
        moves = ", ".join(f"{seat_name(seat)}: {action_text(action)}" for seat, action in example.then)
        lines.append(_("Played, the same under both: {moves}").format(moves=moves))
    return lines


def _facts(example: Any, side: Any) -> list[Any]:
    """What the engine did and allows under one side, for the facts the example looks at: lines, and for the
    events a line with the events under it (``(line, [event, …])``)."""
    look, facts = example.setup.look, side.facts()
    lines: list[Any] = []
    if "events" in look:
        lines.append((_("The engine:"), [event.told(side.text) for event in side.events]))
    if "dealer" in look:
        lines.append(_("{seat} deals; trump {suit}, from {source}").format(
            seat=seat_name(facts["dealer"]), suit=facts["trump"].symbol, source=facts["trump_from"]))
    elif "trump" in look:
        lines.append(_("Trump as the next trick begins: {suit}").format(suit=facts["trump"].symbol))
    if "stock" in look or "leftovers" in look:
        lines.append(_("Stock face down: {stock}; leftovers face up: {cards}").format(
            stock=ngettext("{n} card", "{n} cards", facts["stock"]).format(n=facts["stock"]),
            cards=cards_text(facts["leftovers"])))
    if ("allowed" in look or "to_act" in look) and facts["to_act"] is not None:
        allowed = " ".join(action_text(a, rules=side.text) for a in facts["allowed"])  # in the words of its events
        lines.append(_("{seat} to act may: {actions}").format(seat=seat_name(facts["to_act"]), actions=allowed))
    return lines


def example_lines(example: Any) -> Lines:
    """The words of one example (``bibi.worked.Example``), in the language in force."""
    a = example.base or example.a.text
    rest = _(_REST[a.name]) if a.name in _REST else _("Only this option differs: everything else as {rules}.").format(
        rules=a.label)
    sides = [(f"{text_name(side.text)} ({cited(side)})", _facts(example, side)) for side in (example.a, example.b)]
    note = ""
    if example.no_effect:
        note = _("Under the other text's rules as a whole: {why}").format(why=example.no_effect)
    return Lines(_(example.question), example.name, _position(example), rest, sides, note)


def example_text(example: Any) -> str:
    """One example as text: the question, the position, then each text's lines."""
    words = example_lines(example)
    out = [f"{words.title} ({words.option})", *(f"  {line}" for line in words.position), f"  {words.rest}"]
    for heading, lines in words.sides:
        out.append(f"  {heading}:")
        for line in lines:
            if isinstance(line, tuple):
                out += [f"    {line[0]}", *(f"      {sub}" for sub in line[1])]
            else:
                out.append(f"    {line}")
    if words.note:
        out.append(f"  {words.note}")
    return "\n".join(out)


_RED = re.compile(r"(\S*[♥♦])")


def _c(text: str) -> str:
    """``text`` escaped, its red cards and suits (♥ ♦) in red as the kit's cards are."""
    return _RED.sub(r'<span class="bibi-red">\1</span>', _e(text))


def _example_fragment(example: Any) -> str:
    words = example_lines(example)
    position = "".join(f"<li>{_c(line)}</li>" for line in words.position)
    def item(line: Any) -> str:
        if isinstance(line, tuple):
            return f"<li>{_e(line[0])}<ol>{''.join(f'<li>{_c(sub)}</li>' for sub in line[1])}</ol></li>"
        return f"<li>{_c(line)}</li>"

    cells = "".join(f"<td><b>{_e(heading)}</b><ul>{''.join(map(item, lines))}</ul></td>"
                    for heading, lines in words.sides)
    note = f'<p class="bibi-label">{_e(words.note)}</p>' if words.note else ""
    return (f'<div class="bibi-worked"><h4>{_e(words.title)} <code>{_e(words.option)}</code></h4>'
            f'<ul>{position}</ul><p class="bibi-label">{_e(words.rest)}</p>'
            f'<table class="bibi-worked-sides"><tr>{cells}</tr></table>{note}</div>')


def example_html(example: Any, *, style: bool = True) -> HTML:
    """One example as HTML: the question and option, the position, and the two texts side by side."""
    return wrap(_example_fragment(example), style=style)


def examples_html(examples: Iterable[Any], *, style: bool = True) -> HTML:
    """Every example, one after the other."""
    return wrap("".join(_example_fragment(e) for e in examples), style=style)


def summary_lines(examples: Sequence[Any]) -> list[tuple[str, str, str, str]]:
    """The summary in words: per example, its question, each text's answer with its sentences, and the option's
    name (notation)."""
    rows = []
    for e in examples:
        answers = []
        for side in (e.a, e.b):
            answer = f"{text_name(side.text)}: {_(side.answer)} ({cited(side)})"
            if side is e.b and e.no_effect:
                answer += ". " + _("Under the other text's rules as a whole: {why}").format(why=e.no_effect)
            answers.append(answer)
        rows.append((_(e.question), answers[0], answers[1], e.name))
    return rows


def summary_text(examples: Sequence[Any]) -> str:
    """The summary as text, one line a difference: ``question Russian text: … (R13); Italian text: … (I7) — follow``."""
    return "\n".join(f"{q} {x}; {y} — {name}" for q, x, y, name in summary_lines(examples))


def summary_html(examples: Sequence[Any], *, style: bool = True) -> HTML:
    """The summary as an HTML list: each question in bold, the two answers, the option's name beside them."""
    items = "".join(f"<li><b>{_e(q)}</b> {_e(x)}; {_e(y)} — <code>{_e(name)}</code></li>"
                    for q, x, y, name in summary_lines(examples))
    return wrap(f"<ul class=\"bibi-summary\">{items}</ul>", style=style)


__all__ = ["Lines", "cited", "example_html", "example_lines", "example_text", "examples_html", "summary_html",
           "summary_lines", "summary_text", "text_name"]
