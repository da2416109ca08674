"""A profile (``bibi.profile``) as a person reads it: a table, a chart and a text for the terminal, in the
language in force.

The chart is an SVG picture drawn here, from the figures alone: no plotting library, no script, no font or file
from the network, so it shows wherever the markup does (JupyterLab, Voilà, the JupyterLite site, a file). Each
panel holds figures of one unit, each figure a dot at its value and a line across its 95 % interval; a dotted line
marks what chance (or nothing) would give. A comparison draws both profiles' dots on every row, in two colours and
two shapes. The same profile gives the same markup byte for byte.

The rules are named in words, as every title of the kit names them (``titles``: ``rules.rules_titled``, two
sides by ``render.names.two_titles``), never by their label, which is notation; what changed rules change is said
in a sentence of its own after the heading and under the chart (``changes``), as the rules panel says it.

The table, the terminal text and the dots' titles write every figure the kit's one way, its value then ± the
half-width of its interval (``bibi.i18n.interval``: ``21.0 ± 5.7%``, ``+4.8 ± 3.1 pp``; ``21,0 ± 5,7 %`` in
Russian). A figure's interval is symmetric (``Figure.low``/``high`` are ``mean ∓ half``, uncut); only the chart cuts
the line of a share lying in 0…1 at 0 and at 100 %, for drawing.

These functions read a profile's figures (``Profile.measure(name)``: ``Figure`` values of plain numbers) and
import neither pandas nor numpy.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Sequence
from typing import Any, NamedTuple

from bibi.i18n import N_, PLUS_MINUS, _, decimal, interval, ngettext
from bibi.render.markup import HTML, _e, wrap
from bibi.render.names import changes_told, sides_told, two_titles
from bibi.render.text import bot_word
from bibi.rules import rules_titled

MEASURE_TITLES = {
    "skill": N_("skill"), "luck": N_("luck"), "fairness": N_("fairness"), "drama": N_("drama"),
    "tempo": N_("tempo"),
}

# What each measure is, in a sentence (the legend under the table).
MEASURE_MEANINGS = {
    "skill": N_("skill: the same deals played again with another bot as the measured player, the rest of the table "
                "unchanged; what each bot scores more than the table's own bot with the same cards, how many games "
                "it wins (chance: 1 in {players}), and the share of games the strongest bot's play decides (its "
                "wins beyond chance, as a share of the games chance leaves to the others)"),
    "luck": N_("luck: a player's score in a deal, played by each bot that knows the game, split into what the "
               "cards give whoever plays them, what the players' strength adds on average, and what each made of "
               "those very cards; the three shares sum to 100 %"),
    "fairness": N_("fairness: at a table of equal players, what each position from the dealer gains a deal over the "
                   "table's mean (the positions sum to 0), and its share of the deals won (chance: 1 in {players})"),
    "drama": N_("drama: games in which every player deals once; how often the last deal changes who wins, how "
                "often the lead changes, and how far apart the totals end"),
    "tempo": N_("tempo: a deal at a table of equal players: calls, trump changes, the tricks played before the "
                "stock is turned up, and what a call brings in card points beyond its own"),
}

_W_FIGURE = N_("figure")
_W_MEASURE = N_("measure")
_W_VALUE = N_("value")


# -- words -----------------------------------------------------------------------------------------------------


def _place(position: int, players: int) -> str:
    """A place at the table, counted from the dealer's left (0 leads the first trick; the dealer is last)."""
    if position == 0:
        return _("the dealer's left-hand player, who leads first")
    if position == players - 1:
        return _("the dealer, last to the first trick")
    # TRANSLATORS: a place at the table counted to the dealer's left: 2 is the player after the first leader
    return _("player {k} to the dealer's left").format(k=position + 1)


def _short_place(position: int, players: int) -> str:
    if position == 0:
        return _("the dealer's left")
    if position == players - 1:
        return _("the dealer")
    return _("{k} to the dealer's left").format(k=position + 1)


