"""What every game built on a stack of decisions shares: whose move it is (the top frame's seat,
else the player whose turn it is), money moved through the ledger, the order of bidding round
the table, and the end of the game with its winners.

A game's state extends `StackedTurns`: it starts with `_begin_game` (the players, the generator,
the ledger, the log, the stack) and sets `turn`, `starter` and `stage`; its stage is OVER once
the game has ended. Its `_run_effect(frame)` runs the effect frames it stacks (`_continue` calls
it). A move is played by the game's `RULES` (core.engine.rules): the rule each kind of action has,
a method of the state or a function `(state, seat, action)` of a rule module (the kit's own
rules for bids, passes and trade offers, in `bidding` and `offers`, over any `StackedTurns`).
Its view extends `StackView`: the fields every such game shows (`stack_view_fields`), and what
follows from them.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, TypeVar

from .actions import Action
from .decisions import Frame, OfferT, seen
from .events import Event, Recorded, Sentences, named
from .fields import Fields
from .game import GameState, Result
from .ledger import Ledger, Transfer
from .playouts import Sight, state_fields
from .rng import Rng
from .rules import Rules
from .views import Seated, Upto, view_dataclass

OVER = "over"
F = TypeVar("F", bound=Frame)


class StackedTurns(GameState, Generic[OfferT]):
    """A game played on a stack of decisions; its trade offers, if it has trades, are `OfferT`s."""

    __slots__ = (
        "players",
        "n",
        "bank",
        "ledger",
        "stack",
        "active",
        "winners",
        "end_reason",
        "turn",
        "starter",
        "stage",
        "round_limit",
    )
    RULES: ClassVar[Rules[Any]]  # the game's rules, by the action each plays
    players: tuple[str, ...]
    n: int
    bank: int  # the bank's account in the ledger: the one after the players'
    ledger: Ledger
    stack: list[Frame]
    active: list[bool]
    winners: tuple[int, ...]
    end_reason: str
    turn: int
    starter: int
    stage: str
    proposals: list[int]  # trade offers each player has made this turn
    round_limit: int  # 0: none

    def copy(self) -> Self:
        """A state to play on apart: every field, with what play changes in place copied (the
        generator, the ledger, the log, who is still in, the stack's frames and the game's
        `COPIED` lists)."""
        clone = super().copy()
        clone.ledger = self.ledger.copy()
        clone.active = self.active[:]
        clone.stack = [frame.copy() for frame in self.stack]
        return clone

    def _begin_game(self, players: Sequence[str], seed: int) -> None:
        """The fields every such game starts with: the players, all still in, a generator from
        `seed`, the ledger (the bank's account after the players'), an empty log and stack, no
        round limit."""
        self.players = tuple(players)
        self.n = len(self.players)
        self.rng = Rng(seed)
        self.ledger = Ledger(self.n)
        self.bank = self.n
        self.events: list[Recorded] = []
        self.round = 1
        self.round_limit = 0  # none, unless the game sets one
        self.version = 0
        self.stack: list[Frame] = []
        self.active = [True] * self.n
        self.winners: tuple[int, ...] = ()
        self.end_reason = ""

    def _restore(self, view: Any, rng: Rng, fields: Fields, listed: Sequence[str] = ()) -> None:
        """What a view shows, for a state consistent with it (a game's `determinize`): the
        players, a generator seeded from `rng`, the ledger, the log, the turn and the result, and
        the game's `fields` the view shows as they are (its lists as lists, and those `listed`
        too); what the view hides is the caller's to draw."""
        self.players, self.n = view.players, len(view.players)
        self.round, self.round_limit, self.version = view.round, view.round_limit, view.version
        self.turn, self.starter, self.stage = view.turn, view.starter, view.stage
        self.active = list(view.active)
        self.bank = self.n
        self.rng = Rng(rng.below(1 << 62))
        self.ledger = Ledger(self.n)
        self.ledger.balances = [*view.cash, -sum(view.cash)]
        self.ledger.entries = list(view.ledger)
        self.events = list(view.events)
        for name in (*fields.listed, *listed):
            setattr(self, name, list(getattr(view, name)))
        for name in fields.shared:
            setattr(self, name, getattr(view, name))
        self.winners = view.result.winners if view.result else ()
        self.end_reason = view.result.reason if view.result else ""

    def _roll_off(self, throw: Callable[[Rng], int]) -> int:
        """Everyone throws (`throw`: one player's total); the highest starts (ties throw
        again)."""
        throwing = list(range(self.n))
        while True:
            totals = {seat: throw(self.rng) for seat in throwing}
            best = max(totals.values())
            throwing = [seat for seat, total in totals.items() if total == best]
            if len(throwing) == 1:
                self._say("starts", self.players[throwing[0]], best)
                return throwing[0]

    def cash(self, seat: int) -> int:
        return self.ledger.balances[seat]

    def is_over(self) -> bool:
        return self.stage == OVER

    def actor(self) -> int | None:
        """Who must act now: the top frame's seat, else the player whose turn it is."""
        if self.stage == OVER:
            return None
        return self.stack[-1].seat if self.stack else self.turn

    def to_act(self) -> tuple[int, ...]:
        seat = self.actor()
        return () if seat is None else (seat,)

    def top(self) -> Frame | None:
        return self.stack[-1] if self.stack else None

    def stack_view_fields(self, seat: int | None) -> dict[str, Any]:
        """The `StackView` fields as `seat` sees them (None: a spectator), for a game's view
        to add its own to."""
        return {
            "viewer": seat,
            "players": self.players,
            "round": self.round,
            "round_limit": self.round_limit,
            "stage": self.stage,
            "turn": self.turn,
            "starter": self.starter,
            "to_act": self.to_act(),
            "version": self.version,
            "stack": tuple(map(seen, self.stack)),
            "cash": tuple(self.ledger.balances[:-1]),
            "active": tuple(self.active),
            "legal": tuple(self.legal_actions(seat)) if seat is not None else (),
            "result": self.result(),
            "events": Upto(self.events, show=named),
            "ledger": Upto(self.ledger.entries),
        }

    def waiting(self, kind: type[F]) -> F:
        """The frame on top of the stack, which the caller knows to be a `kind` (the move
        being played answers it)."""
        frame = self.stack[-1]
        if not isinstance(frame, kind):
            raise TypeError(f"the game waits for {frame.kind}, not {kind.kind}")
        return frame

    def answered(self, kind: type[F]) -> F:
        """The frame on top of the stack, a `kind`, taken off it: the move played answers it."""
        frame = self.waiting(kind)
        self.stack.pop()
        return frame

    def _settle_debt(self) -> bool:
        """Pay a debt waiting on top of the stack, if it can be paid now (a game with debts
        does it with `core.engine.debts.settle_debt`)."""
        return False

    # The game's answers to the kit's rule modules (each game with auctions, trades or bank
    # sales overrides those it uses).

    def _close_auction(self) -> None:
        """The auction on top of the stack is over: the lot goes to the high bidder, if any."""
        raise NotImplementedError

    def _note_offer(self, seat: int, offer: OfferT) -> None:
        """Remember that `seat` made `offer` this turn."""
        self.proposals[seat] += 1

    def _hand_over_side(self, giver: int, taker: int, offer: OfferT, proposers: bool) -> None:
        """Move what one side of an accepted `offer` holds besides cash from `giver` to `taker`:
        the proposer's side (`give_...`) when `proposers`, else the partner's (`get_...`)."""
        raise NotImplementedError

    def _bank_auction(self, item: int) -> None:
        """Open the auction of one of a bankrupt's items, for the bank (the game's rule)."""
        raise NotImplementedError

    def _next_turn(self) -> None:
        """Pass the turn on (the game's rule: who is next, what a new round brings)."""
        raise NotImplementedError

    def _run_effect(self, frame: Frame) -> bool:
        """Run the effect frame on top of the stack; False if it is a decision to wait for."""
        return False

    def _continue(self) -> None:
        """Run effect frames and settle payable debts until someone must decide: the last player
        left wins, and a turn that falls to a player out of the game passes on."""
        while self.stage != OVER:
            if self.active.count(True) == 1:
                self._finish((self.active.index(True),), "the last player left in the game")
                return
            if not self.stack:
                if not self.active[self.turn]:
                    self._next_turn()
                    continue
                return
            if not self._settle_debt() and not self._run_effect(self.stack[-1]):
                return

    def _next_seat(self) -> tuple[int, bool]:
        """The next player still in after the one whose turn it is, and whether the turn
        passes the starting player (a round ends)."""
        return next_seat(self.active, self.turn, self.starter)

    def _order_from(self, first: int) -> tuple[int, ...]:
        """The players still in, starting with `first` and going to the left."""
        return order_from(self.active, first)

    def _pay(self, source: int, target: int, amount: int, reason: str) -> None:
        if amount:
            self.ledger.transfer(self.round, source, target, amount, reason)

    def _do(self, seat: int, action: Action) -> None:
        """Play `action` by the game's rule for its kind (its `RULES`)."""
        self.RULES.play(self, seat, action)

    def _finish(self, winners: tuple[int, ...], reason: str) -> None:
        self.stage = OVER
        self.stack = []
        self.winners = winners
        names = " and ".join(self.players[s] for s in winners)
        self.end_reason = f"{names} {'wins' if len(winners) == 1 else 'share the win'}: {reason}."
        self._say("game-over", self.end_reason)

    def _finish_by(self, worth: Sequence[int], reason: str) -> None:
        """The game ends: the players still in with the most `worth` (one figure a seat) win."""
        best = max(w for w, playing in zip(worth, self.active) if playing)
        self._finish(tuple(s for s in range(self.n) if self.active[s] and worth[s] == best), reason)

    def _result(self, worth: Callable[[int], int]) -> Result | None:
        """The result once over: the winners, and each player's `worth(seat)` (0 when out);
        worked out only then (every view asks)."""
        if self.stage != OVER:
            return None
        return Result(
            self.winners,
            tuple(worth(s) if self.active[s] else 0 for s in range(self.n)),
            self.end_reason,
        )


