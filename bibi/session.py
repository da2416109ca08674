"""A person at a table: one seat played by a person, the others by bots, for one deal or a game of deals.

``Session`` is what ``bibi play`` (``bibi.cli.Terminal``) and the play table (``bibi.widgets.PlayTable``) both drive;
they turn typing and clicks into its calls and show what it answers, nothing more. It plays through the play
layer's one loop (``bibi.play.play``, stopping at the person's decisions) and keeps what a person at a table
asks for:

- **undo**: back to the person's previous decision, the deal replayed from its record up to it and the bots'
  stream restored, so the bots answer as they did (``bibi.play.Decisions``);
- **hint**: the strongest bot's suggestion, first in plain words a beginner reads (``advice``: the card and what
  it does in this position, from the engine's facts of the trick and the hand), then the bot's own reasons and
  figures (``Hint.details``). The bot draws from a stream seeded by the session's seed and the position as the
  seat sees it (``hint_rng``), so the same position gets the same hint on every surface, however it was reached;
- **why**: why another seat's bot made its last move the person saw: what the table saw of it while the deal
  is on, the bot's own reasons once it is over (``bibi.play.why_move``), and the **review** of every bot move;
- **next deal** and the end of the game (``Outcome``: who won, the person's place).

>>> from bibi.deal import Deal
>>> s = Session(Deal.new("ru", 3, seed=4), seat=0, bots="heuristic", seed=4, hint_bot="heuristic")
>>> s.advance().to_act, s.my_turn
(0, True)
>>> hint = s.hint()
>>> hint.words.startswith(("play ", "lead ")), hint.action in s.deal.legal_actions()
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, cast

from bibi.cards import Card, Rank, Suit
from bibi.deal import Action, Deal, View
from bibi.errors import Seed, check_seed, check_type, shorten, whole, wrong_type
from bibi.game import Game
from bibi.i18n import _, get_language, ngettext, pgettext
from bibi.outcome import Outcome
from bibi.play import (
    Bot,
    Bots,
    Decisions,
    Explanation,
    Reviewed,
    as_bots,
    bot_name,
    bots_rng,
    call_said,
    explain,
    get_bot,
    last_seen,
    play,
    review,
    strongest_bot,
    trick_number,
    why_move,
)
from bibi.render.text import call_hope
from bibi.rules import BibiSuits, Follow, Identical, TrumpChange
from bibi.sampling import unseen
from bibi.tricks import beaten_count, free_partner, pair_callable, trick_result, winning_plays


class Hint(NamedTuple):
    """A hint: the action, the plain words that lead with it (``advice``), the bot's own reasons with its
    figures (``Explanation.in_words``: a click away on the surfaces), the bot's name and its ``Explanation``."""

    action: Card | Action
    words: str
    details: str
    bot: str
    explanation: Explanation


class Told(NamedTuple):
    """Why a bot made a move: where (its position as the person's seat counts the moves it saw made,
    ``bibi.play.last_seen_move``), whose seat, in which trick (1-based), which bot, and the words
    (``bibi.play.why_move``: public while the deal is on, the bot's own once it is over)."""

    position: int
    seat: int
    trick: int
    bot: str
    words: str


Watch = Callable[[Deal], object]  # called before each decision the bots' loop comes to (a view draws the table)


