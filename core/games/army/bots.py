"""A sensible Army bot that plays from its own view only.

It buys what it can afford above a cash reserve, bids up to a deed's worth to it (more for a
deed that completes its group or blocks someone else's), builds evenly on complete groups while
the reserve holds, lifts mortgages when rich, leaves Prison early while deeds are still for sale
and stays late, raises money in a sensible order (lone deeds first, then buildings, then group
sites), and trades at a fair price: a deed that completes a group is worth its price plus half
the price of the group it completes, and an offer below that is refused.

How boldly it does so is its `Style`. The heuristic bot plays `SENSIBLE`; the search bot plays
its unweighed moves `SHARP`: a smaller reserve, building down to its last pound, and no deed
sold that completes someone's group at the sensible bot's price. One `SHARP` bot against three
`SENSIBLE` ones won 1,571 of 4,000 games (39%, seeds 20000-23999; 985, 25%, for a `SENSIBLE`
one in its place), tuned on seeds 1000-4999 one setting at a time (2026-11-27): the reserves at
50 (alone 37%), building to the last pound (34%), refusing those sales (29%).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from core.engine.actions import Action
from core.engine.decisions import AuctionView, BuyOrDecline, Debt, Frame, Placement, TradeOffer
from core.engine.templates import OfferTerms

from . import actions as A
from .board import DEEDS, SITE_GROUP_SQUARES, SQUARES, group_of
from .cards import CARD_FINE
from .frames import ROLL, FineOrCard, LiftOrKeep, interest

EARLY_UNOWNED = 8  # while this many deeds are unowned, leave Prison at once
GROUP_THREAT = 0.5  # completing someone's group hands them this share of the group's price


@dataclass(frozen=True)
class Style:
    """How boldly a bot spends and what it asks to complete someone else's group."""

    reserve: int = 150  # cash kept back for rents, early in the game
    late_reserve: int = 400  # once most deeds are owned, rents are higher
    building_reserve: int | None = None  # what a building must leave (None: the reserve)
    trade_threat: float = GROUP_THREAT  # GROUP_THREAT where it judges a trade offered to it


SENSIBLE = Style()
SHARP = Style(reserve=50, late_reserve=50, building_reserve=0, trade_threat=0.8)
GROUP_PRICE = tuple(sum(SQUARES[s].price for s in group_of(square.index)) for square in SQUARES)
# what a deed is worth to the bot that it completes a group for (what it offers for it), and to
# the bot that it keeps another player from completing one with (a block)
COMPLETING = tuple(s.price + int(GROUP_THREAT * GROUP_PRICE[s.index]) for s in SQUARES)
BLOCKING = tuple(s.price + int(GROUP_THREAT / 2 * GROUP_PRICE[s.index]) for s in SQUARES)


class Seen(Protocol):
    """What the bot reads of what its seat sees: an `ArmyView`, or in a playout an `ArmySight`."""

    @property
    def seat(self) -> int: ...
    @property
    def stage(self) -> str: ...
    @property
    def pending(self) -> Frame | None: ...
    @property
    def cash(self) -> Sequence[int]: ...
    @property
    def owner(self) -> tuple[int, ...]: ...
    @property
    def level(self) -> tuple[int, ...]: ...
    @property
    def mortgaged(self) -> tuple[bool, ...]: ...
    @property
    def prison_turn(self) -> Sequence[int]: ...
    @property
    def unowned(self) -> int: ...
    @property
    def offer_partners(self) -> tuple[int, ...]: ...
    @property
    def offer_terms(self) -> OfferTerms | None: ...