def order_from(active: Sequence[bool], first: int) -> tuple[int, ...]:
    """The players still in (`active`), starting with `first` and going to the left."""
    n = len(active)
    return tuple(s for s in ((first + i) % n for i in range(n)) if active[s])


def next_seat(active: Sequence[bool], turn: int, starter: int) -> tuple[int, bool]:
    """The next player still in after `turn`, and whether the turn passes `starter` (a round
    ends where the order from the starter wraps round)."""
    n = len(active)
    seat = turn
    for _ in range(n):
        seat = (seat + 1) % n
        if active[seat]:
            break
    return seat, (seat - starter) % n <= (turn - starter) % n


@view_dataclass
class StackView(Seated):
    """What one seat sees of a game on a stack of decisions, as far as every such game shows
    it (a game's view adds its own fields after these), and what follows from it; the view
    class names its game's `SENTENCES` and `MAX_PROPOSALS`."""

    viewer: int | None
    players: tuple[str, ...]
    round: int
    round_limit: int
    stage: str
    turn: int
    starter: int  # who began: a round ends when the turn comes back to them
    to_act: tuple[int, ...]
    version: int
    stack: tuple[Frame, ...]  # what the game waits for, the top last (auctions as AuctionViews)
    cash: tuple[int, ...]
    active: tuple[bool, ...]
    legal: tuple[Action, ...]
    result: Result | None
    # The events and ledger as they were when the view was made (`Upto`), read only if asked
    # (a bot never asks; copying them for every view would cost O(game length)).
    events: Sequence[Event]
    ledger: Sequence[Transfer]

    SENTENCES: ClassVar[Sentences]
    MAX_PROPOSALS: ClassVar[int]
    if TYPE_CHECKING:  # not a field of every game's view: one with trades shows it
        proposals: tuple[int, ...]  # the offers each player made this turn

    @property
    def pending(self) -> Frame | None:
        """The decision the game waits for, if it waits on one."""
        return self.stack[-1] if self.stack else None

    @property
    def phase(self) -> str:
        """What the game waits for: the top decision frame's kind, else the turn's stage."""
        return self.pending.kind if self.pending else self.stage

    def waiting(self, kind: type[F]) -> F:
        """The decision the game waits for, which the reader knows from the phase to be a
        `kind` (as `StackedTurns.waiting`)."""
        frame = self.pending
        if not isinstance(frame, kind):
            raise TypeError(f"the game waits for {self.phase}, not {kind.kind}")
        return frame

    @property
    def offers_left(self) -> int | None:
        """Trade offers the viewer may still make this turn (None: the game sets no limit)."""
        return self.MAX_PROPOSALS - self.proposals[self.viewer] if self.viewer is not None else 0

    @functools.cached_property
    def log(self) -> tuple[str, ...]:
        """The events in sentences."""
        return tuple(map(self.SENTENCES.text, self.events))


class StackSight(Sight):
    """A playout's `Sight` of a game on a stack of decisions: the `StackView` fields a bot
    reads, from the state."""

    __slots__ = ()
    state: StackedTurns[Any]
    stage, round = state_fields("stage", "round")

    @property
    def pending(self) -> Frame | None:
        stack = self.state.stack
        return seen(stack[-1]) if stack else None

    @property
    def phase(self) -> str:
        stack = self.state.stack
        return stack[-1].kind if stack else self.state.stage

    @property
    def cash(self) -> Sequence[int]:
        return self.state.ledger.balances  # the bank's account last, which no view shows