class Session:
    """One person at ``seat`` of ``played`` (a ``Deal`` or a ``Game``, played on as given), the bots at the others.

    ``bots`` as ``bibi.play.as_bots`` takes them: a name or bot for every seat, one per seat or one for each of the
    other seats, or a mapping ``{seat: bot}`` in which a seat left out is played by the ``random`` bot (a person's
    table: every seat but the person's has a bot; ``seat_bots``). The person's seat is ``None`` whatever is given for
    it. ``rng`` is the bots' stream: by default the game's own (``Game.bots_rng()``), or ``bots_rng(seed)`` for a
    deal. ``seed`` names the session for its hints (default: the game's seed); ``hint_bot`` gives them (default:
    ``strongest_bot()``).

    Made, the session waits: ``advance()`` lets the bots play up to the person's first decision. ``play(action)``
    makes the person's move and lets the bots play up to the next one.
    """

    def __init__(self, played: Deal | Game, seat: int, bots: Bots, rng: random.Random | None = None, *,
                 seed: Seed = None, hint_bot: Bot | str | None = None):
        if not isinstance(played, Deal | Game):
            raise wrong_type("played", played, "a Deal or a Game", typed=False)
        self.game = played if isinstance(played, Game) else None
        self._deal = played if isinstance(played, Deal) else played.deal
        self.players = self._deal.players
        self.seat = whole("seat", seat, 0, self.players - 1)
        self.bots: list[Bot | None] = self.seat_bots(bots, self.players, self.seat)
        if self.game is not None and seed is None:
            seed = self.game.seed
        self.seed = check_seed("seed", seed)
        if rng is None:
            rng = self.game.bots_rng() if self.game is not None else bots_rng(seed)
        check_type("rng", rng, random.Random, "a random.Random")
        self.rng = rng
        self.hint_bot: Bot = get_bot(hint_bot if hint_bot is not None else strongest_bot())
        self.decisions = Decisions()  # the undo stack of this deal
        self._before: dict[int, Any] = {}  # the bots' stream before each bot move of this deal, by position
        # the last hint, by position, bot and language: asked again there, it is kept (its words are in a language)
        self._hinted: tuple[str, Bot, str, Hint] | None = None

    @staticmethod
    def seat_bots(bots: Bots, players: int, seat: int) -> list[Bot | None]:
        """The bots of a person's table (``bibi.play.as_bots``): every seat but the person's ``seat`` has one, and
        a seat a mapping leaves out is played by the ``random`` bot. ``bibi play`` and the play table seat theirs
        here."""
        seats = as_bots(bots, players, unlisted="random", person=seat)
        empty = [s for s, bot in enumerate(seats) if bot is None and s != seat]
        if empty:
            raise ValueError(f"bots: seat {empty[0]} has no bot; at a person's table every other seat needs one")
        return seats

    # -- where the session stands --------------------------------------------------------------------

    @property
    def deal(self) -> Deal:
        """The deal being played (the game's current deal)."""
        return self.game.deal if self.game is not None else self._deal

    @property
    def deals(self) -> tuple[Deal, ...]:
        """The deals of the session so far: the game's, or the one deal."""
        return self.game.deals if self.game is not None else (self._deal,)

    @property
    def my_turn(self) -> bool:
        """Whether the person is to decide now."""
        deal = self.deal
        return not deal.is_over and deal.to_act == self.seat

    @property
    def trick(self) -> int:
        """The trick in play now (1-based; the last one once the deal is over)."""
        return trick_number(self.deal)

    @property
    def is_over(self) -> bool:
        """The deal is over, and with it the game (or the one deal) the session plays."""
        return self.deal.is_over and (self.game is None or self.game.is_over)

    def outcome(self) -> Outcome:
        """Who won or leads: the game's outcome on the totals, or the one deal's."""
        return self.game.outcome() if self.game is not None else self.deal.outcome()

    @property
    def totals(self) -> tuple[int, ...]:
        """The running totals per seat: the game's, or the one deal's scores."""
        return self.game.totals if self.game is not None else self.deal.scores

    # -- moves -------------------------------------------------------------------------------------------

    def advance(self, watch: Watch | None = None) -> Deal:
        """Let the bots play up to the person's next decision (or the end of the deal), through the play layer's
        loop; ``watch(deal)`` is called before each decision it comes to. Notes the bots' stream before each of
        their moves (for ``why``) and the person's decision (for ``undo``). Returns the deal."""
        deal = self.deal
        before, rng = self._before, self.rng

        def keep_stream(now: Deal) -> bool:  # before each decision: never stops the loop
            if watch is not None:
                watch(now)
            before[len(now.actions)] = rng.getstate()
            return False

        play(deal, self.bots, rng, until=keep_stream)
        if not deal.is_over:
            self.decisions.push(deal, rng)
        return deal

    def move(self, action: Card | Action | str) -> Deal:
        """Make the person's move alone; the bots wait for ``advance`` (a view that shows the move first). A move
        the rules do not allow raises ``IllegalAction`` with the engine's reason, and nothing moves."""
        return self.deal.apply(action, self.seat)

    def play(self, action: Card | Action | str, watch: Watch | None = None) -> Deal:
        """Make the person's move (``move``), then let the bots play up to the next decision (``advance``)."""
        self.move(action)
        return self.advance(watch)

    def undo(self, forced: bool = True) -> Deal | None:
        """Back to the person's previous decision: the deal replayed from its record up to it, the bots' stream as
        it was then. ``forced=False`` goes past decisions that had a single legal action (a surface that plays
        those for the person). Returns the deal there, or ``None`` (and nothing changes) when there is nothing to
        take back in this deal."""
        deal = self.deal
        again = self.decisions.take_back(deal, self.rng, self.game)
        while again is not None and not forced and len(again.legal_actions()) == 1:
            state = self.rng.getstate()
            earlier = self.decisions.take_back(again, self.rng, self.game)
            if earlier is None:  # the first decision had one choice: stay after it
                self.rng.setstate(state)
                break
            again = earlier
        if again is None:
            return None
        if self.game is None:
            self._deal = again
        position = len(again.actions)
        self._before = {k: v for k, v in self._before.items() if k < position}
        return again

    def back_to(self, position: Any) -> Deal:
        """Back to the person's decision at ``position`` of this deal (the index of the action made there), by
        ``undo``: to try another action from there once a review has shown what it cost (``bibi.coach``). The deal is
        replayed from its record up to it and the bots' stream is as it was then, so the bots answer as they did
        until the play differs. ``ValueError``, and nothing changes, when ``position`` is not a decision of the
        person's in this deal up to now."""
        position = whole("position", position, 0, len(self.deal.actions))
        if position not in self.decisions:
            raise ValueError(f"position: {position} is not a decision of seat {self.seat} in this deal")
        while len(self.deal.actions) > position:
            self.undo()
        return self.deal

    @property
    def can_undo(self) -> bool:
        """Whether ``undo`` has a decision to go back to."""
        n = len(self.decisions)
        return bool(n) and not (n == 1 and self.my_turn)

    def next_deal(self) -> Deal:
        """The game's next deal (R26), once the current one is over; the bots have not moved yet (``advance``).
        Refused (``ValueError``) while the deal is on, after the game's last deal, or for a session of one deal."""
        if self.game is None:
            raise ValueError("next_deal: this session plays one deal")
        deal = self.game.next_deal()
        self.decisions, self._before = Decisions(), {}
        return deal

    # -- what the person may ask -----------------------------------------------------------------------

    def hint_rng(self) -> random.Random:
        """The hint's stream at this position: seeded by the session's seed and the position as the person's seat
        sees it (``View.knowledge``: all the hint's bot is shown, written out in the notation) alone. The same
        position gets the same hint however it was reached, on every surface; and two deals the seat cannot tell
        apart get the same hint, so a hint tells nothing the seat may not see."""
        return random.Random(self._hint_seed())

    def _hint_seed(self) -> str:
        return f"bibi-hint:{self.seed!r}:{self.deal.view(self.seat).knowledge()}"

    def hint(self) -> Hint | None:
        """What the strongest bot would do in the person's seat, in plain words first, then its own reasons;
        ``None`` when it is not the person's decision. Nothing is played, the bots' stream is not touched."""
        if not self.my_turn:
            return None
        key = self._hint_seed()
        lang = get_language()
        if self._hinted is not None and self._hinted[:3] == (key, self.hint_bot, lang):
            return self._hinted[3]  # the same position, bot and language: the same hint, not searched again
        view = self.deal.view(self.seat)
        explanation = explain(self.hint_bot, view, random.Random(key))
        hint = Hint(explanation.action, advice(view, explanation.action), explanation.in_words(view.rules),
                    bot_name(self.hint_bot), explanation)
        self._hinted = (key, self.hint_bot, lang, hint)
        return hint

    def why(self, seat: int | None = None) -> Told | None:
        """Why the bot of ``seat`` (default: of any other seat) made its last move the person saw: in the present
        tense while the deal is on (what the table saw, nothing hidden), its own reasons once it is over, asked of
        the view it had and the bots' stream as it stood then. ``None`` when no such move was seen yet."""
        if seat is not None:
            seat = whole("seat", seat, 0, self.players - 1)
            if self.bots[seat] is None:
                raise ValueError(f"why: seat {shorten(seat)} has no bot at this table")
        deal = self.deal
        found = last_seen(deal, self.seat, seat)
        if found is None:
            return None
        at, move = found  # its index in the deal's actions, and the move as the person's seat saw it
        bot = cast(Bot, self.bots[move.seat])
        rng = None
        if at in self._before:
            rng = random.Random()
            rng.setstate(self._before[at])
        words = why_move(deal, at, bot, rng, viewer=self.seat)
        return Told(move.position, move.seat, move.trick, bot_name(bot), words)

    def review(self) -> list[Reviewed]:
        """Once the deal is over, every bot move with the bot's own reasons (``bibi.play.review``), each asked with
        the bots' stream as it stood before it; ``ValueError`` while the deal is on."""
        return review(self.deal, self.bots, self._before)

    def __repr__(self) -> str:
        what = f"game of {self.game.deals_total} deals" if self.game is not None else "one deal"
        return (f"Session({what}, {self.deal.rules.label} rules, {self.players} players, seat {self.seat}, "
                f"seed {self.seed!r})")


