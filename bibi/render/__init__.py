"""Pure, deterministic HTML for cards, hands, tricks, the table, score sheets, rules and events.

Every function returns an ``HTML`` value (a ``str`` that displays itself in Jupyter, as python-chess's
``SvgWrapper`` does, so a notebook needs no ``IPython.display.HTML(...)`` around it) and reads the
engine's public surface only; the same input gives
the same markup byte for byte (no random ids, no timestamps), so nbval can compare notebook
outputs and tests can assert on them. Styling is one ``<style>`` block of classes prefixed
``bibi-``, read once from the package's style sheet (``bibi/data/bibi.css``); by default each function wraps
its markup as ``<div class="bibi">`` + that block, and ``style=False`` returns the bare fragment for
composing larger pages. The widget views (``bibi.widgets``) take every piece of their markup from here.

Every word is said in the language in force (``bibi.i18n``): cards show the language's letters and names
(``Д♥``, «дама червей»), seats are named as the glossary says (игрок 2, giocatore 2), counts take the
language's plural forms, and a cited sentence is quoted in its own language with a translation into the reader's
beside it (none for a sentence of the reader's own language; in English, the English one). The English markup is
the source the catalogs translate.

The package is split by subject, every name reached as ``render.X``: ``markup`` (the ``HTML`` value, the style
block, pages), ``hands`` (cards, hands, tricks, suits, calls), ``sheets`` (the table, score sheets, a game's
totals, events, where the points come from), ``reference`` (rules, sentences, comparisons of two rules),
``views`` (the widget views' pieces: messages, captions, pictures, banners, button colours), ``exercises``
(practice questions and their feedback), ``worked`` (worked examples of the differences between two rules, and
their summary) and ``review`` (the coach's review of a seat's decisions, with its SVG
picture of the expected score).

>>> from bibi.cards import Card
>>> html = card_html(Card("KS"), style=False)
>>> 'aria-label="king of spades"' in html, ">K<" in html, "♠" in html
(True, True, True)
>>> "bibi-red" in card_html(Card("QH"), style=False)
True
>>> card_html(Card("2C"), face_down=True, style=False).count("two")
0
>>> isinstance(html, str) and html._repr_html_() == html
True
"""

from __future__ import annotations

from bibi.render.exercises import (
    exercise_html,
    feedback_html,
)
from bibi.render.hands import (
    call_html,
    card_html,
    hand_html,
    suit_html,
    trick_html,
)
from bibi.render.markup import (
    CSS,
    HTML,
    PLAY_CSS,
    page,
    play_style_block,
    scrolling,
    style_block,
    wrap,
)
from bibi.render.reference import (
    comparison_html,
    lesson_html,
    option_citation,
    option_explained,
    option_meaning,
    option_source_html,
    option_title,
    parting_html,
    rules_html,
    sentences_html,
    side_html,
)
from bibi.render.review import (
    SVG,
    analysis_html,
    analysis_text,
    expected_score_svg,
    progress_text,
)
from bibi.render.sheets import (
    event_actions,
    events_html,
    frame_html,
    game_html,
    last_trick_reason,
    marks_legend_html,
    points_check,
    review_html,
    score_bars_html,
    score_check_html,
    score_frame_html,
    score_line_detail_html,
    score_line_html,
    score_line_label,
    score_lines_html,
    score_sheet_html,
    scoring_cards_html,
    seat_cells,
    table_html,
)
from bibi.render.views import (
    BANNER,
    CARD_BUTTON_BORDER,
    ROW_RULE,
    banner_hider,
    banner_markdown,
    caption_html,
    card_button_colours,
    field_error_html,
    heading_html,
    hint_html,
    message_html,
    picture_output_html,
    picture_rules,
    status_html,
    view_picture_html,
)
from bibi.render.worked import (
    example_html,
    example_text,
    examples_html,
    summary_html,
    summary_text,
)

__all__ = [
    # markup
    "CSS", "HTML", "PLAY_CSS", "page", "play_style_block", "scrolling", "style_block", "wrap",
    # hands
    "call_html", "card_html", "hand_html", "suit_html", "trick_html",
    # sheets
    "event_actions", "events_html", "frame_html", "game_html", "last_trick_reason", "marks_legend_html",
    "points_check", "review_html", "score_bars_html", "score_check_html", "score_frame_html",
    "score_line_detail_html", "score_line_html", "score_line_label",
    "score_lines_html", "score_sheet_html", "scoring_cards_html", "seat_cells", "table_html",
    # reference
    "comparison_html", "lesson_html", "option_citation", "option_explained", "option_meaning", "option_source_html",
    "option_title", "parting_html", "rules_html",
    "sentences_html", "side_html",
    # review (the coach's)
    "SVG", "analysis_html", "analysis_text", "expected_score_svg", "progress_text",
    # views
    "BANNER", "CARD_BUTTON_BORDER", "ROW_RULE", "banner_hider", "banner_markdown", "caption_html",
    "card_button_colours", "field_error_html", "heading_html", "hint_html", "message_html", "picture_output_html",
    "picture_rules", "status_html", "view_picture_html",
    # exercises
    "exercise_html", "feedback_html",
    # worked examples of the differences between two rules
    "example_html", "example_text", "examples_html", "summary_html", "summary_text",
]