def _chance(players: int) -> str:
    return _("chance: 1 in {players}").format(players=players)


def _inside(name: str) -> str:
    """What a figure's name holds between brackets: ``edge[heuristic]`` → ``heuristic``."""
    return name[name.index("[") + 1: -1]


def figure_label(name: str, profile: Any) -> str:
    """A figure's name as the table says it, in the language in force."""
    players, table = profile.players, profile.table
    if name.startswith("edge["):
        bot = _inside(name)
        if bot == table:
            return _("the {bot} bot: as the rest of the table, the reference").format(bot=bot_word(bot))
        return _("the {bot} bot: points a deal over the {table} bot with the same cards").format(
            bot=bot_word(bot), table=bot_word(table))
    if name.startswith("game_wins["):
        return _("the {bot} bot: games won").format(bot=bot_word(_inside(name)))
    if name.startswith("advantage["):
        return _("{place}: points a deal over the table's mean").format(
            place=_place(int(_inside(name)), players))
    if name.startswith("wins["):
        return _("{place}: deals won").format(place=_place(int(_inside(name)), players))
    if name == "decided":
        return _("the {bot} bot: games its play decides (its wins beyond chance)").format(
            bot=bot_word(profile.ladder[-1]))
    if name == "call_worth":
        return _("a call's worth in card points, beyond its own {points}").format(points=profile.rules.bibi_points)
    if name == "last_deal":
        return ngettext("games of {n} deal in which the last deal changes who wins",
                        "games of {n} deals in which the last deal changes who wins", players).format(n=players)
    return _(_PLAIN[name])


_PLAIN = {
    "cards": N_("the cards: what a player scores whoever plays them"),
    "strength": N_("the players' strength: what each scores more on average"),
    "play": N_("the play: what each player made of the same cards"),
    "lead_changes": N_("lead changes a game (the leaders after each deal)"),
    "margin": N_("the winner's lead over the runner-up, in points"),
    "spread": N_("the gap between the first total and the last, in points"),
    "calls": N_("Bi-bi calls a deal"),
    "trump_changes": N_("trump changes a deal"),
    "before_turn_up": N_("tricks before the stock is turned up"),
}

_SIGNED = ("edge[", "advantage[", "call_worth")  # figures that are a difference: shown with their sign


# -- numbers ----------------------------------------------------------------------------------------------------


def _number(value: float, kind: str, signed: bool = False, half: float = math.nan) -> str:
    """A figure's value as the language in force writes it: points with one decimal, shares as a percentage,
    counts with two decimals; a difference of shares in percentage points. With a ``half`` width, the value and
    its interval the kit's one way (``bibi.i18n.interval``), the unit once: ``21.0 ± 5.7%``, ``+4.8 ± 3.1 pp``."""
    if math.isnan(value):
        return "—"
    digits = 2 if kind == "count" else 1
    scale = 100 if kind == "share" else 1
    text = (decimal(scale * value, digits, sign=signed) if math.isnan(half)
            else interval(scale * value, scale * half, digits, sign=signed))
    if kind != "share":
        return text
    if signed:  # a difference of two percentages
        # TRANSLATORS: a difference of two percentages, in percentage points ("+4.8 pp", "+4.8 ± 3.1 pp")
        return _("{value} pp").format(value=text)
    return _percent(text)


def _percent(text: str) -> str:
    # TRANSLATORS: a percentage ("7.7%", "21.0 ± 5.7%"); Russian writes a space before the sign, Italian none
    return _("{value}%").format(value=text)


def _cell(figure: Any, signed: bool) -> str:
    """A figure as the table writes it: its value, then ± the half-width of its interval, the unit once
    (``21.0 ± 5.7%``); a figure without an interval (too few groups) shows its value alone."""
    return _number(figure.mean, figure.kind, signed, figure.half)


def _signed(name: str) -> bool:
    return name.startswith(_SIGNED)


