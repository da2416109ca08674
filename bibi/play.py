"""The play layer: the bot protocol, bots by name, the one seating of bots, and the one loop that plays a deal.

A **bot** is a plain callable ``bot(view, rng) -> action``: it gets what its seat may see, never another hand
nor the stock (``deal.view(seat)``, or on the fast path the seat's ``LiveView``, which has the same fields
read from the live deal when asked) and a ``random.Random``, and returns one of ``view.legal_actions``. A bot
may carry ``explain(view, rng) -> Explanation``: its choice and why. ``BOTS`` is the one registry of bots by
name; ``bibi.bots`` registers the kit's own.

Every surface (the command line, the widgets, ``simulate``, ``Game``, the notebooks, the bots'
own playouts) plays through ``play``, so **the same rules, players, seed and bots give the same deal
everywhere**. The conventions that make it so are decided here, once:

- a deal with a seed is set up from ``random.Random(seed)`` by the engine (``Deal.new(..., seed=seed)``:
  the high-card draw, the shuffle, the cut);
- the bots draw from a stream of their own, ``bots_rng(seed)``, so a pack never depends on the play;
- a decision with a single legal action is taken without asking the bot and draws nothing;
- ``random_bot`` draws one ``rng.random()`` per decision it is asked.

These conventions are kept by the kit's two loops, and by no other: ``play`` here, the public one, decision by
decision with a frozen ``View`` for each bot, and the one fast loop, ``bibi.playout.run``, to which ``play``
hands a table with no person and no stop: a table of random bots to ``random_playout`` (the random draw written
into the loop: the same draws), any other to ``seated_playout`` (each seat's bot asked with its ``LiveView``, one
per seat for the whole deal). Tests compare the paths; ``bench/loops.py`` measures what the fast one saves.

``play`` stops early when a stop condition holds: at a person's decision (a seat whose bot is
``None``), ``until(deal)``, after ``actions`` actions, or at the end of a trick (``trick_end``). The
views use these instead of loops of their own.

>>> from bibi.deal import Deal
>>> deal = play_seeded("ru", 4, seed=31, bots="heuristic")
>>> deal.is_over, sum(deal.card_points) + deal.leftover_points
(True, 264)
>>> half = play(Deal.new("ru", 4, seed=31), "heuristic", bots_rng(31), actions=20)
>>> len(half.actions), half.actions == deal.actions[:20]
(20, True)
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator, Mapping, MutableMapping, Sequence
from importlib import import_module
from typing import Any, NamedTuple, TypeAlias, cast

from bibi.cards import Card, Rank, Suit
from bibi.deal import PASS, Action, Deal, IllegalAction, View
from bibi.errors import Seed, WrongType, check_seed, check_type, not_at_least, shorten, whole, wrong_type
from bibi.i18n import _, decimal, pgettext
from bibi.live import Guard, guarded
from bibi.notation import action_text
from bibi.playout import random_playout, seated_playout
from bibi.render.text import bot_word
from bibi.rules import Follow, Rules, call_said

Bot = Callable[[View, random.Random], Card | Action]  # a Card to play it, or an Action
# The bots at a table, as ``as_bots`` takes them: a bot or a bot's name for every seat, one per seat, or a mapping
# {seat: bot}; ``None`` is a seat no bot plays.
Bots: TypeAlias = Bot | str | Sequence[Bot | str | None] | Mapping[int, Bot | str | None] | None
Chooser = Callable[[tuple[Card | Action, ...]], Card | Action]


class Explanation(NamedTuple):
    """A bot's choice with its reason: the action, a short reason in plain words (with the sentence ids of the
    rules it leans on, where any), and for a searching bot its estimated score per legal action."""

    action: Card | Action
    reason: str
    values: Mapping[Card | Action, float] | None = None

    def __str__(self) -> str:
        shown = self.action.display()
        return f"{shown}: {self.reason}" if self.reason else shown

    def in_words(self, rules: Rules | None = None) -> str:
        """The explanation as a hint reads: the action, its reason, and the estimated value of each action if
        given, best first (the play table's Hint and ``bibi play``'s ``hint`` and ``why``), in the language in
        force; a call in the word of ``rules`` (the rules in force), as the messages beside it say it."""
        text = action_text(self.action, rules=rules) + (f" — {self.reason}" if self.reason else "")
        if self.values:
            ranked = sorted(self.values.items(), key=lambda kv: -kv[1])
            text += "; " + _("estimated points: {values}").format(
                values=", ".join(f"{action_text(a, rules=rules)} {decimal(v, sign=True)}" for a, v in ranked))
        return text


class BotRegistry(MutableMapping[str, Bot]):
    """The one registry of bots by name: ``bibi.BOTS``, ``bibi.play.BOTS`` and ``bibi.bots.BOTS`` are this one
    object, and ``get_bot``, the command line's ``--bots``, ``simulate`` and the views all read it.

    A module of bots registers them when it is imported (``bibi.bots`` the kit's own); ``fill_from(module)`` names
    one to import before the registry is first read. The package names ``bibi.bots`` there (``bibi/__init__.py``),
    so the kit's own bots are always in it, and the play layer never imports the bots, which are built on it.
    ``BOTS[name] = bot`` is ``register(name, bot)``, with its checks, and ``del BOTS[name]`` forgets a bot.
    """

    def __init__(self) -> None:
        self._bots: dict[str, Bot] = {}
        self._sources: list[str] = []

    def fill_from(self, module: str) -> None:
        """Import ``module`` (by its full name), which registers its bots, before the registry is next read."""
        check_type("fill_from: module", module, str, "a module's full name")
        if module not in self._sources:
            self._sources.append(module)

    def _loaded(self) -> dict[str, Bot]:
        for module in tuple(self._sources):
            import_module(module)  # it registers its bots (nothing happens if it is being imported already)
            if module in self._sources:
                self._sources.remove(module)
        return self._bots

    def __getitem__(self, name: str) -> Bot:
        return self._loaded()[name]

    def __setitem__(self, name: str, bot: Bot) -> None:
        register(name, bot)

    def __delitem__(self, name: str) -> None:
        del self._loaded()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._loaded())

    def __len__(self) -> int:
        return len(self._loaded())

    def __repr__(self) -> str:
        return f"BotRegistry({', '.join(self._loaded())})"


BOTS = BotRegistry()


_BOT_NAME = re.compile(r"[A-Za-z0-9_-]{1,60}")  # what ``--bots a,b`` carries: no comma, no space


def register(name: str, bot: Bot) -> Bot:
    """Make ``bot`` known by ``name`` (lower case) to ``get_bot``, the command line and the views.

    A name is 1 to 60 letters (a–z, A–Z), digits, ``-`` and ``_``: one item of the command line's
    comma-separated ``--bots`` list, with no space or comma to split it on.
    """
    check_type("register: name", name, str, "a bot name (a text)")
    if not _BOT_NAME.fullmatch(name):
        raise ValueError(f"register: name {shorten(name)} is not a bot name: use 1 to 60 letters, digits, "
                         "'-' and '_' (no space, no comma)")
    if not callable(bot):
        # TRANSLATORS: {value} is the bot refused, as Python writes it
        raise WrongType("register: bot " + _("{value} is not callable").format(value=shorten(bot)))
    BOTS._bots[name.lower()] = bot
    return bot


def random_bot(view: View, rng: random.Random) -> Card | Action:
    """Plays any legal action, each as likely: one ``rng.random()`` draw per decision."""
    legal = view.legal_actions
    return legal[int(rng.random() * len(legal))]


register("random", random_bot)


def random_choice(rng: random.Random) -> Chooser:
    """``random_bot`` as a chooser for ``Deal.playout`` (or ``apply`` in a loop of one's own, which must then take
    a forced move without asking, as the kit's loops do): the same draws, a forced move draws nothing."""
    check_type("rng", rng, random.Random, "a random.Random")
    r = rng.random
    return lambda legal: legal[int(r() * n)] if (n := len(legal)) > 1 else legal[0]


def bots_rng(seed: Seed) -> random.Random:
    """The bots' random stream for the deal or game set up with ``seed`` (``None``: a fresh one): a seed as
    ``Deal.new`` takes it (a whole number or a text; a bool or a float is refused, as there)."""
    seed = check_seed("seed", seed)
    return random.Random(None if seed is None else f"bibi-bots:{seed!s}")


def get_bot(name: str | Bot) -> Bot:
    """A bot by name (``random``, ``greedy``, ``heuristic``, ``sampling``, …), or the callable itself."""
    return _get_bot("bot", name)


def _get_bot(where: str, name: Any) -> Bot:
    """``get_bot(name)``, its refusals naming ``where`` (``bots[2]``: the entry of a list of bots refused)."""
    if callable(name):
        return name
    if not isinstance(name, str):
        raise wrong_type(where, name, "a bot name or a callable (view, rng) -> action", typed=False)
    bot = BOTS.get(name.strip().lower())
    if bot is None:
        raise ValueError(f"{where}: " + unknown_bot(name))
    return bot


def unknown_bot(name: str) -> str:
    """Why ``name`` is no bot, in the language in force, naming the bots there are (the caller names the parameter:
    ``bots[2]: ``, or the command line's ``argument --bots: ``)."""
    # TRANSLATORS: {value} is the name refused, quoted; {names} the bots' names, as typed in code
    return _("unknown bot {value}: use one of {names}").format(value=shorten(name), names=", ".join(BOTS))


def strongest_bot() -> str:
    """The name of the strongest bot the play layer knows, the one that gives hints: ``search`` where it is
    registered, else ``heuristic`` (else ``random``)."""
    for name in ("search", "heuristic"):
        try:
            get_bot(name)
        except ValueError:
            continue
        return name
    return "random"


def bot_name(bot: Bot | None) -> str:
    """The name a bot is registered under, else its function name; ``"you"`` for a person's seat."""
    if bot is None:
        return "you"
    for name, known in BOTS.items():
        if known is bot:
            return name
    return getattr(bot, "__name__", type(bot).__name__)


def bot_title(bot: Bot | str) -> str:
    """A bot's name as a person reads it, in the language in force: the kit's own bots by a name of that language
    («эвристический», «euristico» for ``heuristic``), any other by the name it is registered under (``bot_name``).
    The registry's names stay the ones a person types (``--bots heuristic``) and records keep; this is for the eye.

    >>> from bibi.i18n import language
    >>> with language("ru"):
    ...     bot_title("heuristic"), bot_title(get_bot("random")), bot_title("my_bot")
    ('эвристический', 'случайный', 'my_bot')
    """
    return bot_word(bot if isinstance(bot, str) else bot_name(bot))


def as_bots(bots: Bots, players: int, *, unlisted: Bot | str | None = None, person: int | None = None,
            names: bool = False) -> list[Any]:
    """The one way the kit seats bots: what a surface was given, as one bot per seat (``None`` at a seat no bot
    plays). ``bots`` is

    - a bot or a bot's name: every seat (``None``: no seat);
    - a sequence: one per seat, or a single one for every seat (with ``person``, also one for each of the other
      seats, in seat order); ``None`` in it marks a seat no bot plays;
    - a mapping ``{seat: bot}``: the seats it lists; every other seat gets ``unlisted`` (a bot, a name or ``None``).

    ``person`` is the seat a person plays: ``None`` there whatever ``bots`` says of it. ``names=True`` keeps each
    bot as given (a registered name, in lower case, or the callable), checked but not looked up: what ``simulate``
    sends to other processes.

    What a seat a mapping leaves out means is each surface's, said in its docstring (ARCHITECTURE.md, "Seating").
    Here, and for ``play``, ``play_seeded`` and ``Session`` below them, the default ``None``: a seat no bot plays,
    at which ``play`` stops.

    >>> as_bots({1: "greedy"}, 3) == [None, get_bot("greedy"), None]
    True
    >>> as_bots(["greedy", "random"], 3, person=1, names=True)
    ['greedy', None, 'random']
    """
    if person is not None:
        person = whole("person", person, 0, players - 1)
    if bots is None:
        seats: list[Any] = [None] * players
    elif isinstance(bots, Mapping):
        seats = [unlisted] * players
        for seat, bot in bots.items():
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
                wrong = isinstance(seat, bool) or not isinstance(seat, int)
                # TRANSLATORS: {value} is the key refused, as Python writes it; {last} the last seat's number
                raise (WrongType if wrong else ValueError)("bots: " + _("{value} is not a seat 0…{last}").format(
                    value=shorten(seat), last=players - 1))
            seats[seat] = bot
    elif callable(bots) or isinstance(bots, str):
        seats = [bots] * players
    elif isinstance(bots, Sequence):
        seats = list(bots)
        if len(seats) == 1:
            seats *= players
        elif person is not None and len(seats) == players - 1:
            seats.insert(person, None)
        if len(seats) != players:
            if person is None:
                # TRANSLATORS: {n} is how many bots were given; {players} the seats at the table
                reason = _("{n} given for {players} seats; give one per seat, or one for all")
            else:
                # TRANSLATORS: {n} is how many bots were given; {players} the seats at the table, {others} the seats
                # but the person's
                reason = _("{n} given for {players} seats; give one per seat, or one for all, or one for each of the "
                           "{others} other seats")
            raise ValueError("bots: " + reason.format(n=len(seats), players=players, others=players - 1))
    else:
        raise wrong_type("bots", bots, "a bot, a name, or one per seat", typed=False)
    if person is not None:
        seats[person] = None
    # an unknown name or no bot is refused here, naming where ``bots`` gave it
    found = [None if b is None else _get_bot(_entry(bots, seat, players, person), b) for seat, b in enumerate(seats)]
    if names:
        return [b.strip().lower() if isinstance(b, str) else b for b in seats]
    return found


def _entry(bots: Any, seat: int, players: int, person: int | None) -> str:
    """Where ``as_bots``'s ``bots`` gave the bot of ``seat`` (``players`` seats, ``person`` the person's): ``bots``,
    ``bots[i]`` or ``unlisted``."""
    if isinstance(bots, Mapping):
        return f"bots[{seat}]" if seat in bots else "unlisted"
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        return "bots"
    if len(bots) == 1:
        return "bots[0]"
    skipped = person is not None and len(bots) == players - 1 and seat > person  # the person's seat was put in
    return f"bots[{seat - skipped}]"


def explain(bot: Bot | str, view: View, rng: random.Random) -> Explanation:
    """What ``bot`` would do from ``view``, and why: the bot's own ``explain(view, rng)`` if it has one (a bot
    may carry it as an attribute), else its choice with no reason. Draws from ``rng`` as the bot would."""
    bot = get_bot(bot)
    own = getattr(bot, "explain", None)
    if own is not None:
        return own(view, rng)
    legal = view.legal_actions
    if len(legal) == 1:
        return Explanation(legal[0], _("the only legal action"))
    return Explanation(bot(view, rng), "")


def public_reason(before: Deal, after: Deal) -> str:
    """What everyone at the table saw of the move that took ``before`` to ``after`` (one action apart), and
    what the rules make of it: the present tense of an explanation, for a seat that is not the mover's while
    the deal is on. Nothing hidden goes into it: not the mover's hand, not the values a bot weighed, not even
    "the only legal action" (which tells what the hand lacks beyond what its play showed). The words follow
    the action they tell of (``why_move`` puts it first).

    >>> deal = Deal.new("russian", players=4, seed=1)
    >>> public_reason(deal, deal.copy().apply("8S"))
    'its lead; when played, it was the best card of the trick'
    """
    seat = before.to_act
    action = after.actions[len(before.actions)]
    if not isinstance(action, Card):
        suit = action.suit
        if action.kind == Action.SWITCH and suit is not None:
            return _("switches the trump to {sym} for this trick, with a pair it called (I12, I14)").format(
                sym=suit.symbol)
        if action.kind == Action.CALL and suit is not None:
            return call_told(after.rules, suit)
        return _("a pass")  # only ever told to the seat itself, or once the deal is over
    trick = before.trick if len(before.trick) < before.players else ()
    if not trick:
        said = _("its lead")
    else:
        led = trick[0][1].suit
        shown = [lack for lack in after.history.lacks if lack not in before.history.lacks]
        if action.suit == led:
            said = _("it follows the suit led {sym}").format(sym=led.symbol)
        elif shown:
            suits = [s.symbol for s in shown[0][2]]
            # TRANSLATORS: two suits a seat showed it lacks ("♥ or ♠"), put in "it holds no {lacked}"
            lacked = suits[0] if len(suits) == 1 else pgettext("lacks", "{first} or {last}").format(
                first=suits[0], last=suits[1])
            rule = "R13" if after.rules.follow is Follow.MUST_FOLLOW else "I7"
            said = _("off the suit led {sym}, so it holds no {lacked} ({rule})").format(
                sym=led.symbol, lacked=lacked, rule=rule)
        else:  # a trump instead of the suit led, which the rules allow (I7)
            said = _("a trump on the suit led {sym}, as the rules allow (I7)").format(sym=led.symbol)
    if len(after.tricks) > len(before.tricks):  # its card completed the trick
        return f"{said}; {after.why_won(-1)}"
    if after.winning == seat:
        return said + "; " + _("when played, it was the best card of the trick")
    return said + "; " + _("when played, seat {seat}'s card was still the best of the trick").format(
        seat=after.winning)


def call_told(rules: Rules, suit: Suit, seat: int | None = None, *, you: bool = False, mandatory: bool = False) -> str:
    """The one sentence that tells a call of a pair of ``suit`` under ``rules``, wherever the kit tells one (the
    terminal's lines, the play table's news, the reason a move is told with): who says the call word
    (``call_said``), the king and queen laid down and the points they score, and, for a call the rules made
    (``mandatory``, I11), that it was. Said to the caller with ``you``, else of ``seat``, else with no subject (a
    reason that follows the action it tells of). In the language in force.

    >>> from bibi.rules import RUSSIAN
    >>> call_told(RUSSIAN, Suit.HEARTS, 2)
    'seat 2 says Bi-bi: K♥ Q♥ laid down, +50'
    >>> call_told(RUSSIAN, Suit.HEARTS, you=True, mandatory=True)
    'you must say Bi-bi: K♥ Q♥ laid down, +50 (I11)'
    """
    # TRANSLATORS: the king and queen of a call, laid down face up, and the points the call scores
    pair = _("{king} {queen} laid down, +{points}").format(
        king=Card(Rank.KING, suit).display(), queen=Card(Rank.QUEEN, suit).display(), points=rules.bibi_points)
    if you and mandatory:
        # TRANSLATORS: {call} is what the caller says (Bi-bi, «bip bip»), {pair} "K♥ Q♥ laid down, +50"; the rules
        # made this call for the reader (I11)
        text = _("you must say {call}: {pair} (I11)")
    elif you:
        # TRANSLATORS: {call} is what the caller says (Bi-bi, «bip bip»), {pair} "K♥ Q♥ laid down, +50"
        text = _("you say {call}: {pair}")
    elif seat is None:
        # TRANSLATORS: a move told after the action it tells of ("bibi H: says Bi-bi: K♥ Q♥ laid down, +50")
        text = _("says {call}: {pair}")
    elif mandatory:
        # TRANSLATORS: the rules made this call for the seat (I11)
        text = _("seat {seat} says {call}: {pair} (mandatory, I11)")
    else:
        text = _("seat {seat} says {call}: {pair}")
    return text.format(call=call_said(rules), pair=pair, seat=seat)


def why_move(deal: Deal, at: int, bot: Bot | str, rng: random.Random | None = None, *,
             viewer: int | None = None) -> str:
    """Why the action ``deal.actions[at]`` was made, as ``viewer`` may be told it: in the present tense while
    the deal is on and the mover is another seat (``public_reason``: what the table saw, nothing hidden);
    in full once the deal is over, or to the mover itself, or with no viewer (the bot asked again with the view
    it had then, ``explain``, drawing from ``rng`` as it did: give the bots' stream as it stood before that
    move to hear the same reasons). The words begin with the action.

    >>> deal = play_seeded("ru", 4, seed=3, bots="heuristic", actions=6)
    >>> why_move(deal, 5, "heuristic", viewer=0).startswith(str(deal.actions[5].unicode))
    True
    """
    check_type("deal", deal, Deal, "a Deal")
    at = whole("at", at, 0, len(deal.actions) - 1)
    if viewer is not None:
        viewer = whole("viewer", viewer, 0, deal.players - 1)
    bot = get_bot(bot)
    before = Deal.replay(deal.record(), upto=at)
    seat = cast(int, before.to_act)
    made = deal.actions[at]
    if not deal.is_over and viewer is not None and viewer != seat:
        after = before.copy().apply(made)
        return _("{action}: {reason}. Its own reasons (what it held, what it weighed) are told when the deal is "
                 "over").format(action=action_text(made, rules=deal.rules), reason=public_reason(before, after))
    return _reason_words(explain(bot, before.view(seat), random.Random() if rng is None else rng), made, deal.rules)


class Reviewed(NamedTuple):
    """One bot move of a finished deal, as ``review`` tells it: where, whose, in which trick (1-based), why."""

    position: int
    seat: int
    trick: int
    why: str


def review(deal: Deal, bots: Bots, rngs: Mapping[int, Any] | None = None) -> list[Reviewed]:
    """The past tense, a lesson in itself: every decision a bot made in the finished ``deal`` (one bot per
    seat, as ``as_bots``; a person's seat, ``None``, is left out), with its full reasons, asked again with the
    view it had (as ``why_move`` asks them). ``rngs`` maps a position to the bots' stream state before it
    (``random.Random.getstate()``), as the views note them, so that a bot that draws gives the reasons it had.
    Refused while the deal is on: the reasons show hands.

    >>> deal = play_seeded("ru", 3, seed=2, bots="heuristic")
    >>> first = review(deal, "heuristic")[0]
    >>> first.position, first.trick, first.why.startswith(deal.actions[0].unicode)
    (0, 1, True)
    """
    check_type("deal", deal, Deal, "a Deal")
    if not deal.is_over:
        raise ValueError("review: the deal is not over; a bot's full reasons show its hand, so they wait for the end")
    seats = as_bots(bots, deal.players)
    states = snapshots(deal)
    out = []
    for at, action in enumerate(deal.actions):
        before = states[at]
        seat = cast(int, before.to_act)
        bot = seats[seat]
        if bot is None:
            continue
        rng = random.Random()
        if rngs is not None and at in rngs:
            rng.setstate(rngs[at])
        words = _reason_words(explain(bot, before.view(seat), rng), action, deal.rules)
        out.append(Reviewed(at, seat, trick_number(before), words))
    return out


def trick_number(deal: Deal) -> int:
    """The trick in play at ``deal``'s position, counted from 1 (the last one once the deal is over): the trick
    of the move made next from it.

    >>> trick_number(Deal.new("ru", 4, seed=1)), trick_number(play_seeded("ru", 4, seed=1, bots="random"))
    (1, 26)
    """
    return min(len(deal.tricks) + 1, deal.tricks_total)


class Move(NamedTuple):
    """A move of a deal as a seat saw it: its position (how many moves of the deal the seat had seen made before it),
    the seat that made it, its trick (1-based)."""

    position: int
    seat: int
    trick: int


def last_seen_move(deal: Deal, viewer: int, seat: int | None = None) -> Move | None:
    """The last move of another seat than ``viewer`` (of ``seat``, if given) that ``viewer`` saw in ``deal``: while
    the deal is on, another seat's pass is nobody else's to see (``Deal.events_for``), so it is passed over;
    once the deal is over every move counts. ``None`` when there is none.

    Its ``position`` counts only the moves ``viewer`` saw made (``seen_before``): two deals the seat cannot tell apart
    give the same ``Move``, however many passes the other seats made unseen.

    >>> deal = play_seeded("ru", 3, seed=2, bots="heuristic", actions=4)
    >>> move = last_seen_move(deal, viewer=0)
    >>> move.seat != 0 and move.position == 3, move.trick
    (True, 2)
    """
    found = last_seen(deal, viewer, seat)
    return None if found is None else found[1]


def last_seen(deal: Deal, viewer: int, seat: int | None = None) -> tuple[int, Move] | None:
    """``last_seen_move``'s move with its index in ``deal.actions`` (which counts the moves ``viewer`` did not see
    too: for a caller that holds the whole deal, as ``why_move`` takes it)."""
    check_type("deal", deal, Deal, "a Deal")
    viewer = whole("viewer", viewer, 0, deal.players - 1)
    if seat is not None:
        seat = whole("seat", seat, 0, deal.players - 1)
    states = snapshots(deal)
    for at in range(len(deal.actions) - 1, -1, -1):
        mover = states[at].to_act
        if mover is None or mover == viewer or (seat is not None and mover != seat):
            continue
        if deal.is_over or deal.actions[at] is not PASS:
            return at, Move(seen_before(states, viewer, at), mover, trick_number(states[at]))
    return None


def seen_before(states: Sequence[Deal], viewer: int, at: int) -> int:
    """How many of the moves before ``at`` (``states``: the deal before each of its moves, ``snapshots``) ``viewer``
    saw made: all but another seat's pass, which is nobody else's to see (unless the deal asks every seat at each
    chance, ``Deal.ask_every_chance``, when passes are public)."""
    made = states[-1].actions
    return sum(1 for i in range(at) if made[i] is not PASS or states[i].to_act == viewer or states[i].ask_every_chance)


def _reason_words(explanation: Explanation, made: Card | Action, rules: Rules) -> str:
    """A bot's explanation in words, said of the move it made (``asked again`` where it now chooses another)."""
    words = explanation.in_words(rules)
    if explanation.action == made:
        return words
    return _("{action}; asked again, it says {words}").format(action=action_text(made, rules=rules), words=words)


class BotError(IllegalAction):
    """A bot chose an action the rules do not allow, or moved the deal while choosing; the message names the
    seat, the bot and the rule."""


def play(
    deal: Deal,
    bots: Bots,
    rng: random.Random | None = None,
    *,
    until: Callable[[Deal], bool] | None = None,
    actions: int | None = None,
    trick_end: bool = False,
    fast: bool = True,
) -> Deal:
    """Play ``deal`` on with ``bots`` (``as_bots``: a seat with ``None``, or one a mapping leaves out, is a person's)
    until it is over or a stop condition holds.

    It stops before a person's decision (a seat whose bot is ``None``), before a decision at which
    ``until(deal)`` is true, after ``actions`` actions, or right after the last card of a trick
    (``trick_end``). Returns the deal. ``rng`` is the bots' stream (``bots_rng(seed)`` for a seeded
    deal; a fresh one if not given). ``fast=False`` plays a table of random bots through ``Deal.apply``
    and the views too, decision by decision, instead of the engine's fast path: the same choices.
    """
    check_type("deal", deal, Deal, "a Deal")
    seats = as_bots(bots, deal.players)
    if rng is None:
        rng = random.Random()
    check_type("rng", rng, random.Random, "a random.Random")
    if actions is not None:
        actions = whole("actions", actions)
        if actions < 0:
            raise ValueError("actions: " + not_at_least(actions, 0))
    if until is not None and not callable(until):
        raise wrong_type("until", until, "a callable (deal) -> bool", typed=False)
    check_type("trick_end", trick_end, bool, "True or False")
    check_type("fast", fast, bool, "True or False")
    if fast and until is None and actions is None and not trick_end and None not in seats:
        return play_out(deal, cast(list[Bot], seats), rng)  # no person's seat: every seat has a bot
    done = 0
    tricks = len(deal.tricks) if trick_end else 0
    guard: Guard | None = None  # what a bot may not change (bibi.live.Guard), made at the first bot's decision
    while not deal.is_over:
        if (actions is not None and done >= actions) or (until is not None and until(deal)):
            break
        seat = deal.to_act
        assert seat is not None  # the deal is not over
        bot = seats[seat]
        if bot is None:
            break
        legal = deal.legal_actions()
        if len(legal) == 1:
            action: Any = legal[0]
        else:
            guard = Guard(deal) if guard is None else guard
            guard.note(seat)
            action = bot(deal.view(seat), rng)  # a frozen View: no way back to the deal
            if guard.changed() is not None:  # the bot reached the deal by a way of its own
                raise _bot_error(seat, bot, action, IllegalAction(guarded(guard, seat)))
        try:
            deal.apply(action, seat)
        except (ValueError, TypeError) as exc:  # not allowed, unreadable, or no action at all
            raise _bot_error(seat, bot, action, exc) from None
        done += 1
        if trick_end and len(deal.tricks) > tricks:
            break
    return deal


def play_out(deal: Deal, seats: Sequence[Bot], rng: random.Random) -> Deal:
    """``play(deal, seats, rng)`` to the end, one bot per seat (as ``as_bots`` gives them), on the one fast loop
    (``bibi.playout``): ``random_playout`` for a table of random bots (the draw written into the loop; see the
    module doc), else every bot asked through its seat's ``LiveView``. It checks no argument: ``play`` does,
    and ``simulate`` checks its bots once for a run of many deals."""
    for bot in seats:
        if bot is not random_bot:
            return _play_live(deal, seats, rng)
    return random_playout(deal, rng)


def _bot_error(seat: int, bot: Bot, action: Any, exc: Exception) -> BotError:
    """The error for a bot's refused answer: its seat, its name, its answer (shortened) and the engine's reason."""
    readable = isinstance(action, Card | Action) or (isinstance(action, str) and len(action) <= 60)
    shown = action if readable else shorten(action)
    return BotError(f"the bot of seat {seat} ({bot_name(bot)[:60]}) chose {shown}: {exc}")


def _play_live(deal: Deal, seats: Sequence[Bot | None], rng: random.Random) -> Deal:
    """``play`` to the end on the one fast loop, ``bibi.playout.seated_playout``: each bot gets its seat's
    ``LiveView`` (one per seat for the whole deal, read when the bot asks) instead of a fresh ``View`` per
    decision; the same choices, and a refused answer is named as ``play`` names it."""
    try:
        return seated_playout(deal, seats, rng)  # type: ignore[arg-type]  # a LiveView has every field of a View
    except (ValueError, TypeError) as exc:
        # Not a refused answer, if the engine did not name this deal in it: raised by a bot (which may carry an
        # answer and a seat of its own), or by the engine's checks.
        if getattr(exc, "deal", None) is not deal:
            raise
        seat = cast(int, getattr(exc, "seat"))  # noqa: B009  # the engine names the seat it asked
        raise _bot_error(seat, cast(Bot, seats[seat]), getattr(exc, "answer"), exc) from None  # noqa: B009


def lockstep(
    deals: Sequence[Deal], bots: Bots, rng: random.Random | None = None, *, until: Callable[[Deal], bool] | None = None
) -> list[Deal]:
    """Play copies of ``deals`` (the same pack under different rules, say) in step, each decision made once by
    the bots from the first deal's view and applied to all, until the seat to act or the legal actions differ,
    ``until(first copy)`` holds, or the deals end; returns the copies at that point (where the rules part). The
    first copy is played by ``play`` (the others follow it in its stop condition); every seat needs a bot (``None``,
    or a seat a mapping leaves out, is refused).

    >>> from bibi.deal import Deal
    >>> ru = Deal.new("ru", 6, seed=1)
    >>> it = Deal.new("it", 6, deck=ru.deck, dealer=ru.dealer, trump=ru.first_trump)
    >>> a, b = lockstep([ru, it], "greedy", bots_rng(1))
    >>> a.legal_actions() != b.legal_actions(), a.actions == b.actions
    (True, True)
    """
    if isinstance(deals, str | bytes) or not isinstance(deals, Sequence):
        raise wrong_type("deals", deals, "a list of deals", typed=False)
    for deal in deals:
        check_type("deals", deal, Deal, "a list of deals")
    if rng is not None:
        check_type("rng", rng, random.Random, "a random.Random")
    if until is not None and not callable(until):
        raise wrong_type("until", until, "a callable (deal) -> bool", typed=False)
    copies = [deal.copy() for deal in deals]
    if not copies:
        raise ValueError("lockstep: give at least one deal")
    first, others = copies[0], copies[1:]
    seats = as_bots(bots, first.players)
    if None in seats:
        # TRANSLATORS: {seat} is the seat's number; lockstep is the function's name, as written in code
        raise ValueError("bots: " + _("seat {seat} has no bot; lockstep needs one at every seat").format(
            seat=seats.index(None)))
    rng = random.Random() if rng is None else rng
    start, applied = len(first.actions), [0] * len(others)

    def in_step() -> None:  # the other copies make the first one's moves since the start
        made = first.actions[start:]
        for k, deal in enumerate(others):
            for action in made[applied[k]:]:
                deal.apply(action)
            applied[k] = len(made)

    def parted(now: Deal) -> bool:  # before each decision of the first copy (``play``'s stop condition)
        in_step()
        here = (now.to_act, now.legal_actions())
        return any((d.to_act, d.legal_actions()) != here for d in others) or (until is not None and until(now))

    play(first, seats, rng, until=parted)
    in_step()  # the last move, when it ended the deal
    return copies


def snapshots(deal: Deal) -> list[Deal]:
    """The deal at every position of its line: ``[after 0 actions, after 1, …, now]``, replayed from its record.

    Views step through these (undo is a shorter prefix); nothing is played that the record does not hold.
    """
    check_type("deal", deal, Deal, "a Deal")
    record = deal.record()
    state = Deal.replay(record, upto=0)
    states = [state]
    for action in deal.actions:
        state = state.copy()
        state.apply(action)
        states.append(state)
    return states


class Decisions:
    """A person's decisions in one deal, each with the bots' stream as it stood then: the undo stack of a person's
    session at a table (``bibi.session.Session``, which ``bibi play`` and the play table drive). ``push`` as the
    person is about to decide; ``back`` gives the decision to return to, and the caller replays the deal's record
    up to it (``Deal.replay(record, upto)`` or ``Game.take_back``) and restores the stream, so the bots answer as
    they did."""

    def __init__(self) -> None:
        self._stack: list[tuple[int, Any]] = []

    def __len__(self) -> int:
        return len(self._stack)

    def __contains__(self, position: object) -> bool:
        """Whether the person decided (or is deciding) at ``position`` of the deal, as far as the stack holds."""
        return any(at == position for at, _state in self._stack)

    def push(self, deal: Deal, rng: random.Random) -> None:
        """The person is to decide at ``deal``'s current position (pushed once per position)."""
        at = len(deal.actions)
        if not self._stack or self._stack[-1][0] != at:
            self._stack.append((at, rng.getstate()))

    def back(self, deal: Deal) -> tuple[int, Any] | None:
        """The decision before the one the person is at now (its position, and the bots' stream state then), or
        the last one once the deal has moved past it; ``None`` when there is nothing to take back."""
        stack, at = self._stack, len(deal.actions)
        if stack and stack[-1][0] == at:
            if len(stack) == 1:
                return None
            stack.pop()
        elif not stack:
            return None
        return stack[-1]

    def take_back(self, deal: Deal, rng: random.Random, game: Any = None) -> Deal | None:
        """Go back to the decision ``back`` gives: the deal replayed from its record up to it (through
        ``game.take_back`` when a ``Game`` holds the deal), the bots' stream ``rng`` restored as it was then.
        Returns the deal at that decision, or ``None`` (and nothing changes) when there is nothing to take back."""
        back = self.back(deal)
        if back is None:
            return None
        position, state = back
        again = game.take_back(position) if game is not None else Deal.replay(deal.record(), upto=position)
        rng.setstate(state)
        return again


def play_seeded(rules: Rules | str, players: int, seed: Seed, bots: Bots, **stops: Any) -> Deal:
    """The deal ``Deal.new(rules, players, seed=seed)``, played by ``bots`` from ``bots_rng(seed)``.

    What ``bibi deal --seed S``, the views and a notebook play for the same rules, players, seed and bots.
    """
    return play(Deal.new(rules, players, seed=seed), bots, bots_rng(seed), **stops)


__all__ = [
    "BOTS", "Bot", "BotError", "Bots", "Chooser", "Decisions", "Explanation", "as_bots", "bot_name", "bot_title",
    "bots_rng", "call_said", "call_told",
    "explain", "get_bot", "last_seen", "last_seen_move", "lockstep", "Move", "play", "play_out", "play_seeded",
    "public_reason", "random_bot", "random_choice", "register", "review", "Reviewed", "seen_before", "snapshots",
    "strongest_bot", "trick_number", "why_move",
]
