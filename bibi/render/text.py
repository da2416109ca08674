"""Plain text for people, beside the HTML of the other ``bibi.render`` modules: a deal as ``str(deal)`` shows it,
the rules as ``bibi rules`` and ``bibi play`` print them, an engine message in plain words, and the sentences a text
cites, quoted.

The rules are listed from the rows ``bibi.render.reference.option_rows`` gives, the very rows its HTML is drawn
from: one account of each option, in two media. Every word is in the language in force (``bibi.i18n``), the cards
as it writes them; the functions read the engine's public surface only and, like the rest of ``bibi.render``, give
the same text for the same input.

>>> from bibi.deal import Deal
>>> print(deal_text(Deal.new("russian", players=3, seed=2)).splitlines()[0])
russian rules, 3 players, dealer seat 1; trump ♠; stock 83; trick 1 of 34
>>> from bibi.rules import ITALIAN
>>> print(describe(ITALIAN).splitlines()[4])
  card_points   2:11 A:10 K:5 Q:4 J:3            R10; I18
"""

from __future__ import annotations

import re
import textwrap
import unicodedata
from typing import Any

from bibi.i18n import _, count, get_language, ngettext, pgettext
from bibi.notation import action_text
from bibi.render.reference import option_rows, said
from bibi.rules import OPTIONS, PRESETS, Rules, call_said, rules_name, value_text
from bibi.texts import Sentence, cite


def deal_text(deal: Any) -> str:
    """``deal`` (a ``bibi.Deal``) as text: the rules, the dealer, the trump, each hand (laid-down cards starred)
    with its score, and the legal actions as the hands show them (``display``, which ``read_action`` reads back in
    the language in force) (``str(deal)``)."""
    number = min(len(deal.tricks) + 1, deal.tricks_total)
    lines = [
        # TRANSLATORS: {rules} is a preset's name as "{rules} rules" says it ("russian"), or the label of rules
        # with changes (notation); {players} is "4 players"
        _("{rules} rules, {players}, dealer seat {dealer}; trump {trump}; stock {stock}; "
          "trick {number} of {total}").format(
            rules=rules_name(deal.rules), players=count(deal.players, "player"), dealer=deal.dealer,
            trump=deal.trump.symbol, stock=deal.stock_size, number=number, total=deal.tricks_total),
    ]
    if deal.leftovers:
        lines.append(_("leftovers (face up): {cards}").format(cards=" ".join(c.display() for c in deal.leftovers)))
    if deal.trick:
        lines.append(_("trick: {plays}").format(plays="  ".join(f"{s}:{c.display()}" for s, c in deal.trick)))
    scores = deal.scores
    for seat in range(deal.players):
        mark = "→" if seat == deal.to_act else " "
        laid = deal.laid_down(seat)
        shown = " ".join(c.display() + ("*" if c in laid else "") for c in deal.hand(seat))
        lines.append(_("{mark} seat {seat}: {hand} score {score}").format(
            mark=mark, seat=seat, hand=f"{shown or '—':<40}", score=scores[seat]))
    if deal.is_over:
        lines.append(_("deal over"))
    else:
        lines.append(_("legal: {actions}").format(actions=" ".join(action_text(a, rules=deal.rules)
                                                               for a in deal.legal_actions())))
    return "\n".join(lines)


# -- the rules ------------------------------------------------------------------------------------------------


def describe(rules: Rules) -> str:
    """The options of ``rules``, their values and citations (``Rules.describe``), an option with no effect under
    these rules marked with why."""
    # TRANSLATORS: the heading of a listing of the rules; {rules} is their name as "{rules} rules" gives it (русские,
    # italiane), or the label of rules with changes (russian:follow=follow_or_trump)
    lines = [_("Rules: {rules}").format(rules=rules_name(rules))]
    for row in option_rows(rules):
        lines.append(f"  {row.name:<13} {value_text(row.value):<32} {row.citation}")
        if row.no_effect:
            lines.append(f"  {'':<13} ↳ {row.no_effect}")
    return "\n".join(lines)


def rules_text(rules: Rules) -> str:
    """A preset's options: value, citation, and what the value means (``bibi rules PRESET``)."""
    lines = [_("What the values mean:")]
    for row in option_rows(rules):
        if row.meaning or row.no_effect:
            lines.append(f"  {row.name:<13} = {value_text(row.value)}: {row.explained}")
    return "\n".join([describe(rules), "", *lines])


