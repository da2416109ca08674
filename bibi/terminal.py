"""The terminal front end: a person at the ``bibi`` command, one line at a time. ``Terminal`` is ``bibi play`` (a
person's seat at a table, over a ``bibi.session.Session``), ``quiz`` is ``bibi practice`` (a round of exercises,
``bibi.practice``); both read a person's lines here, and say what the kit answers in the person's language.

Reading a line: no keystroke and no byte ends a session. ``ask_line`` asks again, after a one-line message, when a
line cannot be decoded (one byte that is not UTF-8, with a standard input that decodes strictly, as under
``LANG=en_US.UTF-8``); ``read_line``, the default way to ask, reads a piped standard input one line of bytes at a
time, so that such a byte spoils its own line and no other (``input`` would lose every line read with it). The
command words a person types (``read_command``: ``выход`` or ``esci`` is ``quit``) are the language's, the English
ones always working too.

>>> lines = [b"\\xff\\n", b"  K\\xe2\\x99\\xa5 \\n"]
>>> def ask(prompt):
...     if not lines:
...         raise EOFError
...     return lines.pop(0).decode("utf-8")
>>> said = []
>>> ask_line(ask, "> ", said.append)
'K♥'
>>> said
['could not read that line (byte 0xff is not utf-8 text); type it again']
>>> ask_line(ask, "> ", said.append) is None  # the end of input
True
"""

from __future__ import annotations

import random
import shutil
import sys
import unicodedata
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

from bibi.cards import Card, Suit, sort_key
from bibi.deal import Deal, Event
from bibi.errors import NotationError
from bibi.game import Game
from bibi.i18n import N_, _, get_language, ngettext, pgettext, reading
from bibi.kinds import EventKind
from bibi.notation import action_text, read_action, score_line, seat_name
from bibi.notation import cards_text as _cards
from bibi.play import Bot, bot_title, call_said, call_told, trick_number
from bibi.render.review import progress_text
from bibi.render.text import fold_line, plain, quotes, rules_summary
from bibi.session import AtTable, Session
from bibi.tricks import note_of, reason_of

if TYPE_CHECKING:
    from bibi.practice import Exercise


def terminal_width() -> int | None:
    """The width to fold at when standard output is a terminal (``COLUMNS``, else the window's); None (no folding)
    for output to a pipe or a file, which a program reads line by line."""
    return shutil.get_terminal_size().columns if sys.stdout.isatty() else None


def fold_to_width(text: str, width: int) -> str:
    """``text`` folded at spaces to ``width`` columns, never inside a word, as a terminal that wraps by itself
    would split "How m|any": each line keeps its indentation for its continuation lines. A word longer than the
    width stands alone on its line.

    >>> print(fold_to_width("  How many points does it score? The heuristic bot knows.", 24))
      How many points does
      it score? The
      heuristic bot knows.
    """
    lines = []
    for line in text.split("\n"):
        if len(line) <= width:
            lines.append(line)
            continue
        lines.extend(fold_line(line, width))
    return "\n".join(lines)


def say_folded(text: object = "") -> None:
    """``print``, folded to the terminal's width (``terminal_width``, ``fold_to_width``): how ``Terminal`` and
    ``quiz`` speak."""
    width = terminal_width()
    print(str(text) if width is None else fold_to_width(str(text), width))


def read_line(prompt: str = "") -> str:
    """``input(prompt)``, except that a standard input that is no terminal (a pipe, a file) is read one line
    of bytes at a time and decoded as the stream says (its encoding and its errors setting): a line that
    cannot be decoded raises ``UnicodeDecodeError`` for that line alone. ``EOFError`` at the end of input. A
    prompt wider than the terminal is folded as everything said is, its last line left for the answer."""
    width = terminal_width()
    if width is not None and len(prompt) > width:
        *said, last = fold_to_width(prompt.rstrip(), width).split("\n")
        print("\n".join(said))
        prompt = last + prompt[len(prompt.rstrip()):]
    stdin = sys.stdin
    raw = getattr(stdin, "buffer", None)
    if raw is None or stdin.isatty():  # a terminal gives one line per read: input() loses only a bad line
        return input(prompt)
    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = raw.readline()
    if not line:
        raise EOFError
    text = line.decode(stdin.encoding or "utf-8", stdin.errors or "strict")
    return text.removesuffix("\n").removesuffix("\r")


