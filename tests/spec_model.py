"""An independent, slow model of the rules reference (``docs/rules.md``: "§n" below is one of its sections),
written from the reference alone, to check the engine against.

The model is a generator: it yields each decision as ``(seat, legal)`` (``legal`` a set of action notations)
and receives the action taken. Between decisions it logs the same events the engine reports, so a test can
compare the two after every single action. It shares no code with ``bibi.deal``: cards, ranks and points come
from ``bibi.cards`` and the rules from ``bibi.rules`` only.

Where the reference leaves a point open, the model takes the reading written in ``bibi/deal.py``'s module
docstring ("Rule decisions the texts leave open").
"""

from __future__ import annotations

from collections import Counter

from bibi.cards import SUITS, Card, Rank
from bibi.rules import BibiCall, BibiSuits, Draw, Follow, Identical, MultiCall, Rules, TrumpChange, TurnUp


class Model:
    def __init__(self, rules: Rules, players: int, dealer: int, trump, deck):
        self.rules, self.n, self.dealer = rules, players, dealer
        self.deck = [Card(c) for c in deck]
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        dealt = players * rules.hand_size
        for i in range(dealt):  # one at a time, clockwise from the dealer's left (I4)
            self.hands[(dealer + 1 + i) % players].append(self.deck[i])
        self.stock = self.deck[dealt:]
        self.trump = trump
        self.original = trump  # the deal's first trump: its pair stays optional under mandatory (§2, I12)
        self.pending = None  # next_trick: the suit that becomes trump when the next trick starts
        self.next_trump = None  # next_deal
        self.rights: list[list] = [[] for _ in range(players)]  # holder_chooses
        self.laid: list[Counter] = [Counter() for _ in range(players)]  # laid-down K/Q still in hand
        self.drawing = True
        self.leftovers: list[Card] = []
        self.face_up_from = None  # the first trick led with the leftovers face up
        self.leader = (dealer + 1) % players  # R11
        self.trick: list[tuple[int, Card]] = []
        self.tricks: list[tuple] = []  # (leader, trump, plays, winner, points)
        self.card_points = [0] * players
        self.bonus = [0] * players
        self.calls: list[tuple] = []  # (seat, suit, trick number, mandatory)
        self.events: list[tuple] = [("deal", dealer, None, trump, None)]
        self.points = rules.card_points

    # -- what the rules say ------------------------------------------------------------------------

    def free_pairs(self, seat: int) -> list:
        """Suits where the seat holds a king and a queen that have not formed a pair (R22)."""
        out = []
        for suit in SUITS:
            k, q = Card(Rank.KING, suit), Card(Rank.QUEEN, suit)
            held = Counter(self.hands[seat])
            if held[k] - self.laid[seat][k] > 0 and held[q] - self.laid[seat][q] > 0:
                out.append(suit)
        return out

    def callable(self, seat: int) -> list:
        return [s for s in self.free_pairs(seat) if self.rules.bibi_suits is BibiSuits.ANY or s != self.trump]

    def call(self, seat: int, suit, mandatory: bool, number: int) -> None:
        self.laid[seat][Card(Rank.KING, suit)] += 1
        self.laid[seat][Card(Rank.QUEEN, suit)] += 1
        self.bonus[seat] += self.rules.bibi_points  # §5.7
        self.calls.append((seat, suit, number, mandatory))
        self.events.append(("call", seat, None, suit, "mandatory" if mandatory else None))
        change = self.rules.trump_change
        dealt = number == -1
        if change is TrumpChange.NEXT_TRICK or (change is TrumpChange.NEXT_DEAL and dealt):
            # §2 next_deal: a call of the dealt-pair pass changes the trump before the first trick (R18).
            if suit != self.trump and (self.pending is None or self.rules.multi_call is MultiCall.LAST):
                self.pending = suit
        elif change is TrumpChange.HOLDER_CHOOSES:
            self.rights[seat].append(suit)
        else:
            self.next_trump = suit  # §5.11: the last call made after the dealt-pair pass

    def chance(self, seat: int, number: int):
        """One chance to call (§5.4): mandatory calls in suit order S, H, D, C, then ask while he may."""
        if self.rules.bibi_call is BibiCall.MANDATORY:
            # §2: every callable pair is called at once, except one of the deal's original trump (I12).
            for suit in SUITS:
                while suit != self.original and suit in self.callable(seat):
                    self.call(seat, suit, True, number)
        while True:
            options = self.callable(seat)
            if self.rules.bibi_call is BibiCall.MANDATORY:
                options = [s for s in options if s == self.original]  # I12: "della prima briscola"
            if not options:
                return
            act = yield seat, {f"bibi {s.value}" for s in options} | {"pass"}
            if act == "pass":
                self.events.append(("pass", seat, None, None, None))
                return
            self.call(seat, SUITS["SHDC".index(act[-1])], False, number)

    def legal_plays(self, seat: int) -> set[str]:
        hand = self.hands[seat]
        if not self.trick:
            return {str(c) for c in hand}
        led = self.trick[0][1].suit
        if self.rules.follow is Follow.MUST_FOLLOW:
            ok = [c for c in hand if c.suit == led]
        else:
            ok = [c for c in hand if c.suit in (led, self.trump)]
        return {str(c) for c in (ok or hand)}

    def draw(self, seat: int) -> None:
        card = self.stock.pop(0)
        self.hands[seat].append(card)
        self.events.append(("draw", seat, card, None, None))

    def turn_up(self, first_face_up: int) -> None:
        self.leftovers, self.stock, self.face_up_from = self.stock, [], first_face_up
        self.events.append(("turn_up", None, None, None, tuple(self.leftovers)))

    def play(self, seat: int, text: str) -> None:
        card = Card(text)
        self.hands[seat].remove(card)
        if self.laid[seat][card]:
            self.laid[seat][card] -= 1  # §5.8: the laid-down copy is the one played
        self.trick.append((seat, card))
        self.events.append(("play", seat, card, None, None))

    def resolve(self) -> None:
        """The trick to the highest trump, else the highest of the suit led (I8); identical cards by R14."""
        led = self.trick[0][1].suit
        trumps = [(i, c) for i, (_, c) in enumerate(self.trick) if c.suit == self.trump]
        pool = trumps or [(i, c) for i, (_, c) in enumerate(self.trick) if c.suit == led]
        top = max(c.rank for _, c in pool)
        best = [i for i, c in pool if c.rank == top]
        pick = best[-1] if self.rules.identical is Identical.SECOND_WINS else best[0]
        winner = self.trick[pick][0]
        points = sum(self.points[c.rank] for _, c in self.trick)
        self.card_points[winner] += points  # §5.5: at once
        self.tricks.append((self.leader, self.trump, tuple(self.trick), winner, points))
        self.events.append(("trick", winner, None, None, points))
        self.leader = winner  # R12

    # -- the deal -----------------------------------------------------------------------------------

    def run(self):
        n, rules = self.n, self.rules
        if rules.dealt_pairs:  # §5.3: before the first trick, from the dealer's left
            for i in range(n):
                yield from self.chance((self.dealer + 1 + i) % n, -1)
        while self.hands[self.leader]:
            number = len(self.tricks)
            late = False  # turn_up=failed_draw: the leftovers wait for the first draw that fails (§5.12)
            if self.drawing and len(self.stock) < n:  # §5.2: drawing stops as this trick begins
                self.drawing = False
                if rules.turn_up is TurnUp.TRICK_START:
                    self.turn_up(number)  # R25: the last seven tricks are played with them face up
                else:
                    late = True
            drawing = self.drawing
            if self.pending is not None:
                self.trump, self.pending = self.pending, None
                self.events.append(("trump_change", None, None, self.trump, "call"))
            self.trick = []
            switched = False
            for i in range(n):
                seat = (self.leader + i) % n
                while True:
                    legal = self.legal_plays(seat)
                    if i == 0 and drawing and not switched:
                        legal |= {f"trump {s.value}" for s in self.rights[seat] if s != self.trump}  # §5.9
                    act = yield seat, legal
                    if act.startswith("trump "):
                        suit = SUITS["SHDC".index(act[-1])]
                        self.rights[seat].remove(suit)
                        self.trump, switched = suit, True
                        self.events.append(("trump_change", seat, None, suit, "switch"))
                        continue
                    break
                self.play(seat, act)
                if i == n - 1:
                    self.resolve()
                if late and (rules.draw is Draw.AFTER_EACH_CARD or i == n - 1):
                    # the leader's own draw (after_each_card) or the round after the trick (after_trick) fails
                    self.turn_up(number + 1)  # I16: the last six tricks
                    late = False
                if drawing and rules.draw is Draw.AFTER_EACH_CARD:
                    self.draw(seat)
                    yield from self.chance(seat, number)
            if drawing and rules.draw is Draw.AFTER_TRICK:
                for i in range(n):  # I9: the winner first, then clockwise
                    seat = (self.leader + i) % n
                    self.draw(seat)
                    yield from self.chance(seat, number)
        self.events.append(("end", None, None, None, None))
