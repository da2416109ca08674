"""``PlayTable``: one seat against bots, a whole game or one deal, with hint, undo and the bots' reasons."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from bibi import render
from bibi.cards import Card, Suit
from bibi.coach import WORLDS, Analysis, Decision, analyse, compare
from bibi.deal import Action, Deal
from bibi.errors import check_type, number, shorten, whole
from bibi.game import Game
from bibi.i18n import N_, _, capitalized, decimal, ngettext
from bibi.kinds import EventKind
from bibi.levels import LEVELS, find_level, level_of, told
from bibi.notation import action_text
from bibi.play import Bot, bot_name, bot_title, bots_rng, call_told, get_bot, strongest_bot
from bibi.practice import PairSetup, pair_deal, pair_missed, pair_note, pairs_passed
from bibi.render.review import move_text
from bibi.rules import Rules, call_said
from bibi.session import Session
from bibi.widgets.base import (
    _ActionRow,
    _button,
    _html,
    _logged,
    _message,
    _other_choices,
    _rules_and_players,
    _wrap,
    speaking,
)
from bibi.widgets.finish import _Finish, named_file, write_whole

KEPT_FORMAT = "bibi-table/1"


def _kept_path(setup: Mapping[str, Any]) -> Path:
    """Where a table of this set-up keeps its game: a file beside the notebook (the kernel's working folder; in the
    JupyterLite site that folder lives in the browser's own storage), named by the set-up, not the seed."""
    return named_file("bibi-game", setup)


def _card_label(card: Card, laid: bool) -> str:
    """A card button's description, its accessible name too: ``"K♥ king of hearts"`` (``"К♥ король червей"``)."""
    name = _("{card} (laid down)").format(card=card.spoken()) if laid else card.spoken()
    return f"{card.display()} {name}"


class _HandRow(widgets.HBox):
    """The person's hand as one row of buttons, one per card: the button IS the card (its description is the card
    and its name in words, so a keyboard or a screen reader can play). Every card is clickable: a click on an
    illegal one is answered with the engine's reason, in the view's message line."""

    def __init__(self, on_pick: Callable[[Card], None]):
        super().__init__(layout=widgets.Layout(flex_flow="row wrap", min_height="0"))
        self._on_pick = on_pick
        self._pool: list[widgets.Button] = []
        self._cards: list[Card] = []

    @property
    def buttons(self) -> tuple[widgets.Button, ...]:
        """The card buttons shown now, in the hand's order."""
        return self.children

    def show(self, deal: Deal, seat: int, *, active: bool) -> None:
        """One button per card of ``seat``'s hand; the illegal ones look faded (and stay clickable)."""
        hand = deal.hand(seat)
        while len(self._pool) < len(hand):
            i = len(self._pool)
            button = widgets.Button(layout=widgets.Layout(width="66px", height="72px", padding="2px 2px",
                                                          border=render.CARD_BUTTON_BORDER, margin="0 4px 4px 0"))
            button.add_class("bibi-card-button")
            button.add_class("bibi-hand-button")
            button.on_click(lambda _, i=i: self._on_pick(self._cards[i]))
            self._pool.append(button)
        laid = list(deal.laid_down(seat))
        legal = set(a for a in deal.legal_actions() if isinstance(a, Card)) if active else set()
        self._cards = list(hand)
        for button, card in zip(self._pool, hand, strict=False):
            is_laid = card in laid
            if is_laid:
                laid.remove(card)
            ok = card in legal
            button.description = _card_label(card, is_laid)
            button.tooltip = None
            button.disabled = not active
            button.style.text_color, button.style.button_color = render.card_button_colours(
                legal=ok, red=card.suit.is_red, laid=is_laid, hand=True)
            (button.remove_class if ok or not active else button.add_class)("bibi-illegal")
        self.children = tuple(self._pool[: len(hand)])

    def button_for(self, card: Card | str) -> widgets.Button:
        """The first button shown for ``card`` (``"KS"``)."""
        card = Card(card)
        for button, shown in zip(self.children, self._cards, strict=False):
            if shown == card:
                return button
        raise KeyError(f"no button for {card} now")


class PlayTable(_Finish):  # a person at a table (AtTable), a view with a hand (_ActionView)
    """Play one seat against bots, a whole game of deals (R26) or one deal.

    Your hand is the row of card buttons under the table: click one (or Tab to it and press Enter) to play it;
    a card the rules do not allow now answers with the engine's reason in the message line. A Bi-bi, pass or
    trump button appears when one is legal; a pass while you could call a pair is answered with the rule on calling
    and whether you may call it now (``bibi.practice.pair_missed``, the words ``bibi play`` says). The bots move
    until it is your turn, their cards shown one by one (``delay`` seconds apart once the view is on show; ``None``:
    0.25 s in a front end, none in a test).
    The trick just completed stays on the table beside the new one, with its winner, points and the rule that
    gave it: said on the result when two identical cards decided it, else behind "why?" (``bibi.tricks.trick_note``).
    **Hint** asks the strongest bot (``hint_bot``) what it would do, in plain words, with the bot's own
    reasons and figures a click away (*details*); **Undo** takes your last move back (the deal replayed from its
    record up to your previous decision, the bots' stream restored); **Why seat N?** tells why that bot made its
    last move you saw: while the deal is on, what the table saw of it and what the rules make of it (never its
    hand); once it is over, the bot's own reasons from the view it had, and **Review** lists every bot move of
    the deal with them. **Review your moves** (once the deal is over) weighs each of your decisions from what you
    could see then (``bibi.coach.analyse``, up to ``review_worlds`` worlds a decision, a progress bar while it
    runs): the points each lost, its label, the costly ones in words, your expected score through the deal; and
    **Try again from here** takes you back to the decision picked (the session's undo), where the move you make
    is valued against the one you made, and the deal plays on from there. The table, its messages and its event
    log show only what your seat may know (``Deal.events_for``, ``Deal.to_act_for``): the others' draws face
    down, their passes silent. A call the
    rules make for you (``bibi_call=mandatory``) is announced as yours. ``game=True`` plays ``rounds`` rounds:
    the totals and the score sheet are under the table, and **New deal** deals the game's next deal; ``game=`` a
    ``Game`` under way plays on from its current deal (the bots drawing from its stream, ``Game.bots_rng()``);
    ``deal=`` plays on a copy of a deal (one made with ``log=False``, as ``Deal.resample``'s, replayed from its
    record).

    ``bots`` seats the bots as at any person's table (``Session.seat_bots``): a bot or a name for every seat, one per
    seat (yours ignored) or one for each of the other seats, or a mapping ``{seat: bot}``, in which a seat left out
    is played by the ``random`` bot.

    The play is a ``bibi.session.Session`` (``table.session``), the very one ``bibi play`` drives: the same
    position gets the same hint and the same reasons here and in the terminal.
    """

    css_class = "bibi-play-table"
    live_messages = True  # the bots move between clicks: a screen reader reads the message line out

    def __init__(self, rules: Rules | str = "russian", players: int = 4,
                 bots: Bot | str | Sequence[Bot | str | None] | Mapping[int, Bot | str] = "random",
                 seat: int = 0, seed: int = 1, *, deal: Deal | None = None, game: bool | Game = True,
                 rounds: int = 1, delay: float | None = None, hint_bot: Bot | str | None = None,
                 review_worlds: int = WORLDS, keep: bool = True, lang: str | None = None):
        given = game if isinstance(game, Game) else None
        check_type("keep", keep, bool, "True or False")
        if deal is not None:
            check_type("deal", deal, Deal, "a Deal")
            rules, players, game = deal.rules, deal.players, False
        elif given is not None:
            rules, players, rounds = given.rules, given.players, given.rounds
        rules, players = _rules_and_players(rules, players, seed, None)
        whole("seat", seat, 0, players - 1)
        super().__init__(lang=lang)
        self.reader_seat = seat  # the person's seat: its refusals and its hand are spoken of as "you"
        self.rules = rules
        if delay is not None:
            number("delay", delay, 0, wanted=N_("a number of seconds ≥ 0"))
        self.players = players
        self.seat = seat
        self.review_worlds = whole("review_worlds", review_worlds, 1)
        seats = Session.seat_bots(bots, players, seat)
        hinter = get_bot(hint_bot if hint_bot is not None else strongest_bot())
        self.session: Session
        self.delay = delay
        self.playing_game = game
        self.rounds = rounds
        self._seen = 0  # the person's events (``Deal.events_for``) before the last move: calls after it are news
        self._shown = False  # displayed in a front end (the bots' cards then appear one by one)
        self._deal_end: list[Callable[[Deal], None]] = []
        self._panel: tuple[Any, ...] = ()  # what the hint or reasons box shows: ("hint",), ("why", seat), ("review",)
        self._keep_controls(keep and deal is None and given is None)
        self.seed_box = widgets.IntText(value=seed, layout=widgets.Layout(width="150px"))
        level = level_of(seats)  # the level every other seat plays, if one does: the level choice shows it
        self._level_controls()
        self.deal_button = _button("", "", icon="refresh")
        self.new_button = _button("", "", icon="forward")
        self.hint_button = _button("", "", icon="lightbulb-o")
        self.undo_button = _button("", "", icon="undo")
        self._pair_controls()
        self.board = _html()  # the table as the person's seat sees it
        self.news = _html()
        self.hand_label = _html()
        self.hand_row = _HandRow(self.play)
        self.action_row = _ActionRow(self.play, "bibi-action-button", card_size=False)
        self.hint_box = _html()
        self.why_buttons = {s: _button("", "") for s in range(players) if s != seat}
        self.review_button = _button("", "", icon="list")
        self._review_controls()
        self.events_caption = _html()
        self.reasons = _html()
        self.sheet = _html()
        self.event_log = _html()
        self._on_click(self.deal_button, self.new_game)
        self._on_click(self.new_button, self.next_deal)
        self._on_click(self.hint_button, self.hint)
        self._on_click(self.undo_button, self.undo)
        for s, button in self.why_buttons.items():
            self._on_click(button, lambda s=s: self.why(s))
        self._on_click(self.review_button, self.review)
        wrap = widgets.Layout(flex_flow="row wrap")
        self.children = [
            self.resume_box,
            widgets.HBox([self.seed_box, self.deal_button, self.new_button, self.hint_button, self.undo_button,
                          self.pair_button, self.level_select], layout=wrap), self.level_note, self.news,
            self.board, self.message, self.hand_label, self.hand_row, self.action_row, self.finish_row, self.hint_box,
            widgets.HBox([*self.why_buttons.values(), self.review_button, self.coach_button], layout=wrap),
            self.reasons, self.progress_row, self.coach_box, self.again_row, self.explore_box, self.sheet,
            self.events_caption, self.event_log, self.errors,
        ]
        self._label(level.name if level is not None else "")
        if given is not None:  # a game under way: play on from its current deal
            if given.seed is not None:
                self.seed_box.value = given.seed
            self.session = Session(given, seat, seats, hint_bot=hinter)
            self._begin_deal()
        else:
            self._start(deal, seats, hinter)
        self._offer_kept()

    def _keep_controls(self, keep: bool) -> None:
        """The game kept as it goes, once on show (``_keep``): the person's moves of each deal, with the number of
        actions before each, which with the seed and the bots' stream give back the very position (``resume``);
        the offer to resume a kept game, and its button."""
        self.keep = keep
        self._moves: list[list[tuple[int, str]]] = [[]]
        self.kept_offer = _html()
        self.resume_button = _button("", "", icon="history")
        self.resume_box = widgets.HBox([self.kept_offer, self.resume_button],
                                       layout=widgets.Layout(flex_flow="row wrap", align_items="center",
                                                             display="none"))
        self._on_click(self.resume_button, self.resume)

    def _pair_controls(self) -> None:
        """A deal with a pair to call for you (``deal_pair``): its button, and the pair deal's state."""
        self.pair_button = _button("", "", icon="star")
        self.pair: PairSetup | None = None  # the pair of the deal played, in a pair deal
        self._pairing = False  # pair deals on
        self._missed: tuple[Suit, ...] = ()  # the pairs you could have called when you passed
        self._on_click(self.pair_button, self.deal_pair)

    def _level_controls(self) -> None:
        """The level the other seats play (``bibi.levels``): its choice, and a line saying what it does."""
        self.level_select = widgets.Dropdown(options=[("—", "")], value="", style={"description_width": "initial"},
                                             layout=widgets.Layout(width="280px"))  # room for "giocatore di circolo"
        self.level_note = _html()  # what the chosen level does, in one line
        self._on_value(self.level_select, self._choose_level)

    def _review_controls(self) -> None:
        """The review of your moves: its button, its progress bar, the review, the decisions to try again from."""
        self.analysis: Analysis | None = None  # the review of your moves in the deal just played, once asked
        self._again: Decision | None = None  # the reviewed decision you went back to ("try again from here")
        self._compared: tuple[Decision, Card | Action] | None = None  # the move you tried there, told once
        self.coach_button = _button("", "", icon="graduation-cap")
        # Shown by being put in their rows (a row empty otherwise): a layout's display set back to none-at-all is
        # not applied by every front end (JupyterLite's kept the widget hidden).
        self.coach_progress = widgets.IntProgress(value=0, min=0, max=1)
        self.progress_row = widgets.HBox([])
        self.coach_box = _html()
        self.again_pick = widgets.Dropdown(options=[], layout=widgets.Layout(width="auto"))
        self.again_pick.add_class("bibi-again-pick")
        self.again_button = _button("", "", icon="step-backward")
        self.again_row = widgets.HBox([], layout=widgets.Layout(flex_flow="row wrap"))
        self._on_click(self.coach_button, self.review_mine)
        self._on_click(self.again_button, self.try_again)

    # -- what the view shows ---------------------------------------------------------------------

    @property
    def hint_bot(self) -> Bot:
        """The bot that gives the hints."""
        return self.session.hint_bot

    @property
    def _rng(self) -> random.Random:
        """The bots' stream (the session's)."""
        return self.session.rng

    @property
    def totals(self) -> tuple[int, ...]:
        """The running totals per seat: the game's, or the one deal's scores."""
        return self.session.totals

    def on_deal_end(self, callback: Callable[[Deal], None]) -> None:
        """Call ``callback(deal)`` each time a deal of this table ends (an app shows it in an explorer)."""
        self._deal_end.append(callback)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        self._shown = True  # on show in a front end: the bots' cards now appear one by one
        return super()._repr_mimebundle_(**kwargs)

    @speaking
    def picture_html(self, note: bool = True) -> str:
        """A still picture of the table (the hand face up), for a saved notebook opened without a kernel."""
        body = render.table_html(self.deal, self.seat, names=self._names(), last_trick=True, you=True,
                                 style=False)
        return render.view_picture_html([self.message.value, body, self.sheet.value],
                                        note=_("A picture of the play table: Run All to play.") if note else "")

    def _names(self) -> list[str]:
        return [_("seat {seat} (you)").format(seat=s) if s == self.seat else _("seat {seat}").format(seat=s)
                for s in range(self.players)]

    def _respeak(self) -> None:
        """The table, its controls, its messages and the hint or reasons shown, said again (``set_language``)."""
        panel = self._panel
        self._label()
        self._render()
        if panel == ("hint",):
            self.hint()
        elif panel == ("review",):
            self.review()
        elif panel:
            self.why(panel[1])
        if self.analysis is not None:
            self._show_analysis()

    def _label(self, level: str | None = None) -> None:
        """The words of the controls, in the view's language; ``level``, the level chosen (else as it was)."""
        self.seed_box.description = _("seed")
        self._label_levels(self.level_select.value if level is None else level)
        game = self.playing_game
        self.deal_button.description = _("New game") if game else _("Deal")
        self.deal_button.tooltip = _("start again with the seed in the box")
        self.new_button.description = _("New deal")
        self.new_button.tooltip = _("the game's next deal (after the last one, a new game)")
        self.hint_button.description = _("Hint")
        self.hint_button.tooltip = _("what the strongest bot would play here, and why")
        self.undo_button.description = _("Undo")
        self.undo_button.tooltip = _("take back your last move")
        self.pair_button.description = _("Deal me a pair")
        self.pair_button.tooltip = _("one deal in which you get a king and a queen of one suit to call, dealt or drawn "
                                     "soon (again: the next seed)")
        for s, button in self.why_buttons.items():
            button.description = _("Why seat {seat}?").format(seat=s)
            button.tooltip = _("why seat {seat}'s bot made its last move").format(seat=s)
        self.resume_button.description = _("Resume")
        self.resume_button.tooltip = _("play on from where the kept game stopped")
        if self.resume_box.layout.display == "flex":  # the offer on show, said again in the view's language
            self._offer_kept()
        self.review_button.description = _("Review")
        self.review_button.tooltip = _("once the deal is over: every bot move with its own reasons")
        self.coach_button.description = _("Review your moves")
        self.coach_button.tooltip = _("once the deal is over: each of your decisions weighed from what you could see "
                                      "then, the costly ones explained")
        self.coach_progress.description = _("weighing")
        self.again_pick.description = _("decision")
        self.again_button.description = _("Try again from here")
        self.again_button.tooltip = _("back to the decision picked, to play another move and see what it is worth")
        self.events_caption.value = render.caption_html(_("Events"), " " + _("(newest first)"))
        self._label_finish()

    def _label_levels(self, chosen: str) -> None:
        """The level choice in the view's language, ``chosen`` selected (``""``: the other seats play no one
        level), and what that level does beside it."""
        self._syncing = True
        try:
            self.level_select.description = _("level")
            self.level_select.tooltip = _("the other seats' level: choosing one starts a new game against it")
            self.level_select.options = [("—", "")] * (chosen == "") + [(told(x)[0], x.name) for x in LEVELS]
            self.level_select.value = chosen
        finally:
            self._syncing = False
        title, what = told(find_level(chosen)) if chosen else ("", "")
        self.level_note.value = _message(_("Level: {title}: {what}.").format(title=title, what=what)) if chosen else ""

    # -- callbacks -------------------------------------------------------------------------------

    def _start(self, deal: Deal | None = None, bots: list[Bot | None] | None = None,
               hint_bot: Bot | None = None) -> None:
        """A new session from the seed in the box: on a copy of ``deal``, or a new game or deal; the bots and the
        hint's bot as given, else as they were."""
        seed = self.seed_box.value
        pair = None
        if deal is not None:
            played: Deal | Game = _logged(deal)
        elif self._pairing:
            played, pair = pair_deal(self.rules, self.players, self.seat, seed)
        elif self.playing_game:
            played = Game.new(self.rules, self.players, self.rounds, seed=seed)
        else:
            played = Deal.new(self.rules, self.players, seed=seed)
        self.session = Session(played, self.seat, self.session.bots if bots is None else bots, bots_rng(seed),
                               seed=seed, hint_bot=self.session.hint_bot if hint_bot is None else hint_bot)
        self.pair = pair
        self._moves = [[]]
        self._begin_deal()
        self._keep()

    def _begin_deal(self) -> None:
        self._seen = 0
        self._missed = ()
        self.hint_box.value = self.reasons.value = ""
        self._panel = ()
        self._forget_review()
        self._bots_move()
        self._render()

    def _choose_level(self) -> None:
        """The level chosen: a new game from the seed in the box, every other seat playing that level's bot."""
        chosen = self.level_select.value
        self._label_levels(chosen)
        if chosen:
            self._start(None, Session.seat_bots(find_level(chosen).bot, self.players, self.seat))

    @speaking
    def new_game(self) -> None:
        """Start again from the seed in the box: a new game (or deal). A seed no deal takes is refused, naming
        ``seed``; the box shows the seed played again and nothing changes."""
        with self._restoring((self.seed_box, self._seed_played())):
            self._start_pairing(False)

    @speaking
    def deal_pair(self) -> None:
        """One deal in which your seat gets a king and a queen of one suit to call, dealt or drawn soon
        (``bibi.practice.pair_deal``), from the seed in the box, or the next seed when a pair deal is on; the
        message line says what to look for. New deal deals the next one; New game leaves pair deals."""
        with self._restoring((self.seed_box, self._seed_played())):
            if self._pairing:
                self.seed_box.value += 1
            self._start_pairing(True)

    def _start_pairing(self, pairing: bool) -> None:
        """``_start`` with pair deals on or off; a refusal leaves them as they were."""
        was, self._pairing = self._pairing, pairing
        try:
            self._start()
        except ValueError:
            self._pairing = was
            raise

    @speaking
    def next_seed(self) -> None:
        """A new game (or deal) with the next seed."""
        with self._restoring((self.seed_box, self._seed_played())):
            self.seed_box.value += 1
            self._start()

    def _seed_played(self) -> int:
        """The seed of the game or deal played, as the seed box shows it (the box's own when it is none it can)."""
        seed = self.session.seed
        return seed if isinstance(seed, int) and not isinstance(seed, bool) else self.seed_box.value

    @speaking
    def next_deal(self) -> None:
        """The game's next deal (R26); after the game's last deal, a new game with the next seed."""
        game = self.game
        if game is None or game.is_over:
            self.next_seed()
            return
        if not self.deal.is_over:
            number = len(game.deals)
            self._say(lambda: _("Finish deal {number} first (or press New game).").format(number=number), error=True)
            return
        self.session.next_deal()
        self._moves.append([])
        self._begin_deal()
        self._keep()

    @speaking
    def play(self, action: Card | Action | str) -> None:
        """Make the person's move (a click does this), then let the bots play to the next decision."""
        self._guard(self._play)(action)

    def _play(self, action: Card | Action | str) -> None:
        deal = self.deal
        act = Action.parse(action)
        if deal.why_illegal(act, self.seat) is not None:  # said again in another language (``set_language``)
            self._say(lambda: _("{action} cannot be played now: {why}").format(
                action=action_text(act, rules=deal.rules), why=deal.why_illegal(act, self.seat)), error=True)
            return
        self._seen = len(deal.events_for(self.seat))  # what follows this move is news, the rules' call for you too
        self._missed = pairs_passed(deal, self.seat, act)
        again, self._again = self._again, None
        self._compared = (again, act) if again is not None and len(deal.actions) == again.position else None
        self._moves[-1].append((len(deal.actions), str(act)))
        self.session.move(act)
        self.hint_box.value = self.reasons.value = ""
        self._panel = ()
        self._bots_move()
        self._render()
        self._keep()
        self.resume_box.layout.display = "none"  # a move in this game: the kept one is this one from now on

    def _bots_move(self) -> None:
        """The bots' turns through the session, up to the person's decision; each card shown a moment."""
        deal = self.deal
        delay = self.delay if self.delay is not None else (0.25 if self._shown else 0.0)
        shown = [(len(deal.tricks), len(deal.trick))]  # the cards on the table when last shown

        def watch(now: Deal) -> None:  # before each decision of the session's loop
            cards = (len(now.tricks), len(now.trick))
            # A bot's card: let the eye follow it, at the next decision the person may see (another seat's
            # call or pass is nobody else's to see, so the table is shown as it stands after it).
            if delay and cards != shown[0] and now.to_act_for(self.seat) is not None:
                shown[0] = cards
                self._render()
                time.sleep(delay)

        self.session.advance(watch)
        if deal.is_over:
            for callback in self._deal_end:
                callback(deal)

    @speaking
    def undo(self) -> None:
        """Back to your previous decision: the deal replayed from its record, the bots' stream as it was then."""
        if self.session.undo() is None:
            first = bool(self.session.decisions)
            self._say(lambda: _("Nothing to take back: this is your first move of the deal.") if first
                      else _("Nothing to take back in this deal."), error=True)
            return
        self._seen = len(self.deal.events_for(self.seat))
        self.hint_box.value = self.reasons.value = ""
        self._panel = ()
        self._again = self._compared = None
        self._missed = ()
        self._render()
        self._keep_to_now()
        self._say(lambda: _("Taken back: your move again ({where}).").format(where=self._where()))

    def _keep_to_now(self) -> None:
        """After going back (undo, try again): the moves kept are those still on the line played, then kept."""
        done = len(self.deal.actions)
        self._moves[-1] = [move for move in self._moves[-1] if move[0] < done]
        self._keep()

    # -- the game kept -----------------------------------------------------------------------------

    def _setup(self) -> dict[str, Any]:
        """What makes two tables the same table, the seed aside: a kept game is offered to the same set-up."""
        return {"rules": self.rules.to_json(), "players": self.players, "seat": self.seat,
                "game": bool(self.playing_game), "rounds": self.rounds,
                "bots": [None if b is None else bot_name(b) for b in self.session.bots]}

    @property
    def kept_path(self) -> Path:
        """The file this table keeps its game in (``keep``), beside the notebook."""
        return _kept_path(self._setup())

    def _keep(self) -> None:
        """Write the game as it stands to ``kept_path`` (once the table is on show, with ``keep``): the set-up, the
        seed, the person's moves, and the game's record (to open in an explorer or analyse)."""
        if not (self.keep and self._shown):
            return
        played = self.game if self.game is not None else self.deal
        kept = {"format": KEPT_FORMAT, "setup": self._setup(), "seed": self.seed_box.value, "pair": self._pairing,
                "moves": self._moves,
                "where": [len(self.session.deals), self.session.trick], "record": played.record()}
        path = self.kept_path
        write_whole(path, json.dumps(kept))  # a reload mid-write leaves the last game kept

    def _read_kept(self) -> dict[str, Any] | None:
        """The game kept for this set-up, if there is one with a move in it."""
        if not self.keep:
            return None
        try:
            kept = json.loads(self.kept_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if not isinstance(kept, dict) or kept.get("format") != KEPT_FORMAT or kept.get("setup") != self._setup():
            return None
        return kept if any(kept.get("moves") or []) else None

    def _offer_kept(self) -> None:
        """Offer to resume the game kept for this set-up, saying where it stopped."""
        kept = self._read_kept()
        if kept is None:
            return
        deal, trick = kept["where"]
        self.kept_offer.value = _wrap(render.status_html(
            _("A game at this table is kept in {file}: deal {deal}, trick {trick}.").format(
                file=self.kept_path.name, deal=deal, trick=trick)))
        self.resume_box.layout.display = "flex"

    @speaking
    def resume(self) -> None:
        """Play on from the kept game: its seed dealt again and the person's moves made again, the bots answering
        from the same stream, so the very position comes back (its undo history too)."""
        kept = self._read_kept()
        self.resume_box.layout.display = "none"
        if kept is None:
            self._say(lambda: _("No game is kept for this table."), error=True)
            return
        delay, self.delay = self.delay, 0
        keep, self.keep = self.keep, False  # the kept file stays as it is while its moves are made again
        try:
            self.seed_box.value = kept["seed"]
            self._pairing = kept.get("pair") is True  # a pair deal (``deal_pair``): dealt again from its seed
            self._start()
            for number, moves in enumerate(kept["moves"]):
                if number:
                    self.session.next_deal()
                    self._moves.append([])
                    self._bots_move()
                for done, text in moves:
                    if len(self.deal.actions) != done:
                        raise ValueError(f"move {text} of deal {number + 1} comes after {done} actions, not "
                                         f"{len(self.deal.actions)}")
                    self._moves[-1].append((done, text))
                    self.session.move(Action.parse(text))
                    self._bots_move()
        finally:
            self.delay, self.keep = delay, keep
        self._seen = len(self.deal.events_for(self.seat))
        self._render()
        deal, trick = len(self.session.deals), self.session.trick
        self._say(lambda: _("Resumed the kept game: deal {deal}, trick {trick}.").format(deal=deal, trick=trick))


    @speaking
    def hint(self) -> None:
        """What the strongest bot would do in your seat, in plain words, with its own reasons and figures under
        *details* (``Session.hint``); nothing is played."""
        self._panel = ("hint",)
        hint = self.session.hint()
        if hint is None:
            self.hint_box.value = _message(_("No decision of yours to hint at now."))
            return
        self.hint_box.value = render.hint_html(bot_title(hint.bot), hint.words, hint.details)

    @speaking
    def why(self, seat: int) -> None:
        """Why the bot of ``seat`` made its last move of this deal that you saw: while the deal is on, what the
        table saw of it and what the rules make of it (``bibi.play.why_move``: nothing of its hand); once the
        deal is over, its own reasons, asked of the view it had then (``Session.why``)."""
        if seat not in self.why_buttons:
            raise ValueError(f"why: seat {shorten(seat)} has no bot at this table")
        self._panel = ("why", seat)
        last = self.session.why(seat)
        if last is None:
            self.reasons.value = _message(_("Seat {seat} has not moved yet in this deal.").format(seat=seat))
            return
        self.reasons.value = _message(_("Seat {seat} ({bot}), trick {trick}: {words}").format(
            seat=seat, bot=bot_title(last.bot), trick=last.trick, words=last.words))

    @speaking
    def review(self) -> None:
        """Once the deal is over: every move each bot made, with its own reasons (``Session.review``)."""
        self._panel = ("review",)
        if not self.deal.is_over:
            self.reasons.value = _message(_("The review comes when the deal is over: the bots' reasons show their "
                                            "hands."))
            return
        self.reasons.value = _wrap(render.review_html(self.session.review(), names=self._names(), style=False))

    def review_mine(self) -> None:
        """Once the deal is over: each of your decisions weighed from what you could see then
        (``bibi.coach.analyse``, the session's seed, ``review_worlds`` worlds at most a decision), a progress bar
        while it runs; then the review, and the decisions to try again from."""
        if not self.deal.is_over:
            self.coach_box.value = _message(_("The review of your moves comes when the deal is over."))
            return
        bar = self.coach_progress

        def progress(done: int, total: int) -> None:
            bar.max, bar.value = max(1, total), done

        bar.value = 0
        self.progress_row.children = (bar,)
        try:
            seed = self.session.seed
            self.analysis = analyse(self.deal, self.seat, worlds=self.review_worlds,
                                    seed=0 if seed is None else seed, progress=progress)
        finally:
            self.progress_row.children = ()
        self._show_analysis()

    def _show_analysis(self) -> None:
        """The review of your moves, and the decisions to go back to (the costliest picked)."""
        analysis = self.analysis
        if analysis is None:
            return
        self.coach_box.value = _wrap(render.analysis_html(analysis, style=False))
        picked = self.again_pick.value
        options = [(_("trick {trick}: {move}, {label}").format(trick=d.trick, move=move_text(d, d.played),
                                                              label=d.label_text()), d.position)
                   for d in analysis.decisions]
        costliest = analysis.summary().costliest
        with self.hold_sync():
            self.again_pick.options = options
            if picked not in dict(options).values():
                picked = costliest[0].position if costliest else (options[0][1] if options else None)
            self.again_pick.value = picked
        self.again_row.children = (self.again_pick, self.again_button) if options else ()

    def _forget_review(self) -> None:
        self.analysis = self._again = self._compared = None
        self.coach_box.value = ""
        self.again_pick.options = []
        self.again_row.children = ()

    def try_again(self, position: int | None = None) -> None:
        """Back to your decision at ``position`` (default: the one picked) of the deal reviewed, through the
        session's undo: play another move there and the message line tells what it is worth against the one you
        made (the review's own values, from the same worlds); the bots play on from it."""
        analysis = self.analysis
        if analysis is None:
            raise ValueError(_("Review your moves first: then pick a decision to try again from."))
        position = self.again_pick.value if position is None else position
        decision = analysis.decision_at(position)
        line = [str(a) for a in self.deal.actions[:position]]
        if line != list(analysis.record["actions"][:position]):
            raise ValueError(_("That decision is not on the line played now: review this deal again first."))
        self.session.back_to(position)
        self._seen = len(self.deal.events_for(self.seat))
        self.hint_box.value = self.reasons.value = ""
        self._panel = ()
        self._again, self._compared = decision, None
        self._render()
        self._keep_to_now()

    # -- rendering -------------------------------------------------------------------------------

    def _where(self) -> str:
        deal, game = self.deal, self.game
        if game is not None:
            return _("deal {deal} of {deals}, trick {trick} of {tricks}").format(
                deal=len(game.deals), deals=game.deals_total, trick=self.session.trick, tricks=deal.tricks_total)
        return _("trick {trick} of {tricks}").format(trick=self.session.trick, tricks=deal.tricks_total)

    def _announce(self) -> list[str]:
        """The calls made since the person's last move, in the news line (they stay there until the person
        moves again, however often the table is drawn meanwhile); one the rules made for the person is
        announced as his, and returned: the message line says it too."""
        deal = self.deal
        lines, forced = [], []
        seen = deal.events_for(self.seat)
        for event in seen[self._seen:]:
            if event.kind is not EventKind.CALL or event.suit is None:
                continue
            mandatory = event.info == "mandatory"
            told = call_told(deal.rules, event.suit, event.seat, you=event.seat == self.seat, mandatory=mandatory)
            line = capitalized(told) + "."  # a sentence of the news line
            if event.seat == self.seat and mandatory:
                forced.append(line)
            lines.append(line)
        self.news.value = _message(" ".join(lines)) if lines else ""
        return forced

    def _render(self) -> None:
        deal = self.deal
        mine = deal.to_act == self.seat and not deal.is_over
        self.board.value = _wrap(render.play_style_block()
                                 + render.table_html(deal, self.seat, names=self._names(), last_trick=True,
                                                     hand_below=True, you=True, style=False))
        self.event_log.value = _wrap(render.scrolling(
            render.events_html(deal.events_for(self.seat), newest_first=True, style=False, rules=deal.rules),
            _("Events"), "200px"))
        self.sheet.value = render.game_html(self.game) if self.game is not None else ""
        how = (_("click one, or Tab to it and press Enter, to play it; a faded card tells why it may not be played")
               if not deal.is_over else _("none left, the deal is over"))
        self.hand_label.value = render.caption_html(_("Your cards"), " " + _("(seat {seat}): {how}").format(
            seat=self.seat, how=how))
        self.hand_row.show(deal, self.seat, active=mine)
        self.action_row.show(_other_choices(deal, self.seat))
        self.hint_button.disabled = not mine
        self.review_button.disabled = not deal.is_over
        self.coach_button.disabled = not deal.is_over
        self.undo_button.disabled = not self.session.can_undo
        self._show_finish()
        forced = " ".join(self._announce())  # a call the rules made for you: said where you look, the message
        said = f"{forced} " if forced else ""
        said = self._pair_words() + said
        if self._compared is not None:  # the move tried again at a reviewed decision: what it is worth
            said = _("Tried again: {compared}").format(compared=compare(*self._compared)) + " " + said
        elif self._again is not None:
            again = self._again
            said = _("Back at trick {trick}: you played {move} here ({label}, {lost} points lost). Play another "
                     "move: it is valued against {move}.").format(trick=again.trick,
                                                                  move=move_text(again, again.played),
                                                                  label=again.label_text(),
                                                                  lost=decimal(again.loss)) + " " + said
        if deal.is_over:
            self._say(said + self._end_text())
        elif deal.to_act != self.seat:
            acting = deal.to_act_for(self.seat)  # another seat's call decision is not shown
            self._say(_("The others draw…") if acting is None else _("Seat {seat} is playing…").format(seat=acting))
        elif deal.phase == "call":
            self._say(said + _("Your turn ({where}): say {call} (lay down your king and queen) or pass.").format(
                where=self._where(), call=call_said(deal.rules)))
        elif not deal.trick:
            lead = (_("Your lead ({where}): play any card or switch the trump.") if self.action_row.children
                    else _("Your lead ({where}): play any card."))
            self._say(said + lead.format(where=self._where()))
        else:
            self._say(said + _("Your turn ({where}): {played}.").format(where=self._where(),
                                                                        played=_cards_played(len(deal.trick))))

    def _pair_words(self) -> str:
        """After a pass with a pair callable (in any deal, as ``bibi play`` says it), why that scores nothing and
        whether you may call it now; in a pair deal, until then, what to look for until you have called the pair."""
        pair, deal = self.pair, self.deal
        if deal.is_over:  # the end: _end_text says how to get another
            return ""
        if self._missed:
            return "".join(pair_missed(deal, self.seat, suit) + " " for suit in self._missed)
        if pair is None or any(c.seat == self.seat and c.suit == pair.suit for c in deal.calls):
            return ""
        return pair_note(deal.rules, pair) + " "

    def _end_text(self) -> str:
        deal, game = self.deal, self.game
        mine = deal.scores[self.seat]
        text = ngettext("Deal over: you scored {n} point, place {place} of {players}.",
                        "Deal over: you scored {n} points, place {place} of {players}.", mine).format(
            n=mine, place=deal.outcome().place(self.seat), players=self.players)
        if game is None and self.pair is not None:
            return text + " " + _("Press {button} for another deal with a pair.").format(button=_("Deal me a pair"))
        if game is None:
            return text + " " + _("Press Deal for this seed again, or change the seed.")
        total, place = game.totals[self.seat], game.outcome().place(self.seat)
        if game.is_over:
            return text + " " + ngettext(
                "Game over after {n} deal: your total {total}, place {place} of {players}. Press New deal for a new "
                "game.", "Game over after {n} deals: your total {total}, place {place} of {players}. Press New deal "
                "for a new game.", game.deals_total).format(n=game.deals_total, total=total, place=place,
                                                            players=self.players)
        return text + " " + _("Your total {total} (place {place}) after deal {deal} of {deals}. Press New deal for "
                              "the next one.").format(total=total, place=place, deal=len(game.deals),
                                                      deals=game.deals_total)


def _cards_played(n: int) -> str:
    return ngettext("{n} card played to this trick", "{n} cards played to this trick", n).format(n=n)
