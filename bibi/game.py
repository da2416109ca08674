"""A game: a match of deals, from the first dealer to the end after equal deals (R5–R7, R26).

- The first dealer: under ``first_dealer='high_card_draw'`` everyone draws a card, the highest by the
  game's ranking deals (R5, R6), and tied players draw again (not stated: a convention); under
  ``'random'`` any seat, at random.
- The first trump: the suit of the dealer's drawn card (``first_trump='dealer_card'``, R6), or the cut.
- Later deals: the deal passes to the left (the next seat); the player on the dealer's right cuts, the
  cut card is shown, sets the trump and goes to the bottom of the pack (R7; I3, I4).
- Under ``trump_change='next_deal'`` the suit of a deal's last call made after a draw is the next deal's
  trump instead of the cut's suit (R16 read literally); a call of the dealt-pair pass changed its own
  deal's trump instead (R18) and does not count (rules §5.11, a section of ``docs/rules.md``). The pack is
  still cut, and the cut card still goes to the bottom.
- The game ends when every player has dealt ``rounds`` times (R26); the highest total wins (R9; I17);
  ties are shared (not stated in either text: a convention).
- The Italian text describes no game of several deals: an Italian game uses R7's cutter and R26's end
  (not stated, taken from R7, R26).

Rule decisions the texts leave open, and how this module takes them:

- When the first trump is the dealer's drawn card, that first deal has no cut: the draw has set both
  the dealer and the trump, and the pack is shuffled afresh (as ``Deal.new`` does).
- The high-card draw, the shuffles and the cuts come from the game's own random generator; the bots
  get another one, so the same seed gives the same packs whatever the bots do.

>>> game = Game.new("russian", players=3, seed=7)
>>> game
<Game russian, 3 players, deal 1 of 3, dealer seat 2, in progress, totals 0 0 0>
>>> game.play("greedy").is_over, len(game.deals), sum(game.totals) >= 3 * 264
(True, 3, True)
>>> Game.replay(game.record()).totals == game.totals
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bibi.cards import Card, Suit, parse_card
from bibi.deal import Deal
from bibi.dealing import check_players, cutter, set_up, still_drawing
from bibi.errors import WrongType, check_seed, check_type, shorten, whole
from bibi.i18n import _, count, ngettext
from bibi.outcome import Outcome
from bibi.play import Bots, as_bots, bots_rng, play
from bibi.records import GAME_FORMAT, check_header
from bibi.render.names import changes_told
from bibi.rules import FirstDealer, FirstTrump, Rules, TrumpChange, as_rules, rules_titled

RECORD_FORMAT = GAME_FORMAT  # bibi.records: a record's header is checked there
MAX_ROUNDS = 100  # each player deals at most this often: a game of 12 players is then 1,200 deals
_FIELDS = ("format", "rules", "players", "rounds", "seed", "draws", "deals")

Draw = tuple[tuple[int, Card], ...]


@dataclass(frozen=True)
class Cut:
    """A cut before a deal: who cut, and the card shown, which then went to the bottom of the pack (R7)."""

    seat: int
    card: Card

    def __str__(self) -> str:
        return _("seat {seat} cut {card}").format(seat=self.seat, card=self.card.display())


class Game:
    """A match of deals: ``Game.new(rules, players, rounds=1, seed=...)``, then play each deal.

    ``game.deal`` is the deal being played; when it is over, ``game.next_deal()`` deals the next one,
    until ``game.is_over``. ``game.play(bots)`` runs the rest of the game with bots.
    """

    __slots__ = ("rules", "players", "rounds", "seed", "draws", "_deals", "_cuts", "_rng", "_bot_rng")

    rules: Rules
    players: int
    rounds: int
    seed: int | str | None  # what a game record writes (a whole number, or a text; no bytes)
    draws: tuple[Draw, ...]
    _deals: list[Deal]
    _cuts: list[Cut | None]
    _rng: random.Random
    _bot_rng: random.Random | None

    # ---- construction --------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        rules: Rules | str,
        players: int = 6,
        rounds: int = 1,
        *,
        seed: int | str | None = None,
        rng: random.Random | None = None,
    ) -> Game:
        """A new game with its first deal dealt: first dealer and trump as the rules say (R5, R6; I4).

        The draw, the shuffles and the cuts use ``rng``, or ``random.Random(seed)``.
        """
        if rng is not None:
            check_type("rng", rng, random.Random, "a random.Random")
        self = cls._empty(rules, players, rounds, seed)
        self._rng = rng if rng is not None else random.Random(self.seed)
        self._start_deal(set_up(self.rules, self.players, self._rng))
        return self

    @classmethod
    def _empty(cls, rules: Rules | str, players: int, rounds: int, seed: int | str | None) -> Game:
        self = object.__new__(cls)
        self.rules = as_rules(rules)
        self.players = check_players(self.rules, players)
        self.rounds = whole("rounds", rounds, 1, MAX_ROUNDS)
        checked = check_seed("seed", seed)
        if isinstance(checked, bytes):  # a game's record writes its seed, in JSON
            # TRANSLATORS: {value} is the seed refused (bytes), as Python writes it
            raise WrongType("seed: " + _("a game's record writes its seed: use a whole number or a text, not {value}")
                            .format(value=shorten(seed)))
        self.seed = checked
        self.draws = ()
        self._deals = []
        self._cuts = []
        self._bot_rng = None
        return self

    def _start_deal(self, setup: Any) -> Deal:
        """Deal from a set-up (``bibi.dealing.set_up``, the engine's one protocol) and note its draw and cut."""
        if setup.draws:
            self.draws = setup.draws
        deal = Deal.new(self.rules, self.players, dealer=setup.dealer, trump=setup.trump, deck=setup.deck)
        self._deals.append(deal)
        self._cuts.append(None if setup.cut is None else Cut(*setup.cut))
        return deal

    def cutter(self, dealer: int) -> int:
        """The seat that cuts for ``dealer`` (a seat): the player on his right (R7), as the engine's set-up
        has it (``bibi.dealing.cutter``)."""
        return cutter(self.players, whole("dealer", dealer, 0, self.players - 1))

    # ---- the flow of the game ------------------------------------------------------------------

    @property
    def deal(self) -> Deal:
        """The deal being played (the last one once the game is over)."""
        return self._deals[-1]

    @property
    def deals(self) -> tuple[Deal, ...]:
        """Every deal so far, in order; the last may still be in progress."""
        return tuple(self._deals)

    @property
    def cuts(self) -> tuple[Cut | None, ...]:
        """The cut before each deal (``None`` where the first trump came from the dealer's drawn card)."""
        return tuple(self._cuts)

    @property
    def deals_total(self) -> int:
        """How many deals the game has: every player deals ``rounds`` times (R26)."""
        return self.players * self.rounds

    @property
    def first_dealer(self) -> int:
        return self._deals[0].dealer

    @property
    def dealer(self) -> int:
        """The dealer of the current deal."""
        return self.deal.dealer

    @property
    def is_over(self) -> bool:
        """True when every player has dealt ``rounds`` times and the last deal is over (R26)."""
        return len(self._deals) == self.deals_total and self.deal.is_over

    def next_deal(self) -> Deal:
        """Deal the next deal: the deal passes left, the dealer's right cuts for the trump (R7)."""
        if not self.deal.is_over:
            raise ValueError(f"next_deal: deal {len(self._deals)} is not over yet ({self.deal!r})")
        if self.is_over:
            raise ValueError(f"next_deal: the game is over after {self.deals_total} deals (R26)")
        called = self._called_trump(len(self._deals))
        dealer = (self.dealer + 1) % self.players
        return self._start_deal(set_up(self.rules, self.players, self._rng, dealer=dealer, carried=called))

    def play(self, bots: Bots, rng: random.Random | int | str | None = None) -> Game:
        """Play the rest of the game with ``bots`` (one per seat, one for all, or a name: ``play_game``); returns
        the game.

        Without ``rng`` the bots draw from a generator seeded from the game's seed, so a seeded game
        played by the same bots is the same game.
        """
        return play_game(self, bots, self.bots_rng(rng))

    def bots_rng(self, rng: random.Random | int | str | None = None) -> random.Random:
        """The bots' stream: ``rng`` if given (a seed makes one: a whole number or a text), else the game's own,
        ``bots_rng(seed)``, kept across deals (the play layer's convention, ``bibi.play``)."""
        if isinstance(rng, random.Random):
            return rng
        if rng is not None:
            return random.Random(check_seed("rng", rng))
        if self._bot_rng is None:
            self._bot_rng = bots_rng(self.seed)
        return self._bot_rng

    def take_back(self, upto: int) -> Deal:
        """Take the current deal back to its first ``upto`` actions (an undo): it is replayed from its record
        (``Deal.replay(record, upto=upto)``) and becomes the game's deal; earlier deals stay as they were."""
        deal = self.deal
        wrong = isinstance(upto, bool) or not isinstance(upto, int)  # a WrongType; a number out of range, a ValueError
        if wrong or not 0 <= upto <= len(deal.actions):
            # TRANSLATORS: {value} is the value refused, as Python writes it; {last} the number of actions played
            raise (WrongType if wrong else ValueError)("take_back: upto " + _(
                "{value} is not a position 0…{last} of the deal").format(value=shorten(upto), last=len(deal.actions)))
        self._deals[-1] = Deal.replay(deal.record(), upto=upto)
        return self._deals[-1]

    # ---- the score sheet -----------------------------------------------------------------------

    @property
    def totals(self) -> tuple[int, ...]:
        """Running totals per seat: every deal's scores, the current deal's so far included."""
        return tuple(map(sum, zip(*(d.scores for d in self._deals), strict=True)))

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the highest total (R9; I17), several on a tie (shared: a convention, no text says
        it); the leaders while the game runs."""
        return self.outcome().winners

    def outcome(self) -> Outcome:
        """Who won the game on the totals (R9; I17; ties shared: a convention), by how much; ``final`` once over."""
        return Outcome.of(self.totals, self.is_over)

    def trump_source(self, index: int) -> str:
        """Where deal ``index``'s (0-based, one of the deals so far) first trump came from, in words (in the
        language in force)."""
        index = whole("index", index, 0, len(self._deals) - 1)
        shown = self._cuts[index]
        if shown is None:
            card = dict(self.draws[-1])[self.first_dealer]
            return _("the dealer's drawn card {card} (R6)").format(card=card.display())
        if self._called_trump(index) is not None:
            return _("the last Bi-bi of deal {number} (R16 read literally; {cut})").format(number=index, cut=shown)
        # TRANSLATORS: "italian" is the Italian rules' text, which does not say where the first trump comes from
        source = "R7" if self.rules.name != "italian" else _("italian: not stated, taken from R7")
        return _("the cut ({cut}; {source})").format(cut=shown, source=source)

    def _called_trump(self, index: int) -> Suit | None:
        """Under ``next_deal``: the suit called last in the deal before deal ``index``, if any."""
        if index == 0 or self.rules.trump_change is not TrumpChange.NEXT_DEAL:
            return None
        return self._deals[index - 1].next_trump

    def __repr__(self) -> str:
        """The game at a glance, the same in every language; ``str`` is the score sheet a person reads."""
        state = "over" if self.is_over else "in progress"
        totals = " ".join(map(str, self.totals))
        return (f"<Game {self.rules.label}, {self.players} players, deal {len(self._deals)} of {self.deals_total}, "
                f"dealer seat {self.dealer}, {state}, totals {totals}>")

    def __str__(self) -> str:
        """The score sheet in the language in force: a row per deal (its first trump), the totals, the outcome."""
        heads = [_("seat {seat}").format(seat=s) for s in range(self.players)]
        width = max(8, 1 + max(len(h) for h in heads))  # 8 while the seats' names are short, as in English
        seats = "".join(f"{h:>{width}}" for h in heads)
        n = self.rounds
        # TRANSLATORS: English keeps "round(s)" in both forms; {rules} is a preset's name as "{rules} rules" says it
        # ("russian"), or rules with changes in words ("changed russian"); {players} is "4 players", {deals} "8 deals"
        lines = [ngettext("{rules} rules, {players}, {n} round(s): {deals}", "{rules} rules, {players}, {n} round(s): "
                          "{deals}", n).format(rules=rules_titled(self.rules), players=count(self.players, "player"),
                                               n=n, deals=count(self.deals_total, "deal")), f"{'':<16}{seats}"]
        if self.draws:
            lines.insert(1, _("high-card draw: {draws}").format(draws=" / ".join(
                " ".join(f"{s}:{c.display()}" for s, c in r) for r in self.draws)))
        changes = changes_told(self.rules)  # rules with changes: what was changed, as the rules panel says it
        if changes:
            lines.insert(1, changes)
        for i, deal in enumerate(self._deals):
            label = _("deal {number} ({sym})").format(number=i + 1, sym=deal.first_trump.symbol)
            scores = "".join(f"{x:>{width}}" for x in deal.scores)
            lines.append(f"{label:<16}{scores}" + ("" if deal.is_over else "  " + _("(in progress)")))
        total = _("total")
        lines.append(f"{total:<16}" + "".join(f"{x:>{width}}" for x in self.totals))
        lines.append(str(self.outcome()))
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        from bibi import render  # lazy: games never need the renderer

        return render.game_html(self)

    # ---- records -------------------------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        """A JSON-ready record: the draws, and each deal's cut and record; ``Game.replay`` reads it."""
        return {
            "format": RECORD_FORMAT,
            "rules": self.rules.to_json(),
            "players": self.players,
            "rounds": self.rounds,
            "seed": self.seed,
            "draws": [[[seat, str(card)] for seat, card in r] for r in self.draws],
            "deals": [
                {"cut": None if c is None else {"seat": c.seat, "card": str(c.card)}, "deal": d.record()}
                for c, d in zip(self._cuts, self._deals, strict=True)
            ],
        }

    @classmethod
    def replay(cls, record: Mapping[str, Any], rng: random.Random | None = None) -> Game:
        """Rebuild a game from ``record()``, checking it follows the rules; ``rng`` deals any later deals.

        A malformed record, or one that breaks the flow of a game, raises ``ValueError`` saying where.
        """
        if rng is not None:
            check_type("rng", rng, random.Random, "a random.Random")
        try:
            return _GameReader(record).read(rng)
        except ValueError:
            raise
        except (KeyError, TypeError, IndexError) as exc:
            raise ValueError(f"game record: malformed ({type(exc).__name__}: {exc})") from None


