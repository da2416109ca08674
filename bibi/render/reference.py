"""The rules as a reference: options and what they mean, the sentences they come from, and the same pack under
two sets of rules (comparisons, parting points, lockstep columns, the lesson table)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from bibi.cards import Card
from bibi.i18n import N_, _, capitalized, get_language, ngettext
from bibi.kinds import EventKind
from bibi.notation import action_text
from bibi.render.markup import HTML, _e, _seat_name, _styled, _suit, wrap
from bibi.render.names import two_titles
from bibi.render.sheets import table_html
from bibi.rules import OPTIONS, CardPoints, Rules, call_said, rules_titled, value_text

# Words shown inside markup: marked for the catalogs here, translated where they are used.
_W_NOTE_NOTE = N_("Note: {note}")
_W_OPTION = N_("option")
_W_WHAT_IT_MEANS = N_("what it means")
_W_SOURCES = N_("sources")
_W_NEXT_DEAL = N_("(next deal)")
_W_NOT_THE_SAME_DEAL = N_("not the same deal: the pack's order, the dealer or the first trump differs")
_W_TRICK = N_("trick")
_W_THE_MEASURES_UNDER_EACH = N_("The measures under each:")
_W_LEFT_VALUE = N_("(left: {value})")
# A sentence id or a range of them, as the texts' words cite them: R13, I7, R17–R20.
_SENTENCE_IDS = re.compile(r"\b[RI]\d+(?:–[RI]?\d+)?")

# -- rules and texts ---------------------------------------------------------------------------


@_styled
def sentences_html(sentences: Iterable[Any]) -> str:
    """Source sentences: the id, the original words (in their language), its translation into the language in
    force beside it, any note. A sentence of the reader's own language needs none, except in English, where a
    sentence of either text has its English translation."""
    lang = get_language()
    out = []
    for s in sentences:
        note_text = s.note_in(lang) if hasattr(s, "note_in") else s.note
        note = (f'<span class="bibi-note">{_e(_(_W_NOTE_NOTE).format(note=note_text))}</span>'
                if note_text else "")
        translated = (f'<span class="bibi-translation">{_e(s.translated(lang))}</span>'
                      if lang != s.lang else "")
        out.append(
            f'<div class="bibi-sentence"><span class="bibi-sid">{_e(s.id)}</span>'
            f'<span class="bibi-original" lang="{_e(s.lang)}">{_e(s.original)}</span>{translated}{note}</div>'
        )
    return "".join(out)


def _value_html(value: Any) -> str:
    """``value_text`` as markup: the notation in ``<code>``."""
    return _e(value_text(value)) if isinstance(value, CardPoints) else f"<code>{_e(value_text(value))}</code>"


def said(text: str) -> str:
    """One of the rules' own texts (an option's title, a value's meaning, why an option has no effect) in the
    language in force, as the catalogs hold it; an empty text stays empty."""
    return _(text) if text else text


class OptionRow(NamedTuple):
    """One option of a rules value as every listing shows it (``option_rows``), each text in the language in force:
    its name, title and value; what the value means (empty for an option with no list of values); what it means
    under these rules (the meaning, or why it has no effect here); why it has no effect (empty where it has one);
    its citation."""

    name: str
    title: str
    value: Any
    meaning: str
    explained: str
    no_effect: str
    citation: str


def option_rows(rules: Rules) -> list[OptionRow]:
    """Every option of ``rules``, in the order of the rules reference: the one account of each option that the HTML
    here (``rules_html``) and the text of ``bibi.render.text`` (``bibi rules``, ``Rules.describe``) are drawn from.

    >>> from bibi.rules import RUSSIAN
    >>> [row.explained for row in option_rows(RUSSIAN) if row.name == "follow"]
    ['follow suit if you can; otherwise play any card, trump or not (R13)']
    """
    return [OptionRow(name, said(OPTIONS[name].title), value, said(OPTIONS[name].meaning(value)),
                      option_explained(rules, name), rules.no_effect(name), option_citation(rules, name))
            for name, value in rules.options().items()]


def option_meaning(name: str, value: Any) -> str:
    """What ``value`` of option ``name`` means, in plain words (the option's account where it has no list).

    >>> option_meaning("follow", "must_follow")[:21]
    'follow suit if you ca'
    """
    info = OPTIONS[name]
    return _(info.meaning(value) or info.doc)


def option_title(name: str) -> str:
    """An option's title as a learner reads it, in the language in force: ``Following`` (``Ответ на ход``)."""
    return _(OPTIONS[name].title)


def option_explained(rules: Rules, name: str) -> str:
    """``rules.explain(name)`` in the language in force: what the value means, or why it has no effect here."""
    return rules.explain(name)


def option_citation(rules: Rules, name: str) -> str:
    """``rules.citation(name)``: the sentences behind an option, with its notes in the language in force."""
    return rules.citation(name)


def _summary_parts(rules: Rules, name: str) -> tuple[str, str]:
    """What option ``name`` means under ``rules``, and what is said of its sources after it, so that they are said
    once, in the language in force: the words of ``option_explained``, which mostly cite their own sentences (``…
    (R10; I18).``), and then only what they leave out (``''`` where their own citation says it all). Words that
    cite a sentence are the Russian/English text's, so they are followed by the remark that these rules' own text is
    silent on the option, if it is (``italian: not stated, taken from …``); words that cite none (a value the texts
    do not give, an option with no effect here) by the option's citation, without that remark: a value these rules'
    text is silent on, and the Russian/English one does not give, is one whose own words say so ("the Italian text
    does not say", "no sentence says so").

    >>> from bibi.rules import ITALIAN, RUSSIAN
    >>> _summary_parts(RUSSIAN, "bibi_points")
    ('What a call of king and queen scores (R16; I13).', '')
    >>> _summary_parts(ITALIAN, "identical")
    ('the one played second counts higher (R14)', 'italian: not stated, taken from the Russian/English text')
    >>> _summary_parts(ITALIAN, "first_dealer")
    ('any seat, chosen at random (the Italian text does not say)', 'R5; R6')
    """
    text = option_explained(rules, name)
    return text, rules.unstated(name) if _cited(text) else rules.citation(name, unstated=False)


@_styled
def rules_html(rules: Rules, *, other: Rules | None = None, sentences: bool = False) -> str:
    """The options with their values, meanings and citations; with ``other``, both columns and the
    differing rows marked; with ``sentences``, the cited sentences under each option, folded."""
    titles: tuple[str, ...] = (rules_titled(rules),) if other is None else two_titles(rules, other)
    heads = "".join(f"<th class=\"bibi-text\">{_e(title)}</th>" for title in titles)
    rows = []
    others = option_rows(other) if other is not None else None
    for k, row in enumerate(option_rows(rules)):
        info = OPTIONS[row.name]
        cells = f'<td class="bibi-text">{_value_html(row.value)}</td>'
        differs = inert = False
        meaning = _e(row.explained)
        if other is not None and others is not None:
            theirs = others[k]
            differs = theirs.value != row.value
            cells += f'<td class="bibi-text">{_value_html(theirs.value)}</td>'
            if theirs.no_effect and not row.no_effect:
                meaning += f"<br><i>{_e(titles[1])}: {_e(theirs.no_effect)}</i>"
            inert = bool(row.no_effect or theirs.no_effect)
        cite = _e(row.citation)
        if sentences:
            from bibi import texts  # lazy: texts load a data file

            folded = sentences_html(texts.cite(info.sources), style=False)
            cite = f"<details><summary>{cite}</summary>{folded}</details>"
        # A difference with no effect under one side's rules is shown, but not marked as one in play.
        mark = ' class="bibi-no-effect"' if differs and inert else ' class="bibi-diff"' if differs else ""
        rows.append(
            f'<tr{mark}><td class="bibi-text" title="{_e(_(info.doc))}"><b>{_e(row.title)}</b><br>'
            f'<code>{_e(row.name)}</code></td>{cells}<td class="bibi-text">{meaning}</td>'
            f'<td class="bibi-text">{cite}</td></tr>'
        )
    return (
        f'<table class="bibi-sheet"><thead><tr><th class="bibi-text">{_e(_(_W_OPTION))}</th>{heads}'
        f'<th class="bibi-text">{_e(_(_W_WHAT_IT_MEANS))}</th><th class="bibi-text">{_e(_(_W_SOURCES))}</th></tr>'
        f'</thead><tbody>{"".join(rows)}</tbody></table>'
    )


# -- the same deal under two sets of rules -----------------------------------------------------


def _calls_text(deal: Any, names: Sequence[str] | None) -> str:
    if not deal.calls:
        return _e(_("none"))
    lines = []
    for c in deal.calls:
        when = _("dealt") if c.trick < 0 else _("trick {number}").format(number=c.trick + 1)
        line = f"{_e(when)}: {_e(_seat_name(c.seat, names))} {_suit(c.suit)}"
        lines.append(_("{call} (mandatory)").format(call=line) if c.mandatory else line)
    return "<br>".join(lines)


def _trump_moves(deal: Any) -> str:
    moves = [_suit(deal.first_trump)]
    tricks = 0
    for ev in deal.events:
        if ev.kind is EventKind.TRICK:
            tricks += 1
        elif ev.kind is EventKind.TRUMP_CHANGE:
            how = (_("(trick {number}, switch)") if ev.info == "switch" else _("(trick {number}, call)")).format(
                number=tricks + 1)
            moves.append(f'{_suit(ev.suit)} <span class="bibi-label">{_e(how)}</span>')
    following = getattr(deal, "next_trump", None)
    if following is not None:
        moves.append(f'{_suit(following)} <span class="bibi-label">{_e(_(_W_NEXT_DEAL))}</span>')
    return " → ".join(moves)


@_styled
def comparison_html(
    a: Any, b: Any, *, labels: Sequence[str] | None = None, names: Sequence[str] | None = None
) -> str:
    """The same deal played under two sets of rules, side by side: the rules that differ, trump
    moves, calls, scores, and trick by trick who won; what differs is marked."""
    la, lb = labels or two_titles(a.rules, b.rules)
    la, lb = _e(la), _e(lb)
    diff = a.rules.diff(b.rules)
    changed = ", ".join(
        f"<code>{_e(k)}</code>: {_value_html(x)} → {_value_html(y)}"
        + (_e(_(" (no effect here)")) if a.rules.no_effect(k) or b.rules.no_effect(k) else "")
        for k, x, y in diff)
    # TRANSLATORS: the head of a comparison: "russian vs italian: <what differs>"
    head = _("{a} vs {b}: {changed}").format(a=la, b=lb, changed=changed or _e(_("the same rules")))
    parts = [f'<div class="bibi-status">{head}</div>']
    same_deck = a.deck == b.deck and a.dealer == b.dealer and a.first_trump == b.first_trump
    if not same_deck:
        parts.append(f'<div class="bibi-check bibi-bad">{_e(_(_W_NOT_THE_SAME_DEAL))}</div>')

    def row(label: str, x: str, y: str) -> str:
        mark = ' class="bibi-diff"' if x != y else ""
        return f'<tr{mark}><td class="bibi-text">{label}</td><td class="bibi-text">{x}</td>' \
               f'<td class="bibi-text">{y}</td></tr>'

    rows = [
        row(_e(_("trump moves")), _trump_moves(a), _trump_moves(b)),
        row(_e(_("calls")), _calls_text(a, names), _calls_text(b, names)),
    ]
    for s in range(max(a.players, b.players)):
        x = str(a.scores[s]) if s < a.players else ""
        y = str(b.scores[s]) if s < b.players else ""
        rows.append(row(_e(_("score, {who}").format(who=_seat_name(s, names))), x, y))
    parts.append(
        f'<table class="bibi-sheet"><thead><tr><th class="bibi-text"></th><th class="bibi-text">{la}</th>'
        f'<th class="bibi-text">{lb}</th></tr></thead><tbody>{"".join(rows)}</tbody></table>'
    )

    def trick_cell(t: Any) -> str:
        if t is None:
            return "—"
        return f"{_suit(t.trump)} {_e(_seat_name(t.winner, names))}, {t.points}"

    trick_rows = []
    first_diff = None
    for i in range(max(len(a.tricks), len(b.tricks))):
        ta = a.tricks[i] if i < len(a.tricks) else None
        tb = b.tricks[i] if i < len(b.tricks) else None
        x, y = trick_cell(ta), trick_cell(tb)
        plays_differ = (ta.plays if ta else None) != (tb.plays if tb else None)
        if (x != y or plays_differ) and first_diff is None:
            first_diff = i
        mark = ' class="bibi-diff"' if x != y else ""
        trick_rows.append(f'<tr{mark}><td>{i + 1}</td><td class="bibi-text">{x}</td>'
                          f'<td class="bibi-text">{y}</td></tr>')
    where = (_("the tricks are the same") if first_diff is None
             else _("the play first differs at trick {number}").format(number=first_diff + 1))
    summary = _("Trick by trick (trump, winner, points): {where}").format(where=where)
    parts.append(
        f'<details><summary>{_e(summary)}</summary>'
        f'<table class="bibi-sheet"><thead><tr><th>{_e(_(_W_TRICK))}</th><th class="bibi-text">{la}</th>'
        f'<th class="bibi-text">{lb}</th></tr></thead><tbody>{"".join(trick_rows)}</tbody></table></details>'
    )
    return "".join(parts)

# -- two deals of one pack, in lockstep --------------------------------------------------------


def _acts(actions: Iterable[Any], rules: Rules) -> str:
    return " ".join(_e(action_text(a, rules=rules)) for a in actions) or _e(_("nothing"))


def _doing(deal: Any) -> str:
    """What is happening in ``deal`` at its parting point: "seat 5 plays to the trick"."""
    if deal.is_over:
        return _e(_("the deal is over"))
    seat = deal.to_act
    if deal.phase == "call":
        return (_e(_("seat {seat} may say {call} or pass").format(seat=seat, call=call_said(deal.rules)))
                + f" ({_acts(deal.legal_actions(), deal.rules)})")
    if not deal.trick:
        return _e(_("seat {seat} leads").format(seat=seat))
    return _e(_("seat {seat} plays to the trick").format(seat=seat))


@_styled
def parting_html(parting: Any, *, labels: Sequence[str]) -> str:
    """Where two deals of one pack part (a ``bibi.parting.Parting``): who acts under each rules, the actions one
    allows and the other refuses (with the engine's reason), and the option responsible with its sentences."""
    la, lb = labels
    a, b = parting.a, parting.b
    if not parting.parted:
        said = _("<b>The two deals never part</b>: every decision is the same under {a} and {b}, to the end.")
        return f'<div class="bibi-parting">{said.format(a=_e(la), b=_e(lb))}</div>'
    n = parting.actions
    where = ngettext("after {n} action, in trick {number}", "after {n} actions, in trick {number}", n).format(
        n=n, number=parting.trick + 1)
    doing_a, doing_b = _doing(a), _doing(b)
    if doing_a == doing_b:  # the difference is in what he may do: said below
        doing = _("under both rules {doing}").format(doing=doing_a)
    else:
        doing = _("under {a} {doing_a}; under {b} {doing_b}").format(a=_e(la), doing_a=doing_a, b=_e(lb),
                                                                       doing_b=doing_b)
    lines = [_("<b>The deals part {where}</b>: {doing}.").format(where=_e(where), doing=doing)]
    for side, here, other, lhere, lother in (("b", b, a, lb, la), ("a", a, b, la, lb)):
        only = parting.only_in(side)
        if not only or other.is_over or other.to_act != here.to_act:
            continue
        why = other.why_illegal(only[0])
        if all(isinstance(x, Card) for x in only):
            text = _("Under {rules} seat {seat} may also play {actions}")
        else:
            text = _("Under {rules} seat {seat} may also choose {actions}")
        text = text.format(rules=_e(lhere), seat=here.to_act, actions=_acts(only, here.rules))
        if why:
            text = _("{text}; under {rules} {action} is illegal: {why}").format(
                text=text, rules=_e(lother), action=_e(action_text(only[0], rules=other.rules)), why=_e(why))
        lines.append(f'<span class="bibi-why">{text}.</span>')
    if parting.options:
        unstated = _("(not stated)")
        for name in parting.options:
            va, vb = getattr(a.rules, name), getattr(b.rules, name)
            ids_a, ids_b = _ids(name, va), _ids(name, vb)
            cite = _(": {b} {ids_b} vs {a} {ids_a}").format(b=lb, ids_b=ids_b or unstated, a=la,
                                                            ids_a=ids_a or unstated)
            because = _("Because of <b>{title}</b> (<code>{name}</code>){cite}.").format(
                title=_e(option_title(name)), name=_e(name), cite=_e(cite))
            sources = _("sources {cite}").format(cite=option_citation(a.rules, name))
            lines.append(
                f'<span class="bibi-why">{because} '
                f"{_e(capitalized(la))}: {_e(option_meaning(name, va))}. "
                f"{_e(capitalized(lb))}: {_e(option_meaning(name, vb))}. "
                f'<span class="bibi-label">{_e(sources)}</span></span>'
            )
    else:
        names = ", ".join(f"<code>{_e(n)}</code>" for n in parting.differing) or _e(_("none"))
        said = _("No single option explains it alone (options that differ: {names}).").format(names=names)
        lines.append(f'<span class="bibi-why">{said}</span>')
    return f'<div class="bibi-parting" role="note">{"".join(lines)}</div>'


def _ids(name: str, value: Any) -> str:
    """The sentence ids the meaning of one option value cites (``follow``, ``follow_or_trump`` → ``I7``)."""
    return ", ".join(_cited(OPTIONS[name].meaning(value) or ""))


def _cited(text: str) -> list[str]:
    """The sentence ids (and ranges of them) ``text`` cites, in order, without repeats: ``R17–R20``, ``I7``."""
    ids: list[str] = []
    for found in _SENTENCE_IDS.findall(text):
        if found not in ids:
            ids.append(found)
    return ids


@_styled
def side_html(deal: Any, label: str, *, position: int, note: str = "", apart: bool = False,
              seat: int | None = None) -> str:
    """One column of a lockstep comparison: its rules' label, where it stands (``position`` actions, ``note``:
    in step, parted…), the table, and the scores (so far, or final once the deal is over). ``apart`` marks a column
    past the parting point."""
    after = ngettext("after {n} action", "after {n} actions", position).format(n=position)
    head = f"{_e(label)} · {_e(after)}" + (f" · {_e(note)}" if note else "")
    mark = " bibi-apart" if apart else ""
    scores = " · ".join(f"{_seat_name(s, None)}: {v}" for s, v in enumerate(deal.scores))
    which = (_("final scores: {scores}") if deal.is_over else _("scores so far: {scores}")).format(scores=scores)
    return (
        f'<div class="bibi-side"><div class="bibi-side-head{mark}">{head}</div>{table_html(deal, seat, style=False)}'
        f'<div class="bibi-check">{_e(which)}</div></div>'
    )



@_styled
def lesson_html(head: str, levels: str, moved: str, effects: str, *, key: Sequence[Any] = (),
                legend: Sequence[str] = ()) -> str:
    """The lesson table (``bibi.lesson.Lesson``): its run; the key measures in words (``key``: a lead line, then
    one line a measure, as ``(name, the rest)`` to set its name in bold); the measures under each rules; then the
    long table of effects, folded (click to unfold), with what each measure measures (``legend``: a lead line, then
    one line a measure). The two tables come as pandas' HTML."""
    def item(line: Any) -> str:
        return f"<li><b>{_e(line[0])}</b>: {_e(line[1])}</li>" if isinstance(line, tuple) else f"<li>{_e(line)}</li>"

    def listed(lines: Sequence[Any]) -> str:
        if not lines:
            return ""
        return f"<p>{_e(lines[0])}</p><ul>{''.join(map(item, lines[1:]))}</ul>"

    return (f'<div class="bibi-lesson"><p><b>{_e(head)}</b></p>{listed(key)}'
            f"<p>{_e(_(_W_THE_MEASURES_UNDER_EACH))}</p>{levels}"
            f'<details class="bibi-lesson-effects"><summary>{_e(moved)}</summary>{effects}{listed(legend)}</details>'
            "</div>")



def option_source_html(rules: Rules, name: str, theirs: Any) -> HTML:
    """One option of ``rules`` for the rules panel: what its value means (or why it has no effect) with its sources
    said once (``_summary_parts``), and the sentences it comes from, folded, each with its id; marked, with the
    value, where ``theirs`` (the other side's) differs."""
    from bibi import texts  # lazy: texts load a data file

    differs = rules.options()[name] != theirs
    mark = ' class="bibi-differs"' if differs else ""
    left = (f' <span class="bibi-label">{_e(_(_W_LEFT_VALUE)).format(value=_value_html(theirs))}</span>'
            if differs else "")
    sentences = sentences_html(texts.cite(OPTIONS[name].sources), style=False)
    text, said = _summary_parts(rules, name)  # the sources said once
    said = f' <span class="bibi-label">({_e(said)})</span>' if said else ""
    return wrap(f"<div{mark}><details><summary>{_e(text)}{said}{left}</summary>{sentences}</details></div>")