class AtTable:
    """What a front end at a person's table (``bibi play``'s ``bibi.terminal.Terminal``, the play table) reads of
    the ``Session`` it drives, ``session``: the deal, the game, the bots."""

    session: Session

    @property
    def deal(self) -> Deal:
        """The deal being played (the game's current deal)."""
        return self.session.deal

    @property
    def game(self) -> Game | None:
        """The game being played, or ``None`` for one deal."""
        return self.session.game

    @property
    def bots(self) -> list[Bot | None]:
        """The bot of each seat, ``None`` at the person's (the session's)."""
        return self.session.bots

    @bots.setter
    def bots(self, seats: list[Bot | None]) -> None:
        self.session.bots = seats


# -- hints in plain words ------------------------------------------------------------------------------------


def advice(view: View, action: Card | Action) -> str:
    """``action`` as a hint to a beginner in ``view``'s seat: the action first, then what it does here in plain
    words, from the engine's facts of the position (who wins the trick, which unseen cards beat a card, which
    pairs may still be made), never from a bot's figures. In the language in force, speaking to the person.

    The steps: a forced card is said to be the only choice; otherwise the rule that binds the seat to some of its
    cards (``_bound_by_rule``), what the card does to the trick (``_follow_clauses``) or as a lead
    (``_lead_clauses``), and what it keeps in hand (``_kept_clause``), joined into one sentence (``_hint``).

    >>> deal = Deal.new("russian", 4, seed=1)
    >>> view = deal.view(deal.to_act)
    >>> advice(view, view.legal_actions[0]).startswith(f"lead {view.legal_actions[0].unicode}: ")
    True
    """
    check_type("view", view, View, "a View")
    if action not in view.legal_actions:
        raise ValueError(f"action: {shorten(action)} is not a legal action in this view")
    if not isinstance(action, Card):
        return _other_advice(view, action)
    trick = view.trick if len(view.trick) < view.players else ()  # a complete trick is no longer to be played to
    if len(view.legal_actions) == 1:
        only = _("play {card}: it is your only choice") if trick else _("lead {card}: it is your only choice")
        return only.format(card=action.display())
    position = _Position.of(view)
    clauses = _follow_clauses(view, trick, action, position) if trick else _lead_clauses(action, position)
    clauses += _kept_clause(view, action, position)
    return _hint(action, bool(trick), _bound_by_rule(view, trick, position.trump), clauses)


