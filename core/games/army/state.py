"""The Army game's rules: the classic UK property-trading rules, re-themed (the Army rulebook).

A turn is a base stage (ROLL, then END once the throw is resolved) with a stack of pending
frames above it. The top frame says who must act now: a purchase decision, an auction, a card
choice, a debt being raised, a trade offer, a mortgage-lift decision, or where to put a building
won at a shortage auction. Effect frames (a deferred move, the end of a throw's resolution, the
bank's sale of a bankrupt's deeds) run by themselves when they reach the top.

This module holds the turn's flow; the frames' vocabulary is in frames.py, legal actions and
the reasons for refusals in legality.py, moving and cards in moves.py, purchases, auctions and
debts in sales.py, building and mortgages in estates.py, trades in trading.py (each a
module of functions over an ArmyState; `RULES` names those whose `do_<Action>` play a move),
the events' sentences in sentences.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.engine import debts
from core.engine.actions import Action
from core.engine.chance import Chance
from core.engine.decisions import Frame
from core.engine.fields import LIST, Fields, kept, shown
from core.engine.game import Result
from core.engine.turns import StackedTurns

from . import actions as A
from . import estates, legality, moves, sales, trading
from .actions import Propose
from .board import (
    BARRACKS_IN_BANK,
    DEEDS,
    GARRISON_RENT,
    SQUARES,
    SQUARES_COUNT,
    START_CASH,
    STORES_IN_BANK,
    UTILITY_FACTOR,
    buildings_held,
    group_of,
    raisable,
    valuation,
)
from .board_changes import change_board
from .cards import COMBAT, DECKS
from .frames import (
    IN_PRISON,
    ROLL,
    SHORT_GAME_ROUNDS,
    Move,
    Settle,
    Shortage,
)
from .rules import rules
from .sentences import SENTENCES
from .view import ArmyView, make_view


def start_turn(game: Any, seat: int) -> None:
    """`seat`'s turn begins, in an `ArmyState` or a lean game alike: no double thrown, no
    offer made, the throw to come."""
    game.turn, game.doubles, game.proposals = seat, 0, [0] * game.n
    game.stage, game.jailed = ROLL, False


class ArmyState(StackedTurns[Propose]):
    sentences = SENTENCES
    RULES = rules
    FIELDS = Fields(
        shown(LIST, "position"),
        shown(LIST, "prison_turn"),  # -1: free; else the Prison turns already taken (0-2)
        shown(LIST, "card_holder"),  # who holds each deck's Get-out card (-1: in the deck)
        kept("decks"),  # hidden: a state drawn from a view shuffles them again
        shown("owner"),  # who owns each square, its buildings and its mortgage: tuples
        shown("level"),  # replaced on a change (core.engine.frozen), shared by views and copies
        shown("mortgaged"),
        shown("stores_left"),
        shown("barracks_left"),
        shown("doubles"),
        shown("dice"),
        shown(LIST, "proposals"),
        kept(LIST, "round_ends"),  # shown as the view's worth_history
        shown("extra_throw"),
        shown("short_game"),
        kept(LIST, "landings"),
        kept("last_card"),  # shown by its text
        shown("jailed"),
        kept(LIST, "_estates"),  # a cache: estates.estate_of
    )
    __slots__ = FIELDS.slots
    COPIED = FIELDS.copied

    def __init__(self, players: Sequence[str], seed: int, options: dict[str, Any]) -> None:
        self._begin_game(players, seed)
        n, rng = self.n, self.rng
        self.extra_throw = bool(options["prison_double_extra_throw"])
        self.short_game = bool(options["short_game"])
        self.round_limit = int(options["round_limit"]) or (
            SHORT_GAME_ROUNDS if self.short_game else 0
        )
        self.position = [0] * n
        self.prison_turn = [-1] * n  # -1: free; else the Prison turns already taken (0-2)
        self.card_holder = [-1, -1]  # who holds each deck's Get-out card (-1: in the deck)
        self.decks = [list(range(len(DECKS[COMBAT]))), list(range(len(DECKS[1])))]
        for deck in self.decks:
            rng.shuffle(deck)
        # who owns each square (-1: the bank), its buildings and its mortgage, as tuples replaced
        # on a change (core.engine.frozen): views and copies share them
        self.owner = (-1,) * SQUARES_COUNT
        self.level = (0,) * SQUARES_COUNT  # Ammo Stores on a site, or BARRACKS
        self.mortgaged = (False,) * SQUARES_COUNT
        self._estates: list[estates.KnownEstate | None] = [None] * n  # a cache: estates.estate_of
        self.stores_left = STORES_IN_BANK
        self.barracks_left = BARRACKS_IN_BANK
        self.doubles = 0
        self.dice = (0, 0)
        self.proposals = [0] * n
        self.round_ends: list[tuple[int, ...]] = []
        self.landings = [0] * (SQUARES_COUNT + 1)
        self.last_card: tuple[int, int] | None = None
        for seat in range(n):
            self._pay(self.bank, seat, START_CASH, "starting money")
        if self.short_game:
            deeds = list(DEEDS)
            rng.shuffle(deeds)
            for seat in range(n):
                for square in deeds[2 * seat : 2 * seat + 2]:
                    change_board(self, (square,), owner=seat)
                    self._pay(
                        seat, self.bank, SQUARES[square].price, f"{SQUARES[square].name} (dealt)"
                    )
                    self._say(
                        "dealt", self.players[seat], SQUARES[square].name, SQUARES[square].price
                    )
        self.starter = self.turn = self._roll_off(lambda rng: rng.die() + rng.die())
        self.stage = ROLL
        self.jailed = False  # sent to Prison this turn: it ends there

    # -- copying -------------------------------------------------------------------------------

    def copy(self) -> ArmyState:
        clone = super().copy()
        clone.decks = [deck[:] for deck in self.decks]
        return clone

    # -- what the state says -------------------------------------------------------------------

    def deeds_of(self, seat: int) -> tuple[int, ...]:
        return estates.estate_of(self, seat).deeds

    def owns_group(self, seat: int, square: int) -> bool:
        return all(self.owner[s] == seat for s in group_of(square))

    def buildings(self, seat: int) -> tuple[int, int]:
        return buildings_held(self.deeds_of(seat), self.level)

    def building_refund(self, square: int) -> int:
        """What the bank pays for every building on a site: half their cost."""
        return self.level[square] * SQUARES[square].build // 2

    def max_raise(self, seat: int) -> int:
        return raisable(self.deeds_of(seat), self.cash(seat), self.level, self.mortgaged)

    def net_worth(self, seat: int) -> int:
        return valuation(self.deeds_of(seat), self.cash(seat), self.level, self.mortgaged)

    def rent(self, square: int) -> int:
        sq, owner = SQUARES[square], self.owner[square]
        if sq.kind == "garrison":
            return GARRISON_RENT[sum(self.owner[s] == owner for s in group_of(square))]
        if sq.kind == "utility":
            held = sum(self.owner[s] == owner for s in group_of(square))
            return UTILITY_FACTOR[held] * sum(self.dice)
        level = self.level[square]
        if level == 0 and self.owns_group(owner, square):
            # a complete group, even with a mortgaged site (our decision: docs/games/army-rules.md)
            return 2 * sq.rents[0]
        return sq.rents[level]

    # -- the rules, in their modules -----------------------------------------------------------

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        return legality.legal_actions(self, seat)

    def why_illegal(self, seat: int, action: Action) -> str | None:
        return legality.why_illegal(self, seat, action)

    def may_act(self, seat: int) -> bool:
        return legality.may_act(self, seat)

    def chance_after(self, seat: int, action: Action) -> Chance | None:
        return legality.chance_after(self, seat, action)

    def _close_auction(self) -> None:
        sales.close_auction(self)

    def _hand_over_side(self, giver: int, taker: int, offer: Propose, proposers: bool) -> None:
        trading.hand_over_side(self, giver, taker, offer, proposers)

    def _settle_debt(self) -> bool:
        return debts.settle_debt(self)

    # -- performing ----------------------------------------------------------------------------

    def _perform(self, seat: int, action: Action) -> None:
        self._do(seat, action)
        self._continue()

    @rules.plays(A.EndTurn)
    def _do_EndTurn(self, seat: int, _action: A.EndTurn) -> None:
        self._next_turn()

    # -- the flow of a turn --------------------------------------------------------------------

    def _run_effect(self, frame: Frame) -> bool:
        """A move still to make, a throw resolved, the building shortage, the bank's sales."""
        if isinstance(frame, Move):
            self.stack.pop()
            moves.move(self, frame.mover, frame.steps)
        elif isinstance(frame, Settle):
            self.stack.pop()
            self._settle(frame.mover)
        elif isinstance(frame, Shortage):
            estates.run_shortage(self, frame)
        else:
            return debts.run_bank_sale(self, frame)
        return True

    def _bank_auction(self, square: int) -> None:
        """A bankrupt's deed, auctioned by the bank from the player after the one whose turn
        it is."""
        sales.open_auction(self, square, "", sales.order_after(self, self.turn))

    def _settle(self, seat: int) -> None:
        """A throw is fully resolved: count where the token rests (landing statistics)."""
        self.landings[IN_PRISON if self.prison_turn[seat] >= 0 else self.position[seat]] += 1

    def _next_turn(self) -> None:
        seat, new_round = self._next_seat()
        if new_round:
            self.round_ends.append(tuple(self.net_worth(s) for s in range(self.n)))
            if self.round_limit and self.round >= self.round_limit:
                self._finish_by_worth(f"the {self.round_limit}-round limit")
                return
            self.round += 1
        start_turn(self, seat)

    def _finish_by_worth(self, why: str) -> None:
        self._finish_by(
            [self.net_worth(s) for s in range(self.n)],
            f"{why}: the richest by the rulebook's valuation",
        )

    def _finish(self, winners: tuple[int, ...], reason: str) -> None:
        for frame in self.stack:  # the throw that ended the game still counts
            if type(frame) is Settle:
                self._settle(frame.mover)
        super()._finish(winners, reason)

    # -- results and views ---------------------------------------------------------------------

    def result(self) -> Result | None:
        return self._result(self.net_worth)

    def view(self, seat: int | None) -> ArmyView:
        return make_view(self, seat)
