"""Army's rules written lean, for playouts between heuristic bots: the same game, move for move,
at several times the speed.

A playout of the full engine builds each decision's legal list, a sight of the state for the
bot, frames on a stack, events and ledger entries that nobody reads. Here a turn is plain code
over lists: the heuristic bot's choices (`bots.HeuristicBot`, in each seat's `Style`) are
worked out where the rules meet them, from the same numbers, and the rules run as
`state.py`, `moves.py`, `sales.py`, `estates.py` and `trading.py` state them. Nothing is logged:
a lean playout leaves the state's events and ledger entries as they were (its balances are
right).

`play_on(state, bots, sight)` plays a playout's state on: the full engine first, to the next
point with nothing pending (a turn's start, or its end); from there lean, to the game's end.
Where the game meets something written here only in the full engine (a shortage of buildings
and its auctions, a creditor who cannot pay the interest on the mortgaged deeds a bankrupt
hands over, two players unable to pay one birthday), the lean game is dropped and the state is
left at that point, as it was, for the full engine to play on. `tests/core/test_army_lean.py`
plays hundreds of positions both ways and checks that they end alike, field for field: a change
to the rules or to the heuristic bot (a new `Style` field among them) is made here too, and that
test says where the two part.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import Any

from core.engine.auction import OpenAuction
from core.engine.bots import SightOf, play_out
from core.engine.turns import next_seat, order_from

from .board import (
    BARRACKS,
    DEEDS,
    GARRISON_RENT,
    GO_TO_PRISON,
    GROUP_OF,
    PRISON,
    PRISON_FINE,
    SALARY,
    SITE_GROUP_SQUARES,
    SQUARES,
    SQUARES_COUNT,
    UTILITY_FACTOR,
    buildings_held,
)
from .bots import BLOCKING, COMPLETING, EARLY_UNOWNED, GROUP_PRICE, HeuristicBot
from .cards import CARD_FINE, DECKS, GET_OUT
from .frames import END, IN_PRISON, MAX_PROPOSALS, OVER, ROLL, interest
from .legality import bid_amounts
from .state import ArmyState, start_turn

PRICE = tuple(s.price for s in SQUARES)
BUILD = tuple(s.build for s in SQUARES)
RENTS = tuple(s.rents for s in SQUARES)
MORTGAGE = tuple(s.mortgage for s in SQUARES)
# what stopping on a square does: a deed's kind, a tax, a card, Go to Prison, or nothing
SITE, GARRISON, UTILITY, TAX, CARD, TO_PRISON, NOTHING = range(7)
LANDING = tuple(
    {"site": SITE, "garrison": GARRISON, "utility": UTILITY, "tax": TAX}.get(
        s.kind, CARD if s.kind in ("combat", "training") else NOTHING
    )
    if s.index != GO_TO_PRISON
    else TO_PRISON
    for s in SQUARES
)
CARD_DECK = tuple(0 if s.kind == "combat" else 1 for s in SQUARES)  # a card square's deck
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
        self._estates: list[Estate | None] = [None] * n

    # -- the game ------------------------------------------------------------------------------

    def play(self) -> None:
        """Turn after turn to the game's end (Finished), or NotModelled."""
        try:
            while True:
                self.play_turn()
                self.next_turn()
        except Finished:
            return

    def play_turn(self) -> None:
        """The rest of the turn, from a point with nothing pending (its start or its end)."""
        seat = self.turn
        while self.stage == ROLL:
            self.manage(seat)
            self.throw(seat)
            if not self.active[seat]:
                return
        self.manage(seat)

    def next_turn(self) -> None:
        """The turn passes on (`ArmyState._next_turn`): a round ends where it passes the
        starter, and the game there at its round limit."""
        seat, new_round = next_seat(self.active, self.turn, self.starter)
        if new_round:
            self.round_ends.append(self.worth())
            if self.round_limit and self.round >= self.round_limit:
                self.finish("worth", f"the {self.round_limit}-round limit")
            self.round += 1
        start_turn(self, seat)

    def finish(self, how: str, what: Any) -> None:
        self.ending = (how, what)
        raise Finished

    # -- what the bot reads --------------------------------------------------------------------

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
        known = self._estates[seat]
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
        known = self._estates[seat] = (deeds, whole, short, [s for s in deeds if mortgaged[s]])
        return known

    def completes(self, seat: int, square: int) -> bool:
        """Whether holding `square` gives `seat` its whole group."""
        owner = self.owner
        return all(owner[s] == seat or s == square for s in GROUP_OF[square])

    def deed_worth(self, seat: int, square: int) -> int:
        """What `square` is worth to the bot at `seat` (`HeuristicBot._deed_worth`): more if
        it completes its group, or blocks another player's."""
        if self.completes(seat, square):
            return COMPLETING[square]
        owner = self.owner
        others = {owner[s] for s in GROUP_OF[square] if s != square and owner[s] >= 0}
        if len(others) == 1 and seat not in others and self.completes(others.pop(), square):
            return BLOCKING[square]
        return PRICE[square]

    def may_raise(self, seat: int) -> bool:
        """Whether `seat` has a building to sell or a deed to mortgage (a legal list longer
        than its one answer)."""
        level, mortgaged = self.level, self.mortgaged
        for s in self.estate(seat)[0]:
            if level[s] or not mortgaged[s] and not any(level[g] for g in GROUP_OF[s]):
                return True
        return False

    # -- moving --------------------------------------------------------------------------------

    def throw(self, seat: int) -> None:
        rng = self.rng
        d1, d2 = self.dice = rng.die(), rng.die()
        prison_turn = self.prison_turn
        if prison_turn[seat] >= 0:
            prison_turn[seat] += 1
            if d1 == d2:
                prison_turn[seat] = -1
                self.doubles = 1 if self.extra_throw else 0
                self.stage = ROLL if self.extra_throw else END
                self.moved(seat, d1 + d2)
            elif prison_turn[seat] >= 3:
                prison_turn[seat] = -1
                self.stage = END
                self.moved(seat, d1 + d2, PRISON_FINE)
            else:
                self.stage = END
                self.landings[IN_PRISON] += 1
            return
        self.doubles = self.doubles + 1 if d1 == d2 else 0
        if self.doubles == 3:
            self.send_to_prison(seat)
            self.landings[IN_PRISON] += 1
            return
        self.stage = ROLL if d1 == d2 else END
        self.moved(seat, d1 + d2)

    def moved(self, seat: int, steps: int, fine: int = 0) -> None:
        """A throw's move (after the `fine` that lets it out of Prison), then where it rests
        is counted."""
        try:
            if fine:
                self.charge(seat, self.bank, fine)
            if self.active[seat]:
                self.move(seat, steps)
        except Finished:
            self.settle(seat)  # the throw that ended the game still counts
            raise
        self.settle(seat)

    def settle(self, seat: int) -> None:
        self.landings[IN_PRISON if self.prison_turn[seat] >= 0 else self.position[seat]] += 1

    def move(self, seat: int, steps: int) -> None:
        target = self.position[seat] + steps
        if target >= SQUARES_COUNT:
            self.cash[self.bank] -= SALARY
            self.cash[seat] += SALARY
        self.position[seat] = target % SQUARES_COUNT
        self.land(seat)

    def land(self, seat: int) -> None:
        square = self.position[seat]
        kind = LANDING[square]
        if kind <= UTILITY:
            owner = self.owner[square]
            if owner < 0:
                self.offered(seat, square)
            elif owner != seat and not self.mortgaged[square]:
                self.charge(seat, owner, self.rent(square, owner))
        elif kind == TAX:
            self.charge(seat, self.bank, PRICE[square])
        elif kind == CARD:
            self.draw(seat, CARD_DECK[square])
        elif kind == TO_PRISON:
            self.send_to_prison(seat)

    def rent(self, square: int, owner: int) -> int:
        kind, holder = LANDING[square], self.owner
        if kind == GARRISON:
            return GARRISON_RENT[sum(holder[s] == owner for s in GROUP_OF[square])]
        if kind == UTILITY:
            held = sum(holder[s] == owner for s in GROUP_OF[square])
            return UTILITY_FACTOR[held] * (self.dice[0] + self.dice[1])
        level = self.level[square]
        if level == 0 and all(holder[s] == owner for s in GROUP_OF[square]):
            return 2 * RENTS[square][0]
        return RENTS[square][level]

    def send_to_prison(self, seat: int) -> None:
        self.position[seat] = PRISON
        self.prison_turn[seat] = 0
        if seat == self.turn:
            self.doubles = 0
            self.stage = END
            self.jailed = True

    def draw(self, seat: int, deck: int) -> None:
        card = self.decks[deck].pop(0)
        _, effect, *args = DECKS[deck][card]
        self.last_card = (deck, card)
        if effect == "get_out":
            self.card_holder[deck] = seat
            return
        self.decks[deck].append(card)
        if effect == "advance":
            self.move(seat, (args[0] - self.position[seat]) % SQUARES_COUNT)
        elif effect == "back":
            self.position[seat] = (self.position[seat] - args[0]) % SQUARES_COUNT
            self.land(seat)
        elif effect == "goto":
            self.position[seat] = args[0]
            self.land(seat)
        elif effect == "prison":
            self.send_to_prison(seat)
        elif effect == "repairs":
            stores, barracks = buildings_held(self.estate(seat)[0], self.level)
            cost = stores * args[0] + barracks * args[1]
            if cost:
                self.charge(seat, self.bank, cost)
        elif effect == "pay":
            self.charge(seat, self.bank, args[0])
        elif effect == "receive":
            self.cash[self.bank] -= args[0]
            self.cash[seat] += args[0]
        elif effect == "birthday":
            self.birthday(seat, args[0])
        else:  # fine_or_combat: the bot pays when it has the fine and half its reserve
            if self.cash[seat] >= CARD_FINE + self.reserve(seat) // 2:
                self.charge(seat, self.bank, CARD_FINE)
            else:
                self.draw(seat, 0)

    def birthday(self, seat: int, amount: int) -> None:
        """Every other player pays `seat`; one who cannot raises it once the others have paid
        (their debts wait on the stack in that order; two such are left to the full engine)."""
        cash, owing = self.cash, []
        for other in self.order_after(seat):
            if other == seat:
                continue
            if cash[other] >= amount:
                cash[other] -= amount
                cash[seat] += amount
            else:
                owing.append(other)
        if len(owing) > 1:
            raise NotModelled("two debts at once")
        for other in owing:
            self.charge(other, seat, amount)

    def order_after(self, seat: int) -> tuple[int, ...]:
        """Every player still in, starting left of `seat` and ending with it
        (`sales.order_after`)."""
        return order_from(self.active, (seat + 1) % self.n)

    # -- buying and auctions -------------------------------------------------------------------

    def offered(self, seat: int, square: int) -> None:
        """`seat` stops on an unowned deed: buys it, or it goes to auction."""
        cash, price = self.cash[seat], PRICE[square]
        worth = self.deed_worth(seat, square)
        style = self.styles[seat]
        if cash >= price and cash - price >= min(
            self.reserve(seat), worth - price + style.reserve // 2
        ):
            self.cash[seat] -= price
            self.cash[self.bank] += price
            self.take(square, seat)
        else:
            self.auction(square, self.order_after(seat))

    def take(self, square: int, seat: int) -> None:
        """A deed the bank held goes to `seat`."""
        self.owner[square] = seat
        self.unowned -= 1
        self._estates[seat] = None
        self.assets[seat] += PRICE[square]

    def auction(self, square: int, bidders: tuple[int, ...]) -> None:
        """The open auction (`core.engine.auction.OpenAuction`), every bid the bot's."""
        auction = OpenAuction(bidders)
        while not auction.finished:
            amount = self.bid(auction.bidder, square, auction)
            if amount:
                auction.bid(amount)
            else:
                auction.pass_()
        winner = auction.high_bidder
        if winner is not None:
            self.cash[winner] -= auction.high
            self.cash[self.bank] += auction.high
            self.take(square, winner)

    def bid(self, seat: int, square: int, auction: OpenAuction) -> int:
        """The bot's bid (0: it passes): up to the deed's worth to it, keeping half its
        reserve; opening at half of that, then raising by a fifth (`HeuristicBot._bid`)."""
        cash, high, high_bidder = self.cash[seat], auction.high, auction.high_bidder
        limit = min(self.deed_worth(seat, square), cash - self.reserve(seat) // 2)
        bids = [a for a in bid_amounts(auction.minimum, square) if a <= cash and a <= limit]
        if not bids or high_bidder == seat:
            return 0
        target = limit // 2 if high_bidder is None else high + max(10, high // 5)
        return max((b for b in bids if b <= target), default=bids[0])

    # -- debts ---------------------------------------------------------------------------------

    def charge(self, debtor: int, creditor: int, amount: int) -> None:
        """Paid now if the cash is there; otherwise the debtor raises it (the bot: lone deeds
        mortgaged first, then buildings sold, then whole groups mortgaged) or goes bankrupt."""
        cash = self.cash
        while cash[debtor] < amount:
            if not self.raise_money(debtor):
                self.bankrupt(debtor, creditor)
                return
        cash[debtor] -= amount
        cash[creditor] += amount

    def raise_money(self, seat: int) -> bool:
        """The bot's next sale or mortgage to pay a debt (False: nothing is left to raise)."""
        owner, level, mortgaged = self.owner, self.level, self.mortgaged
        lone = sale = whole = -1
        for s in self.estate(seat)[0]:
            group = GROUP_OF[s]
            high = max(LEVELS[group](level))
            if high:
                if level[s] == high and (sale < 0 or BUILD[s] < BUILD[sale]):
                    sale = s
            elif not mortgaged[s]:
                if any(owner[g] != seat for g in group):
                    if lone < 0 or PRICE[s] < PRICE[lone]:
                        lone = s
                elif whole < 0 or PRICE[s] < PRICE[whole]:
                    whole = s
        if lone >= 0:
            self.mortgage(seat, lone)
        elif sale >= 0:
            self.sell(seat, sale)
        elif whole >= 0:
            self.mortgage(seat, whole)
        else:
            return False
        return True

    def mortgage(self, seat: int, square: int) -> None:
        self.mortgaged[square] = True
        self._estates[seat] = None
        self.assets[seat] -= PRICE[square] - PRICE[square] // 2
        self.cash[self.bank] -= MORTGAGE[square]
        self.cash[seat] += MORTGAGE[square]

    def sell(self, seat: int, square: int) -> None:
        level = self.level
        if level[square] == BARRACKS and self.stores_left < 4:
            # no Stores to break the Barracks down: the group is sold bare
            refund = self.clear_buildings(seat, GROUP_OF[square])
        else:
            if level[square] == BARRACKS:
                self.barracks_left += 1
                self.stores_left -= 4
            else:
                self.stores_left += 1
            level[square] -= 1
            self.assets[seat] -= BUILD[square]
            refund = BUILD[square] // 2
        self.cash[self.bank] -= refund
        self.cash[seat] += refund

    def clear_buildings(self, seat: int, squares: Sequence[int]) -> int:
        """Every building on `squares` back to the bank; what the bank pays for them."""
        level, refund = self.level, 0
        for s in squares:
            refund += level[s] * BUILD[s] // 2
            self.assets[seat] -= level[s] * BUILD[s]
            if level[s] == BARRACKS:
                self.barracks_left += 1
            else:
                self.stores_left += level[s]
            level[s] = 0
        return refund

    def bankrupt(self, seat: int, creditor: int) -> None:
        """`seat` is out: its buildings go back to the bank, and everything else to the
        creditor, or for the bank to auction."""
        active, cash, bank = self.active, self.cash, self.bank
        active[seat] = False
        self.prison_turn[seat] = -1
        deeds = self.estate(seat)[0]
        refund = self.clear_buildings(seat, deeds)
        self._estates[seat] = None
        last = active.count(True) == 1
        if creditor == bank:
            cash[bank] += cash[seat]
            cash[seat] = 0
            for deck in (0, 1):
                if self.card_holder[deck] == seat:
                    self.card_holder[deck] = -1
                    self.decks[deck].append(GET_OUT[deck])
            for s in deeds:
                self.owner[s] = -1
                self.mortgaged[s] = False
            self.unowned += len(deeds)
            self.assets[seat] = 0
            if last:
                self.finish("last", active.index(True))
            bidders = self.order_after(self.turn)
            for s in deeds:
                self.auction(s, bidders)
            return
        cash[bank] -= refund
        cash[creditor] += cash[seat] + refund
        cash[seat] = 0
        for deck in (0, 1):
            if self.card_holder[deck] == seat:
                self.card_holder[deck] = creditor
        self.receive(creditor, deeds, last)
        if last:
            self.finish("last", creditor)

    def receive(self, taker: int, deeds: Sequence[int], last: bool = False) -> None:
        """Deeds change hands; the 10% on those mortgaged is paid now, then each is lifted or
        kept (the last received first, as their decisions stack)."""
        owner, mortgaged, assets = self.owner, self.mortgaged, self.assets
        held = []
        estates = self._estates
        for s in deeds:  # in groups without buildings
            estates[owner[s]] = None
            assets[owner[s]] -= value(s, mortgaged)
            assets[taker] += value(s, mortgaged)
            owner[s] = taker
            if mortgaged[s]:
                held.append(s)
        estates[taker] = None
        fees = sum(interest(MORTGAGE[s]) for s in held)
        cash = self.cash
        if fees:
            if cash[taker] >= fees:
                cash[taker] -= fees
                cash[self.bank] += fees
            elif last:
                return  # the game ends before the debt is raised
            else:
                raise NotModelled("interest owed on deeds received")
        if last:
            return
        for s in reversed(held):  # the 10% is paid: the principal alone lifts it
            if cash[taker] >= MORTGAGE[s] and cash[taker] - MORTGAGE[s] >= self.reserve(taker):
                self.lift(taker, s, MORTGAGE[s])

    def lift(self, seat: int, square: int, cost: int) -> None:
        """`seat` pays `cost` to lift the mortgage on `square`."""
        self.cash[seat] -= cost
        self.cash[self.bank] += cost
        self.mortgaged[square] = False
        self._estates[seat] = None
        self.assets[seat] += PRICE[square] - PRICE[square] // 2

    # -- a turn's own moves: building, lifting mortgages, offers -------------------------------

    def manage(self, seat: int) -> None:
        """The bot's moves where nothing is pending, up to its throw or the end of its turn:
        leaving Prison early, building, lifting a mortgage, offering for a deed it lacks."""
        cash, level, holder = self.cash, self.level, self.card_holder
        style = self.styles[seat]
        while True:
            stage = self.stage
            if stage == END and self.jailed:
                return  # its turn ends there
            listed = False  # whether more than the throw or the end of the turn is legal
            if stage == ROLL and self.prison_turn[seat] >= 0:
                if self.unowned > EARLY_UNOWNED and self.leave_prison(seat):
                    continue
                listed = self.prison_turn[seat] < 2 and cash[seat] >= PRISON_FINE or seat in holder
            _, whole, short, pledged = self._estates[seat] or self.estate(seat)
            if not (whole or short or pledged):
                return  # nothing to build, lift or offer for
            money = cash[seat]
            reserve = style.reserve if self.unowned > EARLY_UNOWNED else style.late_reserve
            spare = reserve if style.building_reserve is None else style.building_reserve
            build = -1
            for group in whole:
                if money < BUILD[group[0]]:  # a group's sites cost the same to build on
                    continue
                low = min(LEVELS[group](level))
                if low == BARRACKS or not (self.barracks_left if low == 4 else self.stores_left):
                    continue
                for s in group:
                    if level[s] == low and money >= BUILD[s]:
                        listed = True
                        if money - BUILD[s] >= spare and (
                            build < 0 or (RENTS[s][3], -s) > (RENTS[build][3], -build)
                        ):
                            build = s
            if build >= 0:
                self.build(seat, build)
                continue
            lift = -1
            for s in pledged:
                if money >= MORTGAGE[s] + interest(MORTGAGE[s]):
                    listed = True
                    if money - MORTGAGE[s] * 11 // 10 >= 2 * reserve:
                        lift = s
                        break
            if lift >= 0:
                self.lift(seat, lift, MORTGAGE[lift] + interest(MORTGAGE[lift]))
                continue
            if short and self.proposals[seat] < MAX_PROPOSALS:
                wanted = self.wanted(seat, short, money - reserve)
                # offers are weighed only where more than the throw is legal
                if wanted >= 0 and (listed or self.may_raise(seat)):
                    self.offer(seat, wanted)
                    continue
            return

    def leave_prison(self, seat: int) -> bool:
        """The bot leaves Prison before its throw while deeds are still for sale: by the fine
        if it may pay it, else by a Get-out card it holds (True if it left)."""
        cash, holder = self.cash, self.card_holder
        if self.prison_turn[seat] < 2 and cash[seat] >= PRISON_FINE:
            cash[seat] -= PRISON_FINE
            cash[self.bank] += PRISON_FINE
        elif seat in holder:
            deck = holder.index(seat)
            holder[deck] = -1
            self.decks[deck].append(GET_OUT[deck])
        else:
            return False
        self.prison_turn[seat] = -1
        return True

    def build(self, seat: int, square: int) -> None:
        """A building on `square`, unless the bank may run short of it (its shortage rule is
        the full engine's)."""
        barracks = self.level[square] == 4
        supply = self.barracks_left if barracks else self.stores_left
        wanted = sum(self.capacity(p, barracks) for p in self.order_after(seat) if p != seat)
        if wanted and wanted + self.capacity(seat, barracks) > supply:
            raise NotModelled("a shortage of buildings")
        self.cash[seat] -= BUILD[square]
        self.cash[self.bank] += BUILD[square]
        if barracks:
            self.barracks_left -= 1
            self.stores_left += 4
        else:
            self.stores_left -= 1
        self.level[square] += 1
        self.assets[seat] += BUILD[square]

    def capacity(self, seat: int, barracks: bool) -> int:
        """How many Barracks (or Stores) `seat` could put up now (`estates.capacity_for`)."""
        level = self.level
        sites, room = [], 0
        for group in self.estate(seat)[1]:
            low = min(LEVELS[group](level))
            if low < BARRACKS and (low == 4) == barracks:
                sites += [s for s in group if level[s] == low]
            if low < 4:
                room += sum(4 - level[s] for s in group)
        if not sites:
            return 0
        most = len(sites) if barracks else room
        return min(most, self.cash[seat] // min(BUILD[s] for s in sites))

    def wanted(self, seat: int, short: list[tuple[tuple[int, ...], int]], budget: int) -> int:
        """The deed the bot would offer cash for, to complete a group of its own (-1: none):
        one a player holds, not refused it yet, at a price within `budget`, in a group
        without buildings."""
        owner, level = self.owner, self.level
        refused = self.refused[seat]
        budget = min(budget, self.cash[seat])
        for group, square in short:
            holder = owner[square]
            if holder < 0 or (holder, square) in refused or COMPLETING[square] > budget:
                continue
            if not any(LEVELS[group](level)):
                return square
        return -1

    def offer(self, seat: int, square: int) -> None:
        """The bot's offer for `square` at its fair price, and the holder's answer."""
        holder, price, cash = self.owner[square], COMPLETING[square], self.cash
        self.refused[seat].add((holder, square))
        self.proposals[seat] += 1
        if self.fair(holder, square, price):
            cash[seat] -= price
            cash[holder] += price
            self.receive(seat, (square,))

    def fair(self, me: int, square: int, price: int) -> bool:
        """Whether the bot at `me` accepts `price` for `square`, which completes the
        proposer's group (`HeuristicBot._fair`)."""
        half = PRICE[square] // 2
        loss = half - interest(half) if self.mortgaged[square] else PRICE[square]
        group = GROUP_OF[square]
        loss += int(self.styles[me].trade_threat * GROUP_PRICE[square]) // len(group) * len(group)
        return price >= loss

    # -- back to the state ---------------------------------------------------------------------

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


def ready(state: ArmyState) -> bool:
    """Whether the lean game may take over: nothing pending, the game not over."""
    return not state.stack and state.stage != OVER


def play_on(state: ArmyState, bots: Sequence[Any], sight: SightOf | None = None) -> bool:
    """Play a playout's `state` on in place by heuristic `bots`, to the game's end if the lean
    game reaches it (True), else to where it stopped, for the full engine (False)."""
    if state._forced or not all(type(bot) is HeuristicBot for bot in bots):
        return False
    play_out(state, bots, sight=sight, until=ready)
    if state.stage == OVER:
        return True
    lean = LeanArmy(state, bots)
    try:
        lean.play()
    except NotModelled:
        return False
    lean.write(state)
    return True