def unreadable(exc: UnicodeDecodeError) -> str:
    """The one line said for a line that cannot be decoded, in the language in force."""
    try:
        byte = _("byte {byte}").format(byte=f"0x{exc.object[exc.start]:02x}")
    except (IndexError, TypeError):
        byte = _("a byte")
    return _("could not read that line ({byte} is not {encoding} text); type it again").format(
        byte=byte, encoding=exc.encoding)


def ask_line(ask: Callable[[str], str], prompt: str, say: Callable[[str], None]) -> str | None:
    """The next line ``ask(prompt)`` reads, stripped; ``None`` at the end of input. A line that cannot be
    decoded is told in one line (``say``) and asked again."""
    while True:
        try:
            return ask(prompt).strip()
        except EOFError:
            return None
        except UnicodeDecodeError as exc:
            say(unreadable(exc))


# -- what a person types, in his language ------------------------------------------------------------------

COMMANDS = ("quit", "help", "hint", "more", "why", "trick", "score", "rules", "undo", "review", "analyse")
_ALIASES = {"exit": "quit", "q": "quit", "?": "help", "analyze": "analyse"}


def command_word(name: str, lang: str | None = None) -> str:
    """The word a player types for the command ``name`` (one of ``COMMANDS``) in the language in force (or
    ``lang``): ``quit`` is ``выход`` in Russian, ``esci`` in Italian. The English words always work too."""
    words = {
        "quit": pgettext("typed command", "quit", lang), "help": pgettext("typed command", "help", lang),
        "hint": pgettext("typed command", "hint", lang), "more": pgettext("typed command", "more", lang),
        "why": pgettext("typed command", "why", lang), "trick": pgettext("typed command", "trick", lang),
        "score": pgettext("typed command", "score", lang),
        "rules": pgettext("typed command", "rules", lang), "undo": pgettext("typed command", "undo", lang),
        "review": pgettext("typed command", "review", lang),
        "analyse": pgettext("typed command", "analyse", lang),
    }
    return words[name]


def _fold(text: str) -> str:
    """A typed word as it is compared: lower case, spaces single, without accents (``perche`` is ``perché``,
    ``счет`` is ``счёт``: people type either)."""
    bare = "".join(c for c in unicodedata.normalize("NFD", text.lower()) if not unicodedata.combining(c))
    return " ".join(bare.split())


def read_command(text: str, lang: str | None = None) -> tuple[str | None, str]:
    """The command a typed line starts with (its English name, or None) and the rest of the line, folded:
    ``read_command("подсказка подробнее", "ru")`` is ``("hint", "подробнее")``."""
    words = _fold(text).split(" ", 1)
    first, rest = words[0], (words[1] if len(words) > 1 else "")
    if first in _ALIASES:
        return _ALIASES[first], rest
    for name in COMMANDS:
        if first in (name, _fold(command_word(name, lang))):
            return name, rest
    return None, rest


# -- bibi play ---------------------------------------------------------------------------------------------

def typed_examples() -> str:
    """How cards are typed in the language in force: ``K♥ or KH, 10♦ or TD`` (``К♥ или КЧ, 10♦ или 10Б``)."""
    lang = get_language()
    if lang == "en":
        return _("{king} or {king_typed}, {ten} or {ten_typed}").format(king="K♥", king_typed="KH", ten="10♦",
                                                                        ten_typed="TD")
    king, ten = Card("KH"), Card("TD")
    return _("{king} or {king_typed}, {ten} or {ten_typed}").format(
        king=king.display(), king_typed=king.rank.letter() + king.suit.letter(), ten=ten.display(),
        ten_typed=ten.rank.letter() + ten.suit.letter())


def progress_line(stream: Any) -> Callable[[int, int], None]:
    """A progress callback that draws a bar on ``stream`` (``progress_text``) when it is a terminal, and
    clears it at the end; nothing on a file or a pipe, where a bar redrawn would only clutter."""

    def progress(done: int, total: int) -> None:
        if not stream.isatty():
            return
        if done < total:
            stream.write("\r" + _("weighing the decisions {bar}").format(bar=progress_text(done, total)))
        else:
            stream.write("\r\033[K")
        stream.flush()

    return progress