def rules_diff(a: Rules, b: Rules, width: int | None = None) -> str:
    """The options where ``a`` and ``b`` differ, each value with its meaning (``bibi rules --diff A B``); an option
    that has no effect under one side's rules is listed apart, as no difference in play. The two sides' names are
    padded to the wider one as it shows (``shown_width``), so their values line up in every language; with
    ``width`` (the terminal's columns) each line is wrapped between words, a value's meaning continuing under the
    value."""
    if not a.diff(b):
        return _("{a} and {b} have the same rules").format(a=rules_name(a), b=rules_name(b))
    pairs = [(mine, theirs) for mine, theirs in zip(option_rows(a), option_rows(b), strict=True)
             if mine.value != theirs.value]
    live = [pair for pair in pairs if not (pair[0].no_effect or pair[1].no_effect)]
    inert = [pair for pair in pairs if pair not in live]
    names = [rules_name(a), rules_name(b)]
    room = max(shown_width(name) for name in names)
    names = [name + " " * (room - shown_width(name)) for name in names]
    lines = [_("Options in which {a} and {b} differ: {n}").format(n=len(live), a=rules_name(a), b=rules_name(b))]

    def option(mine: Any, theirs: Any, *, explained: bool) -> None:
        lines.append(f"  {mine.name} ({mine.title}; {mine.citation})")
        for name, row in zip(names, (mine, theirs), strict=True):
            told = row.explained if explained else row.meaning
            lines.append(f"    {name} {value_text(row.value)}{': ' + told if told else ''}")

    for mine, theirs in live:
        option(mine, theirs, explained=False)
    if inert:
        lines.append(_("{n} more set differently, with no effect under one side's rules (no difference between "
                       "the texts):").format(n=len(inert)))
        for mine, theirs in inert:
            option(mine, theirs, explained=True)
    if width is None:
        return "\n".join(lines)
    hanging = {0: 2, 2: 4, 4: 4 + room + 1}  # a line's indent -> its continuation's: a meaning under its value
    return "\n".join(wrapped for line in lines for wrapped in fold_line(line, width, hanging))


def shown_width(text: str) -> int:
    """How many terminal columns ``text`` takes: a wide character (CJK) two, a combining mark none.

    >>> shown_width("итальянские"), shown_width("规则"), shown_width("e\u0301")
    (11, 4, 1)
    """
    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def fold_line(line: str, width: int, hanging: dict[int, int] | None = None) -> list[str]:
    """``line`` folded at spaces into lines of at most ``width`` columns, never inside a word (a word longer than
    that stands alone): the continuation lines keep the line's indentation, or take the one ``hanging`` gives for
    it (its indent -> theirs). The one fold of the kit's terminal text (``terminal.fold_to_width``, ``rules_diff``)."""
    indent = len(line) - len(line.lstrip(" "))
    rest = " " * (hanging or {}).get(indent, indent)
    return textwrap.wrap(line, width, subsequent_indent=rest, break_long_words=False, break_on_hyphens=False,
                         drop_whitespace=True) or [line]


def rules_table() -> str:
    """Every option with its value in each preset and its sources (``bibi rules``)."""
    names = [rules_name(name) for name in PRESETS]
    columns = [option_rows(p) for p in PRESETS.values()]
    # each column as wide as its longest value, with room for a * (no effect) and two spaces
    widths = [max(len(n), *(len(value_text(row.value)) for row in rows)) + 3
              for n, rows in zip(names, columns, strict=True)]
    option_word = _("option")
    lines = [f"{option_word:<14}" + "".join(f"{n:<{w}}" for n, w in zip(names, widths, strict=True)) + _("sources")]
    for k, option in enumerate(OPTIONS):
        values = "".join(f"{value_text(rows[k].value) + ('*' if rows[k].no_effect else ''):<{w}}"
                         for rows, w in zip(columns, widths, strict=True))
        note = f" ({said(OPTIONS[option].note)})" if OPTIONS[option].note else ""
        lines.append(f"{option:<14}{values}{'; '.join(OPTIONS[option].sources)}{note}")
    for name, rows in zip(names, columns, strict=True):
        lines += [f"* {name} {row.name}: {row.no_effect}" for row in rows if row.no_effect]
    lines.append("\n" + _("bibi rules PRESET shows one preset's citations and meanings; bibi rules --diff ru it "
                          "compares."))
    return "\n".join(lines)


def _card_points(points: Any) -> str:
    """Card points as the language in force writes the ranks: ``2:11 Т:10 К:5 Д:4 В:3`` (the notation, which
    ``--rules`` reads, is ``2:11 A:10 K:5 Q:4 J:3``)."""
    return str(points.display())