class _Position(NamedTuple):
    """What a hint reads of the seat's position, once: the points of each card (by card index), the trump, whether
    the later of two identical cards wins (R14), and how many copies of each card (by card index) the seat has not
    seen (``bibi.sampling.unseen``)."""

    points: tuple[int, ...]
    trump: Suit
    second_wins: bool
    hidden: list[int]

    @classmethod
    def of(cls, view: View) -> _Position:
        rules = view.rules
        return cls(rules.card_points.per_card(), view.trump, rules.identical is Identical.SECOND_WINS, unseen(view))

    def beaten_by(self, card: Card) -> int:
        """How many cards the seat has not seen would beat ``card`` played after it (the engine's
        ``beaten_count``)."""
        return beaten_count(card, self.trump.index, self.second_wins, self.hidden)


def _bound_by_rule(view: View, trick: Sequence[tuple[int, Card]], trump: Suit) -> str:
    """The rule that keeps some of the hand from being played to ``trick`` now, in brackets with a space before it;
    empty when leading, or when any card of the hand may be played."""
    suits = {a.suit for a in view.legal_actions if isinstance(a, Card)}
    if not trick or suits == {c.suit for c in view.hand}:
        return ""
    led = trick[0][1].suit
    if view.rules.follow is Follow.MUST_FOLLOW:
        return " " + _("(you must follow {sym}, R13)").format(sym=led.symbol)
    if suits == {trump} and led != trump:
        return " " + _("(with no {sym} you must play a trump, I7)").format(sym=led.symbol)
    return " " + _("(you must play {sym} or a trump, I7)").format(sym=led.symbol)


