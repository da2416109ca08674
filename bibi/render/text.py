"""Plain text for people, beside the HTML of the other ``bibi.render`` modules: a deal as ``str(deal)`` shows it.

Every word is in the language in force (``bibi.i18n``), the cards as it writes them; the functions read the engine's
public surface only and, like the rest of ``bibi.render``, give the same text for the same input.

>>> from bibi.deal import Deal
>>> print(deal_text(Deal.new("russian", players=3, seed=2)).splitlines()[0])
russian rules, 3 players, dealer seat 1; trump ♠; stock 83; trick 1 of 34
"""

from __future__ import annotations

from typing import Any

from bibi.i18n import _, count
from bibi.rules import rules_name


def deal_text(deal: Any) -> str:
    """``deal`` (a ``bibi.Deal``) as text: the rules, the dealer, the trump, each hand (laid-down cards starred)
    with its score, and the legal actions in the notation one types (``str(deal)``)."""
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
        lines.append(_("legal: {actions}").format(actions=" ".join(str(a) for a in deal.legal_actions())))
    return "\n".join(lines)


__all__ = ["deal_text"]