class Terminal(AtTable):
    """``bibi play``: a person's session at a table (``bibi.session.Session``: the deal or game, the bots, undo,
    hint, why, the next deal) in the terminal. It shows what the person's seat may see, reads his moves and
    questions, and prints what the session answers; the play itself is the session's.

    ``bots`` has one bot per seat (the person's seat is ignored: ``None`` there). Besides a move the person may ask
    for a ``hint`` (the strongest bot's choice in plain words; ``hint more`` adds its own reasons and figures),
    ``undo`` (back to his previous decision), ``why`` (the last bot move's reason; ``why N`` for seat N's),
    ``why trick`` (the rule of the last trick with its full citation, which a trick's line shows only for a rule
    that is not the everyday one; ``why trick N`` for trick N), ``score``, ``rules`` and ``help``. A move with a
    single legal action is played for him. A pass while a pair could be called is answered, once the others have
    moved, with the play table's words for it (``bibi.practice.pair_missed``): what the rules say of calling, and
    whether the pair may be called now.

    It speaks the language in force when each line is said (``bibi.i18n``); the player types moves and commands
    in its words and letters (``bibi.notation.read_action``, ``command_word``) or in English and the notation.
    A refusal or a hint that cites sentences of the texts quotes each one under it (``quotes``).
    """

    def __init__(self, played: Deal | Game, seat: int, bots: Sequence[Callable | str | None], rng: random.Random,
                 ask: Callable[[str], str] = read_line, say: Callable[[str], None] = say_folded,
                 hint_bot: Callable | str | None = None, seed: Any = None):
        self.session = Session(played, seat, list(bots), rng, seed=seed, hint_bot=hint_bot)
        self.seat = seat
        self.ask, self.say = ask, say
        self.shown = 0
        self._forced = -1  # where the event of a move played for the person (his only choice) begins

    def run(self) -> int:
        """Play the deal or the game to its end (exit status 0), or until the player leaves (0 too). The player is
        the reader: what the engine says of his own seat speaks to him ("you hold 3♥": ``bibi.i18n.reading``)."""
        with reading(self.seat):
            return self._run()

    def _run(self) -> int:
        session = self.session
        while True:
            self.say(self.header())
            self.shown = 0
            if not self.play_deal():
                self.say(_("bye"))
                return 0
            self.say(score_line(self.deal))
            if not self.after_deal():
                self.say(_("bye"))
                return 0
            if session.game is None:
                return 0
            self.say(str(session.game))
            if session.is_over:
                return 0
            session.next_deal()

    def after_deal(self) -> bool:
        """Once the deal is over, the bots' reasons may be told in full: ``review`` (or ``why``) lists every bot
        move with them (``bibi.play.review``), ``analyse`` reviews the person's own decisions (``bibi.coach``),
        Enter goes on; False when the player quits or input ends."""
        while True:
            prompt = _("deal over: '{review}' tells every bot move with its reasons, '{analyse}' weighs your own "
                       "moves; Enter goes on> ").format(review=command_word("review"),
                                                        analyse=command_word("analyse"))
            word = ask_line(self.ask, prompt, self.say)
            if word is None:
                return False
            command, rest = read_command(word)
            if command == "quit":
                return False
            if command == "why" and read_command(rest)[0] == "trick":
                self.tell(self.why_trick(read_command(rest)[1]))
                continue
            if command == "analyse":
                self.analyse()
                continue
            if command not in ("review", "why"):
                return True
            for line in self.session.review():
                self.say(_("trick {trick}, seat {seat} ({bot}): {why}").format(
                    trick=line.trick, seat=line.seat, bot=bot_title(cast(Bot, self.bots[line.seat])),
                    why=line.why))

    review_worlds: int | None = None  # the review's budget of worlds a decision (None: the coach's own)

    def analyse(self) -> None:
        """The review of the person's decisions in the deal just played (``bibi.coach.analyse``, the session's seed),
        a progress bar while it runs."""
        from bibi.coach import WORLDS, analyse  # the coach sits above the play: loaded when asked for

        self.say(_("weighing each of your decisions from what you could see then…"))
        seed = self.session.seed
        analysis = analyse(self.deal, self.seat, worlds=self.review_worlds or WORLDS, seed=0 if seed is None else seed,
                           progress=progress_line(sys.stdout))
        self.tell(analysis.text())

    def header(self) -> str:
        deal = self.deal
        game = self.session.game
        dealer = _("seat {seat} (you)").format(seat=deal.dealer) if deal.dealer == self.seat else seat_name(
            deal.dealer)
        suit = deal.first_trump
        tricks = ngettext("{n} trick", "{n} tricks", deal.tricks_total).format(n=deal.tricks_total)
        if game is None:
            return _("== {dealer} deals; trump {symbol} ({suit}); {tricks}").format(
                dealer=dealer, symbol=suit.symbol, suit=suit.spoken(), tricks=tricks)
        return _("== deal {number} of {total}: {dealer} deals; trump {symbol} ({suit}); {tricks}").format(
            number=len(game.deals), total=game.deals_total, dealer=dealer, symbol=suit.symbol, suit=suit.spoken(),
            tricks=tricks)

    def play_deal(self) -> bool:
        """Play the current deal to its end (True), or until the player quits (False)."""
        from bibi.practice import pair_missed, pairs_passed  # the exercises' module: loaded when a deal is played

        session = self.session
        session.advance()
        missed: tuple[Suit, ...] = ()  # the pairs the person could have called when he passed
        while True:
            self.show_events()
            deal = self.deal
            for suit in missed:  # the play table's words for it: the rule on calling, and whether he may call now
                self.tell(plain(pair_missed(deal, self.seat, suit)))
            missed = ()
            if deal.is_over:
                return True
            legal = deal.legal_actions()
            if len(legal) == 1:  # played for the person; the event's line says so (event_text)
                self._forced = len(deal.events_for(self.seat))
                session.play(legal[0])
                continue
            action = self.your_action()
            if action is None:
                return False
            if action != "undo":
                missed = pairs_passed(deal, self.seat, action)
                session.play(action)

    def your_action(self):
        """Ask until the answer is legal (or ``"undo"`` once undone); ``None`` when the player quits."""
        self.say(self.status())
        while True:
            legal = self.choices()
            text = ask_line(self.ask, _("seat {seat}> ").format(seat=self.seat), self.say)  # undecodable: again
            if text is None:
                return None
            command, rest = read_command(text)
            if command == "quit" and not rest:
                return None
            if not text:
                continue
            if command == "help" and not rest:
                self.say(_(HELP).format(call=call_said(self.deal.rules)))
            elif command == "hint" and not rest:
                self.tell(self.hint())
            elif (command == "hint" and read_command(rest)[0] == "more") or (command == "more" and not rest):
                self.tell(self.hint(more=True))
            elif command == "why" and not rest:
                self.tell(self.why())
            elif command == "why" and rest.isascii() and rest.isdigit():  # why N: seat N's bot
                self.tell(self.why(int(rest) if len(rest) <= 3 else -1))
            elif command == "why" and read_command(rest)[0] == "trick":  # why trick [N]: the rule of a trick
                self.tell(self.why_trick(read_command(rest)[1]))
            elif command == "score" and not rest:
                self.say(str(self.game) if self.game is not None else score_line(self.deal))
            elif command == "rules" and not rest:
                self.say(rules_summary(self.deal.rules))
            elif command == "undo" and not rest:
                if self.undo():
                    return "undo"
            elif text.isdigit():  # also ² and the like: only a short number in ASCII digits is a choice
                if text.isascii() and len(text) <= 3 and 1 <= int(text) <= len(legal):
                    return legal[int(text) - 1]
                self.say(_("not a choice: pick 1…{n}").format(n=len(legal)))
            else:
                try:
                    action = read_action(text)
                except NotationError as exc:  # a typo is no move: said as what could not be read, not as a refusal
                    self.say(str(exc))
                    continue
                reason = self.deal.why_illegal(action, self.seat)
                if reason is None:
                    return action
                self.tell(_("not allowed — {reason}").format(reason=plain(reason)))

    def tell(self, text: str) -> None:
        """Say ``text`` and, under it, the sentences it cites, quoted and translated (``quotes``)."""
        self.say(text)
        for line in quotes(text):
            self.say(line)

    def choices(self) -> list:
        """The legal actions, the cards in the order the hand is shown, then calls, passes and switches."""
        legal = self.deal.legal_actions()
        cards = sorted((a for a in legal if isinstance(a, Card)), key=sort_key)
        return cards + [a for a in legal if not isinstance(a, Card)]

    def hint(self, more: bool = False) -> str:
        """The session's hint in plain words; with ``more``, the bot's own reasons and figures as well."""
        hint = self.session.hint()
        if hint is None:
            return _("no decision of yours to hint at now")
        if more:
            return _("hint ({bot}): {words}\n  in the bot's own words: {details}").format(
                bot=bot_title(hint.bot), words=hint.words, details=hint.details)
        return _("hint ({bot}): {words} ('{command}': the bot's own reasons and figures)").format(
            bot=bot_title(hint.bot), words=hint.words, command=f"{command_word('hint')} {command_word('more')}")

    def why(self, seat: int | None = None) -> str:
        """Why the last bot move this seat saw was made (of seat ``seat``'s bot, if given): while the deal is on,
        what the table saw of it and what the rules make of it, never the bot's hand."""
        if seat is not None and not (0 <= seat < self.session.players and self.bots[seat] is not None):
            return _("not a bot's seat: pick one of {seats}").format(
                seats=", ".join(str(s) for s, b in enumerate(self.bots) if b))
        last = self.session.why(seat)
        if last is None:
            if seat is None:
                return _("no bot has moved yet in this deal")
            return _("seat {seat} has not moved yet").format(seat=seat)
        return _("seat {seat} ({bot}) chose {words}").format(seat=last.seat, bot=bot_title(last.bot),
                                                                 words=last.words)

    def why_trick(self, number: str = "") -> str:
        """The rule that gave the last completed trick (trick ``number``, counted from 1, if given) to its winner,
        with its full citation (``bibi.tricks.reason_of``): what a trick's line leaves out when the everyday rule
        decided it (``bibi.tricks.trick_note``)."""
        tricks = self.deal.tricks
        if not tricks:
            return _("no trick has been completed yet in this deal")
        at = len(tricks)
        if number:
            if not (number.isascii() and number.isdigit() and len(number) <= 3 and 1 <= int(number) <= len(tricks)):
                return _("not a completed trick: pick 1…{n}").format(n=len(tricks))
            at = int(number)
        done = tricks[at - 1]
        return _("trick {number}, seat {seat} wins: {rule}").format(number=at, seat=done.winner,
                                                                    rule=reason_of(done, self.deal.rules))

    def undo(self) -> bool:
        """Back to the previous decision of the person; False (and a note) when there is none."""
        again = self.session.undo(forced=False)
        if again is None:
            self.say(_("nothing to take back in this deal"))
            return False
        self.shown = len(self.deal.events_for(self.seat))
        self.say(_("taken back: your move again, trick {trick}").format(trick=self.session.trick))
        return True

    def status(self) -> str:
        """What the seat sees now: trick, trump, stock, scores, the table's cards, its hand, its choices."""
        view = self.deal.view(self.seat)
        scores = " ".join(f"{s}:{x}" for s, x in enumerate(view.scores))
        lines = [_("— trick {trick} of {total} · trump {suit} · dealer seat {dealer} · stock {stock} · "
                   "scores {scores}").format(trick=trick_number(self.deal), total=self.deal.tricks_total,
                                             suit=view.trump.symbol, dealer=view.dealer, stock=view.stock_size,
                                             scores=scores)]
        if view.pending_trump is not None:
            lines.append(_("  trump {suit} from the next trick").format(suit=view.pending_trump.symbol))
        if view.leftovers:
            lines.append(_("  turned up: {cards}").format(cards=_cards(view.leftovers)))
        if view.trick and len(view.trick) < view.players:
            plays = "  ".join(_("seat {seat} {card}").format(seat=s, card=c.display()) for s, c in view.trick)
            lines.append(_("  trick: {plays}").format(plays=plays))
        laid = [_("seat {seat} {cards}").format(seat=s, cards=_cards(cards))
                for s, cards in enumerate(view.laid_down) if cards]
        if laid:
            lines.append(_("  laid down: {cards}").format(cards=", ".join(laid)))
        lines.append(_("  your hand: {cards}").format(cards=_cards(view.hand)))
        choices = "  ".join(f"{i}) {action_text(a, rules=self.deal.rules)}" for i, a in enumerate(self.choices(), 1))
        lines.append(_("  choices: {choices}").format(choices=choices))
        return "\n".join(lines)

    def show_events(self) -> None:
        """Tell what happened since last time, as this seat may know it (``Deal.events_for``): others' draws
        stay face down (not told at all), their passes silent."""
        events = self.deal.events_for(self.seat)
        tricks = sum(1 for e in events[: self.shown] if e.kind is EventKind.TRICK)
        for at, event in enumerate(events[self.shown:], self.shown):
            line = self.event_text(event, tricks)
            if at == self._forced and line is not None:  # the person's only choice, played for him
                line = _("{move}: your only choice").format(move=line)
            if event.kind is EventKind.TRICK:
                tricks += 1
            if line:
                self.say(line)
        self.shown = len(events)

    def event_text(self, event: Event, trick: int = -1) -> str | None:
        mine = event.seat == self.seat
        if event.kind is EventKind.DRAW:
            return _("you draw {card}").format(card=event.card.display()) if mine and event.card is not None else None
        if event.kind is EventKind.PASS:  # only the seat's own: the engine keeps the others' silent
            return _("you pass")
        if event.kind in (EventKind.DEAL, EventKind.END):
            return None
        if event.kind is EventKind.PLAY and mine and event.card is not None:
            return _("you play {card}").format(card=event.card.display())
        if event.kind is EventKind.CALL and mine and event.suit is not None:
            return call_told(self.deal.rules, event.suit, you=True, mandatory=event.info == "mandatory")
        if event.kind is EventKind.TRICK and 0 <= trick < len(self.deal.tricks):
            done = self.deal.tricks[trick]
            plays = "  ".join(f"{s}:{c.display()}" for s, c in done.plays)
            rule = note_of(done, self.deal.rules)  # only a rule that is not the everyday one; ``why trick`` tells any
            told = {"number": done.number + 1, "plays": plays, "seat": event.seat,
                    "points": ngettext("{n} point", "{n} points", done.points).format(n=done.points), "rule": rule}
            if rule is None:
                if mine:
                    return _("trick {number}: {plays} → you win, {points}").format(**told)
                return _("trick {number}: {plays} → seat {seat} wins, {points}").format(**told)
            if mine:
                return _("trick {number}: {plays} → you win, {points}: {rule}").format(**told)
            return _("trick {number}: {plays} → seat {seat} wins, {points}: {rule}").format(**told)
        return event.told(self.deal.rules)