def _follow_clauses(view: View, trick: Sequence[tuple[int, Card]], card: Card, position: _Position) -> list[str]:
    """What playing ``card`` to ``trick`` does: whether it takes the trick (and its points), may still be beaten,
    is the cheapest winner, or lets the trick go and gives points away."""
    points, trump = position.points, position.trump.index
    cards = sorted(a for a in view.legal_actions if isinstance(a, Card))
    best_at, on_table = trick_result(trick, trump, position.second_wins, points)
    winners = winning_plays(trick, cards, trump, position.second_wins, trick[best_at][1])
    said: list[str] = []
    if card in winners:
        if len(trick) == view.players - 1:
            total = on_table + points[card]
            said.append(ngettext("it takes the trick and its {n} point", "it takes the trick and its {n} points",
                                 total).format(n=total) if total else _("it takes a trick without points"))
        elif position.beaten_by(card):
            said.append(_("it wins the trick so far, but a later player may still beat it"))
        else:
            said.append(_("it wins the trick: no card left can beat it"))
        if len(set(winners)) > 1 and points[card] == min(points[c] for c in winners):
            said.append(_("it is your cheapest card that wins it"))
    elif not winners:
        said.append(_("it cannot win this trick"))
    elif on_table:
        said.append(ngettext("it lets a trick of {n} point go", "it lets a trick of {n} points go",
                             on_table).format(n=on_table))
    else:
        said.append(_("it lets a trick without points go"))
    if card not in winners and points[card]:
        said.append(ngettext("it gives away {n} point", "it gives away {n} points", points[card]).format(
            n=points[card]))
    return said


def _lead_clauses(card: Card, position: _Position) -> list[str]:
    """What leading ``card`` does: whether any card left can beat it, and so what its points risk."""
    n = position.points[card]
    if not position.beaten_by(card):
        return [ngettext("no card left can beat it, so it wins the trick and keeps its {n} point",
                         "no card left can beat it, so it wins the trick and keeps its {n} points",
                         n).format(n=n) if n else _("no card left can beat it, so it wins the trick")]
    return [ngettext("it risks its {n} point", "it risks its {n} points", n).format(n=n) if n
            else _("it is worth no points")]


def _kept_clause(view: View, card: Card, position: _Position) -> list[str]:
    """``it keeps …``: what playing ``card`` keeps in hand (``_kept``), as a clause; none when it keeps nothing
    worth saying."""
    kept = _kept(view, card, position)
    if not kept:
        return []
    words = [text for _hope, text in kept]
    if len(kept) == 1:
        kept_words = words[0]
    elif kept[0][0]:  # two Bi-bi hopes: the first ends on its reason, so they are joined as clauses are
        kept_words = pgettext("clauses", "{first}, and {last}").format(first=words[0], last=words[1])
    else:
        # TRANSLATORS: {kept} is one or two things kept in hand ("your trumps and your A♠")
        kept_words = pgettext("list", "{first} and {last}").format(first=words[0], last=words[1])
    return [_("it keeps {kept}").format(kept=kept_words)]


