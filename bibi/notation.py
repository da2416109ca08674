"""The text notation of deals and games, what ``chess.pgn`` is to python-chess: a transcript a person reads (the
hands dealt, each trick, the calls, the trump changes, the scores) and a game's text, deal by deal; and the moves a
person types at the command line, read in the language in force.

The records themselves (``Deal.record``, ``Game.record``) are the language-free notation that replays a deal;
this module writes what a reader follows, from the engine's own values: the tricks, the events and their text,
the outcome. Its words come through the catalogs in the language in force (``bibi.i18n``); the cards are shown as
that language writes them (``Card.display``). The engine never imports it; the command line prints with it and
the golden playthroughs (tests/golden) are checked against it, in English.

>>> from bibi.deal import Deal
>>> from bibi.i18n import language
>>> deal = Deal.new("russian", players=4, seed=1)
>>> print(transcript(deal).splitlines()[0])
russian rules, 4 players; seat 3 deals; trump ♠
>>> with language("ru"):
...     print(transcript(deal).splitlines()[0])
правила: русские, 4 игрока; сдаёт игрок 3; козырь ♠
>>> with language("it"):
...     read_action("bip bip C"), read_action("DC"), action_text(read_action("passo"))
(Action('bibi H'), Card('QH'), 'passo')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from bibi.actions import CALLS, PASS, SWITCHES, Action
from bibi.cards import SUIT_SYMBOLS, SUITS, Card, Suit, read_card, sort_key
from bibi.errors import NotationError, shorten, wrong_type
from bibi.i18n import _, ngettext, resolve
from bibi.kinds import ActionKind, EventKind
from bibi.reports import phase_word
from bibi.rules import Rules, rules_name

if TYPE_CHECKING:
    from bibi.deal import Deal
    from bibi.game import Game

# What a transcript tells between the tricks; the draws too when asked.
_TOLD = (EventKind.CALL, EventKind.TRUMP_CHANGE, EventKind.TURN_UP)


def cards_text(cards: Iterable[Card]) -> str:
    """Cards by suit and rank as the language in force writes them (``K♠ Q♥``, ``К♠ Д♥``); ``—`` for none."""
    return " ".join(c.display() for c in sorted(cards, key=sort_key)) or "—"


def seat_name(seat: int) -> str:
    """A seat as a transcript names it: ``seat 2``, ``игрок 2``, ``giocatore 2``."""
    return _("seat {seat}").format(seat=seat)


def transcript(deal: Deal, draws: bool = False) -> str:
    """A deal trick by trick: the hands dealt, each trick, the calls and trump changes, the scores."""
    head = _("{rules} rules, {players}; seat {dealer} deals; trump {suit}").format(
        rules=rules_name(deal.rules), players=ngettext("{n} player", "{n} players", deal.players).format(
            n=deal.players), dealer=deal.dealer, suit=deal.first_trump.symbol)
    lines = [head, *(f"  {seat_name(seat)}: {cards_text(hand)}" for seat, hand in enumerate(deal.dealt_hands()))]
    tricks = deal.tricks
    pending: list[str] = []  # what happened since the last trick line
    done = started = 0
    for event in deal.events:
        if event.kind is EventKind.PLAY and not started:  # a trick starts: what happened before it comes first
            lines += pending
            pending, started = [], 1
        elif event.kind is EventKind.TRICK:
            lines.append(str(tricks[done]))
            lines += pending
            pending, done, started = [], done + 1, 0
        elif event.kind in _TOLD or (draws and event.kind is EventKind.DRAW):
            pending.append("    " + event.told(deal.rules))
    lines += pending
    lines.append(score_line(deal))
    return "\n".join(lines)


def score_line(deal: Deal) -> str:
    """The scores (card points + Bi-bi points), and the winner(s) once the deal is over."""
    parts = []
    for seat, (cards, bonus) in enumerate(zip(deal.card_points, deal.bonus_points, strict=True)):
        if bonus:
            parts.append(_("seat {seat} {score} ({cards} + Bi-bi {bonus})").format(
                seat=seat, score=cards + bonus, cards=cards, bonus=bonus))
        else:
            parts.append(_("seat {seat} {score}").format(seat=seat, score=cards))
    text = _("scores: {scores}").format(scores=", ".join(parts))
    if not deal.is_over:
        return text + "\n" + _("deal in progress: seat {seat} to act ({phase})").format(seat=deal.to_act,
                                                                                      phase=phase_word(deal.phase))
    return text + "\n" + str(deal.outcome())


def game_text(game: Game, deals: bool = False) -> str:
    """Each deal's dealer and trump, each deal's transcript if ``deals``, and the score sheet."""
    lines = []
    for i, deal in enumerate(game.deals):
        lines.append(_("deal {number}: seat {dealer} deals; trump {suit} from {source}").format(
            number=i + 1, dealer=deal.dealer, suit=deal.first_trump.symbol, source=game.trump_source(i)))
        if deals:
            lines += ["  " + line for line in transcript(deal).splitlines()]
    lines.append(str(game))
    return "\n".join(lines)


# -- moves as a person types and reads them ----------------------------------------------------------------


def action_text(action: Card | Action, lang: str | None = None, rules: Rules | None = None) -> str:
    """A move as the language in force (or ``lang``) shows it: ``Д♥`` (a card, ``Card.display``), ``Би-би ♥``,
    ``пас``, ``козырь ♥`` (``Action.display``); with ``rules``, a call in the word of those rules
    (``Action.display``'s ``rules``): the surfaces that have the rules in force show every move through this."""
    if not isinstance(action, (Card, Action)):
        raise wrong_type("action", action, "a card or an Action")
    return action.display(lang, rules)


def _words(text: str) -> list[str]:
    return text.strip().lower().replace("-", " ").replace("«", " ").replace("»", " ").split()


def _keywords(lang: str) -> dict[ActionKind, list[list[str]]]:
    """The words that start a call, a pass and a trump switch: the notation's and the language's own (the
    words of ``Action.display``)."""
    def own(action: Action) -> list[str]:
        return _words(action.display(lang).replace(SUIT_SYMBOLS[0], ""))

    return {
        ActionKind.CALL: [["bibi"], ["call"], ["bi", "bi"], ["bip", "bip"], ["би", "би"], ["pip", "pip"],
                          own(CALLS[0])],
        ActionKind.SWITCH: [["trump"], ["switch"], own(SWITCHES[0])],
        ActionKind.PASS: [["pass"], own(PASS)],
    }


def read_suit(text: str, lang: str | None = None) -> Suit:
    """A suit as a person types it in the language in force (or ``lang``): a symbol, the language's letter or
    name (``Ч``, ``черви``; ``C``, ``cuori``), and in English and Russian the notation's letter (``H``).
    ``NotationError`` in the person's language otherwise."""
    code = resolve(lang)
    word = text.strip()
    for suit, symbol in zip(SUITS, SUIT_SYMBOLS, strict=True):
        names = {suit.letter(code).lower(), suit.spoken(code).lower(), symbol}
        if word.lower() in names:
            return suit
    if code != "it":  # Italian letters are the notation's with other meanings: Italian reads its own alone
        try:
            return Suit.parse(word)
        except ValueError:
            pass
    letters = " ".join(s.letter(code) for s in SUITS)
    # TRANSLATORS: {text} is what the person typed: put it in the language's quotes («…» in Russian)
    raise NotationError(_("cannot read “{text}” as a suit: type one of {letters} or {symbols}", code).format(
        text=typed(text), letters=letters, symbols=" ".join(SUIT_SYMBOLS)))


def typed(text: str) -> str:
    """What a person typed, for a message that puts the language's own quotes around it (“xx”, «xx»): cut and
    escaped as ``shorten`` does, without its quotes.

    >>> typed("xx"), typed("a\\tb"), typed("x" * 100)[-3:]
    ('xx', 'a\\\\tb', 'xx…')
    """
    said = shorten(text)
    return said[1:-1] if len(said) > 1 and said[-1] == said[0] else said[1:]


def read_action(text: str, lang: str | None = None) -> Card | Action:
    """A move as a person types it in the language in force (or ``lang``): a card in the language's letters
    (``ДЧ``, ``Д♥``; ``DC``), the call with a suit (``би-би Ч``, ``bip bip C``, ``bibi H``), ``пас``,
    ``passo``, ``pass``, a trump switch (``козырь Ч``, ``briscola C``, ``trump H``). What cannot be read raises
    ``NotationError`` saying, in the person's language, how a move is typed. English reads the notation
    (``Action.parse``).

    >>> read_action("би-би ч", "ru"), read_action("пас", "ru"), read_action("козырь ♠", "ru")
    (Action('bibi H'), Action('pass'), Action('trump S'))
    >>> read_action("10П", "ru"), read_action("briscola F", "it"), read_action("trump H", "en")
    (Card('TS'), Action('trump C'), Action('trump H'))
    """
    if not isinstance(text, str):
        raise wrong_type("text", text, "a typed move")
    code = resolve(lang)
    words = _words(text)
    if code == "en":  # English is the notation itself; what it cannot read is refused as below, to a person
        try:
            return Action.parse(text)
        except NotationError:
            words = []
    if words and len(text) <= 40:
        for kind, starts in _keywords(code).items():
            for start in starts:
                if start and words[: len(start)] == start:
                    rest = words[len(start):]
                    if kind is ActionKind.PASS and not rest:
                        return PASS
                    if kind is not ActionKind.PASS and len(rest) == 1:
                        suit = read_suit(rest[0], code)
                        return (CALLS if kind is ActionKind.CALL else SWITCHES)[suit.index]
        if len(words) == 1:
            try:
                return read_card(words[0], code)
            except ValueError:
                pass
    hearts = Suit("H")
    king = Card("KH").display(code)
    # TRANSLATORS: {text} is what the person typed: put it in the language's quotes («…» in Russian)
    raise NotationError(_("cannot read “{text}”: type a card ({card}), a call ({call}) or {pass_word}", code).format(
        text=typed(text), card=f"{king}, {king[:-1]}{hearts.letter(code)}",
        call=action_text(CALLS[hearts.index], code).replace(hearts.symbol, hearts.letter(code)),
        pass_word=action_text(PASS, code)))


__all__ = ["action_text", "cards_text", "game_text", "read_action", "read_suit", "score_line", "typed",
           "seat_name", "transcript"]
