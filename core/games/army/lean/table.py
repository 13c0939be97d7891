"""The lean game's table: an Army state as plain lists, what the rules and the bots read of
it (a seat's estate, its reserve, the net worths), and the way back into the state."""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import Any

from core.engine.turns import order_from

from ..board import DEEDS, GROUP_OF, SITE_GROUP_SQUARES, SQUARES
from ..bots import EARLY_UNOWNED, HeuristicBot
from ..state import ArmyState

PRICE = tuple(s.price for s in SQUARES)
BUILD = tuple(s.build for s in SQUARES)
RENTS = tuple(s.rents for s in SQUARES)
MORTGAGE = tuple(s.mortgage for s in SQUARES)
LEVELS = {group: itemgetter(*group) for group in set(GROUP_OF) if group}  # a group's values at once
# a seat's deeds, its whole unmortgaged site groups, those one deed short (with that deed) and
# its mortgaged deeds
Estate = tuple[list[int], list[tuple[int, ...]], list[tuple[tuple[int, ...], int]], list[int]]


def value(square: int, mortgaged: Sequence[bool]) -> int:
    """A deed's worth by the rulebook's valuation: its price, or half that mortgaged."""
    return PRICE[square] // 2 if mortgaged[square] else PRICE[square]


class NotModelled(Exception):
    """The game met something only the full engine plays: the lean game is dropped."""


class Finished(Exception):
    """The game is over (the last player left, or the round limit)."""


class LeanArmy:
    """An Army state as plain lists, played on by heuristic bots in the given styles."""

    def __init__(self, state: ArmyState, bots: Sequence[HeuristicBot]) -> None:
        self.n = n = state.n
        self.bank = n
        self.cash = state.ledger.balances[:]
        self.position = state.position[:]
        self.prison_turn = state.prison_turn[:]
        self.card_holder = state.card_holder[:]
        self.decks = [deck[:] for deck in state.decks]
        self.owner = list(state.owner)
        self.level = list(state.level)
        self.mortgaged = list(state.mortgaged)
        self.stores_left, self.barracks_left = state.stores_left, state.barracks_left
        self.active = state.active[:]
        self.turn, self.starter, self.stage = state.turn, state.starter, state.stage
        self.round, self.round_limit = state.round, state.round_limit
        self.doubles, self.dice, self.jailed = state.doubles, state.dice, state.jailed
        self.extra_throw = state.extra_throw
        self.proposals = state.proposals[:]
        self.round_ends = state.round_ends[:]
        self.landings = state.landings[:]
        self.last_card = state.last_card
        self.rng = state.rng.copy()
        self.styles = [bot.style for bot in bots]
        self.refused = [set(bot.refused) for bot in bots]
        self.unowned = sum(1 for s in DEEDS if self.owner[s] < 0)
        # each seat's deeds (mortgaged at half) and buildings, at the rulebook's valuation
        self.assets = [0] * n
        for s in DEEDS:
            if self.owner[s] >= 0:
                self.assets[self.owner[s]] += value(s, self.mortgaged) + self.level[s] * BUILD[s]
        self.ending: tuple[str, Any] | None = None
        # each seat's deeds, whole groups and groups one short, until its deeds or their
        # mortgages change (`estate`)
        self.known_estates: list[Estate | None] = [None] * n

    def pay(self, payer: int, payee: int, amount: int) -> None:
        """`amount` goes from `payer` to `payee` (the bank is seat `n`), without a check."""
        cash = self.cash
        cash[payer] -= amount
        cash[payee] += amount

    def finish(self, how: str, what: Any) -> None:
        """End the game: `how` "last" (`what` the seat left in) or "worth" (`what` the reason
        the richest wins); `write` ends the state so."""
        self.ending = (how, what)
        raise Finished

    # -- what the rules and the bots read ---------------------------------------------------

    def reserve(self, seat: int) -> int:
        """The cash the bot at `seat` keeps back now (`HeuristicBot._reserve`)."""
        style = self.styles[seat]
        return style.reserve if self.unowned > EARLY_UNOWNED else style.late_reserve

    def worth(self) -> tuple[int, ...]:
        """Every seat's net worth by the rulebook's valuation (`board.valuation`)."""
        return tuple(map(int.__add__, self.cash[: self.n], self.assets))

    def estate(self, seat: int) -> Estate:
        """`seat`'s deeds, whole unmortgaged groups, groups one deed short (with that deed)
        and mortgaged deeds, in board order, kept while its deeds and mortgages stay as
        they are."""
        known = self.known_estates[seat]
        if known is not None:
            return known
        owner, mortgaged = self.owner, self.mortgaged
        deeds = [s for s in DEEDS if owner[s] == seat]
        whole, short = [], []
        for group in SITE_GROUP_SQUARES:
            missing = [s for s in group if owner[s] != seat]
            if not missing:
                if not any(mortgaged[s] for s in group):
                    whole.append(group)
            elif len(missing) == 1:
                short.append((group, missing[0]))
        known = self.known_estates[seat] = (deeds, whole, short, [s for s in deeds if mortgaged[s]])
        return known

    def order_after(self, seat: int) -> tuple[int, ...]:
        """Every player still in, starting left of `seat` and ending with it
        (`sales.order_after`)."""
        return order_from(self.active, (seat + 1) % self.n)

    def write(self, state: ArmyState) -> None:
        """The game as it ended, into `state` (its log and ledger entries as they were)."""
        state.ledger.balances = self.cash
        state.position, state.prison_turn = self.position, self.prison_turn
        state.card_holder, state.decks = self.card_holder, self.decks
        state.owner, state.level = tuple(self.owner), tuple(self.level)
        state.mortgaged = tuple(self.mortgaged)
        state._estates = [None] * self.n
        state.stores_left, state.barracks_left = self.stores_left, self.barracks_left
        state.active, state.turn, state.stage = self.active, self.turn, self.stage
        state.round, state.doubles, state.dice = self.round, self.doubles, self.dice
        state.jailed, state.proposals = self.jailed, self.proposals
        state.round_ends, state.landings = self.round_ends, self.landings
        state.last_card = self.last_card
        state.rng = self.rng
        state.stack = []
        assert self.ending is not None
        how, what = self.ending
        if how == "last":
            state._finish((what,), "the last player left in the game")
        else:
            state._finish_by_worth(what)
