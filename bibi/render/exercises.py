"""Practice exercises (``bibi.practice``) as HTML: a question with its position, and the feedback on an answer."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bibi.i18n import N_, _, capitalized
from bibi.render.hands import card_html, hand_html, suit_html, trick_html
from bibi.render.markup import _e, _styled
from bibi.render.reference import sentences_html

# Words shown inside markup: marked for the catalogs here, translated where they are used.
_W_TRUMP = N_("trump")
_W_THE_CARD = N_("the card")


@_styled
def exercise_html(exercise: Any, deal: Any, trick: int | None = None) -> str:
    """An exercise (a ``bibi.practice.Exercise``) at its position ``deal``, without the answer: its title and
    question, then what it asks about. ``winner`` and ``points``: the finished trick number ``trick`` (0 for the
    first), its winner not marked; ``may_play``, ``can_call`` and ``bibi``: the trump, the trick so far and the
    seat's hand (and the card asked about); ``trump``: the last trick with its winner and points."""
    parts = [f'<div class="bibi-status">{_e(exercise.title)}</div><div>{_e(exercise.question)}</div>']
    kind, seat = exercise.kind, exercise.seat
    if kind in ("winner", "points") and trick is not None:
        t = deal.tricks[trick]
        parts.append(trick_html(t.plays, trump=t.trump, title=_("Trick {number}").format(number=t.number + 1),
                                style=False))
    elif kind in ("may_play", "can_call", "bibi"):
        complete = len(deal.trick) == deal.players
        number = len(deal.tricks) + 1 - complete
        parts.append(f'<div><span class="bibi-label">{_e(_(_W_TRUMP))}</span>{suit_html(deal.trump)}</div>')
        if deal.trick:
            title = (_("Trick {number}") if complete else _("Trick {number} so far")).format(number=number)
            parts.append(trick_html(deal.trick, title=title, done=False, style=False))
        hand = _("seat {seat}'s hand").format(seat=seat)
        parts.append(f'<div><span class="bibi-label">{_e(hand)}</span>'
                     + hand_html(deal.hand(seat), laid=deal.laid_down(seat), label=hand, style=False)
                     + "</div>")
        if kind == "may_play":
            parts.append(f'<div><span class="bibi-label">{_e(_(_W_THE_CARD))}</span>'
                         f"{card_html(exercise.card, style=False)}</div>")
    elif kind == "trump" and deal.tricks:
        t = deal.tricks[-1]
        parts.append(trick_html(t.plays, trump=t.trump, winner=t.winner, points=t.points,
                                title=_("Trick {number}").format(number=t.number + 1), style=False))
    return f'<div class="bibi-exercise">{"".join(parts)}</div>'


@_styled
def feedback_html(feedback: Any, sentences: Iterable[Any]) -> str:
    """The feedback on an answer (a ``bibi.practice.Feedback``): a green or red verdict, the engine's reason, and
    the sentences it cites (``sentences``: ``bibi.texts.cite`` of its ids), folded."""
    answer, given = _e(feedback.shown(feedback.answer)), _e(feedback.shown(feedback.given))
    if feedback.right:
        verdict = "✓ " + _("Right: {answer}.").format(answer=answer)
    else:
        verdict = "✗ " + _("Not quite: you said {given}; the answer is <b>{answer}</b>.").format(given=given,
                                                                                          answer=answer)
    reason = _e(capitalized(feedback.reason))
    words = sentences_html(sentences, style=False)
    mark = "bibi-right" if feedback.right else "bibi-wrong"
    summary = _("The sentences: {ids}").format(ids=", ".join(feedback.sentences))
    return (f'<div class="bibi-feedback {mark}"><div class="bibi-verdict">{verdict}</div><div>{reason}.</div>'
            f"<details><summary>{_e(summary)}</summary>{words}</details></div>")