# -- the table ---------------------------------------------------------------------------------------------------


def _is_comparison(obj: Any) -> bool:
    return hasattr(obj, "a") and hasattr(obj, "b")


def _run_line(profile: Any) -> str:
    """How a profile was played, in a line."""
    deals = ngettext("{n} deal", "{n} deals", profile.deals).format(n=profile.deals)
    players = ngettext("{n} player", "{n} players", profile.players).format(n=profile.players)
    return _("{players}, {deals}, seed {seed}; the other players: the {table} bot; the measured player: in turn the "
             "bots {ladder}; intervals at {level} %").format(
        players=players, deals=deals, seed=profile.seed, table=bot_word(profile.table),
        ladder=", ".join(map(bot_word, profile.ladder)), level=round(profile.level * 100))


def titles(obj: Any) -> tuple[str, ...]:
    """The rules as the headings name them, in words (``rules_titled``; a comparison's two sides by
    ``two_titles``, told apart where they would read alike), never by their label, which is notation: the same
    rules are named so in the comparison view, the score sheet and the rules panel."""
    return two_titles(obj.a.rules, obj.b.rules) if _is_comparison(obj) else (rules_titled(obj.rules),)


def heading(obj: Any) -> str:
    """The profile's (or the comparison's) title, the rules named in words (``titles``), and how it was played;
    what changed rules change is said after it (``changes``)."""
    if _is_comparison(obj):
        a, b = titles(obj)
        # TRANSLATORS: {a} and {b} are the presets' names as "{rules} rules" says them ("russian"), "custom", or
        # rules with changes in words ("changed russian"); what was changed is said after, in a sentence a side
        title = _("What game the {a} and {b} rules make, on the same packs").format(a=a, b=b)
        return f"{title}: {_run_line(obj.a)}"
    # TRANSLATORS: {rules} is a preset's name as "{rules} rules" says it ("russian"), "custom", or rules with
    # changes in words ("changed russian"); what was changed is said after, in a sentence of its own
    title = _("What game the {rules} rules make").format(rules=titles(obj)[0])
    return f"{title}: {_run_line(obj)}"


def changes(obj: Any) -> str:
    """What the profiled rules change from their base, as the rules panel says each change, in a sentence of its
    own after the heading (``changes_told``; a comparison's, a sentence a side: ``sides_told``): ``''`` for
    presets, which their names say whole."""
    if _is_comparison(obj):
        return sides_told(obj.a.rules, obj.b.rules, titled=True)
    return changes_told(obj.rules)


def rows(obj: Any) -> list[tuple[str, str, bool, list[str]]]:
    """The table's rows: (measure, figure, headline?, cells): one cell for a profile, three for a comparison (each
    profile's figure, then the difference)."""
    base = obj.a if _is_comparison(obj) else obj
    out = []
    for name in base.measures:
        measure = base.measure(name)
        others = (obj.b.measure(name), obj.measure(name)) if _is_comparison(obj) else ()
        for k, figure in enumerate(measure):
            signed = _signed(figure.name)
            cells = [_cell(figure, signed)] + [_cell(m.figures[k], signed or i == 1) for i, m in enumerate(others)]
            out.append((_(MEASURE_TITLES[name]), figure_label(figure.name, base), figure.name == measure.headline,
                        cells))
    return out


def columns(obj: Any) -> list[str]:
    """The titles of the table's value columns."""
    if _is_comparison(obj):
        a, b = titles(obj)
        return [a, b, _("{b} − {a}").format(a=a, b=b)]
    return [_(_W_VALUE)]