def rules_summary(rules: Rules) -> str:
    """The rules in force in a few lines, each with the sentences it comes from (``bibi play``'s ``rules``)."""
    rows = {row.name: row for row in option_rows(rules)}
    o = rules.options()
    lines = [_("Rules in force: {rules}").format(rules=rules_name(rules)),
             _("  packs: {decks}, cards in hand: {hand}, kept full from the stock while it lasts ({c1}; {c2})").format(
                 decks=o["decks"], hand=o["hand_size"], c1=rows["decks"].citation, c2=rows["hand_size"].citation),
             ngettext("  card points: {points}; {call} (a king and queen of one suit) scores {bibi} ({c1}; {c2})",
                      "  card points: {points}; {call} (a king and queen of one suit) scores {bibi} ({c1}; {c2})",
                      o["bibi_points"]).format(points=_card_points(o["card_points"]), bibi=o["bibi_points"],
                                               call=call_said(rules), c1=rows["card_points"].citation,
                                               c2=rows["bibi_points"].citation)]
    for name, row in rows.items():
        if row.meaning and name not in ("first_dealer", "first_trump"):
            lines.append(f"  {row.title}: {row.meaning}")
    lines.append(_("  the trick goes to the highest trump, else to the highest card of the suit led (I8)"))
    return "\n".join(lines)


def plain(reason: str) -> str:
    """An engine message with its option jargon (``(trump_change=next_trick)``) said in plain words."""

    def words(match: re.Match) -> str:
        name, value = match.group(1), match.group(2)
        option = OPTIONS.get(name)
        meaning = said(option.meaning(value)) if option is not None else ""
        return f": {meaning} —" if meaning else match.group(0)

    return re.sub(r" ?\((\w+)=(\w+)\)", words, reason).replace("—;", "—")


# -- the sentences a text cites --------------------------------------------------------------------------------

_CITED = re.compile(r"\b([RI]\d{1,2}(?:\s*[–-]\s*[RI]?\d{1,2})?)\b")


def cited_sentences(text: str) -> list[Sentence]:
    """The sentences of the texts that ``text`` cites (``(R13)``, ``I11–I12``), in order, each once; what is no
    sentence id after all (``R99``) is passed over."""
    found: list[Sentence] = []
    for match in _CITED.finditer(text):
        try:
            found += [s for s in cite(match.group(1)) if s not in found]
        except ValueError:  # not a sentence id after all (``R99``)
            continue
    return found


def quotes(text: str) -> list[str]:
    """Under a refusal or a hint, each sentence it cites: quoted in its own language, then (when that is not the
    reader's) translated into the reader's language (``bibi.texts``)."""
    lines = []
    for sentence in cited_sentences(text):
        lines.append("    " + _("{id}: “{original}”").format(id=sentence.id, original=sentence.original))
        if sentence.lang != get_language():
            lines.append("        " + _("(in translation: {text})").format(text=sentence.translated()))
    return lines


__all__ = [
    "call_hope", "cited_sentences", "deal_text", "describe", "plain", "quotes", "rules_diff", "rules_summary",
    "rules_table", "rules_text", "fold_line", "shown_width",
]


def bot_word(name: str) -> str:
    """A bot's registered name as a person reads it, in the language in force: the kit's own bots by a word of that
    language («эвристический», «euristico» for ``heuristic``), any other name as it is (``play.bot_title`` reads a
    bot's name from the registry first).

    >>> from bibi.i18n import language
    >>> with language("it"):
    ...     bot_word("greedy"), bot_word("my_bot")
    ('avido', 'my_bot')
    """
    # TRANSLATORS: the kit's bots as a person reads their names: "bots: heuristic, greedy", "hint (search)"; an
    # adjective where the language makes one agree with "bot"
    if name == "random":
        return pgettext("bot", "random")
    if name == "greedy":
        return pgettext("bot", "greedy")
    if name == "heuristic":
        return pgettext("bot", "heuristic")
    if name == "sampling":
        return pgettext("bot", "sampling")
    if name == "search":
        return pgettext("bot", "search")
    return name


def call_hope(card: Any, partner: Any, out: int, rules: Rules) -> str:
    """A king or queen kept for a Bi-bi, and why the hope is alive, in the plain words a hint speaks: ``K♦ hoping
    for a Bi-bi, with both Q♦ still out``. ``out`` is how many copies of ``partner`` the seat has not seen (1 or 2;
    ``bibi.sampling.unseen``). The one home of these words: the hint's ``it keeps your …``
    (``bibi.session.advice``) and the bots' ``keeps …`` (``bibi.heuristic``, which the review of a deal tells) both
    ask it, so a learner reads one reason one way.

    >>> from bibi.cards import Card
    >>> from bibi.rules import RUSSIAN
    >>> call_hope(Card("KD"), Card("QD"), 2, RUSSIAN)
    'K♦ hoping for a Bi-bi, with both Q♦ still out'
    """
    # TRANSLATORS: {call} is what the caller says under the rules in force (Bi-bi, «Би-би», «bip bip»); the plural
    # form is for two copies of {partner} (a game has at most two packs): "with both Q♦ still out"
    hope = ngettext("{card} hoping for a {call}, with one {partner} still out",
                    "{card} hoping for a {call}, with both {partner} still out", out)
    return hope.format(card=card.display(), partner=partner.display(), call=call_said(rules).rstrip("!"))