HELP = N_("""\
How a trick goes: the player on the dealer's left leads the first; everyone plays one card in turn, following the
suit led if he can (R13; under the Italian rules he must trump when he cannot follow, I7). The highest trump
wins the trick, else the highest card of the suit led (I8); of two identical cards the second wins (R14).
After each card (Russian) or each trick (Italian) everyone draws back to a full hand while the stock lasts.
A king and queen of one suit in your hand is a Bi-bi!: say it for 50 points and the trump moves to that suit
(R15, R16); the Italian rules make you say it (bip bip, I11). Card points: 2 = 11, A = 10, K = 5, Q = 4, J = 3.

What to type at your turn:
  a card: K♥ or KH (king of hearts), 10♦ or TD (ten of diamonds), 2♠ or 2S; or the number of a choice
  bibi H: say {call} with your king and queen of hearts; pass: do not call now
  trump H: when leading, switch the trump to the suit of a pair you called (Italian rules, I12, I14)
  hint: what the strongest bot would play, and why         why: what the table saw of the last bot's move
  hint more: the bot's own reasons and figures too         why N: of seat N's last move
  why trick: the rule that gave the last trick, with its sentences (why trick N: of trick N)
  (once the deal is over, 'review' tells every bot move with the bot's own reasons)
  undo: take back your last move                           score: the score sheet of the game
  rules: the rules in force, with their sentences          quit (or Ctrl-D): leave""")