def legend(obj: Any, text: bool = False) -> list[str]:
    """A sentence per measure: what its figures are; then how to read the table (``text``: as the terminal shows
    it, the headlines marked with a star rather than in bold)."""
    base = obj.a if _is_comparison(obj) else obj
    lines = [_(MEASURE_MEANINGS[name]).format(players=base.players) for name in base.measures]
    level = round(base.level * 100)
    if text:
        lines.append(_("Each figure is written as value ± half the width of its interval at {level} %; the "
                       "headline of each measure is marked *.").format(level=level))
    else:
        lines.append(_("Each figure is written as value ± half the width of its interval at {level} %; the "
                       "headline of each measure is in bold.").format(level=level))
    if _is_comparison(obj):
        lines.append(_("The last column is each figure's difference, paired on the same packs; a difference of "
                       "shares is in percentage points (pp)."))
    if base.rules.trump_change.value == "next_deal":
        lines.append(_("Each deal's trump comes from its cut here: a call does not carry the trump into the next "
                       "deal (R16 read literally; bibi.game plays that)."))
    return lines


def _unbroken(cell: str) -> str:
    """A cell's value and its interval (``± 5.7%``), each kept on one line; in a narrow column the interval may go
    under its value (the one break ``bibi.i18n.interval`` leaves to a table: the figure stays one cell)."""
    value, sign, half = cell.partition(PLUS_MINUS)
    if not sign:
        return f'<span style="white-space:nowrap">{_e(cell)}</span>'
    # The text is the interval's to the character (its no-break spaces too); <wbr> is where a column may break.
    return (f'<span style="white-space:nowrap">{_e(value)}{sign[0]}</span><wbr>'
            f'<span style="white-space:nowrap">{sign[1:]}{_e(half)}</span>')


def profile_table_html(obj: Any) -> str:
    """The heading and what changed rules change, the figures as an HTML table, the headlines in bold, the legend
    below (a fragment)."""
    # The rules' columns are headed by their names in words: they wrap between words, never inside one.
    head = "".join(f'<th class="bibi-text">{_e(c)}</th>' for c in [_(_W_MEASURE), _(_W_FIGURE)]) + "".join(
        f"<th>{_e(c)}</th>" for c in columns(obj))
    body = []
    last = None
    for measure, label, headline, cells in rows(obj):
        shown = measure if measure != last else ""
        last = measure
        lead = ' class="bibi-lead"' if headline else ""
        body.append(f'<tr{lead}><td class="bibi-text">{_e(shown)}</td>'
                    f'<td class="bibi-text" style="min-width:14em">{_e(label)}</td>'
                    + "".join(f"<td>{_unbroken(c)}</td>" for c in cells) + "</tr>")
    notes = "".join(f"<li>{_e(line)}</li>" for line in legend(obj))
    changed = changes(obj)
    return (f'<p class="bibi-status">{_e(heading(obj))}</p>' + (f"<p>{_e(changed)}</p>" if changed else "") +
            f'<table class="bibi-sheet"><thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table>'
            f'<ul style="font-size:12px;margin:4px 0;padding-left:18px">{notes}</ul>')


def profile_html(obj: Any, style: bool = True) -> HTML:
    """A profile or a comparison as a page fragment: the table, then the chart."""
    return wrap(profile_table_html(obj), str(profile_svg(obj)), style=style)


def profile_text(obj: Any, width: int = 44) -> str:
    """A profile or a comparison as text for the terminal: a heading, what changed rules change, the table in
    columns (a figure's name wrapped at ``width`` characters), the legend."""
    header = [_(_W_MEASURE), _(_W_FIGURE), *columns(obj)]
    lines: list[list[str]] = []
    last = None
    for measure, label, headline, cells in rows(obj):
        wrapped = textwrap.wrap(label, width - 2) or [""]
        lines.append(["" if measure == last else measure, ("* " if headline else "  ") + wrapped[0], *cells])
        lines += [["", "  " + more, *[""] * len(cells)] for more in wrapped[1:]]
        last = measure
    widths = [max(len(r[i]) for r in [header, *lines]) for i in range(len(header))]

    def row(cells: Sequence[str]) -> str:
        return "  ".join(c.ljust(w) if i < 2 else c.rjust(w)
                         for i, (c, w) in enumerate(zip(cells, widths, strict=True))).rstrip()

    notes = [wrapped for line in legend(obj, text=True) for wrapped in textwrap.wrap(line, 100)]
    return "\n".join([heading(obj), *textwrap.wrap(changes(obj), 100), row(header), *map(row, lines), "", *notes])


