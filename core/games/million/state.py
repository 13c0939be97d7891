"""Million's rules: drive round the city, buy or lease businesses, race to publicity stunts that
pay by groups of neighbouring businesses, and land on FINISH holding $1,000,000
(the Million rulebook, docs/rulings.md).

The flow: at setup each player in turn takes one small business free; then each turn the
player rolls (or sells a business instead), drives to one of the destinations the roll allows,
collects a stunt reached there, may take a six's bonus, and may buy or lease where they stopped
(any business on a Real Estate space, or sell one there). Leases may be ended, and signs taken
off bought businesses, at any time in one's own turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.engine.actions import Action, Offer
from core.engine.chance import DIE, Chance
from core.engine.errors import NOT_YOUR_TURN
from core.engine.fields import LIST, Fields, kept, shown
from core.engine.game import Result
from core.engine.rng import Rng
from core.engine.rules import Rules
from core.engine.turns import OVER, StackedTurns

from . import actions as A
from .board import (
    BUSINESSES,
    FINISH,
    LANDMARKS,
    REAL_ESTATE,
    SINGLES,
    SPACES,
    STUNT_DECK,
    groups,
)
from .board import stunt_income as income_of
from .frames import (
    AFTER,
    FACE_UP,
    MOVE,
    ROLL,
    SETUP,
    SIX_BONUS,
    SIX_RULES,
    START_CASH,
    SixChoice,
    sale_price,
    take_cost,
    why_not_take,
)
from .moves import Walk, walks
from .sentences import SENTENCES
from .view import MillionView, make_view

FREE = -1  # a business nobody holds


ALL_BUSINESSES = range(len(BUSINESSES))  # all on offer on a Real Estate space


rules: Rules[MillionState] = Rules("million")  # the methods below


class MillionState(StackedTurns[Offer]):  # (no trades)
    RULES = rules
    sentences = SENTENCES
    FIELDS = Fields(
        shown(LIST, "position"),
        shown(LIST, "holder"),
        shown(LIST, "leased"),
        shown(LIST, "face_up"),
        kept(LIST, "deck"),  # hidden: a state drawn from a view shuffles it again
        shown(LIST, "discard"),
        shown(LIST, "skip"),
        shown("die"),
        shown("landed"),
        shown("acquired"),
        shown("sold"),
        shown("target"),
        shown("exact_finish"),
        shown("one_way"),
        shown("six_rule"),
        kept("setup_left"),
        kept(LIST, "round_ends"),  # shown as the view's cash_history
    )
    __slots__ = FIELDS.slots
    COPIED = FIELDS.copied

    def __init__(self, players: Sequence[str], seed: int, options: dict[str, Any]) -> None:
        self._begin_game(players, seed)
        n, rng = self.n, self.rng
        self.target = int(options["cash_target"])
        self.exact_finish = bool(options["exact_finish"])
        self.one_way = bool(options["one_way"])
        self.six_rule = str(options["six_rule"])
        self.round_limit = int(options["round_limit"])
        if self.six_rule not in SIX_RULES:
            raise ValueError(f"six_rule is one of {', '.join(SIX_RULES)}")
        self.position: list[int | None] = [None] * n  # None: next to START, off the board
        self.holder = [FREE] * len(BUSINESSES)
        self.leased = [False] * len(BUSINESSES)
        self.deck = list(range(len(STUNT_DECK)))
        rng.shuffle(self.deck)
        self.discard: list[int] = []
        self.face_up: list[int] = []
        self.skip = [False] * n  # waiting to miss a turn
        self.die = 0
        self.landed: int | None = None  # where the car stopped this turn
        self.acquired = self.sold = False
        self.round_ends: list[tuple[int, ...]] = []  # everyone's cash at each round's end
        for seat in range(n):
            self._pay(self.bank, seat, START_CASH, "starting money")
        for _ in range(FACE_UP[n]):
            self.face_up.append(self.deck.pop())
        self.starter = self.turn = self._roll_off(Rng.die)
        self.setup_left = n  # players still to take their free business
        self.stage = SETUP

    # -- what the state says -------------------------------------------------------------------

    def held(self, seat: int) -> list[int]:
        return [b for b, h in enumerate(self.holder) if h == seat]

    def stunt_spaces(self) -> frozenset[int]:
        return frozenset(LANDMARKS[STUNT_DECK[card]] for card in self.face_up)

    def worth(self, seat: int) -> int:
        """Cash, the buy prices of bought businesses and the refunds of leases (the round
        limit's valuation, not the rulebook's: it has no other end than FINISH)."""
        return self.cash(seat) + sum(
            BUSINESSES[b].lease if self.leased[b] else BUSINESSES[b].buy for b in self.held(seat)
        )

    def destinations(self, seat: int) -> list[Walk]:
        stops = self.stunt_spaces() | (frozenset() if self.exact_finish else {FINISH})
        return walks(self.position[seat], self.die, stops, self.one_way)

    # -- legal actions and reasons -------------------------------------------------------------

    def chance_after(self, seat: int, action: Action) -> Chance | None:
        return DIE if type(action) in (A.Roll, A.Sell) else None

    def may_act(self, seat: int) -> bool:
        return seat == self.actor()

    def legal_actions(self, seat: int) -> list[Action]:
        if seat != self.actor():
            return []
        if self.stack:  # the six's choice
            found: list[Action] = [] if self.six_rule == "skip" else [A.TakeTen()]
            if self.six_rule != "money":
                found += [A.SkipPlayer(p) for p in self._skippable(seat)]
            return found
        if self.stage == SETUP:
            return [A.ChooseFree(b) for b in SINGLES if self.holder[b] == FREE]
        mine = self.held(seat)
        managing: list[Action] = [
            *(A.EndLease(b) for b in mine if self.leased[b]),
            *(A.DropSign(b) for b in mine if not self.leased[b]),
        ]
        if self.stage == ROLL:
            return [A.Roll(), *[A.Sell(b) for b in mine if not self.leased[b]], *managing]
        if self.stage == MOVE:
            return [A.Drive(w.destination) for w in self.destinations(seat)] + managing
        acquiring: list[Action] = [
            a
            for b in self._on_offer()
            for a in (A.Buy(b), A.Lease(b))
            if self._why_not_acquire(seat, a) is None
        ]
        if self.landed in REAL_ESTATE and not self.acquired and not self.sold:
            acquiring += [A.Sell(b) for b in mine if not self.leased[b]]
        return [*acquiring, *managing, A.EndTurn()]

    def _skippable(self, seat: int) -> list[int]:
        return [p for p in range(self.n) if p != seat and not self.skip[p]]

    def _on_offer(self) -> Sequence[int]:
        """The businesses the player whose turn it is may take where they stopped, in id order:
        those beside the space, or any on a Real Estate space; none once they have taken one,
        or sold, this turn."""
        if self.acquired or self.sold or self.landed is None:
            return ()
        return ALL_BUSINESSES if self.landed in REAL_ESTATE else SPACES[self.landed].businesses

    def _why_not_acquire(self, seat: int, action: A.Buy | A.Lease) -> str | None:
        b = action.business
        if not 0 <= b < len(BUSINESSES) or b not in self._on_offer():
            return (
                "you may take a business only where you stop (any, on Real Estate), "
                "one a turn, and not in a turn you sell"
            )
        lease = isinstance(action, A.Lease)
        return why_not_take(b, lease, seat, self.holder, self.leased, self.cash(seat))

    def why_illegal(self, seat: int, action: Action) -> str | None:
        if self.stage == OVER:
            return "the game is over"
        if seat != self.actor():
            return NOT_YOUR_TURN
        if action in self.legal_actions(seat):
            return None
        cls = type(action)
        if self.stack:
            if isinstance(action, A.SkipPlayer):
                return (
                    "that player is already waiting to miss a turn"
                    if 0 <= action.seat < self.n and action.seat != seat
                    else "choose an opponent"
                )
            return "take $10,000 or make an opponent miss a turn first"
        if self.stage == SETUP:
            return "take one of the small businesses left, free"
        if isinstance(action, (A.Buy, A.Lease)):
            return self._why_not_acquire(seat, action) or "not now"
        if cls is A.Drive:
            return (
                "roll first"
                if self.stage == ROLL
                else "you can stop only where the roll takes you (or on a stunt on the way)"
            )
        if cls is A.Sell:
            return "sell instead of rolling, or on a Real Estate space, one business you bought"
        if cls in (A.EndLease, A.DropSign):
            return "that is not a business of yours held that way"
        return {
            ROLL: "roll the die, or sell instead",
            MOVE: "choose where to drive",
            AFTER: "buy, lease or end your turn",
        }[self.stage]

    # -- performing ----------------------------------------------------------------------------

    def _perform(self, seat: int, action: Action) -> None:
        self._do(seat, action)

    @rules.plays(A.ChooseFree)
    def _do_ChooseFree(self, seat: int, action: A.ChooseFree) -> None:
        self.holder[action.business] = seat
        self._say("takes-free", self.players[seat], BUSINESSES[action.business].name)
        self.setup_left -= 1
        self.turn = (seat + 1) % self.n
        if not self.setup_left:
            self._begin_turn(self.starter)

    @rules.plays(A.Roll)
    def _do_Roll(self, seat: int, _action: A.Roll) -> None:
        self.die = self._chance(DIE)
        self.stage = MOVE
        self._say("rolls", self.players[seat], self.die)

    @rules.plays(A.Drive)
    def _do_Drive(self, seat: int, action: A.Drive) -> None:
        self.position[seat] = self.landed = action.space
        self.stage = AFTER
        self._say("drives", self.players[seat], A.space_name(action.space))
        here = [card for card in self.face_up if LANDMARKS[STUNT_DECK[card]] == action.space]
        if here:
            self._stunt(seat, here)
        if self.stage != OVER and self.die == 6 and self.six_rule != "off":
            if self.six_rule == "skip" and not self._skippable(seat):
                self._say("six-gives-nothing", self.players[seat])
            else:
                self.stack.append(SixChoice(seat))
        self._check_finish(seat)

    def _stunt(self, seat: int, cards: list[int]) -> None:
        """The first to reach a stunt is paid for every group of their businesses; the card
        goes and another is revealed. Two cards on one location pay once, one goes, and the
        car goes back to START."""
        held = self.held(seat)
        paid = income_of(held)
        self._pay(self.bank, seat, paid, f"publicity stunt at {STUNT_DECK[cards[0]]}")
        self._say(
            "stunt",
            self.players[seat],
            STUNT_DECK[cards[0]],
            paid,
            tuple(sorted(map(len, groups(held)), reverse=True)),
        )
        self.face_up.remove(cards[0])
        self.discard.append(cards[0])
        if len(cards) > 1:
            self.position[seat] = None
            self._say("back-to-start", self.players[seat], "two cards show that location")
        self._turn_up_stunt()

    def _turn_up_stunt(self) -> None:
        if not self.deck:
            self.deck, self.discard = self.discard, []
            self.rng.shuffle(self.deck)
            self._say("stunts-shuffled")
        card = self.deck.pop()
        self._reveal()
        self.face_up.append(card)
        where = LANDMARKS[STUNT_DECK[card]]
        self._say("new-stunt", STUNT_DECK[card])
        for other in range(self.n):
            if self.position[other] == where:
                self.position[other] = None
                self._say("back-to-start", self.players[other], "the new card is where they stand")

    @rules.plays(A.TakeTen)
    def _do_TakeTen(self, seat: int, _action: A.TakeTen) -> None:
        self.stack.pop()
        self._pay(self.bank, seat, SIX_BONUS, "a six")
        self._say("takes-ten", self.players[seat], SIX_BONUS)
        self._check_finish(seat)

    @rules.plays(A.SkipPlayer)
    def _do_SkipPlayer(self, seat: int, action: A.SkipPlayer) -> None:
        self.stack.pop()
        self.skip[action.seat] = True
        leader = self.cash(action.seat) == max(self.cash(s) for s in range(self.n))
        self._say("skips", self.players[seat], self.players[action.seat], leader)
        self._check_finish(seat)  # a six that ended on FINISH wins whichever way it is taken

    @rules.plays(A.Buy)
    def _do_Buy(self, seat: int, action: A.Buy) -> None:
        b = BUSINESSES[action.business]
        cost = take_cost(b.id, False, seat, self.holder, self.leased)
        lessee = self.holder[b.id]
        if lessee not in (FREE, seat):  # an opponent's lease ends: their refund
            self._pay(self.bank, lessee, b.lease, f"lease of {b.name} ended")
            self._say("lease-bought-out", self.players[lessee], b.name, b.lease)
        self._pay(seat, self.bank, cost, f"bought {b.name}")
        self.holder[b.id], self.leased[b.id] = seat, False
        self.acquired = True
        self._say("buys", self.players[seat], b.name, cost)

    @rules.plays(A.Lease)
    def _do_Lease(self, seat: int, action: A.Lease) -> None:
        b = BUSINESSES[action.business]
        self._pay(seat, self.bank, b.lease, f"leased {b.name}")
        self.holder[b.id], self.leased[b.id] = seat, True
        self.acquired = True
        self._say("leases", self.players[seat], b.name, b.lease)

    @rules.plays(A.EndLease)
    def _do_EndLease(self, seat: int, action: A.EndLease) -> None:
        b = BUSINESSES[action.business]
        self._pay(self.bank, seat, b.lease, f"ended the lease of {b.name}")
        self.holder[b.id], self.leased[b.id] = FREE, False
        self._say("ends-lease", self.players[seat], b.name, b.lease)
        self._check_finish(seat)

    @rules.plays(A.DropSign)
    def _do_DropSign(self, seat: int, action: A.DropSign) -> None:
        self.holder[action.business] = FREE
        self._say("drops-sign", self.players[seat], BUSINESSES[action.business].name)

    @rules.plays(A.Sell)
    def _do_Sell(self, seat: int, action: A.Sell) -> None:
        b = BUSINESSES[action.business]
        roll = self._chance(DIE)
        price = sale_price(b.buy, roll)
        self._pay(self.bank, seat, price, f"sold {b.name}")
        self.holder[b.id] = FREE
        self.sold = True
        self.stage = AFTER
        self._say("sells", self.players[seat], b.name, roll, price)
        self._check_finish(seat)

    @rules.plays(A.EndTurn)
    def _do_EndTurn(self, seat: int, _action: A.EndTurn) -> None:
        self._next_turn()

    def _check_finish(self, seat: int) -> None:
        if (
            self.stage != OVER
            and self.landed == FINISH
            and self.position[seat] == FINISH
            and self.cash(seat) >= self.target
            and not self.stack
        ):
            self._finish((seat,), f"lands on FINISH with ${self.cash(seat):,}")

    # -- turns ---------------------------------------------------------------------------------

    def _next_turn(self) -> None:
        seat = (self.turn + 1) % self.n
        if seat == self.starter:
            self.round_ends.append(tuple(self.cash(s) for s in range(self.n)))
            if self.round_limit and self.round >= self.round_limit:
                self._finish_by(
                    [self.worth(s) for s in range(self.n)],
                    f"the {self.round_limit}-round limit: the richest "
                    "(cash, businesses at their buy price, leases refunded)",
                )
                return
            self.round += 1
        self._begin_turn(seat)

    def _begin_turn(self, seat: int) -> None:
        self.turn = seat
        self.stage = ROLL
        self.die = 0
        self.landed = None
        self.acquired = self.sold = False
        if self.skip[seat]:
            self.skip[seat] = False
            self._say("misses-turn", self.players[seat])
            self._next_turn()

    def view(self, seat: int | None) -> MillionView:
        return make_view(self, seat)

    def result(self) -> Result | None:
        return self._result(self.worth)