class _GameReader:
    """Reads and checks a game record, one rule at a time."""

    def __init__(self, record: Mapping[str, Any]):
        check_header(record, GAME_FORMAT, _FIELDS)
        for key in ("players", "rounds"):
            if isinstance(record[key], bool) or not isinstance(record[key], int):
                raise ValueError(f"game record: {key!r} must be a whole number, not {shorten(record[key])}")
        seed = record["seed"]
        if not (seed is None or isinstance(seed, str) or (isinstance(seed, int) and not isinstance(seed, bool))):
            raise ValueError(f"game record: 'seed' must be null, a whole number or a text, not {shorten(seed)}")
        self.record = record

    def read(self, rng: random.Random | None) -> Game:
        try:
            rules = Rules.from_json(self.record["rules"])
        except (ValueError, TypeError) as exc:
            raise ValueError(f"game record: bad rules: {exc}") from None
        try:
            game = Game._empty(rules, self.record["players"], self.record["rounds"], self.record["seed"])
        except ValueError as exc:
            raise ValueError(f"game record: {exc}") from None
        game._rng = rng if rng is not None else random.Random()
        game.draws = self._draws(game)
        entries = self.record["deals"]
        if not isinstance(entries, list):
            raise ValueError(f"game record: 'deals' must be a list of 1…{game.deals_total} deals, "
                             f"not {shorten(entries)}")
        if not 1 <= len(entries) <= game.deals_total:
            raise ValueError(f"game record: 'deals' must list 1…{game.deals_total} deals, not {len(entries)}")
        for i, entry in enumerate(entries):
            if i and not game.deal.is_over:
                raise ValueError(f"game record: deal {i} is not over, yet deal {i + 1} follows")
            deal, shown = self._deal(game, i, entry)
            game._deals.append(deal)
            game._cuts.append(shown)
        return game

    def _draws(self, game: Game) -> tuple[Draw, ...]:
        """The high-card draw (R5, R6): each round among the tied, one highest at the end."""
        raw = self.record["draws"]
        if not isinstance(raw, list):  # null, false, 0, "" or {} are no list of rounds, not "no draw"
            raise ValueError(f"game record: 'draws' must be a list of rounds, each a list of [seat, card], "
                             f"not {shorten(raw)}")
        if game.rules.first_dealer is not FirstDealer.HIGH_CARD_DRAW:
            if raw:
                raise ValueError(f"game record: draws listed ({shorten(raw)}), but these rules choose the first "
                                 "dealer at random")
            return ()
        if not raw:
            raise ValueError("game record: the rules draw for the first dealer (R5), but no draws are listed")
        for n, drawn in enumerate(raw):
            if not isinstance(drawn, list):
                raise ValueError(f"game record: 'draws' round {n + 1} must be a list of [seat, card], "
                                 f"not {shorten(drawn)}")
            for pair in drawn:
                if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], int)
                        and not isinstance(pair[0], bool) and isinstance(pair[1], str)):
                    raise ValueError(f"game record: 'draws' round {n + 1}: expected [seat, card] (a whole number and a "
                                     f"card), not {shorten(pair)}")
        draws = tuple(tuple((seat, _card(card, f"game record: 'draws' round {n + 1}")) for seat, card in drawn)
                      for n, drawn in enumerate(raw))
        contenders = list(range(game.players))
        left = [game.rules.decks] * 52  # what is left of the pack the draw is made from (R5)
        for n, drawn in enumerate(draws):
            if [s for s, _card in drawn] != contenders:
                raise ValueError(f"game record: draw round {n + 1} must be drawn by seats {contenders} (R5)")
            if sum(left) < len(drawn):  # the pack ran low: the draw goes on from a fresh pack
                left = [game.rules.decks] * 52
            for _seat, card in drawn:
                if not left[card]:
                    raise ValueError(f"game record: draw round {n + 1} draws {card} more often than "
                                     f"{game.rules.decks} pack(s) hold it")
                left[card] -= 1
            contenders = still_drawing(drawn)  # the engine's rule of the draw (R6)
        if len(contenders) != 1:
            raise ValueError("game record: the draw ends in a tie; tied players draw again (a convention)")
        return draws

    def _deal(self, game: Game, i: int, entry: Any) -> tuple[Deal, Cut | None]:
        where = f"game record: deal {i + 1}"
        if not isinstance(entry, Mapping) or sorted(entry) != ["cut", "deal"]:
            raise ValueError(f"{where}: expected {{'cut': …, 'deal': <deal record>}}, no more, no less, "
                             f"not {shorten(entry)}")
        try:
            deal = Deal.replay(entry["deal"])
        except ValueError as exc:
            raise ValueError(f"{where}: {exc}") from None
        if deal.rules != game.rules or deal.players != game.players:
            raise ValueError(f"{where}: its rules or players differ from the game's")
        if i:
            dealer = (game.dealer + 1) % game.players
        else:
            dealer = _draw_winner(game.draws) if game.draws else deal.dealer
        if deal.dealer != dealer:
            raise ValueError(f"{where}: dealt by seat {deal.dealer}, but the deal passes to seat {dealer} (R6, R7)")
        shown = self._cut(game, deal, entry.get("cut"), where)
        expected = self._expected_trump(game, i, shown)
        if deal.first_trump != expected:
            raise ValueError(f"{where}: trump {deal.first_trump.value}, but the rules make it {expected.value}")
        return deal, shown

    @staticmethod
    def _cut(game: Game, deal: Deal, raw: Any, where: str) -> Cut | None:
        if raw is None:
            return None
        if not isinstance(raw, Mapping) or sorted(raw) != ["card", "seat"] or not isinstance(raw["seat"], int) \
                or isinstance(raw["seat"], bool):
            raise ValueError(f"{where}: 'cut' must be null or {{'seat': <seat>, 'card': <card>}}, not {shorten(raw)}")
        shown = Cut(raw["seat"], _card(raw["card"], f"{where}: cut"))
        if shown.seat != game.cutter(deal.dealer):
            raise ValueError(
                f"{where}: cut by seat {shown.seat}, not by the dealer's right, seat {game.cutter(deal.dealer)} (R7)"
            )
        if deal.deck[-1] != shown.card:
            raise ValueError(f"{where}: the cut card {shown.card} is not at the bottom of the pack (R7)")
        return shown

    @staticmethod
    def _expected_trump(game: Game, i: int, shown: Cut | None) -> Suit:
        rules = game.rules
        if i == 0 and game.draws and rules.first_trump is FirstTrump.DEALER_CARD:
            if shown is not None:
                raise ValueError("game record: deal 1 takes the dealer's drawn card as trump (R6); no cut")
            return dict(game.draws[-1])[_draw_winner(game.draws)].suit
        if shown is None:
            raise ValueError(f"game record: deal {i + 1} needs the cut that sets its trump (R7)")
        return game._called_trump(i) or shown.card.suit