# -- the chart ---------------------------------------------------------------------------------------------------


class SVG(str):
    """An SVG picture that displays itself in Jupyter (as python-chess's ``SvgWrapper``)."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


class _Row(NamedTuple):
    label: str
    figures: tuple[Any, ...]  # one figure a profile


class _Panel(NamedTuple):
    title: str
    kind: str
    rows: tuple[_Row, ...]
    reference: float | None  # a dotted line: what chance (or no effect) gives


WIDTH = 720
LABELS = 250  # the labels' column
LEFT = LABELS + 16
RIGHT = WIDTH - 24
LINE = 15  # a line of text
ROW = 22
COLOURS = ("#0072b2", "#d55e00")  # Okabe and Ito's blue and vermilion: told apart by every eye
INK, GRID, NOTE = "#1d1d1d", "#d9d9d9", "#6b6b6b"
CHAR = 6.4  # the width a character takes at 12 px, generous for Latin and Cyrillic alike


def _wrap(text: str, width: float, size: float = 12) -> list[str]:
    """``text`` in lines of at most ``width`` pixels (estimated), cut between words."""
    most = max(8, int(width / (CHAR * size / 12)))
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= most:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def _ticks(low: float, high: float) -> list[float]:
    """Round values across ``low…high`` for an axis (steps of 1, 2 or 5 times a power of ten), at most 7."""
    if not high > low:
        high, low = low + 1, low - 1
    raw = (high - low) / 5
    power = 10 ** math.floor(math.log10(raw))
    step = next(power * m for m in (1, 2, 5, 10) if power * m >= raw)
    first = math.floor(low / step) * step
    ticks = []
    k = 0
    while first + k * step <= high + step * 1e-9:
        ticks.append(round(first + k * step, 10))
        k += 1
    if ticks[-1] < high:
        ticks.append(round(ticks[-1] + step, 10))
    return ticks


def _tick_text(value: float, kind: str) -> str:
    if kind == "share":
        digits = 0 if abs(100 * value - round(100 * value)) < 1e-9 else 1
        return _percent(decimal(100 * value, digits))
    digits = 0 if abs(value - round(value)) < 1e-9 else 1 if abs(10 * value - round(10 * value)) < 1e-9 else 2
    return decimal(value, digits)


def _panels(obj: Any) -> list[_Panel]:
    profiles = (obj.a, obj.b) if _is_comparison(obj) else (obj,)
    base = profiles[0]
    n = base.players
    panels = []

    def figs(measure: str, name: str) -> tuple[Any, ...]:
        return tuple(p.measure(measure)[name] for p in profiles)

    measures = base.measures
    if "skill" in measures:
        panels.append(_Panel(_("Skill: points a deal over the {table} bot with the same cards").format(
            table=bot_word(base.table)), "points",
            tuple(_Row(bot_word(b), figs("skill", f"edge[{b}]")) for b in base.ladder), 0.0))
        panels.append(_Panel(_("Skill: games won by the measured player (dotted: {chance})").format(
                                 chance=_chance(n)),
                             "share", tuple(_Row(bot_word(b), figs("skill", f"game_wins[{b}]")) for b in base.ladder),
                             1 / n))
    if "luck" in measures:
        panels.append(_Panel(_("Luck: what decides a player's score in a deal"), "share",
                             tuple(_Row(_(_SHORT[k]), figs("luck", k)) for k in ("cards", "strength", "play")),
                             None))
    if "fairness" in measures:
        panels.append(_Panel(_("Fairness: points a deal over the table's mean, by position from the dealer"),
                             "points",
                             tuple(_Row(_short_place(k, n), figs("fairness", f"advantage[{k}]")) for k in range(n)),
                             0.0))
    if "drama" in measures:
        panels.append(_Panel(_("Drama: games in which the last deal changes who wins"), "share",
                             (_Row(_("the last deal decides"), figs("drama", "last_deal")),), None))
    if "tempo" in measures:
        panels.append(_Panel(_("Tempo: a deal"), "count",
                             tuple(_Row(_(_SHORT[k]), figs("tempo", k)) for k in ("calls", "trump_changes")), None))
    return panels


_SHORT = {
    "cards": N_("the cards"), "strength": N_("the players' strength"), "play": N_("the play"),
    "calls": N_("Bi-bi calls"), "trump_changes": N_("trump changes"),
}


def _text(x: float, y: float, text: str, size: int = 12, anchor: str = "start", fill: str = INK,
          weight: str = "normal") -> str:
    bold = ' font-weight="bold"' if weight == "bold" else ""
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" fill="{fill}"{bold}>'
            f"{_e(text)}</text>")


def _drawn(figure: Any) -> tuple[float, float]:
    """The ends of a figure's interval line on the chart: a share that lies in 0…1 has its line cut there (its
    interval, ``mean ± half`` as the table writes it, may reach a little past when the share is near 0 or 1: the
    axis of shares does not go past for that); every other figure's line runs from ``low`` to ``high``."""
    if figure.kind == "share" and 0 <= figure.mean <= 1:
        return max(figure.low, 0.0), min(figure.high, 1.0)
    return figure.low, figure.high


