"""The coach's review of a seat's decisions (``bibi.coach.Analysis``) for people: the summary, the picture of the
expected score through the deal (SVG, drawn here: no plotting library, so it shows in a browser without one), every
decision in a table, the costly ones in words; and the same as plain text for the terminal (``bibi analyse``).

The markup is deterministic (no random ids), every word goes through the catalogs, and numbers are written the
language's way (``bibi.i18n.decimal``).
"""

from __future__ import annotations

from typing import Any

from bibi.errors import shorten
from bibi.i18n import _, decimal, ngettext, percent, pgettext
from bibi.notation import action_text
from bibi.render.markup import _e, _styled

# The colours of the labels, each with a text colour that reads on it (WCAG AA against white for the marks).
_LABEL_COLOURS = {"best": "#2e7d32", "good": "#558b2f", "inaccuracy": "#8d6e00", "mistake": "#c25700",
                  "blunder": "#b71c1c"}
_WIDTH, _HEIGHT = 640, 240
_LEFT, _RIGHT, _TOP, _BOTTOM = 48, 16, 28, 40


class SVG(str):
    """An SVG picture that displays itself in Jupyter (``_repr_svg_``), as python-chess's ``SvgWrapper`` does."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


GLYPHS = {"best": "", "good": "", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}  # the chess annotators' own


def label_word(label: str) -> str:
    """A label (``LABELS``) as a person reads it, in the language in force: ``mistake`` is «ошибка», «errore»."""
    # TRANSLATORS: the labels of a decision in a review, from the best to the worst (as Lichess names them: best move,
    # good move, inaccuracy, mistake, blunder)
    if label == "best":
        return pgettext("label", "best")
    if label == "good":
        return pgettext("label", "good")
    if label == "inaccuracy":
        return pgettext("label", "inaccuracy")
    if label == "mistake":
        return pgettext("label", "mistake")
    if label == "blunder":
        return pgettext("label", "blunder")
    raise ValueError(f"label: {shorten(label)} is not one of best, good, inaccuracy, mistake, blunder")



def figure(value: float) -> str:
    """Points as a review shows them: whole ones as whole numbers (``13``), others with one decimal (``7,2``)."""
    return decimal(value, 0) if float(value).is_integer() else decimal(value)


def _glyph(label: str) -> str:
    return GLYPHS[label]


def _counted_words(analysis: Any) -> str:
    """What the review counts, in words."""
    if analysis.counted == "margin":
        return _("points counted: your final score minus the mean of the others' (a game is won by the highest "
                 "total, R9; I17)")
    return _("points counted: your own final score of the deal")


def summary_words(analysis: Any) -> str:
    """The summary line: decisions, points lost in all and per decision, accuracy."""
    s = analysis.summary()
    return ngettext(
        "{n} decision with a choice: {lost} points lost, {per} a decision; accuracy {accuracy} (the share of the "
        "points at stake your choices kept)",
        "{n} decisions with a choice: {lost} points lost, {per} a decision; accuracy {accuracy} (the share of the "
        "points at stake your choices kept)", s.decisions).format(
        n=s.decisions, lost=decimal(s.lost), per=decimal(s.per_decision), accuracy=percent(s.accuracy / 100))


def method_words(analysis: Any) -> str:
    """How the decisions were valued, and what hindsight is, in words."""
    return _("Each decision is valued from what you could see then: up to {worlds} deals consistent with it, every "
             "choice played out in the same deals by the bots' quick rule; a label is given only where the loss's "
             "interval (95 %) says so (inaccuracy from {inaccuracy} points lost, mistake from {mistake}, blunder "
             "from {blunder}). "
             "Hindsight, apart: the true deal, every card known, played out after each choice.").format(
        worlds=analysis.worlds, inaccuracy=decimal(analysis.thresholds.inaccuracy, 0),
        mistake=decimal(analysis.thresholds.mistake, 0), blunder=decimal(analysis.thresholds.blunder, 0))


def _label_cell(d: Any) -> str:
    glyph = _glyph(d.label)
    colour = _LABEL_COLOURS[d.label]
    return (f'<td class="bibi-text"><span style="color:{colour};font-weight:700">{_e(d.label_text())}'
            f'{" " + _e(glyph) if glyph else ""}</span></td>')


def move_text(d: Any, action: Any) -> str:
    """``action`` at the decision ``d`` (a ``bibi.coach.Decision``) as the reader reads it: a call in the word of
    the rules in force, the word the sentences beside it say (``bibi.notation.action_text``)."""
    return action_text(action, rules=d.view.rules)


def _hindsight_cell(d: Any) -> str:
    best = d.hindsight_best
    if best is None:
        return "<td></td>"
    lost = d.hindsight_loss
    if best == d.played or not lost:
        return f'<td class="bibi-text">{_e(move_text(d, best))}</td>'
    return f'<td class="bibi-text">{_e(move_text(d, best))} (+{_e(figure(lost))})</td>'


@_styled
def analysis_html(analysis: Any, *, title: str | None = None) -> str:
    """The review (``bibi.coach.Analysis``): the summary, the labels counted, the expected score through the deal,
    every decision in a table, and the costly ones in words (with the sentence ids)."""
    s = analysis.summary()
    head = title if title is not None else _("Review of your moves (seat {seat})").format(seat=analysis.seat)
    counts = " · ".join(f"{_e(_label_name(label))} {n}" for label, n in s.labels.items())
    rows = "".join(
        f'<tr><td>{d.trick}</td><td class="bibi-text">{_e(move_text(d, d.played))}</td>{_label_cell(d)}'
        f"<td>{_e(d.loss_text())}</td>"
        f'<td class="bibi-text">{_e(move_text(d, d.best))}</td>{_hindsight_cell(d)}</tr>'
        for d in analysis.decisions)
    heads = (_("trick"), _("your move"), _("label"), _("points lost (95 %)"), _("best from what you saw"),
             _("hindsight: best with every card known"))
    table = ('<table class="bibi-sheet"><thead><tr>'
             + "".join(f"<th>{_e(h)}</th>" if i in (0, 3) else f'<th class="bibi-text">{_e(h)}</th>'
                       for i, h in enumerate(heads))
             + f"</tr></thead><tbody>{rows}</tbody></table>")
    costly = [d for d in analysis.decisions if d.costly]
    words = "".join(f'<div class="bibi-parting"><b>{_e(_decision_head(d))}</b> '
                    f'<span class="bibi-coach-words" style="display:block;margin-top:3px">{_e(d.words())}</span>'
                    "</div>" for d in costly)
    if not costly:
        well = _("No inaccuracy, mistake or blunder: well played.")
        words = f'<div class="bibi-check">{_e(well)}</div>'
    costliest = ""
    if s.costliest:
        listed = "; ".join(_decision_head(d) for d in s.costliest)
        listed = _("The costliest: {list}").format(list=listed)
        costliest = f'<div class="bibi-trick-foot">{_e(listed)}</div>'
    return (f'<div class="bibi-coach"><div class="bibi-status">{_e(head)}</div>'
            f'<div class="bibi-trick-foot">{_e(summary_words(analysis))}; {_e(_counted_words(analysis))}.</div>'
            f'<div class="bibi-legend">{counts}</div>{expected_score_svg(analysis)}{costliest}{table}{words}'
            f'<div class="bibi-label">{_e(method_words(analysis))}</div></div>')


def _label_name(label: str) -> str:
    glyph = _glyph(label)
    return label_word(label) + (f" {glyph}" if glyph else "")


def _decision_head(d: Any) -> str:
    """``trick 4, J♥: mistake ?, 7.2 points lost``."""
    glyph = _glyph(d.label)
    return _("trick {trick}, {move}: {label}, {lost} points lost").format(
        trick=d.trick, move=move_text(d, d.played), label=d.label_text() + (f" {glyph}" if glyph else ""),
        lost=decimal(d.loss))


def expected_score_svg(analysis: Any) -> SVG:
    """The seat's expected final points at each of its decisions, from what it could see then: after the move
    played (a line), and after the best move where it differs (rings); the labelled decisions marked in their
    colours, each with its words as a tooltip; the final score at the end."""
    decisions = analysis.decisions
    played = [d.values[d.played] for d in decisions]
    best = [d.values[d.best] for d in decisions]
    every = [v for v in played + best if v == v] + [analysis.score]  # v == v: not a NaN (a decision not valued)
    low, high = min(0.0, min(every)), max(every)
    span = max(10.0, high - low)
    high = low + span * 1.1
    plot_w, plot_h = _WIDTH - _LEFT - _RIGHT, _HEIGHT - _TOP - _BOTTOM
    steps = len(decisions) + 1

    def x(i: float) -> float:
        return round(_LEFT + plot_w * (i + 0.5) / steps, 1)

    def y(v: float) -> float:
        return round(_TOP + plot_h * (1 - (v - low) / (high - low)), 1)

    title = _("Your expected final points through the deal, from what you could see at each decision")
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{_WIDTH}" height="{_HEIGHT}" '
             f'viewBox="0 0 {_WIDTH} {_HEIGHT}" role="img" aria-label="{_e(title)}" class="bibi-chart" '
             'style="max-width:100%;height:auto" '
             'font-family="system-ui,sans-serif" font-size="11">',
             f"<title>{_e(title)}</title>",
             f'<rect x="{_LEFT}" y="{_TOP}" width="{plot_w}" height="{plot_h}" fill="#fafaf7" stroke="#bbb"/>']
    for tick in _ticks(low, high):
        parts.append(f'<line x1="{_LEFT}" x2="{_LEFT + plot_w}" y1="{y(tick)}" y2="{y(tick)}" stroke="#e3e3dc"/>'
                     f'<text x="{_LEFT - 5}" y="{y(tick) + 4}" text-anchor="end" fill="#444">'
                     f"{_e(figure(tick))}</text>")
    for i, d in enumerate(decisions):
        parts.append(f'<text x="{x(i)}" y="{_TOP + plot_h + 14}" text-anchor="middle" fill="#444">{d.trick}</text>')
    x_axis, y_axis = _("trick of each decision"), _("expected final points")
    parts.append(f'<text x="{_LEFT + plot_w / 2}" y="{_HEIGHT - 6}" text-anchor="middle" fill="#222">'
                 f"{_e(x_axis)}</text>")
    parts.append(f'<text x="{_LEFT}" y="{_TOP - 10}" fill="#222">{_e(y_axis)}</text>')
    line = " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(played) if v == v)
    line += f" {x(len(decisions))},{y(analysis.score)}"
    parts.append(f'<polyline points="{line}" fill="none" stroke="#1565c0" stroke-width="2"/>')
    for i, d in enumerate(decisions):
        if d.best != d.played and best[i] == best[i]:
            parts.append(f'<line x1="{x(i)}" x2="{x(i)}" y1="{y(best[i])}" y2="{y(played[i])}" stroke="#999" '
                         f'stroke-dasharray="3 2"/><circle cx="{x(i)}" cy="{y(best[i])}" r="4" fill="#fff" '
                         f'stroke="#2e7d32" stroke-width="1.5"><title>{_e(_best_tip(d))}</title></circle>')
    for i, d in enumerate(decisions):
        if played[i] != played[i]:
            continue
        colour = _LABEL_COLOURS[d.label] if d.costly else "#1565c0"
        radius = 6 if d.costly else 3.5
        parts.append(f'<circle cx="{x(i)}" cy="{y(played[i])}" r="{radius}" fill="{colour}" stroke="#fff">'
                     f"<title>{_e(_decision_head(d))}</title></circle>")
        glyph = _glyph(d.label)
        if glyph:
            parts.append(f'<text x="{x(i)}" y="{y(played[i]) + 18}" text-anchor="middle" font-weight="700" '
                         f'fill="{colour}">{_e(glyph)}</text>')
    final = _("final score {score}").format(score=figure(analysis.score))
    parts.append(f'<rect x="{x(len(decisions)) - 4}" y="{y(analysis.score) - 4}" width="8" height="8" fill="#222">'
                 f"<title>{_e(final)}</title></rect>")
    parts.append(_legend())
    parts.append("</svg>")
    return SVG("".join(parts))


def _best_tip(d: Any) -> str:
    return _("trick {trick}: the best, {best}, {value} points on average").format(
        trick=d.trick, best=move_text(d, d.best), value=decimal(d.values[d.best]))


def _legend() -> str:
    items = [("#1565c0", _("after your move")), ("#2e7d32", _("after the best move")), ("#222", _("final score"))]
    out, at = [], _LEFT + 150
    for colour, text in items:
        out.append(f'<circle cx="{at}" cy="{_TOP - 14}" r="4" fill="{colour}"/>'
                   f'<text x="{at + 7}" y="{_TOP - 10}" fill="#222">{_e(text)}</text>')
        at += 8 + 7 * len(text) + 14
    return "".join(out)


def _ticks(low: float, high: float) -> list[float]:
    """Round values for the axis between ``low`` and ``high``: about five, at 5, 10, 20, 50… apart."""
    span = high - low
    step = next(s for s in (5, 10, 20, 25, 50, 100, 200, 500) if span / s <= 6)
    first = int(low // step) * step
    return [float(v) for v in range(first, int(high) + 1, step) if low <= v <= high]


def analysis_text(analysis: Any, *, title: str | None = None) -> str:
    """The review as plain text for the terminal: the summary, one line per decision, the costly ones in words."""
    s = analysis.summary()
    head = title if title is not None else _("Review of seat {seat}'s moves").format(seat=analysis.seat)
    lines = [head, "  " + summary_words(analysis), "  " + _counted_words(analysis),
             "  " + " · ".join(f"{_label_name(label)} {n}" for label, n in s.labels.items())]
    heads = (_("trick"), _("your move"), _("label"), _("points lost (95 %)"), _("best from what you saw"),
             _("hindsight"))
    table = [heads] + [(str(d.trick), move_text(d, d.played),
                        d.label_text() + (f" {_glyph(d.label)}" if d.costly else ""),
                        d.loss_text(), move_text(d, d.best), _hindsight_text(d)) for d in analysis.decisions]
    widths = [max(len(row[i]) for row in table) for i in range(len(heads))]
    for row in table:
        lines.append("  " + "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip())
    costly = [d for d in analysis.decisions if d.costly]
    if costly:
        lines.append(_("In words:"))
        for d in costly:
            lines.append(f"  {_decision_head(d)}: {d.words()}")
    else:
        lines.append(_("No inaccuracy, mistake or blunder: well played."))
    lines.append(method_words(analysis))
    return "\n".join(lines)


def _hindsight_text(d: Any) -> str:
    best = d.hindsight_best
    if best is None:
        return ""
    lost = d.hindsight_loss
    return move_text(d, best) if best == d.played or not lost else f"{move_text(d, best)} +{figure(lost)}"


def progress_text(done: int, total: int, width: int = 20) -> str:
    """A progress bar in text: ``[#####-----] 7/14``."""
    filled = round(width * done / total) if total else width
    return f"[{'#' * filled}{'-' * (width - filled)}] {done}/{total}"


__all__ = ["GLYPHS", "SVG", "analysis_html", "analysis_text", "expected_score_svg", "figure", "label_word",
           "method_words", "move_text", "progress_text", "summary_words"]
