"""Pip-Pip! as a PettingZoo environment (AEC: the seats act in turn), for bot writers who train or test agents with
PettingZoo's and Gymnasium's tools. An optional extra: ``pip install 'bibi-kit[pettingzoo]'``.

>>> from bibi.pettingzoo import ACTIONS, env
>>> table = env(rules="russian", players=4)
>>> table.reset(seed=1)
>>> table.agent_selection, int(table.action_space("seat_0").n)
('seat_0', 61)
>>> obs, reward, terminated, truncated, info = table.last()
>>> " ".join(str(ACTIONS[i]) for i in obs["action_mask"].nonzero()[0]), reward
('8S 3H AH 7D 8D 5C JC', 0)

**The table.** ``env(rules=..., players=..., bots=...)`` (``raw_env`` without PettingZoo's order-enforcing wrapper)
seats ``players`` at a deal of ``rules`` (a preset's name, a label or a ``Rules``). Every seat without a bot is an
agent, ``"seat_0"`` … ``"seat_{players-1}"``; ``bots`` gives some seats one of the kit's bots (a list with one entry
per seat, ``None`` for an agent's seat, or a mapping ``{seat: bot}``, a seat it leaves out an agent's; a bot is a name
of ``bibi.play.BOTS`` or a callable ``bot(view, rng) -> action``: the kit's one seating, ``bibi.play.as_bots``). The
bots' seats are played by the play layer (``bibi.play.play``, which stops at an agent's decision), so no agent ever
waits on them. One episode is one deal; every decision of an agent is asked, a forced one too (its mask then holds a
single action).

**Who is asked about a call.** By default the engine asks call-or-pass only of a seat that holds a pair it may
call, and keeps that question and its pass from the other seats (``Deal.to_act_for``, ``Deal.events_for``): no
observation tells another seat of it, but the order in which the agents are stepped (``agent_selection``) does.
``ask_every_chance=True`` deals with ``Deal.new(..., ask_every_chance=True)``: every seat is asked at each of its
chances to call (``pass`` the only action in its mask when it holds no pair), and the order of the agents tells
nothing either. No rule changes: the deal is the same but for the passes added, which the kit's bots are not asked.

**Seeds.** ``reset(seed=S)`` deals the kit's deal of seed ``S`` (``Deal.new(rules, players, seed=S)``) and gives
the bots the kit's stream ``bibi.play.bots_rng(S)``: agents that choose as the bots do (drawing from the table's
``bots_rng``, not asked a forced decision) play move for move the deal ``bibi.play.play_seeded(rules, players, S,
bots)`` plays (under ``ask_every_chance``, ``play(Deal.new(..., seed=S, ask_every_chance=True), bots,
bots_rng(S))``); each later ``reset()`` without a seed deals the next seed (``S + 1``, ``S + 2``, …;
``deal_seed`` says which). A first ``reset()`` with no seed takes one from the operating system.
``reset(options={"deal": deal})`` seats the agents at a copy of a ``bibi.Deal`` of the same rules and players
(a position to train from: the bots then draw from ``bots_rng(deal_seed)`` as for an unseeded reset); other keys of
``options`` are left to wrappers and ignored, as PettingZoo's ``api_test`` asks.

**Actions.** ``Discrete(61)`` for every seat: action ``i`` is ``ACTIONS[i]`` (``bibi.actions.EVERY_ACTION``):
0–51 play the card ``bibi.CARDS[i]`` (13 a suit in the order S, H, D, C, each from its 3 up to its A and then
its 2: ``3S`` … ``2C``; either copy of a card in two packs), 52–55 call a pair (``bibi S`` … ``bibi C``), 56–59
switch the trump (``trump S`` … ``trump C``), 60 ``pass``: the engine's one encoding, which ``bibi.openspiel`` reads
too. ``action_index(action)`` (``bibi.actions.action_index``) turns a card, an action or its notation into its
index. An action outside the mask is refused with ``bibi.deal.IllegalAction`` (a
``ValueError``) saying why; the deal stays as it was.

**Observations.** ``observe(agent)`` is a dict, as in PettingZoo's classic games: ``"action_mask"`` (``int8``,
61 entries, 1 for each legal action of the agent now; all 0 when it is not the agent's decision) and
``"observation"``, a ``float32`` vector made only from the agent's ``View`` (``bibi.deal.View``, what its seat may
see: never another hand, never the stock's order). Seats in it are counted from the agent's own: the block of
*relative seat* ``r`` is about seat ``(agent's seat + r) mod players`` (``r = 0``: the agent itself). Card counts
are 0, 1 or 2 (two packs hold two of each card); ``n`` is the number of players; tricks are numbered from 0. The
fields, in order (``layout(rules, players)`` gives each one's slice):

============== ========= ===========================================================================================
field          size      what it holds
============== ========= ===========================================================================================
hand           52        the agent's hand: how many of each card (index as ``bibi.CARDS``)
drawn          52        the cards the agent drew from the stock so far, counted (``View.drawn``)
played         52        the cards of the completed tricks, counted (``View.tricks``)
trick          n × 52    the cards on the table (``View.trick``): block ``r`` is 1 at the card relative seat
                         ``r`` played (the trick under way, or the one just completed while its draws and calls are
                         decided)
trick_leader   n         1 at the relative seat that led the cards on the table; all 0 when none is there
leftovers      52        the stock's cards turned face up at the end of drawing, counted (``View.leftovers``)
laid_down      n × 52    the laid-down pairs' cards still in each relative seat's hand, counted
trump          4         1 at the trump suit of the trick in play (S, H, D, C)
first_trump    4         1 at the deal's first trump
pending_trump  4         1 at the suit a call has made the next trick's trump; all 0 when none
switch_rights  4         the agent's unused rights to switch the trump to each suit (``holder_chooses``)
dealer         n         1 at the relative seat of the dealer
to_act         n         1 at the relative seat the agent sees deciding (``View.to_act``: another seat's call
                         decision is not seen); all 0 when it sees nobody deciding
hand_sizes     n         how many cards each relative seat holds
scores         n         each relative seat's points so far (card points and Bi-bi points)
calls          n × 4     each relative seat's Bi-bi calls, by suit
switches       n × 4     each relative seat's trump switches, by suit
draws          n         how many cards each relative seat has drawn from the stock (everyone sees a draw)
last_draw      n         1 + the trick of each relative seat's latest draw; 0 before its first
lacks          n × 4     1 + the latest trick at which relative seat ``r`` showed it held no card of the suit (by
                         not following it; ``View.history.lacks``); 0 if it never has
passed         1         2 + the trick window of the agent's latest pass on a call (1: the dealt-pair pass); 0 if
                         none
stock_size     1         the cards left in the stock
drawing        1         1 while the stock is in play (draws, calls and trump changes), 0 after
tricks_played  1         the completed tricks
============== ========= ===========================================================================================

The vector is a summary, not the whole information set: the ``View`` is that (every draw, pass and trick in
order), and ``view(agent)`` hands it to an agent that reads it (a bot of the kit's protocol, say).

**Rewards.** The deal's points, as the kit counts them (``Deal.scores``: card points won in tricks plus Bi-bi
points): after each step every agent is rewarded with the change of its own score since the step before, so its
rewards over the deal add up to its score for the deal (the first step's include what was scored before it, such
as a call the engine made at the deal). They are points, not zero-sum differences: the kit's bots and figures
play for their own points, and ``zero_sum=True`` gives instead the change of the agent's score minus the mean
score of the table (those add up to 0 over the seats).

There is no parallel environment: the game is played in turn, one decision at a time.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Mapping
from functools import lru_cache
from numbers import Integral
from typing import Any, cast

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as exc:  # the optional extra is not installed
    # In the browser's Python (Pyodide, the JupyterLite site) the site carries no copy and no pip reaches one.
    _where = (f", which this Python ({sys.platform}: a browser's, as in the JupyterLite site) does not have: the site "
              "carries no copy of them. Run this in a local install of the kit, with "
              if sys.platform in ("emscripten", "wasi") else ": ")  # fmt: skip
    raise ImportError(
        f"bibi.pettingzoo needs the optional extra 'pettingzoo' (pettingzoo and gymnasium){_where}"
        "pip install 'bibi-kit[pettingzoo]'"
    ) from exc

from bibi.actions import EVERY_ACTION, Action, action_index
from bibi.cards import Card
from bibi.deal import Deal, IllegalAction, View
from bibi.errors import check_seed, check_type, shorten, whole, wrong_type
from bibi.i18n import _
from bibi.play import Bot, Bots, as_bots, bots_rng, play
from bibi.rules import Rules, as_rules

ACTIONS: tuple[Card | Action, ...] = EVERY_ACTION  # action i of the Discrete space is ACTIONS[i] (bibi.actions)


def layout(rules: Rules | str, players: int) -> dict[str, slice]:
    """Where each field of the observation vector lies, by name, for ``rules`` and ``players`` (see the module
    doc for what each holds).

    >>> spots = layout("russian", 4)
    >>> spots["hand"], spots["trick"], spots["tricks_played"].stop
    (slice(0, 52, None), slice(156, 364, None), 720)
    """
    return {name: spot for name, (spot, _) in _fields(as_rules(rules), players).items()}


@lru_cache(maxsize=64)
def _fields(rules: Rules, n: int) -> dict[str, tuple[slice, float]]:
    """Each field's slice of the vector and the highest value it may hold (one dict per rules and players, shared:
    read it, never change it)."""
    copies, tricks = rules.decks, rules.tricks(n)
    most_points = rules.total_points() + rules.bibi_points * 4 * copies  # every card, every pair called
    sizes = [
        ("hand", 52, copies), ("drawn", 52, copies), ("played", 52, copies), ("trick", n * 52, 1),
        ("trick_leader", n, 1), ("leftovers", 52, copies), ("laid_down", n * 52, copies), ("trump", 4, 1),
        ("first_trump", 4, 1), ("pending_trump", 4, 1), ("switch_rights", 4, copies), ("dealer", n, 1),
        ("to_act", n, 1), ("hand_sizes", n, max(rules.hand_size, 1)), ("scores", n, most_points),
        ("calls", n * 4, copies), ("switches", n * 4, copies), ("draws", n, rules.pack_size),
        ("last_draw", n, tricks), ("lacks", n * 4, tricks), ("passed", 1, tricks + 1),
        ("stock_size", 1, rules.pack_size), ("drawing", 1, 1), ("tricks_played", 1, tricks),
    ]
    out, at = {}, 0
    for name, size, high in sizes:
        out[name] = (slice(at, at + size), float(high))
        at += size
    return out


def observation(view: View) -> np.ndarray:
    """The observation vector of the seat whose ``view`` this is (the module doc says what each field holds): made
    from the view alone, so it holds nothing the seat may not see."""
    check_type("view", view, View, "a bibi View (deal.view(seat))")
    n, me = view.players, view.seat
    fields = _fields(view.rules, n)
    spot = {name: s.start for name, (s, _) in fields.items()}
    out = np.zeros(fields["tricks_played"][0].stop, dtype=np.float32)

    def rel(seat: int) -> int:
        return (seat - me) % n

    for card in view.hand:
        out[spot["hand"] + card] += 1
    for _seat, card in view.drawn:
        out[spot["drawn"] + card] += 1
    for trick in view.tricks:
        for _seat, card in trick.plays:
            out[spot["played"] + card] += 1
    for seat, card in view.trick:
        out[spot["trick"] + 52 * rel(seat) + card] = 1
    if view.trick:
        out[spot["trick_leader"] + rel(view.trick[0][0])] = 1
    for card in view.leftovers:
        out[spot["leftovers"] + card] += 1
    for seat, cards in enumerate(view.laid_down):
        for card in cards:
            out[spot["laid_down"] + 52 * rel(seat) + card] += 1
    out[spot["trump"] + view.trump.index] = 1
    out[spot["first_trump"] + view.first_trump.index] = 1
    if view.pending_trump is not None:
        out[spot["pending_trump"] + view.pending_trump.index] = 1
    for suit in view.switch_rights:
        out[spot["switch_rights"] + suit.index] += 1
    out[spot["dealer"] + rel(view.dealer)] = 1
    if view.to_act is not None:
        out[spot["to_act"] + rel(view.to_act)] = 1
    for seat in range(n):
        out[spot["hand_sizes"] + rel(seat)] = view.hand_sizes[seat]
        out[spot["scores"] + rel(seat)] = view.scores[seat]
    history = view.history
    for call in history.calls:
        out[spot["calls"] + 4 * rel(call.seat) + call.suit.index] += 1
    for _trick, seat, suit in history.switches:
        out[spot["switches"] + 4 * rel(seat) + suit.index] += 1
    for trick_number, seat in history.draws:
        out[spot["draws"] + rel(seat)] += 1
        out[spot["last_draw"] + rel(seat)] = trick_number + 1
    for seat, trick_number, suits in history.lacks:
        for suit in suits:
            out[spot["lacks"] + 4 * rel(seat) + suit.index] = trick_number + 1
    if view.passes:
        out[spot["passed"]] = view.passes[-1] + 2
    out[spot["stock_size"]] = view.stock_size
    out[spot["drawing"]] = view.drawing
    out[spot["tricks_played"]] = len(view.tricks)
    return out


def action_mask(view: View) -> np.ndarray:
    """1 at the index of each legal action of ``view``'s seat now (``View.legal_actions``), else 0."""
    check_type("view", view, View, "a bibi View (deal.view(seat))")
    mask = np.zeros(len(ACTIONS), dtype=np.int8)
    for action in view.legal_actions:
        mask[action_index(action)] = 1
    return mask


