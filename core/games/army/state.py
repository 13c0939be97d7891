"""The Army game's rules: the classic UK property-trading rules, re-themed (army_001.txt).

A turn is a base stage (ROLL, then END once the throw is resolved) with a stack of pending
frames above it. The top frame says who must act now: a purchase decision, an auction, a card
choice, a debt being raised, a trade offer, a mortgage-lift decision, or where to put a building
won at a shortage auction. Effect frames (a deferred move, the end of a throw's resolution, the
bank's sale of a bankrupt's deeds) run by themselves when they reach the top.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.engine.auction import OpenAuction
from core.engine.errors import NOT_YOUR_TURN
from core.engine.game import GameState, Result
from core.engine.ledger import Ledger
from core.engine.rng import Rng

from . import actions as A
from .board import (
    BARRACKS,
    BARRACKS_IN_BANK,
    DEEDS,
    GARRISON_RENT,
    GO_TO_PRISON,
    PRISON,
    PRISON_FINE,
    SALARY,
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
from .cards import COMBAT, DECK_NAMES, DECKS, GET_OUT

ROLL, END, OVER = "roll", "end", "over"  # the current player's stage when nothing is pending
# decision frames: (BUY, seat, square) (AUCTION, auction, square, piece) (CHOICE, seat)
# (DEBT, debtor, creditor, amount, reason) (TRADE, proposer, offer) (LIFT, seat, square)
# (PLACE, seat, piece) (WANT, seat, piece, least, most)
BUY, AUCTION, CHOICE, DEBT, TRADE, LIFT, PLACE, WANT = (
    "buy", "auction", "choice", "debt", "trade", "lift", "place", "want")
# effect frames: (MOVE, seat, steps) (SETTLE, seat) (BANK_SALE, squares)
# (SHORTAGE, builder, square, piece, wants): wants is ((seat, how many), ...) as announced
MOVE, SETTLE, BANK_SALE, SHORTAGE = "move", "settle", "bank-sale", "shortage"
EFFECTS = (MOVE, SETTLE, BANK_SALE, SHORTAGE)
STORE, BARRACKS_PIECE = "Ammo Store", "Barracks"
PRE_CHECKED = (A.Sell, A.Mortgage, A.Build, A.Unmortgage)  # listed only when legal (_candidates)
MAX_PROPOSALS = 3  # trade offers (counter-offers included) a player may make in one turn
SHORT_GAME_ROUNDS = 30  # the short game's round limit when none is given
IN_PRISON = SQUARES_COUNT  # the landing-statistics slot of throws that end in Prison
# the actions (other than selling, mortgaging, building and offers) that answer each situation
ANSWERS = {ROLL: (A.Roll, A.PayFine, A.UseCard), END: (A.EndTurn,), BUY: (A.Buy, A.Decline),
           AUCTION: (A.Bid, A.Pass), CHOICE: (A.PayTen, A.TakeCombat), DEBT: (A.Bankrupt,),
           TRADE: (A.Accept, A.Reject), LIFT: (A.LiftMortgage, A.KeepMortgage), PLACE: (A.Place,),
           WANT: (A.Want,)}


def pieces(count: int, piece: str) -> str:
    """'1 Ammo Store', '3 Ammo Stores', '2 Barracks'."""
    return f"{count} {piece}{'s' if count != 1 and piece == STORE else ''}"


def interest(mortgage: int) -> int:
    """10% of a mortgage, rounded up to the pound (RULINGS.md)."""
    return (mortgage + 9) // 10


class ArmyState(GameState):
    __slots__ = (
        "players", "n", "rng", "ledger", "bank", "position", "active", "prison_turn", "card_holder",
        "decks", "owner", "level", "mortgaged", "stores_left", "barracks_left", "turn", "starter",
        "round", "doubles", "dice", "stage", "stack", "proposals", "events", "round_ends",
        "version", "extra_throw", "round_limit", "short_game", "landings", "last_card", "winners",
        "end_reason", "jailed",
    )

    def __init__(self, players: Sequence[str], seed: int, options: dict[str, Any]) -> None:
        self.players = tuple(players)
        self.n = n = len(players)
        self.rng = rng = Rng(seed)
        self.ledger = Ledger(n)
        self.bank = n
        self.events: list[tuple[int, str, tuple]] = []
        self.round = 1
        self.version = 0
        self.extra_throw = bool(options["prison_double_extra_throw"])
        self.short_game = bool(options["short_game"])
        self.round_limit = int(options["round_limit"]) or (SHORT_GAME_ROUNDS if self.short_game
                                                          else 0)
        self.position = [0] * n
        self.active = [True] * n
        self.prison_turn = [-1] * n  # -1: free; else the Prison turns already taken (0-2)
        self.card_holder = [-1, -1]  # who holds each deck's Get-out card (-1: in the deck)
        self.decks = [list(range(len(DECKS[COMBAT]))), list(range(len(DECKS[1])))]
        for deck in self.decks:
            rng.shuffle(deck)
        self.owner = [-1] * SQUARES_COUNT
        self.level = [0] * SQUARES_COUNT  # Ammo Stores on a site, or BARRACKS
        self.mortgaged = [False] * SQUARES_COUNT
        self.stores_left = STORES_IN_BANK
        self.barracks_left = BARRACKS_IN_BANK
        self.doubles = 0
        self.dice = (0, 0)
        self.stack: list[tuple] = []
        self.proposals = [0] * n
        self.round_ends: list[tuple[int, ...]] = []
        self.landings = [0] * (SQUARES_COUNT + 1)
        self.last_card: tuple[int, int] | None = None
        self.winners: tuple[int, ...] = ()
        self.end_reason = ""
        for seat in range(n):
            self._pay(self.bank, seat, START_CASH, "starting money")
        if self.short_game:
            deeds = list(DEEDS)
            rng.shuffle(deeds)
            for seat in range(n):
                for square in deeds[2 * seat:2 * seat + 2]:
                    self.owner[square] = seat
                    self._pay(seat, self.bank, SQUARES[square].price,
                              f"{SQUARES[square].name} (dealt)")
                    self._say("{} is dealt {} and pays £{:,}.", self.players[seat],
                              SQUARES[square].name, SQUARES[square].price)
        self.starter = self.turn = self._roll_off()
        self.stage = ROLL
        self.jailed = False  # sent to Prison this turn: it ends there

    def _roll_off(self) -> int:
        """Everyone throws; the highest total starts (ties throw again)."""
        throwing = list(range(self.n))
        while True:
            totals = {seat: self.rng.die() + self.rng.die() for seat in throwing}
            best = max(totals.values())
            throwing = [seat for seat, total in totals.items() if total == best]
            if len(throwing) == 1:
                self._say("{} throws highest ({}) and starts.", self.players[throwing[0]], best)
                return throwing[0]

    # -- copying -------------------------------------------------------------------------------

    def copy(self) -> ArmyState:
        clone = ArmyState.__new__(ArmyState)
        for name in ArmyState.__slots__:
            setattr(clone, name, getattr(self, name))
        clone.rng = self.rng.copy()
        clone.ledger = self.ledger.copy()
        for name in ("position", "active", "prison_turn", "card_holder", "owner", "level",
                     "mortgaged", "proposals", "events", "round_ends", "landings"):
            setattr(clone, name, getattr(self, name)[:])
        clone.decks = [deck[:] for deck in self.decks]
        clone.stack = [(f[0], f[1].copy(), *f[2:]) if f[0] == AUCTION else f for f in self.stack]
        return clone

    # -- what the state says -------------------------------------------------------------------

    def cash(self, seat: int) -> int:
        return self.ledger.balances[seat]

    def is_over(self) -> bool:
        return self.stage == OVER

    def actor(self) -> int | None:
        if self.stage == OVER:
            return None
        if not self.stack:
            return self.turn
        frame = self.stack[-1]
        kind = frame[0]
        if kind == AUCTION:
            return frame[1].bidder
        if kind == TRADE:
            return frame[2].partner
        return frame[1]

    def to_act(self) -> tuple[int, ...]:
        seat = self.actor()
        return () if seat is None else (seat,)

    def top(self) -> tuple | None:
        return self.stack[-1] if self.stack else None

    def deeds_of(self, seat: int) -> list[int]:
        return [s for s in DEEDS if self.owner[s] == seat]

    def owns_group(self, seat: int, square: int) -> bool:
        return all(self.owner[s] == seat for s in group_of(square))

    def buildings(self, seat: int) -> tuple[int, int]:
        return buildings_held(seat, self.owner, self.level)

    def building_refund(self, square: int) -> int:
        """What the bank pays for every building on a site: half their cost."""
        return self.level[square] * SQUARES[square].build // 2

    def max_raise(self, seat: int) -> int:
        return raisable(seat, self.cash(seat), self.owner, self.level, self.mortgaged)

    def net_worth(self, seat: int) -> int:
        return valuation(seat, self.cash(seat), self.owner, self.level, self.mortgaged)

    def rent(self, square: int) -> int:
        sq, owner = SQUARES[square], self.owner[square]
        if sq.kind == "garrison":
            return GARRISON_RENT[sum(self.owner[s] == owner for s in group_of(square))]
        if sq.kind == "utility":
            held = sum(self.owner[s] == owner for s in group_of(square))
            return UTILITY_FACTOR[held] * sum(self.dice)
        level = self.level[square]
        if level == 0 and self.owns_group(owner, square):
            # a complete group, even with a mortgaged site (our decision: the README)
            return 2 * sq.rents[0]
        return sq.rents[level]

    # -- legal actions -------------------------------------------------------------------------

    def legal_actions(self, seat: int) -> list:
        if seat != self.actor():
            return []
        return [a for a in self._candidates(seat)
                if type(a) in PRE_CHECKED or self.why_illegal(seat, a) is None]

    def _candidates(self, seat: int) -> list:
        """The actions to list now, in a fixed order. Selling, mortgaging, building and lifting
        mortgages come out legal already (`_raising`, `_managing`: the deeds' rules applied a
        group at a time); the rest are checked one by one."""
        frame = self.top()
        kind = frame[0] if frame else self.stage
        if kind == PLACE:
            return [A.Place(s) for s in self.deeds_of(seat)]
        if kind == END and self.jailed:
            return [A.EndTurn()]
        if kind in (ROLL, END):
            first = [A.Roll(), A.PayFine(), A.UseCard(0), A.UseCard(1)] if kind == ROLL \
                else [A.EndTurn()]
            return first + self._managing(seat)
        raising = self._raising(seat)
        if kind == BUY:
            return [A.Buy(), A.Decline(), *raising]
        if kind == AUCTION:
            auction = frame[1]
            steps = {auction.minimum, auction.minimum + 9, auction.minimum + 49,
                     auction.minimum + 99}
            if frame[2] >= 0:
                steps.add(max(auction.minimum, SQUARES[frame[2]].price))
            return [A.Bid(amount) for amount in sorted(steps)] + [A.Pass(), *raising]
        if kind == CHOICE:
            return [A.PayTen(), A.TakeCombat(), *raising]
        if kind == DEBT:
            return [*raising, A.Bankrupt()]
        if kind == TRADE:
            return [A.Accept(), A.Reject(), *raising]
        if kind == LIFT:
            return [A.LiftMortgage(), A.KeepMortgage(), *raising]
        return [A.Want(n) for n in range(frame[3], frame[4] + 1)] + raising  # WANT

    def _raising(self, seat: int) -> list:
        """The legal sales of buildings (evenly: from the group's highest) and mortgages (no
        building in the group), deed by deed."""
        level, mortgaged = self.level, self.mortgaged
        owned = self.deeds_of(seat)
        top = {s: max(level[g] for g in group_of(s)) for s in owned}
        return [A.Sell(s) for s in owned if level[s] and level[s] == top[s]] + \
            [A.Mortgage(s) for s in owned if not mortgaged[s] and not top[s]]

    def _managing(self, seat: int) -> list:
        """Builds, then sales and mortgages, then lifted mortgages: those legal now."""
        owned = self.deeds_of(seat)
        cash = self.cash(seat)
        builds = [A.Build(s) for s in owned if SQUARES[s].build and self.owns_group(seat, s)
                  and cash >= SQUARES[s].build and self._building_rule(seat, s) is None
                  and (self.barracks_left if self.level[s] == 4 else self.stores_left)]
        lifts = [A.Unmortgage(s) for s in owned if self.mortgaged[s]
                 and cash >= SQUARES[s].mortgage + interest(SQUARES[s].mortgage)]
        return builds + self._raising(seat) + lifts

    def may_act(self, seat: int) -> bool:
        return seat == self.actor()

    def why_illegal(self, seat: int, action) -> str | None:
        if self.stage == OVER:
            return "the game is over"
        if seat != self.actor():
            return NOT_YOUR_TURN
        frame = self.top()
        kind = frame[0] if frame else self.stage
        cls = type(action)
        if kind == END and self.jailed and cls is not A.EndTurn:
            return "sent to Prison, your turn ends there: end it"
        if cls is A.Propose:
            return self._why_no_offer(seat, action, kind)
        if cls in (A.Sell, A.Mortgage):  # "at any time" (army_001.txt): whenever you are asked
            if kind == PLACE:  # a building bought at auction needs its site as it is
                return "put your building on one of your sites first"
            return self._why_no_sale(seat, action.square) if cls is A.Sell else \
                self._why_no_mortgage(seat, action.square)
        if cls in (A.Build, A.Unmortgage):
            if kind not in (ROLL, END):
                return "you can build or lift mortgages only in your own turn"
            return self._why_no_build(seat, action.square) if cls is A.Build else \
                self._why_no_unmortgage(seat, action.square)
        if cls not in ANSWERS[kind]:
            return self._what_now(kind)
        return self._why_not(seat, action, frame)

    def _what_now(self, kind: str) -> str:
        return {ROLL: "throw the dice first", END: "your throw is done: end your turn",
                BUY: "decide whether to buy this deed first", AUCTION: "bid or pass first",
                CHOICE: "pay the £10 fine or take a Combat card first",
                DEBT: "you owe money: raise it first", TRADE: "answer the offer first",
                LIFT: "decide on the mortgage first",
                PLACE: "put your building on one of your sites first",
                WANT: "say how many of the buildings you want first"}[kind]

    def _why_not(self, seat: int, action, frame: tuple | None) -> str | None:
        cls = type(action)
        cash = self.cash(seat)
        if cls is A.PayFine:
            if self.prison_turn[seat] < 0:
                return "you are not in Prison"
            if self.prison_turn[seat] >= 2:
                return "on your third turn in Prison you throw first, then pay if no doubles"
            if cash < PRISON_FINE:
                return f"the fine is £{PRISON_FINE:,}: raise the money first"
        elif cls is A.UseCard:
            if self.prison_turn[seat] < 0:
                return "you are not in Prison"
            if action.deck not in (0, 1) or self.card_holder[action.deck] != seat:
                return "you do not hold that Get out of Prison free card"
        elif cls is A.Buy:
            price = SQUARES[frame[2]].price
            if cash < price:
                return (f"it costs £{price:,} and you have £{cash:,}: "
                        "mortgage or sell first, or decline")
        elif cls is A.Bid:
            auction = frame[1]
            if action.amount < auction.minimum:
                return f"the lowest bid now is £{auction.minimum:,}"
            if action.amount > cash:
                return f"you have only £{cash:,}"
        elif cls is A.Bankrupt:
            if self.max_raise(seat) >= frame[3]:
                return "you can still raise the money: sell buildings, mortgage or trade"
        elif cls is A.Accept:
            return self._why_no_exchange(frame[2], frame[1])
        elif cls is A.LiftMortgage:
            if cash < SQUARES[frame[2]].mortgage:
                return f"lifting costs £{SQUARES[frame[2]].mortgage:,}"
        elif cls is A.Place:
            if action.square not in self._buildable(seat, frame[2]):
                return "you cannot put that building there (even building, complete group)"
        elif cls is A.Want:
            if not frame[3] <= action.count <= frame[4]:
                return f"say a number from {frame[3]} to {frame[4]}"
        return None

    def _why_no_build(self, seat: int, square: int) -> str | None:
        reason = self._building_rule(seat, square)
        if reason is not None:
            return reason
        if self.level[square] == 4 and not self.barracks_left:
            return "the bank has no Barracks left"
        if self.level[square] < 4 and not self.stores_left:
            return "the bank has no Ammo Stores left"
        if self.cash(seat) < SQUARES[square].build:
            return f"a building there costs £{SQUARES[square].build:,}"
        return None

    def _building_rule(self, seat: int, square: int) -> str | None:
        """Why the building rules (cash and the bank's stock aside) forbid a building here."""
        if not 0 <= square < SQUARES_COUNT or SQUARES[square].kind != "site":
            return "only Vehicle and Weapon Sites take buildings"
        if self.owner[square] != seat:
            return "you do not own that site"
        if not self.owns_group(seat, square):
            return "you need the whole colour group to build"
        group = group_of(square)
        if any(self.mortgaged[s] for s in group):
            return "no building while a site of the group is mortgaged"
        level = self.level[square]
        if level == BARRACKS:
            return "a site takes one Barracks at most"
        if level > min(self.level[s] for s in group):
            return "build evenly: every site of the group needs as many buildings first"
        return None

    def _why_no_sale(self, seat: int, square: int) -> str | None:
        if not 0 <= square < SQUARES_COUNT or self.owner[square] != seat:
            return "you do not own that site"
        if not self.level[square]:
            return "there is no building there"
        if self.level[square] < max(self.level[s] for s in group_of(square)):
            return "sell evenly: sell from the sites of the group with the most buildings first"
        return None

    def _why_no_mortgage(self, seat: int, square: int) -> str | None:
        if not 0 <= square < SQUARES_COUNT or self.owner[square] != seat:
            return "you do not own that deed"
        if self.mortgaged[square]:
            return "it is mortgaged already"
        if any(self.level[s] for s in group_of(square)):
            return "sell the group's buildings back to the bank first"
        return None

    def _why_no_unmortgage(self, seat: int, square: int) -> str | None:
        if not 0 <= square < SQUARES_COUNT or self.owner[square] != seat:
            return "you do not own that deed"
        if not self.mortgaged[square]:
            return "it is not mortgaged"
        cost = SQUARES[square].mortgage + interest(SQUARES[square].mortgage)
        if self.cash(seat) < cost:
            return f"lifting it costs £{cost:,} (the mortgage and 10% interest)"
        return None

    def offer_partners(self, seat: int) -> tuple[int, ...]:
        """Whom `seat` may make a trade offer to now; empty when no offer may be made. What an
        offer may hold is any of either side's deeds (in groups without buildings), cash and
        Get-out cards: the template the table screen and bots compose offers from."""
        if seat != self.actor() or self.proposals[seat] >= MAX_PROPOSALS:
            return ()
        frame = self.top()
        kind = frame[0] if frame else self.stage
        if kind == TRADE:
            return (frame[1],)  # a counter-offer goes back to the proposer
        if kind in (ROLL, END) and not self.jailed or kind == DEBT and frame[1] == seat:
            return tuple(p for p in range(self.n) if p != seat and self.active[p])
        return ()

    def _why_no_offer(self, seat: int, offer: A.Propose, kind: str) -> str | None:
        partners = self.offer_partners(seat)
        if offer.partner not in partners:
            if self.proposals[seat] >= MAX_PROPOSALS:
                return f"at most {MAX_PROPOSALS} offers a turn"
            if kind == TRADE:
                return "a counter-offer goes back to the player who made the offer"
            if partners:
                return "choose another player who is still in the game"
            return "you can offer a trade in your turn, when raising money, or as a counter-offer"
        if not (offer.give or offer.give_cash or offer.give_cards or offer.get or offer.get_cash
                or offer.get_cards):
            return "an offer must exchange something"
        return self._why_no_exchange(offer, seat)

    def _why_no_exchange(self, offer: A.Propose, proposer: int) -> str | None:
        sides = ((proposer, offer.give, offer.give_cash, offer.give_cards),
                 (offer.partner, offer.get, offer.get_cash, offer.get_cards))
        for holder, deeds, cash, cards in sides:
            who = self.players[holder]
            if len(set(deeds)) != len(deeds) or len(set(cards)) != len(cards):
                return "list each deed and card once"
            for s in deeds:
                if s not in DEEDS or self.owner[s] != holder:
                    return f"{who} does not own {SQUARES[s].name if 0 <= s < 40 else s}"
                if any(self.level[g] for g in group_of(s)):
                    return f"{SQUARES[s].name}'s group has buildings: they must be sold first"
            if not 0 <= cash <= self.cash(holder):
                return f"{who} has £{self.cash(holder):,}"
            for deck in cards:
                if deck not in (0, 1) or self.card_holder[deck] != holder:
                    return f"{who} does not hold that Get-out card"
        return None

    def _buildable(self, seat: int, piece: str) -> list[int]:
        """The sites where `seat` may put `piece` by the building rules (cash aside)."""
        barracks = piece == BARRACKS_PIECE
        return [s for s in self.deeds_of(seat)
                if (self.level[s] == 4) == barracks and self._building_rule(seat, s) is None]

    # -- performing ----------------------------------------------------------------------------

    def _perform(self, seat: int, action) -> None:
        getattr(self, "_do_" + type(action).__name__)(seat, action)
        self._continue()

    def _do_Roll(self, seat: int, _action) -> None:
        d1, d2 = self.dice = (self.rng.die(), self.rng.die())
        name = self.players[seat]
        if self.prison_turn[seat] >= 0:
            self.prison_turn[seat] += 1
            if d1 == d2:
                self._say("{} throws a double {} and {} and leaves Prison.", name, d1, d2)
                self.prison_turn[seat] = -1
                self.doubles = 1 if self.extra_throw else 0
                self.stage = ROLL if self.extra_throw else END
                self.stack.append((SETTLE, seat))
                self._move(seat, d1 + d2)
            elif self.prison_turn[seat] >= 3:
                self._say("{} throws {} and {} on a third turn in Prison: pays £{:,} and leaves.",
                          name, d1, d2, PRISON_FINE)
                self.prison_turn[seat] = -1
                self.stage = END
                self.stack += [(SETTLE, seat), (MOVE, seat, d1 + d2)]
                self._charge(seat, self.bank, PRISON_FINE, "Prison fine")
            else:
                self._say("{} throws {} and {}: no double, stays in Prison.", name, d1, d2)
                self.stage = END
                self.landings[IN_PRISON] += 1
            return
        self.doubles = self.doubles + 1 if d1 == d2 else 0
        if self.doubles == 3:
            self._say("{} throws a third double in a row: to Prison!", name)
            self._send_to_prison(seat)
            self.landings[IN_PRISON] += 1
            return
        self._say("{} throws {} and {}{}.", name, d1, d2, " (a double)" if d1 == d2 else "")
        self.stage = ROLL if d1 == d2 else END
        self.stack.append((SETTLE, seat))
        self._move(seat, d1 + d2)

    def _do_PayFine(self, seat: int, _action) -> None:
        self._pay(seat, self.bank, PRISON_FINE, "Prison fine")
        self.prison_turn[seat] = -1
        self._say("{} pays £{:,} and leaves Prison.", self.players[seat], PRISON_FINE)

    def _do_UseCard(self, seat: int, action) -> None:
        self.card_holder[action.deck] = -1
        self.decks[action.deck].append(GET_OUT[action.deck])
        self.prison_turn[seat] = -1
        self._say("{} uses a Get out of Prison free card.", self.players[seat])

    def _do_EndTurn(self, seat: int, _action) -> None:
        self._next_turn()

    def _do_Buy(self, seat: int, _action) -> None:
        _, _, square = self.stack.pop()
        price = SQUARES[square].price
        self._pay(seat, self.bank, price, f"bought {SQUARES[square].name}")
        self.owner[square] = seat
        self._say("{} buys {} for £{:,}.", self.players[seat], SQUARES[square].name, price)

    def _do_Decline(self, seat: int, _action) -> None:
        _, _, square = self.stack.pop()
        self._say("{} declines {}: it goes to auction.", self.players[seat], SQUARES[square].name)
        self._open_auction(square, "", self._order_after(seat))

    def _open_auction(self, square: int, piece: str, bidders: tuple[int, ...],
                      opening: int = 1) -> None:
        self.stack.append((AUCTION, OpenAuction(bidders, opening), square, piece))

    def _order_after(self, seat: int) -> tuple[int, ...]:
        """Every player still in, starting left of `seat` and ending with `seat`."""
        order = [(seat + i) % self.n for i in range(1, self.n + 1)]
        return tuple(s for s in order if self.active[s])

    def _do_Bid(self, seat: int, action) -> None:
        auction = self.stack[-1][1]
        auction.bid(action.amount)
        self._say("{} bids £{:,}.", self.players[seat], action.amount)
        if auction.finished:
            self._close_auction()

    def _do_Pass(self, seat: int, _action) -> None:
        auction = self.stack[-1][1]
        auction.pass_()
        self._say("{} passes.", self.players[seat])
        if auction.finished:
            self._close_auction()

    def _close_auction(self) -> None:
        _, auction, square, piece = self.stack.pop()
        what = SQUARES[square].name if square >= 0 else f"an {piece}" if piece == STORE else \
            f"a {piece}"
        winner = auction.high_bidder
        shortage = self.stack[-1] if square < 0 and self.stack[-1][0] == SHORTAGE else None
        if winner is None:
            self._say("Nobody bids for {}: it stays with the bank.", what)
            if shortage:  # nobody wants one at any price: the shortage is over
                self.stack[-1] = (*shortage[:4], ())
            return
        self._pay(winner, self.bank, auction.high, f"auction: {what}")
        self._say("{} wins {} for £{:,}.", self.players[winner], what, auction.high)
        if square >= 0:
            self.owner[square] = winner
            return
        if shortage:
            self.stack[-1] = (*shortage[:4], tuple((p, n - (p == winner))
                                                   for p, n in shortage[4]))
        self.stack.append((PLACE, winner, piece))

    def _do_PayTen(self, seat: int, _action) -> None:
        self.stack.pop()
        self._say("{} pays the £10 fine.", self.players[seat])
        self._charge(seat, self.bank, 10, "card: fine")

    def _do_TakeCombat(self, seat: int, _action) -> None:
        self.stack.pop()
        self._draw(seat, COMBAT)

    def _do_Build(self, seat: int, action) -> None:
        square = action.square
        piece = BARRACKS_PIECE if self.level[square] == 4 else STORE
        others = [p for p in self._order_after(seat) if p != seat and self._capacity(p, piece)]
        could = self._capacity(seat, piece) + sum(self._capacity(p, piece) for p in others)
        if others and could > self._supply(piece):
            # The bank may run short: everyone who could build says how many they want.
            self._say("The bank has {} left: who wants how many?", pieces(self._supply(piece),
                                                                          piece))
            self.stack.append((SHORTAGE, seat, square, piece, ()))
            for p in reversed((seat, *others)):  # the builder first, then to the left
                self.stack.append((WANT, p, piece, int(p == seat), self._capacity(p, piece)))
            return
        self._build_now(seat, square)

    def _build_now(self, seat: int, square: int) -> None:
        piece = BARRACKS_PIECE if self.level[square] == 4 else STORE
        self._pay(seat, self.bank, SQUARES[square].build, f"{piece} on {SQUARES[square].name}")
        self._put_building(seat, square)

    def _supply(self, piece: str) -> int:
        return self.barracks_left if piece == BARRACKS_PIECE else self.stores_left

    def _capacity(self, seat: int, piece: str) -> int:
        """How many of `piece` `seat` could put up now by the building rules and their cash."""
        sites = self._buildable(seat, piece)
        if not sites:
            return 0
        if piece == STORE:  # each site up to four, evenly
            room = sum(4 - self.level[s] for s in self.deeds_of(seat)
                       if any(s in group_of(b) for b in sites))
        else:
            room = len(sites)
        return min(room, self.cash(seat) // min(SQUARES[s].build for s in sites))

    def _do_Want(self, seat: int, action) -> None:
        piece = self.stack.pop()[2]
        at = max(i for i, frame in enumerate(self.stack) if frame[0] == SHORTAGE)
        shortage = self.stack[at]
        self.stack[at] = (*shortage[:4], (*shortage[4], (seat, action.count)))
        self._say("{} wants {}.", self.players[seat], pieces(action.count, piece))

    def _shortage(self, frame: tuple) -> None:
        """Auction the pieces one at a time while two or more players want more than the bank
        has (army_001.txt, BUILDING SHORTAGE); then the builder's own building, if still wanted."""
        _, builder, square, piece, wants = frame
        wanting = {p: min(n, self._capacity(p, piece)) for p, n in wants if self.active[p]}
        wanting = {p: n for p, n in wanting.items() if n}
        supply = self._supply(piece)
        if supply and len(wanting) >= 2 and sum(wanting.values()) > supply:
            self._say("Building shortage: {} wanted and the bank has {}: auction.",
                      sum(wanting.values()), pieces(supply, piece))
            bidders = tuple(p for p in (builder, *self._order_after(builder)) if p in wanting)
            self._open_auction(-1, piece, tuple(dict.fromkeys(bidders)))  # any price (p. 89)
            return
        self.stack.pop()
        if builder in wanting and self._why_no_build(builder, square) is None:
            self._build_now(builder, square)

    def _put_building(self, seat: int, square: int) -> None:
        if self.level[square] == 4:
            self.barracks_left -= 1
            self.stores_left += 4
            piece = BARRACKS_PIECE
        else:
            self.stores_left -= 1
            piece = STORE
        self.level[square] += 1
        self._say("{} builds {} on {}.", self.players[seat],
                  "a Barracks" if piece == BARRACKS_PIECE else "an Ammo Store",
                  SQUARES[square].name)

    def _do_Place(self, seat: int, action) -> None:
        self.stack.pop()
        self._put_building(seat, action.square)

    def _do_Sell(self, seat: int, action) -> None:
        square = action.square
        sq = SQUARES[square]
        if self.level[square] == BARRACKS and self.stores_left < 4:
            # Not enough Stores to break the Barracks down: the whole group is sold bare.
            refund = sum(self.building_refund(s) for s in group_of(square))
            for s in group_of(square):
                if self.level[s] == BARRACKS:
                    self.barracks_left += 1
                else:
                    self.stores_left += self.level[s]
                self.level[s] = 0
            self._pay(self.bank, seat, refund, f"buildings of the {sq.group} group sold")
            self._say("The bank lacks Ammo Stores to break the Barracks down: {} sells every "
                      "building of the group for £{:,}.", self.players[seat], refund)
            return
        if self.level[square] == BARRACKS:
            self.barracks_left += 1
            self.stores_left -= 4
        else:
            self.stores_left += 1
        self.level[square] -= 1
        self._pay(self.bank, seat, sq.build // 2, f"building sold on {sq.name}")
        self._say("{} sells a building on {} for £{:,}.", self.players[seat], sq.name,
                  sq.build // 2)

    def _do_Mortgage(self, seat: int, action) -> None:
        sq = SQUARES[action.square]
        self.mortgaged[action.square] = True
        self._pay(self.bank, seat, sq.mortgage, f"mortgaged {sq.name}")
        self._say("{} mortgages {} for £{:,}.", self.players[seat], sq.name, sq.mortgage)

    def _do_Unmortgage(self, seat: int, action) -> None:
        mortgage = SQUARES[action.square].mortgage
        self._lift(seat, action.square, mortgage + interest(mortgage))

    def _do_LiftMortgage(self, seat: int, _action) -> None:
        """On receiving a mortgaged deed: the 10% is paid already, so the principal alone."""
        _, _, square = self.stack.pop()
        self._lift(seat, square, SQUARES[square].mortgage)

    def _lift(self, seat: int, square: int, cost: int) -> None:
        name = SQUARES[square].name
        self.mortgaged[square] = False
        self._pay(seat, self.bank, cost, f"lifted the mortgage on {name}")
        self._say("{} lifts the mortgage on {} for £{:,}.", self.players[seat], name, cost)

    def _do_KeepMortgage(self, seat: int, _action) -> None:
        _, _, square = self.stack.pop()
        self._say("{} keeps {} mortgaged.", self.players[seat], SQUARES[square].name)

    def _do_Propose(self, seat: int, offer) -> None:
        if self.stack and self.stack[-1][0] == TRADE:
            self.stack.pop()  # a counter-offer replaces the offer it answers
        self.proposals[seat] += 1
        self.stack.append((TRADE, seat, offer))
        self._say("{} offers {} {}.", self.players[seat], self.players[offer.partner],
                  str(offer).removeprefix("offer "))

    def _do_Reject(self, seat: int, _action) -> None:
        _, proposer, _ = self.stack.pop()
        self._say("{} rejects {}'s offer.", self.players[seat], self.players[proposer])

    def _do_Accept(self, seat: int, _action) -> None:
        _, proposer, offer = self.stack.pop()
        self._say("{} accepts {}'s offer.", self.players[seat], self.players[proposer])
        for giver, taker, deeds, cash, cards in (
                (proposer, seat, offer.give, offer.give_cash, offer.give_cards),
                (seat, proposer, offer.get, offer.get_cash, offer.get_cards)):
            if cash:
                self._pay(giver, taker, cash, f"trade with {self.players[taker]}")
            for deck in cards:
                self.card_holder[deck] = taker
            self._receive(taker, deeds)

    def _receive(self, taker: int, deeds: Sequence[int]) -> None:
        """Deeds change hands; a mortgaged one costs its new owner 10% now (the transfer rule)
        and asks whether to lift it at once."""
        fees = 0
        for s in deeds:
            self.owner[s] = taker
            if self.mortgaged[s]:
                self.stack.append((LIFT, taker, s))
                fees += interest(SQUARES[s].mortgage)
        if fees:
            self._charge(taker, self.bank, fees, "10% interest on mortgaged deeds received")

    def _do_Bankrupt(self, seat: int, _action) -> None:
        _, _, creditor, amount, reason = self.stack.pop()
        self.active[seat] = False
        self.prison_turn[seat] = -1
        self.stack = [f for f in self.stack if not (f[0] == MOVE and f[1] == seat)]
        deeds = self.deeds_of(seat)
        refund = sum(self.building_refund(s) for s in deeds)
        for s in deeds:
            if self.level[s] == BARRACKS:
                self.barracks_left += 1
            else:
                self.stores_left += self.level[s]
            self.level[s] = 0
        if creditor == self.bank:
            self._say("{} cannot pay £{:,} ({}) and is bankrupt: the bank takes everything and "
                      "auctions the deeds.", self.players[seat], amount, reason)
            self._pay(seat, self.bank, self.cash(seat), "bankruptcy")
            for deck in (0, 1):
                if self.card_holder[deck] == seat:
                    self.card_holder[deck] = -1
                    self.decks[deck].append(GET_OUT[deck])
            for s in deeds:
                self.owner[s] = -1
                self.mortgaged[s] = False
            if deeds and self.active.count(True) > 1:
                self.stack.append((BANK_SALE, tuple(deeds)))
        else:
            self._say("{} cannot pay £{:,} ({}) and is bankrupt: {} takes everything.",
                      self.players[seat], amount, reason, self.players[creditor])
            if refund:
                self._pay(self.bank, seat, refund, "buildings returned at half price")
            self._pay(seat, creditor, self.cash(seat), "bankruptcy")
            for deck in (0, 1):
                if self.card_holder[deck] == seat:
                    self.card_holder[deck] = creditor
            self._receive(creditor, deeds)

    # -- the flow of a turn --------------------------------------------------------------------

    def _continue(self) -> None:
        """Run effect frames and settle payable debts until someone must decide."""
        while self.stage != OVER:
            if self.active.count(True) == 1:
                self._finish((self.active.index(True),), "the last player left in the game")
                return
            if not self.stack:
                if not self.active[self.turn]:
                    self._next_turn()
                    continue
                return
            frame = self.stack[-1]
            kind = frame[0]
            if kind == DEBT and self.cash(frame[1]) >= frame[3]:
                self.stack.pop()
                self._pay(frame[1], frame[2], frame[3], frame[4])
            elif kind == MOVE:
                self.stack.pop()
                self._move(frame[1], frame[2])
            elif kind == SETTLE:
                self.stack.pop()
                self._settle(frame[1])
            elif kind == SHORTAGE:
                self._shortage(frame)
            elif kind == BANK_SALE:
                self.stack.pop()
                first, rest = frame[1][0], frame[1][1:]
                if rest:
                    self.stack.append((BANK_SALE, rest))
                self._open_auction(first, "", self._order_after(self.turn))
            else:
                return

    def _settle(self, seat: int) -> None:
        """A throw is fully resolved: count where the token rests (landing statistics)."""
        self.landings[IN_PRISON if self.prison_turn[seat] >= 0 else self.position[seat]] += 1

    def _next_turn(self) -> None:
        order = lambda s: (s - self.starter) % self.n  # noqa: E731
        current = order(self.turn)
        seat = self.turn
        for _ in range(self.n):
            seat = (seat + 1) % self.n
            if self.active[seat]:
                break
        if order(seat) <= current:
            self.round_ends.append(tuple(self.net_worth(s) for s in range(self.n)))
            if self.round_limit and self.round >= self.round_limit:
                self._finish_by_worth(f"the {self.round_limit}-round limit")
                return
            self.round += 1
        self.turn = seat
        self.doubles = 0
        self.proposals = [0] * self.n
        self.stage = ROLL
        self.jailed = False

    def _finish_by_worth(self, why: str) -> None:
        worth = [self.net_worth(s) if self.active[s] else -1 for s in range(self.n)]
        best = max(worth)
        self._finish(tuple(s for s in range(self.n) if worth[s] == best),
                     f"{why}: the richest by the rulebook's valuation")

    def _finish(self, winners: tuple[int, ...], reason: str) -> None:
        for frame in self.stack:  # the throw that ended the game still counts
            if frame[0] == SETTLE:
                self._settle(frame[1])
        self.stage = OVER
        self.stack = []
        self.winners = winners
        names = " and ".join(self.players[s] for s in winners)
        self.end_reason = f"{names} {'wins' if len(winners) == 1 else 'share the win'}: {reason}."
        self._say("Game over. {}", self.end_reason)

    def _move(self, seat: int, steps: int) -> None:
        target = self.position[seat] + steps
        if target >= SQUARES_COUNT:
            self._pay(self.bank, seat, SALARY, "salary")
            self._say("{} passes GO and collects £{:,}.", self.players[seat], SALARY)
        self.position[seat] = target % SQUARES_COUNT
        self._land(seat)

    def _land(self, seat: int) -> None:
        square = self.position[seat]
        sq = SQUARES[square]
        name = self.players[seat]
        if sq.is_deed:
            owner = self.owner[square]
            if owner < 0:
                self._say("{} lands on {} (£{:,}, unowned).", name, sq.name, sq.price)
                self.stack.append((BUY, seat, square))
            elif owner == seat:
                self._say("{} lands on {}, their own.", name, sq.name)
            elif self.mortgaged[square]:
                self._say("{} lands on {}: mortgaged, no rent.", name, sq.name)
            else:
                rent = self.rent(square)
                self._say("{} lands on {} and owes {} £{:,} rent.", name, sq.name,
                          self.players[owner], rent)
                self._charge(seat, owner, rent, f"rent for {sq.name}")
        elif sq.kind == "tax":
            self._say("{} lands on {}: pays £{:,}.", name, sq.name, sq.price)
            self._charge(seat, self.bank, sq.price, sq.name)
        elif sq.kind in ("combat", "training"):
            self._draw(seat, COMBAT if sq.kind == "combat" else 1)
        elif square == GO_TO_PRISON:
            self._say("{} lands on Go To Prison.", name)
            self._send_to_prison(seat)
        else:
            self._say("{} lands on {}.", name, "Just Visiting" if square == PRISON else sq.name)

    def _send_to_prison(self, seat: int) -> None:
        self.position[seat] = PRISON
        self.prison_turn[seat] = 0
        if seat == self.turn:  # "their turn ends there": nothing but ending it
            self.doubles = 0
            self.stage = END
            self.jailed = True

    def _draw(self, seat: int, deck: int) -> None:
        card = self.decks[deck].pop(0)
        text, effect, *args = DECKS[deck][card]
        self.last_card = (deck, card)
        self._say("{} draws {}: {}", self.players[seat], DECK_NAMES[deck], text)
        if effect == "get_out":
            self.card_holder[deck] = seat
            return
        self.decks[deck].append(card)
        if effect == "advance":
            steps = (args[0] - self.position[seat]) % SQUARES_COUNT
            self._move(seat, steps)
        elif effect == "back":
            self.position[seat] = (self.position[seat] - args[0]) % SQUARES_COUNT
            self._land(seat)
        elif effect == "goto":
            self.position[seat] = args[0]
            self._land(seat)
        elif effect == "prison":
            self._send_to_prison(seat)
        elif effect == "repairs":
            stores, barracks = self.buildings(seat)
            cost = stores * args[0] + barracks * args[1]
            if cost:
                self._charge(seat, self.bank, cost, "card: repairs")
        elif effect == "pay":
            self._charge(seat, self.bank, args[0], "card")
        elif effect == "receive":
            self._pay(self.bank, seat, args[0], "card")
        elif effect == "birthday":
            for other in self._order_after(seat):
                if other != seat:
                    self._charge(other, seat, args[0], "birthday")
        elif effect == "fine_or_combat":
            self.stack.append((CHOICE, seat))

    # -- money and the log ---------------------------------------------------------------------

    def _pay(self, source: int, target: int, amount: int, reason: str) -> None:
        if amount:
            self.ledger.transfer(self.round, source, target, amount, reason)

    def _charge(self, debtor: int, creditor: int, amount: int, reason: str) -> None:
        """Pay now if the cash is there; otherwise the debtor must raise it first."""
        if self.cash(debtor) >= amount:
            self._pay(debtor, creditor, amount, reason)
        else:
            self.stack.append((DEBT, debtor, creditor, amount, reason))
            self._say("{} owes £{:,} ({}) and has £{:,}: must raise money.", self.players[debtor],
                      amount, reason, self.cash(debtor))

    def _say(self, text: str, *args) -> None:
        self.events.append((self.round, text, args))

    # -- results and views ---------------------------------------------------------------------

    def result(self) -> Result | None:
        if self.stage != OVER:
            return None
        scores = tuple(self.net_worth(s) if self.active[s] else 0 for s in range(self.n))
        return Result(self.winners, scores, self.end_reason)

    def log(self) -> list[str]:
        return [text.format(*args) for _, text, args in self.events]

    def view(self, seat: int | None):
        from .view import make_view

        return make_view(self, seat)