def _panel_svg(panel: _Panel, top: float, names: Sequence[str]) -> tuple[list[str], float]:
    """One panel's elements from ``top``, and the height it takes."""
    parts: list[str] = []
    y = top
    for line in _wrap(panel.title, RIGHT - 8):
        y += LINE
        parts.append(_text(8, y, line, 12, weight="bold"))
    y += 6
    values = [v for row in panel.rows for f in row.figures for v in (*_drawn(f), f.mean) if math.isfinite(v)]
    if panel.reference is not None:
        values.append(panel.reference)
    if panel.kind == "share":  # a share's axis starts at 0, unless a figure reads clearly below it
        values = [0.0 if -0.01 < v < 0 else v for v in values] + [0.0]
    ticks = _ticks(min(values, default=0.0), max(values, default=1.0))
    low, high = ticks[0], ticks[-1]

    def at(value: float) -> float:
        return LEFT + (value - low) / (high - low) * (RIGHT - LEFT)

    body_top = y
    rows_svg: list[str] = []
    for row in panel.rows:
        label_lines = _wrap(row.label, LABELS - 8)
        height = max(ROW, LINE * len(label_lines) + 6)
        middle = y + height / 2
        for k, line in enumerate(label_lines):
            rows_svg.append(_text(LABELS, middle + 4 + (k - (len(label_lines) - 1) / 2) * LINE, line, 12, "end"))
        offsets = (0.0,) if len(row.figures) == 1 else (-4.0, 4.0)
        for k, (figure, dy) in enumerate(zip(row.figures, offsets, strict=True)):
            colour = COLOURS[k]
            cy = middle + dy
            what = f"{names[k]}: {_cell(figure, _signed(figure.name))}" if names else _cell(
                figure, _signed(figure.name))
            start, end_ = _drawn(figure)
            if math.isfinite(start) and math.isfinite(end_):
                rows_svg.append(f'<line x1="{at(start):.1f}" y1="{cy:.1f}" x2="{at(end_):.1f}" '
                                f'y2="{cy:.1f}" stroke="{colour}" stroke-width="2"/>')
            if math.isfinite(figure.mean):
                x = at(figure.mean)
                if k == 0:
                    mark = f'<circle cx="{x:.1f}" cy="{cy:.1f}" r="4" fill="{colour}">'
                    end = "</circle>"
                else:
                    mark = (f'<path d="M{x:.1f} {cy - 4.5:.1f}L{x + 4.5:.1f} {cy:.1f}L{x:.1f} {cy + 4.5:.1f}'
                            f'L{x - 4.5:.1f} {cy:.1f}Z" fill="{colour}">')
                    end = "</path>"
                rows_svg.append(f"{mark}<title>{_e(what)}</title>{end}")
        y += height
    grid = []
    for tick in ticks:
        x = at(tick)
        grid.append(f'<line x1="{x:.1f}" y1="{body_top:.1f}" x2="{x:.1f}" y2="{y:.1f}" stroke="{GRID}"/>')
        grid.append(_text(x, y + 13, _tick_text(tick, panel.kind), 10, "middle", NOTE))
    if panel.reference is not None:
        x = at(panel.reference)
        grid.append(f'<line x1="{x:.1f}" y1="{body_top:.1f}" x2="{x:.1f}" y2="{y:.1f}" stroke="{NOTE}" '
                    'stroke-width="1.2" stroke-dasharray="2 3"/>')
    parts += grid + rows_svg
    return parts, y + 22 - top


