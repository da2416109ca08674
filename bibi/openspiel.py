"""Pip-Pip! as an OpenSpiel game, for bot writers: ``pyspiel.load_game("python_bibi", {...})``.

Importing the module registers the game ``python_bibi`` with OpenSpiel (the optional extra
``bibi-kit[openspiel]``, open-spiel 2.0.2). Its parameters are the rules and the players:
``rules`` is the kit's rules label (``Rules.label``) made safe for a game string by ``encode_rules``
(OpenSpiel's game strings cannot hold ``=`` or ``,``), ``players`` the number of seats.

>>> game = load("italian:bibi_points=30", players=3)
>>> game.get_parameters()["rules"], game.num_players()
('italian:bibi_points%3D30', 3)
>>> decode_rules(game.get_parameters()["rules"]).bibi_points
30

The game is the engine's own ``Deal``, made with ``ask_every_chance=True``, so that who is to act (OpenSpiel's
public ``current_player``) tells nothing of a hand: every seat is asked at each of its chances to call, ``pass``
its only action when it holds no pair. Chance decides, as the table does, the dealer (one seat in ``players``),
the first trump (a suit, as announced: R6, R7; I4) and each card of the pack at the moment the deal reads it
(``Deal.cards_read``): the hands as dealt, one card at each draw, the leftovers when they are turned up. The pack's
unread cards are equally likely in every order, so the cut card's place at the bottom is not known to anyone here,
as in the kit's own sampler (``bibi.sampling``): a seat knows the first trump's suit. The chance outcomes of a
seeded deal of the kit (``chance_outcomes_of``) replay that very deal.

Actions: the engine's one encoding (``bibi.actions``): ``0…51`` play a card (its index, ``Card``), ``52…55`` call a
pair (``bibi S`` … ``bibi C``), ``56…59`` switch the trump (``trump S`` …), ``60`` pass.

>>> action_id(Card("KS")), action_id(Action.parse("bibi H")), action_id(Action.parse("pass")), engine_action(53)
(10, 53, 60, Action('bibi H'))

Returns are each seat's points less the table's mean (zero-sum).

What a seat sees comes from the engine's ``View`` only (``Deal.view``): the information-state string and tensor
are its whole view (its hand, its draws in order, its passes, every public fact), the observation string and
tensor the present part of it; never another seat's hidden cards nor the stock. ``resample_from_infostate`` asks
the kit's sampler (``Deal.resample``), for any seat, from a ``random.Random`` (or a seed drawn from OpenSpiel's
sampler): give ISMCTS a seeded one with ``resampler(seed)`` (``ismcts_bot`` does), as its own default draws from the
clock.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Sequence
from typing import Any
from urllib.parse import quote, unquote

try:  # OpenSpiel before numpy: it is what no Python in a browser can install
    import pyspiel  # noqa: I001
    import numpy as np  # (OpenSpiel's own dependency)
except ImportError as exc:  # pragma: no cover - the message is the point
    # In the browser's Python (Pyodide, the JupyterLite site) no pip install helps: say where it runs instead.
    _where = (f", which this Python ({sys.platform}: a browser's, as in the JupyterLite site) cannot install: "
              "OpenSpiel has no build for it. Run this in a local install of the kit, with "
              if sys.platform in ("emscripten", "wasi") else ": ")  # fmt: skip
    raise ImportError(
        f"bibi.openspiel needs OpenSpiel, the kit's optional extra 'openspiel' (open-spiel 2.0.2){_where}"
        "pip install 'bibi-kit[openspiel]'",
        name="pyspiel",
    ) from exc

from bibi.actions import CALL_BASE, NUM_ACTIONS, PASS_INDEX, SWITCH_BASE, Action, action_at, action_index
from bibi.cards import CARDS, SUITS, Card
from bibi.deal import Deal
from bibi.dealing import check_players, dealt_places
from bibi.errors import check_type, shorten, whole, wrong_type
from bibi.playout import random_playout
from bibi.reports import View
from bibi.rules import Rules, as_rules, parse_rules

GAME_NAME = "python_bibi"
DEFAULT_PARAMETERS = {"players": 4, "rules": "russian"}

# The engine's action encoding (``bibi.actions``), by OpenSpiel's names: an action id is ``action_index``'s number.
PASS_ACTION = PASS_INDEX
action_id = action_index  # the OpenSpiel action of an engine action (a card, a call, a switch, ``pass``)
engine_action = action_at  # the engine action of an OpenSpiel action (numpy's integers too, as bots give)


# -- the rules as a game-string parameter -------------------------------------------------------------------


def encode_rules(rules: Rules | str) -> str:
    """The rules' label (``Rules.label``) with the characters a game string cannot hold percent-encoded.

    >>> encode_rules("russian:follow=follow_or_trump,dealt_pairs=false")
    'russian:follow%3Dfollow_or_trump%2Cdealt_pairs%3Dfalse'
    """
    return quote(as_rules(rules).label, safe=":_-.")


def decode_rules(text: Any) -> Rules:
    """The rules ``encode_rules`` wrote (a plain label reads too); a ``ValueError`` naming ``rules`` otherwise."""
    check_type("rules", text, str, "an encoded rules label (encode_rules)")
    try:
        return parse_rules(unquote(text))
    except (ValueError, TypeError) as exc:
        raise type(exc)(f"rules: {shorten(text)} is not an encoded rules label: {exc}") from None


# -- the game -------------------------------------------------------------------------------------------------

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Pip-Pip! (Bi-bi!, bip bip)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=12,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULT_PARAMETERS,
)


class _Spec:
    """What every state of one game shares: the rules and the seats (never copied with a state)."""

    def __init__(self, rules: Rules, players: int):
        self.rules, self.players = rules, players
        self.dealt = players * rules.hand_size
        self.pack = 52 * rules.decks
        self.tricks = rules.tricks(players)
        total = sum(rules.card_points.per_card()) * rules.decks + 4 * rules.decks * rules.bibi_points
        self.total = total  # the most points a deal can hand out: the pack's and every pair called

    def __deepcopy__(self, memo: object) -> _Spec:
        return self


class BibiGame(pyspiel.Game):
    """The game of one rules mix and table size (``load`` or ``pyspiel.load_game("python_bibi", {...})``)."""

    def __init__(self, params: dict[str, Any] | None = None):
        given = {**DEFAULT_PARAMETERS, **(params or {})}
        rules = decode_rules(given["rules"])
        players = check_players(rules, given["players"])
        spec = _Spec(rules, players)
        # A seat's actions: every card played, a pass closing each chance to call (one before the first trick,
        # one after each draw, one more after each call), the calls and the switches.
        length = spec.pack + players + spec.pack + 3 * 4 * rules.decks
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=52,
            num_players=players,
            min_utility=-spec.total / players,
            max_utility=spec.total * (players - 1) / players,
            utility_sum=0.0,
            max_game_length=length,
        )
        super().__init__(_GAME_TYPE, info, {"players": players, "rules": encode_rules(rules)})
        self.spec = spec

    @property
    def rules(self) -> Rules:
        return self.spec.rules

    def new_initial_state(self) -> BibiState:
        return BibiState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> BibiObserver:
        if params:
            raise ValueError(f"params: the observer takes none, not {shorten(params)}")
        perfect_recall = iig_obs_type is None or iig_obs_type.perfect_recall
        return BibiObserver(self.spec, perfect_recall)

    def state_of(self, deal: Deal) -> BibiState:
        """The state of ``deal`` (made with ``ask_every_chance=True``, of this game's rules and players): its
        dealer, first trump and each card it has read played as chance outcomes, its actions as the players'."""
        check_type("deal", deal, Deal, "a Deal")
        if deal.rules != self.spec.rules or deal.players != self.spec.players or not deal.ask_every_chance:
            raise ValueError(f"deal: {shorten(deal)} is not a deal of this game ({self.spec.rules.label}, "
                             f"{self.spec.players} players, ask_every_chance=True)")
        state = BibiState(self)
        actions, deck, k = deal.actions, deal.deck, 0
        state.apply_action(deal.dealer)
        state.apply_action(deal.first_trump.index)
        while k < len(actions) or state._chance():
            if state._chance():
                state.apply_action(int(deck[len(state._read)]))
            else:
                state.apply_action(action_id(actions[k]))
                k += 1
        return state


class BibiState(pyspiel.State):
    """A state of ``python_bibi``: chance (dealer, first trump, the cards as read), then the engine's deal."""

    def __init__(self, game: BibiGame):
        super().__init__(game)
        self._spec = game.spec
        self._dealer: int | None = None
        self._trump: int | None = None
        self._read: list[Card] = []  # the pack's cards revealed by chance, in the order the deal reads them
        self._left = [self._spec.rules.decks] * 52  # per card index, the copies chance has not revealed
        self._target = self._spec.dealt  # how many cards the next step reads: chance reveals them first
        self._deal: Deal | None = None
        self._pending: Card | Action | None = None  # the player's action waiting for the cards it reads

    # ---- OpenSpiel's API --------------------------------------------------------------------------------

    def _chance(self) -> bool:
        return self._trump is None or len(self._read) < self._target

    def current_player(self) -> int:
        if self._chance():
            return int(pyspiel.PlayerId.CHANCE)
        deal = self._deal
        assert deal is not None
        to_act = deal.to_act
        return int(pyspiel.PlayerId.TERMINAL) if to_act is None else to_act

    def is_terminal(self) -> bool:
        return not self._chance() and self._deal is not None and self._deal.is_over

    def _legal_actions(self, player: int) -> list[int]:
        deal = self._deal
        if deal is None or self._chance() or deal.to_act != player:
            return []
        return sorted(action_id(a) for a in deal.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._dealer is None:
            n = self._spec.players
            return [(seat, 1.0 / n) for seat in range(n)]
        if self._trump is None:
            return [(s, 0.25) for s in range(4)]
        total = sum(self._left)
        return [(c, k / total) for c, k in enumerate(self._left) if k]

    def _apply_action(self, action: int) -> None:
        if self._chance():
            self._apply_chance_outcome(action)
            return
        deal = self._deal
        assert deal is not None
        act = engine_action(action)
        if deal.stock_size:  # the step may read cards: find out on a copy, and let chance reveal them first
            probe = deal.copy().apply(act)
            if probe.cards_read > deal.cards_read:
                self._pending, self._target = act, probe.cards_read
            else:
                self._deal = probe
            return
        deal.apply(act)

    def _apply_chance_outcome(self, outcome: int) -> None:
        if self._dealer is None:
            self._dealer = whole("dealer", outcome, 0, self._spec.players - 1)
            return
        if self._trump is None:
            self._trump = whole("trump", outcome, 0, 3)
            return
        c = whole("card", outcome, 0, 51)
        if not self._left[c]:
            raise ValueError(f"card: every copy of {CARDS[c]} is already dealt")
        self._left[c] -= 1
        self._read.append(CARDS[c])
        if len(self._read) == self._target:
            self._step()

    def _rest(self) -> list[Card]:
        """The cards chance has not revealed, in a fixed order: the deal never reads them before chance does."""
        return [CARDS[c] for c, k in enumerate(self._left) for _ in range(k)]

    def _step(self) -> None:
        """Every card the next step reads is revealed: take it (deal the hands, or apply the pending action)."""
        spec, read = self._spec, self._read
        if self._deal is None:
            assert self._dealer is not None and self._trump is not None
            deal = Deal.new(spec.rules, spec.players, dealer=self._dealer, trump=SUITS[self._trump],
                            deck=[*read, *self._rest()], log=False, ask_every_chance=True)
            if deal.cards_read > len(read):  # the leftovers are turned up before the first trick
                self._target = deal.cards_read
                return
            self._deal = deal
            return
        deal, act = self._deal, self._pending
        assert act is not None
        deal.restock([*read[deal.cards_read:], *self._rest()])
        deal.apply(act)
        self._pending = None

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self._dealer is None:
                return f"dealer {action}"
            if self._trump is None:
                return f"first trump {SUITS[action].value}"
            return f"card {CARDS[action]}"
        return str(engine_action(action))

    def returns(self) -> list[float]:
        n = self._spec.players
        if not self.is_terminal():
            return [0.0] * n
        assert self._deal is not None
        scores = self._deal.scores
        mean = sum(scores) / n
        return [s - mean for s in scores]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> BibiState:
        """A state whose information state for ``player_id`` is this one's, the cards hidden from that seat dealt
        by the kit's sampler (``Deal.resample``): ``probability_sampler`` is a ``random.Random``, or OpenSpiel's
        sampler as OpenSpiel's own algorithms pass it (``pyspiel.UniformProbabilitySampler``, which is called and
        gives a number in [0, 1)): one seed is drawn from it. At a player's decision only."""
        deal = self._deal
        if deal is None or self._chance() or deal.is_over:
            raise ValueError("resample_from_infostate: only at a player's decision")
        if isinstance(probability_sampler, random.Random):
            rng = probability_sampler
        elif callable(probability_sampler):
            drawn = probability_sampler()
            if isinstance(drawn, bool) or not isinstance(drawn, int | float) or not 0 <= drawn < 1:
                raise ValueError(f"probability_sampler: gave {shorten(drawn)}, not a number in [0, 1)")
            rng = random.Random(int(drawn * 2**53))
        else:
            raise wrong_type("probability_sampler", probability_sampler, "a random.Random or a callable sampler "
                             "giving a number in [0, 1) (pyspiel.UniformProbabilitySampler)", typed=False)
        world = deal.resample(player_id, rng)
        game = self.get_game()
        assert isinstance(game, BibiGame)
        return game.state_of(world)

    def deal(self) -> Deal:
        """A copy of the engine's deal behind this state (at a decision or the end): ``deal().view(seat)`` is what
        a seat sees. Its stock beyond the cards chance revealed is a placeholder order, not a guess."""
        if self._deal is None or self._chance():
            raise ValueError("deal: chance is still dealing; ask at a player's decision or at the end")
        return self._deal.copy()

    def view(self, seat: int) -> View | None:
        """What ``seat`` sees (``Deal.view``); ``None`` while chance deals the hands."""
        return None if self._deal is None else self._deal.view(seat)

    def __str__(self) -> str:
        if self._deal is None:
            return f"dealing: dealer {self._dealer}, first trump {self._trump}, {len(self._read)} cards dealt"
        pending = "" if self._pending is None else f"\nwaiting for {self._target - len(self._read)} card(s) " \
                                                    f"for {self._pending}"
        return str(self._deal) + pending


# -- what a seat sees: strings and tensors from the engine's View --------------------------------------------


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(map(str, cards)) or "-"


def _view_text(view: View, perfect_recall: bool) -> str:
    """A seat's ``View`` as text: the present, and with ``perfect_recall`` its whole history."""
    trump = view.pending_trump.value if view.pending_trump else "-"
    lines = [
        f"seat {view.seat}; dealer {view.dealer}; first trump {view.first_trump.value}; trump {view.trump.value}; "
        f"next trump {trump}; to act {'-' if view.to_act is None else view.to_act}",
        f"hand {_cards(view.hand)}",
        f"trick {' '.join(f'{s}:{c}' for s, c in view.trick) or '-'}",
        "laid " + " | ".join(_cards(laid) for laid in view.laid_down),
        f"leftovers {_cards(view.leftovers)}; stock {view.stock_size}; drawing {view.drawing}",
        f"hands {' '.join(map(str, view.hand_sizes))}; scores {' '.join(map(str, view.scores))}",
        f"calls {' '.join(f'{c.seat}:{c.suit.value}@{c.trick}' for c in view.calls) or '-'}; "
        f"switch rights {' '.join(s.value for s in view.switch_rights) or '-'}",
        f"legal {' '.join(map(str, view.legal_actions)) or '-'}",
    ]
    if perfect_recall:
        lines += [
            f"drawn {' '.join(f'{t}:{c}' for t, c in view.drawn) or '-'}; "
            f"passed {' '.join(map(str, view.passes)) or '-'}",
            "switches " + (" ".join(f"{t}:{s}:{u.value}" for t, s, u in view.history.switches) or "-"),
            *(f"trick {t.number}: {' '.join(f'{s}:{c}' for s, c in t.plays)} ({t.trump.value}, won by {t.winner})"
              for t in view.tricks),
        ]
    return "\n".join(lines)


class BibiObserver:
    """Observation strings and tensors of ``python_bibi``, read from the engine's ``View`` of the seat.

    The tensor's pieces (``dict``), counts of copies divided by the packs (so 0…1):
    ``seat``, ``to_act`` (one-hot over the seats, and one for nobody), ``dealer``, ``first_trump``, ``trump``,
    ``next_trump`` (four suits, and one for none), ``hand`` (per card index), ``trick`` (per seat, its card in the
    trick under way), ``played`` (per card index, in the tricks done), ``laid_down`` (per seat and card index),
    ``leftovers``, ``stock`` (the share of the pack still face down), ``drawing``, ``hand_sizes``, ``scores`` (per
    seat, as shares of the most points a deal can give), ``switch_rights``, ``calls`` (per seat and suit),
    ``legal`` (the seat's legal actions, when it decides); with perfect recall also ``tricks`` (per trick, per
    seat, its card), ``drawn`` (per draw of the seat, the card) and ``passed`` (per trick window, -1 first).
    """

    def __init__(self, spec: _Spec, perfect_recall: bool):
        self.spec, self.perfect_recall = spec, perfect_recall
        n = spec.players
        draws = -(-(spec.pack - spec.dealt) // n)  # the most draws of one seat
        pieces: list[tuple[str, tuple[int, ...]]] = [
            ("seat", (n,)), ("to_act", (n + 1,)), ("dealer", (n,)), ("first_trump", (4,)), ("trump", (4,)),
            ("next_trump", (5,)), ("hand", (52,)), ("trick", (n, 52)), ("played", (52,)), ("laid_down", (n, 52)),
            ("leftovers", (52,)), ("stock", (1,)), ("drawing", (1,)), ("hand_sizes", (n,)), ("scores", (n,)),
            ("switch_rights", (4,)), ("calls", (n, 4)), ("legal", (NUM_ACTIONS,)),
        ]
        if perfect_recall:
            pieces += [("tricks", (spec.tricks, n, 52)), ("drawn", (max(draws, 1), 52)),
                       ("passed", (spec.tricks + 1,))]
        size = sum(int(np.prod(shape)) for _, shape in pieces)
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, Any] = {}
        at = 0
        for name, shape in pieces:
            k = int(np.prod(shape))
            self.dict[name] = self.tensor[at:at + k].reshape(shape)
            at += k

    def set_from(self, state: BibiState, player: int) -> None:
        self.tensor.fill(0)
        d = self.dict
        d["seat"][player] = 1
        view = state.view(player)
        if view is None:  # chance is dealing the hands: the seat knows the dealer, the trump, its cards so far
            if state._dealer is not None:
                d["dealer"][state._dealer] = 1
            if state._trump is not None:
                d["first_trump"][state._trump] = d["trump"][state._trump] = 1
            for c in _dealt_so_far(state, player):
                d["hand"][c] += 1 / self.spec.rules.decks
            return
        self._set_view(view, state._pending)

    def _set_view(self, view: View, pending: Card | Action | None) -> None:
        d, spec = self.dict, self.spec
        n, per = spec.players, 1 / spec.rules.decks
        d["to_act"][n if view.to_act is None else view.to_act] = 1
        d["dealer"][view.dealer] = 1
        d["first_trump"][view.first_trump.index] = 1
        d["trump"][view.trump.index] = 1
        d["next_trump"][4 if view.pending_trump is None else view.pending_trump.index] = 1
        for c in view.hand:
            d["hand"][c] += per
        for seat, c in view.trick:
            d["trick"][seat, c] = 1
        for t in view.tricks:
            for _, c in t.plays:
                d["played"][c] += per
        for seat, laid in enumerate(view.laid_down):
            for c in laid:
                d["laid_down"][seat, c] += per
        for c in view.leftovers:
            d["leftovers"][c] += per
        d["stock"][0] = view.stock_size / spec.pack
        d["drawing"][0] = view.drawing
        for seat in range(n):
            d["hand_sizes"][seat] = view.hand_sizes[seat] / spec.rules.hand_size
            d["scores"][seat] = view.scores[seat] / spec.total
        for s in view.switch_rights:
            d["switch_rights"][s.index] += 1
        for call in view.calls:
            d["calls"][call.seat, call.suit.index] += 1
        for a in view.legal_actions:
            d["legal"][action_id(a)] = 1
        if self.perfect_recall:
            for t in view.tricks:
                for seat, c in t.plays:
                    d["tricks"][t.number, seat, c] = 1
            for k, (_, c) in enumerate(view.drawn):
                d["drawn"][k, c] = 1
            for window in view.passes:
                d["passed"][window + 1] += 1

    def string_from(self, state: BibiState, player: int) -> str:
        view = state.view(player)
        if view is None:
            return (f"seat {player}; dealer {state._dealer}; first trump "
                    f"{'-' if state._trump is None else SUITS[state._trump].value}; "
                    f"dealt {_cards(sorted(_dealt_so_far(state, player)))}")
        text = _view_text(view, self.perfect_recall)
        if state._pending is not None:  # the action is public; the cards it reads are chance's next outcomes
            text += f"\nthen {state._pending}: {state._target - len(state._read)} card(s) to read"
        return text


def _dealt_so_far(state: BibiState, seat: int) -> list[Card]:
    spec = state._spec
    if state._dealer is None:
        return []
    places = dealt_places(spec.players, state._dealer, seat, spec.rules.hand_size)
    read = state._read
    return [read[i] for i in range(places.start, min(places.stop, len(read)), places.step)]


pyspiel.register_game(_GAME_TYPE, BibiGame)


# -- for bot writers --------------------------------------------------------------------------------------------


def load(rules: Rules | str = "russian", players: int = 4) -> BibiGame:
    """The game of ``rules`` (a preset name, a label or ``Rules``) and ``players``: ``pyspiel.load_game``."""
    rules = as_rules(rules)
    game = pyspiel.load_game(GAME_NAME, {"rules": encode_rules(rules), "players": check_players(rules, players)})
    assert isinstance(game, BibiGame)
    return game


def chance_outcomes_of(deal: Deal) -> list[int]:
    """The chance outcomes that deal ``deal``'s pack as it lies: its dealer, its first trump, every card of the
    pack in the order the deal reads it (``Deal.new(rules, players, seed=seed)``'s deal, through OpenSpiel)."""
    check_type("deal", deal, Deal, "a Deal")
    return [deal.dealer, deal.first_trump.index, *map(int, deal.deck)]


def resampler(seed: Any) -> Callable[[BibiState, int], BibiState]:
    """A seeded resampler for OpenSpiel's ``ISMCTSBot.set_resampler``: each call resamples with the next draw of
    one ``random.Random(seed)``, so a search is the same every run."""
    rng = random.Random(seed)

    def resample(state: BibiState, player: int) -> BibiState:
        return state.resample_from_infostate(player, rng)

    return resample


def engine_rollouts(seed: Any, rollouts: int = 1, bots: Any = "random") -> Any:
    """An evaluator for OpenSpiel's MCTS and ISMCTS bots that plays the deal out on the engine, not through
    OpenSpiel's API: the unread stock is shuffled (chance) and ``bots`` (the play layer's names or bots) play to
    the end, ``rollouts`` times; the mean returns. Seeded by ``seed``."""
    from open_spiel.python.algorithms import mcts

    from bibi.play import play

    whole("rollouts", rollouts, 1)
    rng = random.Random(seed)
    random_bots = bots == "random"

    class EngineRollouts(mcts.Evaluator):
        def evaluate(self, state: BibiState) -> Any:
            state = state.clone()
            while state.is_chance_node():  # finish what chance is revealing (rarely a leaf)
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            if state.is_terminal():
                return np.array(state.returns())
            deal = state._deal
            assert deal is not None
            total = np.zeros(state._spec.players)
            for _ in range(rollouts):
                world = deal.copy()
                stock = list(world.stock())
                rng.shuffle(stock)
                world.restock(stock)
                if random_bots:
                    random_playout(world, rng)
                else:
                    play(world, bots, rng)
                scores = np.array(world.scores, dtype=float)
                total += scores - scores.mean()
            return total / rollouts

        def prior(self, state: BibiState) -> list[tuple[int, float]]:
            if state.is_chance_node():
                return state.chance_outcomes()
            legal = state.legal_actions()
            return [(a, 1.0 / len(legal)) for a in legal]

    return EngineRollouts()


def ismcts_bot(game: BibiGame, seed: Any, simulations: int = 100, uct_c: float = 2.0, rollouts: int = 1,
               bots: Any = "random") -> Any:
    """OpenSpiel's Python ISMCTS bot on ``game``, seeded throughout (its own choices, its resampler, the
    rollouts on the engine)."""
    from open_spiel.python.algorithms import ismcts

    check_type("game", game, BibiGame, "a python_bibi game (bibi.openspiel.load)")
    bot = ismcts.ISMCTSBot(game, engine_rollouts(seed, rollouts, bots), uct_c, whole("simulations", simulations, 1),
                           random_state=np.random.RandomState(random.Random(seed).getrandbits(32)))
    bot.set_resampler(resampler(seed))
    return bot


class IsmctsPlayer:
    """ISMCTS as a bot of the kit's protocol (``bot(view, rng) -> action``), for ``bibi.play``: the deal at the
    table must be made with ``ask_every_chance=True``. It sees only its view: a world consistent with it is drawn
    (``bibi.sampling``) and turned into an OpenSpiel state, from which ISMCTS resamples at every simulation."""

    def __init__(self, rules: Any, players: int, seed: Any = 0, simulations: int = 100, uct_c: float = 2.0,
                 rollouts: int = 1, bots: Any = "random"):
        self.game = load(rules, players)
        self.bot = ismcts_bot(self.game, seed, simulations, uct_c, rollouts, bots)
        self.rng = random.Random(seed)

    def __call__(self, view: Any, rng: random.Random) -> Card | Action:
        from bibi.sampling import resample

        if not getattr(view, "ask_every_chance", False):
            raise ValueError("view: ISMCTS plays a deal made with ask_every_chance=True (OpenSpiel's public "
                             "player to move)")
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        state = self.game.state_of(resample(view, self.rng))
        return engine_action(self.bot.step(state))


__all__ = [
    "CALL_BASE", "DEFAULT_PARAMETERS", "GAME_NAME", "NUM_ACTIONS", "PASS_ACTION", "SWITCH_BASE", "BibiGame",
    "BibiObserver", "BibiState", "IsmctsPlayer", "action_id", "chance_outcomes_of", "decode_rules",
    "encode_rules", "engine_action", "engine_rollouts", "ismcts_bot", "load", "resampler",
]
