"""Rules and their options named for a reader, in the language in force: an option set to a value as the rules
panel and the app's greeting say it (``option_set``), rules with changes named in words in headings and score sheets
(``rules.rules_titled``, then ``changes_told``), never by their label, which is notation (``rules.rules_name``
keeps it for the texts read back: transcripts, records, the command line's own notation)."""

from __future__ import annotations

from enum import Enum
from typing import Any

from bibi.i18n import SOURCE, _, get_language
from bibi.rules import BASES, OPTIONS, CardPoints, Rules, rules_name, rules_titled, value_text


def control_value(value: Any) -> Any:
    """An option's value as its control holds it: an enum's value, card points as text, the rest as it is."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, CardPoints):
        return str(value)
    return value


def held_value(value: Any) -> Any:
    """An option's value as the rules panel's control holds it (``control_value``), card points as the language in
    force writes the ranks (``2:11 Т:10 К:5 Д:4 В:3``), which the panel's box reads back (``CardPoints.read``)."""
    return value.display() if isinstance(value, CardPoints) else control_value(value)


def option_name(name: str) -> str:
    """An option as the views' messages name it: as a label writes it in English (``follow``), by its title in
    the other languages (Ответ на ход)."""
    return name if get_language() == SOURCE else _(OPTIONS[name].title)


def option_set(name: str, value: Any) -> str:
    """Option ``name`` set to ``value``, as the views' messages say it (the app's greeting, the rules panel's): in
    English as a label writes it (``follow = follow_or_trump``); in the other languages as the rules panel shows it,
    the option by its title (``option_name``) and the value by what it means, whole, as under its menu
    (``Option.meaning``, which the menu's choices cut to fit), or as its box holds it (``held_value``: card points in
    the language's letters, ``Очки карт: 2:11 Т:10``)."""
    if get_language() == SOURCE:
        return f"{name} = {value_text(value)}"
    meaning = OPTIONS[name].meaning(value)
    return f"{option_name(name)}: {_(meaning) if meaning else held_value(value)}"


def rules_said(rules: Rules) -> str:
    """Rules as the views' messages name them: ``rules_name`` (a preset by its name, translated; in English, rules
    with changes by their label, which the rules boxes type), in the other languages rules with changes as a
    heading names them (``rules_titled``: ``italiane modificate`` for ``italian:hand_size=5``), not in the label's
    notation; the message then says the changes in a sentence of their own (``sides_told``)."""
    return rules_name(rules) if get_language() == SOURCE else rules_titled(rules)


def sides_told(left: Rules, right: Rules, titled: bool = False) -> str:
    """What each side of a comparison changes from its base, a sentence a side, each change as the rules panel says
    it (``changes_said``), after a message that names them by ``rules_said``: ``''`` in English (the labels say
    it) and for presets; with ``titled``, after headings that name them in words in every language
    (``two_titles``: the rules' profile), in English too. A sentence, not a parenthesis: a value's meaning may end
    in one ("… (I7)").

    >>> from bibi.i18n import language
    >>> from bibi.rules import parse_rules
    >>> with language("it"):
    ...     sides_told(parse_rules("russian"), parse_rules("italian:bibi_points=30"))
    'Modifiche a destra — Punti del «bip bip»: 30.'
    """
    if get_language() == SOURCE and not titled:
        return ""
    told = []
    said = changes_said(left)
    if said:
        # TRANSLATORS: after the rules panel's message, the options the left-hand rules change, each as the panel
        # says it ("Cards in hand: 5"), joined by commas
        told.append(_("Changes on the left: {changes}.").format(changes=said))
    said = changes_said(right)
    if said:
        # TRANSLATORS: the same for the right-hand rules
        told.append(_("Changes on the right: {changes}.").format(changes=said))
    return " ".join(told)


def changes_said(rules: Rules) -> str:
    """The options ``rules`` change from their base (a preset, or the custom rules), each as ``option_set`` says
    it, in the language in force; ``''`` for the base itself."""
    return ", ".join(option_set(k, v) for k, _x, v in BASES[rules.name].diff(rules))


def two_titles(a: Rules, b: Rules) -> tuple[str, str]:
    """Two rules set side by side, as their headings name them (``rules_titled``), told apart where they would read
    alike (``russian (left)``, ``russian (right)``): two presets, or two sets of changes to one.

    >>> from bibi.rules import parse_rules
    >>> two_titles(parse_rules("russian"), parse_rules("italian"))
    ('russian', 'italian')
    >>> two_titles(parse_rules("russian:hand_size=5"), parse_rules("russian:hand_size=6"))
    ('changed russian (left)', 'changed russian (right)')
    """
    ta, tb = rules_titled(a), rules_titled(b)
    if ta != tb:
        return ta, tb
    return _("{rules} (left)").format(rules=ta), _("{rules} (right)").format(rules=tb)


def changes_told(rules: Rules) -> str:
    """What ``rules`` change from their base, as a sentence of its own that follows ``rules_titled`` (each change as
    the rules panel says it, ``changes_said``); ``''`` for a preset itself. A sentence, not a parenthesis, so that a
    value whose meaning ends in one («Карт на руках: 5 (…)») nests in nothing.

    >>> from bibi.i18n import language
    >>> from bibi.rules import parse_rules
    >>> with language("it"):
    ...     changes_told(parse_rules("italian")), changes_told(parse_rules("italian:bibi_points=30"))
    ('', 'Modifiche — Punti del «bip bip»: 30.')
    """
    said = changes_said(rules)
    # TRANSLATORS: after "changed russian rules": the options changed, each as the rules panel says it
    # ("Cards in hand: 5"), joined by commas
    return _("Changes: {changes}.").format(changes=said) if said else ""


__all__ = ["changes_said", "changes_told", "control_value", "held_value", "option_name", "option_set", "rules_said",
           "sides_told", "two_titles"]
