"""Big Shot's rules: a round is a roll, (in some variants) loan requests, an auction, and placement.

The round is the roller's turn on the kit's stack of decisions (`phases`): the loan question,
the auction, the payment and the placing are frames, the roll is the turn's stage. The state is
mutated only through `GameState.step`/`apply`, which check `why_illegal` first. Its board is a
handful of flat lists so that copying and stepping stay cheap for bots.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.engine import bidding
from core.engine.actions import Action, Offer
from core.engine.auction import OpenAuction
from core.engine.chance import DIE, Chance
from core.engine.errors import NOT_YOUR_TURN
from core.engine.fields import LIST, Fields, kept, shown
from core.engine.game import Result
from core.engine.ledger import Ledger
from core.engine.rules import Rules
from core.engine.turns import StackedTurns

from . import actions as A
from . import loans, lots
from .board import (
    COLOURS,
    CUBES_PER_COLOUR,
    CUBES_PER_SPACE,
    LOTS,
    N_LOTS,
    NO_CUBES,
    SPACES,
    START_CASH,
)
from .phases import (
    ANY_TIME,
    BANK,
    BEFORE_AUCTION,
    BEFORE_FIRST_BID,
    BID,
    LOANS,
    OVER,
    PAY,
    PLACE,
    ROLL,
    WHEN_SHORT,
    CubeAuction,
    CubesToPlace,
    LoanQuestion,
    Payment,
)
from .scoring import decide
from .sentences import SENTENCES
from .view import BigShotView, make_view

# Bidding (and asking for loans) starts left of the roller and ends with the roller.
BIDDING_ORDERS = {
    n: tuple(tuple((r + i) % n for i in range(1, n + 1)) for r in range(n)) for n in (2, 3, 4)
}

GHOST_SEAT = -1
ALL_COLOURS = tuple(range(len(COLOURS)))


def chosen_colours(text: str, players: int) -> list[int] | None:
    """The colours named in seat order (the rest after them), or None to deal them at random."""
    if text == "dealt":
        return None
    names = [name.strip().lower() for name in text.split(",") if name.strip()]
    wanted = len(COLOURS) if players == 2 else players
    if len(names) != wanted or len(set(names)) != wanted or not set(names) <= set(COLOURS):
        raise ValueError(
            f"colours must be 'dealt' or {wanted} different colours from "
            f"{', '.join(COLOURS)}, in seat order"
        )
    picked = [COLOURS.index(name) for name in names]
    return picked + [c for c in range(len(COLOURS)) if c not in picked]


rules: Rules[BigShotState] = Rules("bigshot")  # the methods below, and the kit's bids and passes
bidding.add_rules(rules, A.Bid, A.Pass)


class BigShotState(StackedTurns[Offer]):  # (no trades)
    sentences = SENTENCES
    RULES = rules
    FIELDS = Fields(
        shown("seat_colours"),
        kept("colour_seat"),
        shown("ghost"),
        kept("hidden"),  # shown as the view's hidden_money
        shown("loan_window"),
        shown("when_short"),
        shown(LIST, "spaces"),
        kept(LIST, "space_cubes"),  # counted again from the spaces
        shown("broker"),
        shown(LIST, "lots"),
        kept(LIST, "lot_cubes"),  # counted again from the lots
        shown(LIST, "owners"),
        shown(LIST, "settled"),
        shown(LIST, "retired"),
        shown(LIST, "loans"),
        kept(LIST, "loan_round"),  # shown as who borrowed this round
        shown(LIST, "to_place"),
        kept(LIST, "round_ends"),  # shown once money is, or the game over
        kept("names"),
        kept("current"),
        kept("open_places"),
        kept("final"),
    )
    __slots__ = FIELDS.slots
    COPIED = FIELDS.copied

    def __init__(self, players: Sequence[str], seed: int, options: dict[str, Any]) -> None:
        n = len(players)
        self._begin_game(players, seed)
        rng = self.rng
        cards = chosen_colours(options["colours"], n)
        if cards is None:
            cards = list(range(len(COLOURS)))
            rng.shuffle(cards)  # the calling cards are dealt
        self.seat_colours: tuple[tuple[int, ...], ...]
        if n == 2:
            self.seat_colours = ((cards[0], cards[1]), (cards[2], cards[3]))
        else:
            self.seat_colours = tuple((c,) for c in cards[:n])
        self.ghost = cards[3] if n == 3 else -1
        self.colour_seat = [GHOST_SEAT] * len(COLOURS)
        for seat, colours in enumerate(self.seat_colours):
            for c in colours:
                self.colour_seat[c] = seat
        self.names = tuple(self._name_colour(c) for c in range(len(COLOURS)))

        self.hidden = bool(options["hidden_money"])
        self.when_short = options["loan_timing"] == WHEN_SHORT
        if self.hidden:
            self.loan_window = BEFORE_AUCTION
        elif n == 2:
            self.loan_window = BEFORE_FIRST_BID
        else:
            self.loan_window = WHEN_SHORT if self.when_short else ANY_TIME

        # 72 cubes, 4 to a space, each space with at least two colours.
        cubes = [c for c in range(len(COLOURS)) for _ in range(CUBES_PER_COLOUR)]
        while True:
            rng.shuffle(cubes)
            groups = [cubes[i : i + CUBES_PER_SPACE] for i in range(0, len(cubes), CUBES_PER_SPACE)]
            if all(len(set(g)) > 1 for g in groups):
                break
        self.spaces = [tuple(map(g.count, ALL_COLOURS)) for g in groups]
        self.space_cubes = [CUBES_PER_SPACE] * SPACES
        self.broker = rng.below(SPACES)
        self.lots = [NO_CUBES] * N_LOTS
        self.lot_cubes = [0] * N_LOTS
        self.owners = [-1] * N_LOTS
        self.settled = [False] * N_LOTS
        self.retired = [0] * len(COLOURS)  # cubes taken off settled lots

        self.ledger = Ledger(len(COLOURS))  # an account for each colour (the ghost's too)
        self.bank = BANK
        for colour, seat in enumerate(self.colour_seat):
            if seat != GHOST_SEAT:
                self.ledger.transfer(0, BANK, colour, START_CASH, "starting capital")
        self.loans = [0] * len(COLOURS)
        self.loan_round = [0] * len(COLOURS)
        self.turn = self.starter = rng.below(n)  # the roller: the highest roll of the die starts
        self.stage = ROLL
        self.to_place = [0] * len(COLOURS)
        # (owners, balances, loans) at the end of each round, for the worth-by-round chart
        self.round_ends: list[tuple[tuple[int, ...], ...]] = []
        self.current = self.turn
        self.open_places = A.PLACES
        self.final: Result | None = None  # the result, once the game is over and it is asked for
        self._say("starts", self.players[self.turn], self.broker + 1)

    # -- questions -------------------------------------------------------------------------------

    def lot_counts(self, lot: int) -> tuple[int, ...]:
        return self.lots[lot]

    def space_counts(self, space: int) -> tuple[int, ...]:
        return self.spaces[space]

    @property
    def phase(self) -> str:
        """What the game waits for: the top decision's kind, else the stage (roll, over)."""
        top = self.top()
        return top.kind if top else self.stage

    @property
    def roller(self) -> int:
        """Who rolls this round: the player whose turn it is."""
        return self.turn

    @property
    def auction(self) -> OpenAuction | None:
        """The auction running now, if one is."""
        top = self.top()
        return top.auction if isinstance(top, CubeAuction) else None

    @property
    def bidding(self) -> OpenAuction:
        """The auction running now (asked only while one runs)."""
        return self.waiting(CubeAuction).auction

    @property
    def winner(self) -> int:
        """Who bought (or took free) the cubes being paid for or placed; -1 otherwise."""
        top = self.top()
        return top.winner if isinstance(top, (Payment, CubesToPlace)) else -1

    @property
    def price(self) -> int:
        """What the cubes being paid for or placed cost (0 when taken free or none are)."""
        top = self.top()
        return top.price if isinstance(top, (Payment, CubesToPlace)) else 0

    def _find_actor(self) -> int:
        """The one seat whose move it is (Big Shot is turn-based), or -1 when it is over: the
        top decision's seat, else the roller."""
        top = self.top()
        if top is not None:
            seat = top.seat
            return -1 if seat is None else seat
        return -1 if self.stage == OVER else self.turn

    def to_act(self) -> tuple[int, ...]:
        seat = self.current
        return () if seat < 0 else (seat,)

    def actor(self) -> int | None:
        seat = self.current
        return None if seat < 0 else seat

    def chance_after(self, seat: int, action: Action) -> Chance | None:
        return DIE if type(action) is A.Roll else None

    def payable(self, seat: int) -> int:
        """The largest bid `seat` can pay from one of its colours."""
        colours = self.seat_colours[seat]
        if len(colours) == 1:
            return self.ledger.balances[colours[0]]
        return max(self.ledger.balances[c] for c in colours)

    def may_act(self, seat: int) -> bool:
        if self.current == seat:
            return True
        return (
            self.loan_window == ANY_TIME
            and 0 <= seat < len(self.players)
            and any(loans.loan_allowed_now(self, seat, c) for c in self.seat_colours[seat])
        )

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        """Every action `seat` may take now, loans first; empty when it may do nothing."""
        if self.current != seat or seat < 0:
            return loans.loan_actions(self, seat) if 0 <= seat < len(self.players) else ()
        top = self.top()
        borrowing: tuple[Action, ...] = loans.loan_actions(self, seat)
        if isinstance(top, CubesToPlace):
            to_place, places = self.to_place, self.open_places
            for c in range(4):
                if to_place[c]:
                    borrowing += places[c]
            return borrowing
        if isinstance(top, CubeAuction):
            minimum = top.auction.minimum
            return borrowing + (A.PASS,) + A.BIDS[minimum : self.payable(seat) + 1]
        if top is None:
            return borrowing + (A.ROLL,)
        if isinstance(top, LoanQuestion):
            return borrowing + (A.NO_MORE_LOANS,)
        price = self.price
        return tuple(A.pay_with(c) for c in self.seat_colours[seat] if self.cash(c) >= price)

    def why_illegal(self, seat: int, action: Action) -> str | None:
        if isinstance(action, A.TakeLoan):
            return loans.why_no_loan(self, seat, action.colour)
        if self.current != seat:
            return NOT_YOUR_TURN
        phase = self.phase
        if isinstance(action, (A.Bid, A.Pass)):
            if phase != BID:
                return "there is no bidding now"
            if isinstance(action, A.Pass):
                return None
            if action.amount < self.bidding.minimum:
                return f"a bid must be at least {self.bidding.minimum}"
            if action.amount > self.payable(seat):
                return f"you cannot pay {action.amount} (you have {self.payable(seat)})"
            return None
        if isinstance(action, A.Place):
            if phase != PLACE:
                return "there are no cubes to place now"
            if not (0 <= action.colour < 4 and 0 <= action.lot < N_LOTS):
                return "no such cube or lot"
            if not self.to_place[action.colour]:
                return f"there is no {COLOURS[action.colour]} cube left to place"
            if self.settled[action.lot]:
                return f"{LOTS[action.lot].name} is settled and takes no more cubes"
            return None
        if isinstance(action, A.Roll):
            return None if phase == ROLL else "the die has been rolled this round"
        if isinstance(action, A.NoMoreLoans):
            return None if phase == LOANS else "loans are not being asked for now"
        if isinstance(action, A.PayWith):
            if phase != PAY:
                return "there is nothing to pay now"
            if action.colour not in self.seat_colours[seat]:
                return "pay with one of your own colours"
            if self.cash(action.colour) < self.price:
                return f"{COLOURS[action.colour]} cannot pay {self.price}"
            return None
        return f"{action} is not a Big Shot action"

    # -- applying --------------------------------------------------------------------------------

    def _perform(self, seat: int, action: Action) -> None:
        self._do(seat, action)
        self.current = self._find_actor()

    @rules.plays(A.Place)
    def _do_Place(self, _seat: int, action: A.Place) -> None:
        lots.place(self, action.colour, action.lot)

    @rules.plays(A.TakeLoan)
    def _do_TakeLoan(self, _seat: int, action: A.TakeLoan) -> None:
        loans.lend(self, action.colour)

    @rules.plays(A.Roll)
    def _do_Roll(self, _seat: int, _action: A.Roll) -> None:
        self._roll()

    @rules.plays(A.NoMoreLoans)
    def _do_NoMoreLoans(self, _seat: int, _action: A.NoMoreLoans) -> None:
        loans.next_loan_request(self)

    @rules.plays(A.PayWith)
    def _do_PayWith(self, _seat: int, action: A.PayWith) -> None:
        payment = self.answered(Payment)
        self._buy_with(payment.winner, payment.price, action.colour)

    def _name_colour(self, colour: int) -> str:
        """A colour's owner as the log names it: "Ann", "Ann (red)" with two colours, or "the
        ghost"."""
        seat = self.colour_seat[colour]
        if seat == GHOST_SEAT:
            return f"the ghost ({COLOURS[colour]})"
        if len(self.seat_colours[seat]) > 1:
            return f"{self.players[seat]} ({COLOURS[colour]})"
        return self.players[seat]

    def _roll(self) -> None:
        pips = self._chance(DIE)
        pos, steps = self.broker, 0
        while steps < pips:  # only spaces that still hold cubes are counted
            pos = (pos + 1) % SPACES
            if self.space_cubes[pos]:
                steps += 1
        self.broker = pos
        self._say("rolls", self.players[self.turn], pips, pos + 1, self.spaces[pos])
        order = BIDDING_ORDERS[self.n][self.turn]
        if self.loan_window == BEFORE_AUCTION:
            loans.ask_for_loans(self, order, 0)
        else:
            self._open_auction(order)

    def _open_auction(self, order: tuple[int, ...]) -> None:
        auction = OpenAuction(order, free_to=self.turn)  # "at no cost" if all pass
        self.stack.append(CubeAuction(auction, self.broker))

    def _close_auction(self) -> None:
        auction = self.answered(CubeAuction).auction
        space = self.broker
        self.to_place = list(self.spaces[space])
        self.spaces[space] = NO_CUBES
        self.space_cubes[space] = 0
        if auction.high_bidder is None:
            self._say("cubes-free", self.players[self.turn])
            self.stack.append(CubesToPlace(self.turn, 0))
            return
        winner, price = auction.high_bidder, auction.high
        payers = [c for c in self.seat_colours[winner] if self.cash(c) >= price]
        if len(payers) == 1:
            self._buy_with(winner, price, payers[0])
        else:
            self.stack.append(Payment(winner, price))

    def _buy_with(self, winner: int, price: int, colour: int) -> None:
        """`winner` pays `price` for the cubes from `colour`, and places them."""
        self.ledger.transfer(self.round, colour, BANK, price, "cubes bought at auction")
        self._say("buys-cubes", self.names[colour], price)
        self.stack.append(CubesToPlace(winner, price))

    # -- results and views -----------------------------------------------------------------------

    def result(self) -> Result | None:
        if self.stage != OVER:
            return None
        if self.final is None:
            self.final = decide(self)
        return self.final

    def view(self, seat: int | None) -> BigShotView:
        return make_view(self, seat)

    def hindsight_view(self) -> BigShotView:
        """Everyone's money, as the end of the game shows it, at every position of a replay."""
        return make_view(self, None, hindsight=True)