class HeuristicBot:
    def __init__(self, seed: int, style: Style = SENSIBLE) -> None:
        """Deterministic; it remembers the offers refused so as not to repeat them."""
        self.style = style
        self._refused: set[tuple[int, int]] = set()
        # what it worked out from who owns what, kept while that stays the same (the view's
        # `owner` is then the very same tuple): (owner, unowned deeds), (owner, me, _one_short)
        self._unowned: tuple[tuple[int, ...], int] = ((), 0)
        self._short: tuple[tuple[int, ...], int, list[tuple[tuple[int, ...], int]]] = ((), -1, [])

    @property
    def refused(self) -> frozenset[tuple[int, int]]:
        """(partner, deed) of the offers it has made, which it does not make again."""
        return frozenset(self._refused)

    def choose(self, view: Seen, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        me, frame = view.seat, view.pending
        if frame is None:
            return self._manage(view, me, legal)
        kinds = {type(a): a for a in legal}
        if isinstance(frame, AuctionView):
            return self._bid(view, me, legal, frame)
        if isinstance(frame, BuyOrDecline):
            square = frame.square
            worth = self._deed_worth(view, me, square)
            if A.Buy in kinds and view.cash[me] - SQUARES[square].price >= min(
                self._reserve(view), worth - SQUARES[square].price + self.style.reserve // 2
            ):
                return kinds[A.Buy]
            return kinds[A.Decline]
        if isinstance(frame, FineOrCard):
            return (
                kinds[A.PayTen]
                if view.cash[me] >= CARD_FINE + self._reserve(view) // 2
                else kinds[A.TakeCombat]
            )
        if isinstance(frame, Debt):
            return self._raise(view, me, legal)
        if isinstance(frame, TradeOffer):
            return (
                kinds[A.Accept]
                if A.Accept in kinds and self._fair(view, me, frame)
                else kinds[A.Reject]
            )
        if isinstance(frame, LiftOrKeep):
            return (
                kinds[A.LiftMortgage]
                if A.LiftMortgage in kinds
                and view.cash[me] - SQUARES[frame.square].mortgage >= self._reserve(view)
                else kinds[A.KeepMortgage]
            )
        if isinstance(frame, Placement):
            return legal[0]
        # WANT: as many as it could build, unless cash is short
        wants = [a for a in legal if isinstance(a, A.Want)]
        return wants[-1] if view.cash[me] >= 2 * self._reserve(view) else wants[0]

    # -- judging -------------------------------------------------------------------------------

    def _reserve(self, view: Seen) -> int:
        style = self.style
        return style.reserve if self._count_unowned(view) > EARLY_UNOWNED else style.late_reserve

    def _count_unowned(self, view: Seen) -> int:
        """How many deeds the bank still holds (view.unowned, counted once per owner tuple)."""
        if self._unowned[0] is not view.owner:
            self._unowned = (view.owner, view.unowned)
        return self._unowned[1]

    @staticmethod
    def _group_price(square: int) -> int:
        return GROUP_PRICE[square]

    def _completes(self, owner: tuple[int, ...], seat: int, square: int) -> bool:
        """Whether holding `square` gives `seat` its whole group."""
        return all(owner[s] == seat or s == square for s in group_of(square))

    def _deed_worth(self, view: Seen, me: int, square: int) -> int:
        if self._completes(view.owner, me, square):
            return COMPLETING[square]
        others = {view.owner[s] for s in group_of(square) if s != square and view.owner[s] >= 0}
        if (
            len(others) == 1
            and me not in others
            and self._completes(view.owner, others.pop(), square)
        ):
            return BLOCKING[square]
        return SQUARES[square].price

    def _side_worth(self, view: Seen, deeds: Sequence[int], cash: int, cards: Sequence[int]) -> int:
        worth = cash + 50 * len(cards)
        for s in deeds:
            price = SQUARES[s].price
            worth += price // 2 - interest(price // 2) if view.mortgaged[s] else price
        return worth

    def _fair(self, view: Seen, me: int, trade: TradeOffer[A.Propose]) -> bool:
        """Accept when what I get is worth at least what I give, counting groups completed."""
        proposer, offer = trade.proposer, trade.offer
        gain = self._side_worth(view, offer.give, offer.give_cash, offer.give_cards)
        loss = self._side_worth(view, offer.get, offer.get_cash, offer.get_cards)
        after = list(view.owner)
        for s in offer.give:
            after[s] = me
        for s in offer.get:
            after[s] = proposer
        for s in set(offer.give) | set(offer.get):
            holder = after[s]
            if all(after[g] == holder for g in group_of(s)) and not all(
                view.owner[g] == holder for g in group_of(s)
            ):
                bonus = int(self.style.trade_threat * self._group_price(s)) // len(group_of(s))
                if holder == me:
                    gain += bonus * len(group_of(s))
                else:
                    loss += bonus * len(group_of(s))
        return gain >= loss

    # -- acting --------------------------------------------------------------------------------

    def _bid(self, view: Seen, me: int, legal: Sequence[Action], auction: AuctionView) -> Action:
        if auction.square >= 0:
            limit = self._deed_worth(view, me, auction.square)
        else:
            limit = int(
                1.5
                * max(
                    (SQUARES[s].build for s in DEEDS if view.owner[s] == me and SQUARES[s].build),
                    default=0,
                )
            )
        limit = min(limit, view.cash[me] - self._reserve(view) // 2)
        bids = [a for a in legal if isinstance(a, A.Bid) and a.amount <= limit]
        if not bids or auction.high_bidder == me:
            return next(a for a in legal if isinstance(a, A.Pass))
        # Open at up to half the limit, then raise by about a fifth: auctions take a dozen
        # bids, not hundreds of one-pound steps (people at the table watch every bid).
        high = auction.high if auction.high_bidder is not None else 0
        target = limit // 2 if auction.high_bidder is None else high + max(10, high // 5)
        return max((b for b in bids if b.amount <= target), key=lambda b: b.amount, default=bids[0])

    def _raise(self, view: Seen, me: int, legal: Sequence[Action]) -> Action:
        """Lone deeds first, then buildings on the cheapest groups, then complete groups."""

        def lone(a: A.Mortgage) -> bool:
            return not all(view.owner[s] == me for s in group_of(a.square))

        mortgages = [a for a in legal if isinstance(a, A.Mortgage)]
        sales = [a for a in legal if isinstance(a, A.Sell)]
        for choice in (
            sorted((a for a in mortgages if lone(a)), key=lambda a: SQUARES[a.square].price),
            sorted(sales, key=lambda a: SQUARES[a.square].build),
            sorted(mortgages, key=lambda a: SQUARES[a.square].price),
        ):
            if choice:
                return choice[0]
        return legal[-1]  # nothing left to raise: bankruptcy

    def _manage(self, view: Seen, me: int, legal: Sequence[Action]) -> Action:
        reserve = self._reserve(view)
        building_reserve = self.style.building_reserve
        if building_reserve is None:
            building_reserve = reserve
        cash = view.cash[me]
        if view.stage == ROLL and view.prison_turn[me] >= 0:
            early = self._count_unowned(view) > EARLY_UNOWNED
            if early:
                for action in legal:
                    if isinstance(action, (A.UseCard, A.PayFine)):
                        return action
        # in one pass: the build on the best-paying site that keeps the reserve (the first of
        # equals), the first lift that keeps twice the reserve, the throw or the end of the turn
        build: A.Build | None = None
        lift: A.Unmortgage | None = None
        move_on: Action | None = None
        for action in legal:  # mostly sales and mortgages, passed over by their type at once
            kind = type(action)
            if kind is A.Mortgage or kind is A.Sell:
                continue
            if kind is A.Build:
                assert isinstance(action, A.Build)  # for the type checker: `kind` is its type
                square = action.square
                if cash - SQUARES[square].build >= building_reserve and (
                    build is None
                    or (SQUARES[square].rents[3], -square)
                    > (SQUARES[build.square].rents[3], -build.square)
                ):
                    build = action
            elif kind is A.Unmortgage:
                assert isinstance(action, A.Unmortgage)
                if (
                    lift is None
                    and cash - SQUARES[action.square].mortgage * 11 // 10 >= 2 * reserve
                ):
                    lift = action
            elif (kind is A.Roll or kind is A.EndTurn) and move_on is None:
                move_on = action
        if build is not None:
            return build
        if lift is not None:
            return lift
        offer = self._offer(view, me, cash - reserve)
        if offer is not None:
            self._refused.add((offer.partner, offer.get[0]))
            return offer
        assert move_on is not None  # the throw or the end of the turn: always legal here
        return move_on

    def _one_short(self, owner: tuple[int, ...], me: int) -> list[tuple[tuple[int, ...], int]]:
        """My site groups short of one deed, with that deed, in board order (worked out again
        only when a deed has changed hands)."""
        if self._short[0] is not owner or self._short[1] != me:
            short = []
            for group in SITE_GROUP_SQUARES:  # in board order, as are the deeds within them
                missing = [s for s in group if owner[s] != me]
                if len(missing) == 1:
                    short.append((group, missing[0]))
            self._short = (owner, me, short)
        return self._short[2]

    def _offer(self, view: Seen, me: int, budget: int) -> A.Propose | None:
        """Cash for the one deed that would complete a group of mine, at the fair price."""
        owner = view.owner
        short = self._one_short(owner, me)  # kept while no deed changes hands: asked first
        partners = view.offer_partners if short else ()
        if not partners:
            return None
        for group, square in short:
            holder = owner[square]
            if holder not in partners or (holder, square) in self._refused:
                continue
            price = COMPLETING[square]
            if price > min(budget, view.cash[me]) or any(view.level[s] for s in group):
                continue
            terms = view.offer_terms  # what the offer may hold (worked out only if asked)
            if terms is not None and square in terms.of(holder).deeds:
                return A.Propose(holder, give_cash=price, get=(square,))
        return None
