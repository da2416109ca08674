"""The pieces of the widget views (``bibi.widgets``) and of a notebook around them: message lines, captions,
status lines, the banner and the still pictures shown while no kernel runs, the card buttons' colours."""

from __future__ import annotations

from collections.abc import Iterable

from bibi.i18n import N_, _
from bibi.render.markup import _STYLE, HTML, _e, wrap

# -- the pieces of the widget views (bibi.widgets) ---------------------------------------------


BANNER = N_("▶ **Run ▸ Run All Cells** to bring the widgets to life: until the notebook runs, the views below are "
            "pictures that do not answer clicks.")


def banner_markdown(text: str | None = None) -> str:
    """The one-line banner at the top of every notebook, as a markdown cell's source: it says how to bring the
    widgets to life (``BANNER`` in the language in force, unless ``text``). A live view of the kit hides it
    (``banner_hider``), so it shows only while nothing runs."""
    if text is None:
        text = _(BANNER)
    return (f'<div class="bibi-banner" style="border:1px solid #d49a00;background-color:#fff8df;color:#1d1d1d;'
            f'padding:6px 10px">\n\n{text}\n\n</div>')



# Where a live widget view is on a page: a rendered widget inside an output of a notebook (JupyterLab, Notebook 7,
# JupyterLite and Voilà draw outputs with the same classes), still connected to its kernel (after a restart the old
# views stay, marked disconnected). The widget renderer's output node is the one with no ``data-mime-type`` (every
# other renderer marks its node with its type); its own "Loading widget..." and "Error displaying widget: model not
# found" lines are that node's text, with no widget inside it.
_LIVE = ".jp-OutputArea-output .jupyter-widgets:not(.jupyter-widgets-disconnected)"
_WIDGET_OUTPUT = ".jp-OutputArea-output:not([data-mime-type])"


def banner_hider() -> str:
    """A style rule that hides the banner of the notebook a live view is in, and of no other notebook on the page:
    live views carry it, so the banner goes once a view of its notebook runs and comes back if the kernel goes."""
    return f"<style>.jp-Notebook:has({_LIVE}) .bibi-banner{{display:none}}</style>"


def picture_rules() -> str:
    """The style rules a still picture of a view (``class="bibi-picture"``) carries, for the output area of its cell:
    while the view beside it is live, the picture is hidden; while the view cannot show (its model is gone with
    the kernel that made it, or still loading), the widget's placeholder line is hidden and the picture stands in.

    A view shows in a notebook as two outputs of its cell, the picture and the widget (``_View._repr_mimebundle_``):
    JupyterLab draws a saved widget output with the widget renderer whenever the notebook is trusted, never with
    the other forms of the same output, so the picture has to be an output of its own.
    """
    # (``:has`` cannot hold another ``:has``: the second rule says "no live widget" outside it.)
    return (f"<style>.jp-OutputArea:has(> .jp-OutputArea-child > {_LIVE}) > .jp-OutputArea-child:has(.bibi-picture)"
            f"{{display:none}} .jp-OutputArea:has(> .jp-OutputArea-child .bibi-picture) > .jp-OutputArea-child:has("
            f"> {_WIDGET_OUTPUT}):not(:has({_LIVE})){{display:none}}</style>")


def picture_output_html(picture: str) -> HTML:
    """A view's still picture as an output of its own, with the rules that show it only while the view is not live
    (``picture_rules``)."""
    return HTML(f'<div class="bibi-picture">{picture_rules()}{picture}</div>')


def message_html(text: str, *, error: bool = False, live: bool = False) -> HTML:
    """A view's message line: ``text`` as said, red for an error (a refused move, a bad value); ``live``: a live
    region a screen reader reads out when it changes (the play table's, where the bots move between clicks).

    >>> print(message_html("5♠ is illegal", error=True))
    <div class="bibi bibi-message bibi-error">5♠ is illegal</div>
    >>> print(message_html("Your turn", live=True))
    <div class="bibi bibi-message" role="status" aria-live="polite">Your turn</div>
    """
    region = ' role="status" aria-live="polite"' if live else ""
    return HTML(f'<div class="bibi bibi-message{" bibi-error" if error else ""}"{region}>{_e(text)}</div>')


def hint_html(bot: str, words: str, details: str) -> HTML:
    """The play table's hint: what ``bot`` would do, in ``words``, and its own reasons and figures folded under
    *details*."""
    said = _("Hint ({bot}): {words}").format(bot=bot, words=words)
    summary = _("details: the bot's own reasons and figures")
    return HTML(f'<div class="bibi bibi-hint">{_e(said)}<details><summary>{_e(summary)}</summary>{_e(details)}'
                "</details></div>")


def field_error_html(text: str) -> HTML:
    """An error shown next to the control that caused it."""
    return HTML(f'<div class="bibi" role="alert"><div class="bibi-field-error">⚠ {_e(text)}</div></div>')


def caption_html(bold: str = "", rest: str = "") -> HTML:
    """A caption over a part of a view: its first words in bold, then the rest.

    >>> print(caption_html("Events", " (newest first)"))
    <b>Events</b> (newest first)
    """
    return HTML((f"<b>{_e(bold)}</b>" if bold else "") + _e(rest))


def heading_html(text: str) -> HTML:
    """A heading between the parts of a view (the app's)."""
    return HTML(f"<h3>{_e(text)}</h3>")


def status_html(text: str) -> HTML:
    """A status line in bold (a view's counter, the note over a picture)."""
    return HTML(f'<div class="bibi-status">{_e(text)}</div>')


def view_picture_html(parts: Iterable[str], *, note: str = "") -> HTML:
    """A still picture of a view from the HTML of its parts, in order: what a saved notebook shows without a
    kernel. Each part's own style block and banner hider are left out, the style block comes once, ``note`` (if
    any) on top."""
    bare = (part.replace(banner_hider(), "").replace(_STYLE, "") for part in parts)
    return wrap(status_html(note) if note else "", *bare)


# The card buttons of the views are ipywidgets Buttons, coloured through their style traits (which win over
# the front end's own button rules): their ink and paper, and the lines drawn around buttons and rows.
CARD_BUTTON_BORDER = "1px solid #8d8d8d"
ROW_RULE = "1px solid #ddd"


def card_button_colours(*, legal: bool, red: bool, laid: bool, hand: bool = False) -> tuple[str, str]:
    """The ink and the paper of a card button (its ``text_color`` and ``button_color``): red or black ink, both
    faded for a card that may not be played; yellow paper for a laid-down card. ``hand``: the play table's hand
    buttons, which carry the card's name in small words and so fade less.

    >>> card_button_colours(legal=True, red=True, laid=False)
    ('#c62828', '#ffffff')
    >>> card_button_colours(legal=False, red=True, laid=True, hand=True)
    ('#d99a9a', '#f3ecd2')
    """
    ink, paper = _BUTTON_INK[legal, hand], _BUTTON_PAPER[legal, hand]
    return ink[0] if red else ink[1], paper[0] if laid else paper[1]


# Keyed by (legal, hand): ink as (red, black), paper as (laid down, other).
_BUTTON_INK = {(True, False): ("#c62828", "#1d1d1d"), (True, True): ("#c62828", "#1d1d1d"),
               (False, False): ("#e3a3a3", "#a3a3a3"), (False, True): ("#d99a9a", "#8f8f8f")}
_BUTTON_PAPER = {(True, False): ("#fff3c4", "#ffffff"), (True, True): ("#fff3c4", "#ffffff"),
                 (False, False): ("#f0e6c0", "#e9e9e9"), (False, True): ("#f3ecd2", "#eeeeee")}