def _draw_winner(draws: tuple[Draw, ...]) -> int:
    """The seat whose card was highest in the last round of the draw (R6), which the reader checked untied."""
    (seat,) = still_drawing(draws[-1])
    return seat


def _card(text: Any, where: str) -> Card:
    """The card ``text`` of a record, or a ``ValueError`` saying ``where`` it is and quoting it."""
    try:
        return parse_card(text)
    except ValueError as exc:
        raise ValueError(f"{where}: {exc}") from None


def play_game(game: Game, bots: Bots, rng: random.Random | None = None) -> Game:
    """Play the rest of ``game`` with ``bots``, deal after deal: the deal-to-deal loop (each deal played by the play
    layer's loop, ``bibi.play.play``; the next one dealt when it is over, until every player has dealt ``rounds``
    times, R26); returns the game. ``rng`` is the bots' stream (default: the game's own, ``Game.bots_rng()``).

    Every seat needs a bot: ``None``, or a seat a mapping leaves out (``bibi.play.as_bots``), is refused.
    """
    check_type("game", game, Game, "a bibi.game.Game")
    seats = as_bots(bots, game.players)
    if None in seats:
        raise ValueError(f"bots: seat {seats.index(None)} has no bot; play_game needs one at every seat")
    rng = game.bots_rng() if rng is None else rng
    while True:
        play(game.deal, seats, rng)
        if game.is_over:
            return game
        game.next_deal()


def winners(totals: Sequence[int]) -> tuple[int, ...]:
    """The seats with the highest total; ties are shared (not stated in either text: a convention):
    ``Outcome.of(totals).winners``.

    >>> winners([120, 300, 300, 90])
    (1, 2)
    """
    return Outcome.of(totals).winners


__all__ = ["Cut", "Game", "RECORD_FORMAT", "play_game", "winners"]