def _agent_name(seat: int) -> str:
    return f"seat_{seat}"


class raw_env(AECEnv):  # noqa: N801  # PettingZoo's name for the unwrapped environment
    """A deal of Pip-Pip! as an AEC environment; ``env(...)`` is this wrapped in PettingZoo's order enforcer. The
    module doc tells the agents, seeds, actions, observations and rewards."""

    metadata = {"render_modes": ["ansi", "human"], "name": "bibi_v0", "is_parallelizable": False}
    agent_selection: str
    rewards: dict[str, float]
    infos: dict[str, dict[str, Any]]

    def __init__(self, rules: Rules | str = "russian", players: int = 4, bots: Bots = None, *,
                 ask_every_chance: bool = False, zero_sum: bool = False, render_mode: str | None = None):
        super().__init__()
        self.rules = as_rules(rules)
        self.players = whole("players", players)
        # The engine's own checks of rules × players and of the option, before anything.
        Deal.new(self.rules, self.players, seed=0, ask_every_chance=ask_every_chance)
        self.ask_every_chance: bool = ask_every_chance
        # The kit's one seating (``bibi.play.as_bots``); a seat a mapping leaves out, like None, is an agent's.
        self._seats: list[Bot | None] = as_bots(bots, self.players)
        if None not in self._seats:
            raise ValueError("bots: every seat has a bot; leave at least one seat (None) to an agent")
        check_type("zero_sum", zero_sum, bool, "True or False")
        self.zero_sum = zero_sum
        if render_mode is not None and render_mode not in ("ansi", "human"):
            raise ValueError(f"render_mode: {shorten(render_mode)} is not one of None, 'ansi', 'human'")
        self.render_mode = render_mode
        self.possible_agents = [_agent_name(s) for s, bot in enumerate(self._seats) if bot is None]
        self._seat_of = {_agent_name(s): s for s in range(self.players)}
        fields = _fields(self.rules, self.players)
        high = np.zeros(fields["tricks_played"][0].stop, dtype=np.float32)
        for spot, most in fields.values():
            high[spot] = most
        observation_space = spaces.Dict({
            "observation": spaces.Box(low=np.zeros_like(high), high=high, dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(len(ACTIONS),), dtype=np.int8),
        })
        action_space = spaces.Discrete(len(ACTIONS))
        # One space per agent, the same object every time (PettingZoo's api_test checks it).
        self.observation_spaces = {a: observation_space for a in self.possible_agents}
        self.action_spaces = {a: action_space for a in self.possible_agents}
        self._next_seed: int | None = None
        self.deal_seed: int | None = None
        self._deal: Deal | None = None
        self._rng = random.Random()
        self._scored = [0] * self.players

    # -- PettingZoo's surface --------------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        """A new deal: the kit's deal of ``seed``, else of the seed after the last one (the module doc);
        ``options={"deal": deal}`` seats the agents at a copy of ``deal``. A reset refused (a seed or a deal the
        table cannot take, or a bot that fails on the new deal) changes nothing: the deal in play, ``deal_seed`` and
        the seed the next ``reset()`` deals stay as they were."""
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, Integral):
                raise wrong_type("seed", seed, "a whole number", typed=False)
            seed = cast(int, check_seed("seed", int(seed)))
        if options is not None:
            check_type("options", options, Mapping, "a dict of options, or None")
        start = None if options is None else options.get("deal")
        if start is not None:
            check_type("options['deal']", start, Deal, "a bibi Deal")
            if start.rules != self.rules or start.players != self.players:
                raise ValueError(f"options['deal']: a deal of {start.players} players under {start.rules.label} "
                                 f"is not one of this table ({self.players} players under {self.rules.label})")
            if start.ask_every_chance != self.ask_every_chance:
                raise ValueError(f"options['deal']: a deal with ask_every_chance={start.ask_every_chance} is not one "
                                 f"of this table (ask_every_chance={self.ask_every_chance})")
        if seed is None:
            seed = self._next_seed if self._next_seed is not None else random.SystemRandom().randrange(2**31)
        deal = (Deal.new(self.rules, self.players, seed=seed, ask_every_chance=self.ask_every_chance)
                if start is None else start.copy())
        rng = bots_rng(seed)
        play(deal, self._seats, rng)  # the bots' seats, up to an agent's decision: before anything here changes
        self.deal_seed, self._next_seed, self._deal, self._rng = seed, seed + 1, deal, rng
        self._scored = [0] * self.players  # the points already rewarded: none yet
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self._select()
        if deal.is_over:  # a position given at its end: nothing is left to decide
            self._finish()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        view = self.view(agent)
        return {"observation": observation(view), "action_mask": action_mask(view)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        deal = self._live()
        if isinstance(action, bool) or not isinstance(action, Integral | np.integer):
            raise wrong_type("action", action, "an action index 0…{last}", typed=False, last=str(len(ACTIONS) - 1))
        index = int(action)
        if not 0 <= index < len(ACTIONS):
            # TRANSLATORS: {value} is the number refused; {last} the last action's index
            raise IllegalAction("action: " + _("{value} is not an action index 0…{last}").format(
                value=index, last=len(ACTIONS) - 1))
        seat = self._seat_of[agent]
        try:
            deal.apply(ACTIONS[index], seat)
        except IllegalAction as exc:
            raise IllegalAction(f"{agent} chose action {index} ({ACTIONS[index]}): {exc}") from None
        self._cumulative_rewards[agent] = 0
        self._play_bots()
        if deal.is_over:
            self._finish()
        else:
            self._reward()
            self.agent_selection = _agent_name(cast(int, deal.to_act))
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The whole table as the kit prints a deal (every hand shown: a referee's picture, not an agent's);
        ``render_mode="ansi"`` returns it, ``"human"`` prints it."""
        text = str(self._live())
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    # -- beyond PettingZoo: what a bot writer reads -------------------------------------------------------

    def view(self, agent: str) -> View:
        """What ``agent``'s seat may see now: the ``View`` its observation is made from, which a bot of the kit's
        protocol (``bot(view, rng) -> action``) reads."""
        if agent not in self._seat_of:
            raise ValueError(f"agent: {shorten(agent)} is not one of seat_0…seat_{self.players - 1}")
        return self._live().view(self._seat_of[agent])

    @property
    def bots_rng(self) -> random.Random:
        """The bots' stream of the deal in play (``bibi.play.bots_rng(deal_seed)``): the table's bots draw from it,
        and an agent that plays a kit bot may draw from it too, so that the deal goes as ``play_seeded`` plays it."""
        self._live()
        return self._rng

    @property
    def deal(self) -> Deal:
        """A copy of the deal in play, every hand and the stock included: for a referee, never for an agent."""
        return self._live().copy()

    # -- inside --------------------------------------------------------------------------------------------

    def _live(self) -> Deal:
        if self._deal is None:
            raise ValueError("the environment has no deal yet: call reset() first")
        return self._deal

    def _play_bots(self) -> None:
        """The bots' seats play, through the play layer, up to an agent's decision or the end of the deal."""
        play(self._live(), self._seats, self._rng)
        self._select()

    def _select(self) -> None:
        """The agent to act next: the seat deciding in the deal in play (none once it is over)."""
        deal = self._live()
        if not deal.is_over:
            self.agent_selection = _agent_name(cast(int, deal.to_act))

    def _reward(self) -> None:
        """Each agent's reward for the step: the change of its score (or of its margin over the table's mean)."""
        scores = self._live().scores
        gains = [now - before for now, before in zip(scores, self._scored, strict=True)]
        self._scored = list(scores)
        mean = sum(gains) / self.players
        for agent in self.agents:
            gain = gains[self._seat_of[agent]]
            self.rewards[agent] = gain - mean if self.zero_sum else gain
        self._accumulate_rewards()

    def _finish(self) -> None:
        """The deal is over: the last rewards, and every agent terminated (each then steps once with ``None``)."""
        self._reward()
        for agent in self.agents:
            self.terminations[agent] = True
        self.agent_selection = self.agents[0]


def env(rules: Rules | str = "russian", players: int = 4, bots: Bots = None, *, ask_every_chance: bool = False,
        zero_sum: bool = False, render_mode: str | None = None) -> AECEnv:
    """The environment (``raw_env``) wrapped in PettingZoo's order enforcer: ``reset`` before anything else."""
    return wrappers.OrderEnforcingWrapper(raw_env(rules, players, bots, ask_every_chance=ask_every_chance,
                                                  zero_sum=zero_sum, render_mode=render_mode))


__all__ = ["ACTIONS", "action_index", "action_mask", "env", "layout", "observation", "raw_env"]