# -- bibi practice -----------------------------------------------------------------------------------------


def quiz(exercises: Sequence[Exercise], ask: Callable[[str], str] = read_line,
         say: Callable[[str], None] = say_folded) -> tuple[int, int]:
    """Ask the exercises one by one (``ask`` reads an answer, ``say`` prints); returns (right, answered).

    An answer that cannot be read is asked again, and so is a line that cannot be decoded (``ask_line``); the end
    of input stops the round, and so does ``quit`` typed in the language in force or in English (``выход``,
    ``esci``: ``read_command``, the words ``bibi play`` reads too).
    """
    from bibi.practice import AnswerError  # the exercises are imported when a round runs

    right = answered = 0
    total = len(exercises)
    for i, ex in enumerate(exercises, 1):
        say("\n" + _("Exercise {i} of {total}. {exercise}").format(i=i, total=total, exercise=ex))
        while True:
            text = ask_line(ask, _("answer> "), say)
            if text is None or read_command(text) == ("quit", ""):
                say(_("bye: {right} of {answered} right").format(right=right, answered=answered))
                return right, answered
            if not text:
                continue
            try:
                feedback = ex.check(text)
            except AnswerError as exc:
                say(_("{error}; try again").format(error=exc))
                continue
            break
        answered += 1
        right += feedback.right
        say(str(feedback))
        say("  " + _("the sentences: {ids}; score {right} of {answered}").format(
            ids=", ".join(feedback.sentences), right=right, answered=answered))
    say("\n" + _("Done: {right} of {answered} right.").format(right=right, answered=answered))
    return right, answered


__all__ = [
    "COMMANDS", "HELP", "Terminal", "ask_line", "command_word", "fold_to_width", "progress_line", "quiz",
    "read_command", "read_line", "say_folded", "typed_examples", "unreadable",
]
