"""Stadium's rules: development corporations buy land on a city grid, build on it, collect
returns and race to build the Sports Stadium (the Stadium rulebook, docs/rulings.md).

A turn runs in the rulebook's order: returns are collected (by the engine, at the start), the
die is rolled (land in a zone, an Auction card or a Venture card), then one building may go up
and one come down, with trade offers at any point. The stack above the turn's stage holds what
the game waits for: a lot to choose, an auction, a debt being raised, a trade offer.

This module holds the turn's flow; legality.py lists the legal actions and the reasons for
refusals, land.py land and buildings, sales.py purchases, auctions, debts and bankruptcy,
ventures.py the Venture deck, trading.py trades, sentences.py how events read.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.engine import debts
from core.engine.actions import Action
from core.engine.chance import DIE, Chance
from core.engine.decisions import Frame, TradeOffer
from core.engine.fields import LIST, Fields, kept, shown
from core.engine.game import Result
from core.engine.turns import StackedTurns

from . import actions as A
from . import land, legality, sales, trading, ventures
from .board import BLOCKS, CARDS, CROWN_LOTS, LAND_MASK, VENTURES
from .frames import MAIN, ROLL, START_CASH, CrownOrVenture, LandChoice
from .land import Building
from .rules import rules
from .sentences import SENTENCES
from .view import StadiumView, make_view


class StadiumState(StackedTurns[A.Propose]):
    sentences = SENTENCES
    RULES = rules
    FIELDS = Fields(
        shown(LIST, "land"),
        kept("developed"),  # the acres under buildings
        shown("fresh"),
        kept("buildings"),  # shown as a tuple of them
        kept("next_building"),
        shown(LIST, "in_use"),
        shown(LIST, "block_class"),
        kept(LIST, "crown_deck"),  # shown sorted: its order is hidden
        shown(LIST, "frozen"),
        kept(LIST, "venture_deck"),  # shown by its count
        shown(LIST, "venture_discard"),
        kept("held"),
        shown("venture_shown"),
        shown("die"),
        shown("built"),
        shown("demolished"),
        shown("free_demolition"),
        shown("offers_made"),
        shown("offered"),
        kept(LIST, "round_ends"),  # shown as the view's assets_history
    )
    __slots__ = FIELDS.slots
    COPIED = FIELDS.copied

    def __init__(self, players: Sequence[str], seed: int, options: dict[str, Any]) -> None:
        self._begin_game(players, seed)
        n, rng = self.n, self.rng
        self.round_limit = int(options["round_limit"])
        self.land = [0] * n + [LAND_MASK]  # each player's acres, the Bank's last
        self.developed = 0  # the acres under buildings
        self.fresh = 0  # the acres acquired this turn: no building on them until next turn
        self.buildings: dict[int, Building] = {}
        self.next_building = 1
        self.in_use = [0] * len(CARDS)  # building cards on the board, by card
        self.block_class = [""] * len(BLOCKS)  # the zoning bylaw: "", residential, commercial
        self.crown_deck = list(CROWN_LOTS)  # Auction cards, the top last
        rng.shuffle(self.crown_deck)
        self.frozen: list[int] = []  # Crown lots nobody bid on: never for sale again
        self.venture_deck = [v.id for v in VENTURES]
        rng.shuffle(self.venture_deck)
        self.venture_discard: list[int] = []
        self.held: list[list[int]] = [[] for _ in range(n)]  # Venture cards kept face up
        self.venture_shown = 0  # the Venture card picked this turn (0: none)
        self.offered: tuple[tuple[str, int], ...] = ()  # what the debtor has auctioned so far
        self.round_ends: list[tuple[int, ...]] = []  # everyone's assets at each round's end
        for seat in range(n):
            self._pay(self.bank, seat, START_CASH, "starting money")
        self.starter = rng.below(n)
        self._say("starts", self.players[self.starter])
        self._begin_turn(self.starter)

    def copy(self) -> StadiumState:
        clone = super().copy()
        clone.buildings = dict(self.buildings)
        clone.held = [cards[:] for cards in self.held]
        return clone

    # -- what the state says -------------------------------------------------------------------

    # -- performing ----------------------------------------------------------------------------

    # -- the rules, in their modules -----------------------------------------------------------

    def legal_actions(self, seat: int) -> list[Action]:
        return legality.legal_actions(self, seat)

    def why_illegal(self, seat: int, action: Action) -> str | None:
        return legality.why_illegal(self, seat, action)

    def why_none(self, seat: int, kind: type[Action]) -> str | None:
        return legality.why_none(self, seat, kind)

    def may_act(self, seat: int) -> bool:
        return legality.may_act(self, seat)

    def chance_after(self, seat: int, action: Action) -> Chance | None:
        return legality.chance_after(self, seat, action)

    def _close_auction(self) -> None:
        sales.close_auction(self)

    def _settle_debt(self) -> bool:
        return sales.settle_debt(self)

    def _bank_auction(self, item: int) -> None:
        sales.bank_auction(self, item)

    def _note_offer(self, seat: int, offer: A.Propose) -> None:
        trading.note_offer(self, seat, offer)

    def _hand_over_side(self, giver: int, taker: int, offer: A.Propose, proposers: bool) -> None:
        trading.hand_over_side(self, giver, taker, offer, proposers)

    # -- performing ----------------------------------------------------------------------------

    def _perform(self, seat: int, action: Action) -> None:
        self._do(seat, action)
        self._continue()

    @rules.plays(A.Roll)
    def _do_Roll(self, seat: int, _action: A.Roll) -> None:
        self.die = throw = self._chance(DIE)
        self.stage = MAIN
        self._say("rolls", self.players[seat], throw)
        if throw <= 4:
            zone = throw if throw <= 3 else 0
            if land.sells_land(self, zone):
                self.stack.append(LandChoice(seat, zone))
            else:
                self._say("no-bank-land", f"zone {zone}" if zone else "the city")
        elif self.crown_deck:
            self.stack.append(CrownOrVenture(seat))
        else:
            ventures.draw_venture(self, seat)

    @rules.plays(A.EndTurn)
    def _do_EndTurn(self, seat: int, _action: A.EndTurn) -> None:
        self._next_turn()

    def _run_effect(self, frame: Frame) -> bool:
        """A bankrupt's buildings, auctioned one after another."""
        return debts.run_bank_sale(self, frame)

    def _next_turn(self) -> None:
        seat, new_round = self._next_seat()
        if new_round:
            self.round_ends.append(tuple(land.assets(self, s) for s in range(self.n)))
            if self.round_limit and self.round >= self.round_limit:
                self._finish_by_assets(f"the {self.round_limit}-round limit")
                return
            self.round += 1
        if (
            not self.crown_deck
            and not land.sells_land(self, 0)
            and not land.could_build_anywhere(self)
        ):
            self._finish_by_assets("no further building can take place")
            return
        self._begin_turn(seat)

    def _begin_turn(self, seat: int) -> None:
        """A player's turn starts: the engine collects their returns for them."""
        self.turn = seat
        self.stage = ROLL
        self.die = 0
        self.fresh = 0
        self.built = self.demolished = self.free_demolition = False
        self.venture_shown = 0
        self.offers_made: tuple[TradeOffer[A.Propose], ...] = ()  # the offers made this turn
        returns = ventures.returns(self, seat)
        if returns:
            self._pay(self.bank, seat, returns, "returns")
            self._say("collects", self.players[seat], returns)

    def _finish_by_assets(self, why: str) -> None:
        self._finish_by(
            [land.assets(self, s) for s in range(self.n)], f"{why}: the greatest assets"
        )

    # -- results and views ---------------------------------------------------------------------

    def result(self) -> Result | None:
        return self._result(lambda seat: land.assets(self, seat))

    def view(self, seat: int | None) -> StadiumView:
        return make_view(self, seat)