def _hint(card: Card, following: bool, bound: str, said: list[str]) -> str:
    """The hint's one sentence: playing (``following``) or leading ``card``, the rule that binds (``bound``), and
    the clauses ``said``, the last two joined with "and"."""
    # TRANSLATORS: the last two of the clauses of a hint ("it cannot win this trick, and it gives away 10 points")
    text = said[0] if len(said) == 1 else pgettext("clauses", "{first}, and {last}").format(
        first=", ".join(said[:-1]), last=said[-1])
    if following:
        # TRANSLATORS: {bound} is empty or a rule in brackets, with a space before it
        return _("play {card}{bound}: {text}").format(card=card.display(), bound=bound, text=text)
    return _("lead {card}{bound}: {text}").format(card=card.display(), bound=bound, text=text)


def _kept(view: View, card: Card, position: _Position) -> list[tuple[bool, str]]:
    """What playing ``card`` keeps in hand, worth more than it (at most two, the best of them): the trumps, a
    king or queen that may still make a Bi-bi (R15, R22), a card rich in points; each with whether it is a Bi-bi
    hope, said last (its words end on their reason, ``call_hope``)."""
    points, trump = position.points, position.trump
    card_is_trump = card.suit == trump
    worth_of_card = points[card] + (10 if card_is_trump else 0)
    rest = [c for c in dict.fromkeys(view.hand) if c != card]
    trumps = [c for c in rest if c.suit == trump]
    out: list[tuple[float, bool, str]] = []  # worth, a Bi-bi hope, words
    if trumps and not card_is_trump:
        out.append((15.0, False, _("your trump {card}").format(card=trumps[0].display()) if len(trumps) == 1
                    else _("your trumps")))
    laid = view.laid_down[view.seat]
    pairing = view.drawing and view.stock_size > 0
    any_suit = view.rules.bibi_suits is BibiSuits.ANY
    for c in rest:
        if c.suit == trump and not card_is_trump:
            continue  # told as "your trumps"
        partner = free_partner(c, view.hand, laid) if pairing else None
        if partner is not None and pair_callable(c.suit.index, trump.index, any_suit) and position.hidden[partner]:
            # TRANSLATORS: {hope} is a king or queen and the hope of a Bi-bi it is kept for ("K♦ hoping for a Bi-bi,
            # with both Q♦ still out"), the words the bots' reasons use too
            out.append((12.0 + points[c], True, _("your {hope}").format(
                hope=call_hope(c, partner, position.hidden[partner], view.rules))))
        elif points[c] >= 10 and points[c] > worth_of_card:
            out.append((float(points[c]), False, _("your {card}").format(card=c.display())))
    out.sort(key=lambda item: -item[0])
    best = sorted(out[:2], key=lambda item: item[1])  # a Bi-bi hope ends on its reason: said last
    return [(hope, text) for _worth, hope, text in best]


def _other_advice(view: View, action: Action) -> str:
    """A call, a pass or a switch of the trump, in plain words."""
    rules = view.rules
    suit = action.suit
    word = call_said(rules)
    if action.kind == Action.CALL and suit is not None:
        n = rules.bibi_points
        # TRANSLATORS: {call} is what the caller says under the rules in force (Bi-bi!, «Би-би», «bip bip»)
        said = ngettext("say {call} with {king} {queen}: {n} point at once",
                        "say {call} with {king} {queen}: {n} points at once", n).format(
            call=word, king=Card(Rank.KING, suit).display(), queen=Card(Rank.QUEEN, suit).display(), n=n)
        sym = suit.symbol
        if suit != view.trump:
            if rules.trump_change is TrumpChange.NEXT_TRICK:
                said += ", " + _("and {sym} becomes trump from the next trick (R16)").format(sym=sym)
            elif rules.trump_change is TrumpChange.HOLDER_CHOOSES:
                said += ", " + _("and you may make {sym} trump when you lead (I12, I14)").format(sym=sym)
            else:
                said += ", " + _("and {sym} becomes the next deal's trump (R16)").format(sym=sym)
        return said
    if action.kind == Action.SWITCH and suit is not None:
        mine = sum(1 for c in view.hand if c.suit == suit)
        now = sum(1 for c in view.hand if c.suit == view.trump)
        return _("switch the trump to {sym}: you hold {mine} {sym} and {now} {trump} (I12, I14)").format(
            sym=suit.symbol, mine=mine, now=now, trump=view.trump.symbol)
    return _("pass: do not say {call} now").format(call=word)


__all__ = ["AtTable", "Hint", "Session", "Told", "advice"]