def profile_svg(obj: Any) -> SVG:
    """A profile (or a comparison: both profiles' dots on every row) as an SVG chart, one panel a unit."""
    names: tuple[str, ...] = ()
    head: list[str] = []
    y = 4.0
    if _is_comparison(obj):
        names = titles(obj)
        x = 8.0
        y += LINE
        for k, name in enumerate(names):
            lines = _wrap(name, WIDTH - 30)
            if k and x + 14 + CHAR * max(map(len, lines)) > WIDTH - 8:  # no room beside the first: a line below
                x, y = 8.0, y + LINE
            shape = (f'<circle cx="{x + 5:.1f}" cy="{y - 4:.1f}" r="4" fill="{COLOURS[0]}"/>' if k == 0 else
                     f'<path d="M{x + 5:.1f} {y - 8.5:.1f}L{x + 9.5:.1f} {y - 4:.1f}L{x + 5:.1f} {y + 0.5:.1f}'
                     f'L{x + 0.5:.1f} {y - 4:.1f}Z" fill="{COLOURS[1]}"/>')
            head.append(shape)
            for i, line in enumerate(lines):
                head.append(_text(x + 14, y + i * LINE, line, 12))
            y += (len(lines) - 1) * LINE
            x = 8.0 if len(lines) > 1 else x + 14 + CHAR * len(name) + 24
        y += 6
    parts = []
    for panel in _panels(obj):
        drawn, height = _panel_svg(panel, y, names)
        parts += drawn
        y += height
    base = obj.a if _is_comparison(obj) else obj
    y += 8  # clear of the last panel's tick labels
    dots = _("Dots: the figures; lines: their intervals at {level} %.").format(level=round(base.level * 100))
    changed = changes(obj)  # the chart stands alone too (``chart()``, ``--chart``): what changed rules change
    for line in _wrap(dots, RIGHT - 8, 11) + (_wrap(changed, RIGHT - 8, 11) if changed else []):
        parts.append(_text(8, y, line, 11, fill=NOTE))
        y += LINE
    height = math.ceil(y + 4)
    label = f"{heading(obj)}. {changed}" if changed else heading(obj)
    return SVG(f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
               f'viewBox="0 0 {WIDTH} {height}" role="img" aria-label="{_e(label)}" '
               f'font-family="sans-serif" style="max-width:100%;height:auto">'
               f"<title>{_e(label)}</title>"
               f'<rect width="{WIDTH}" height="{height}" fill="#ffffff"/>' + "".join(head + parts) + "</svg>")


__all__ = ["MEASURE_MEANINGS", "MEASURE_TITLES", "SVG", "changes", "columns", "figure_label", "heading", "legend",
           "profile_html", "profile_svg", "profile_table_html", "profile_text", "rows", "titles"]
