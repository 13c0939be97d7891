"""What one seat (or a spectator) may see of an Army game: everything but the decks' order and
the dice to come. Money is public at this table, as it is in the rulebook."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from typing import TYPE_CHECKING, ClassVar

from core.engine.decisions import AuctionLot, AuctionView
from core.engine.templates import BidRange, OfferTerms, TradeOutcome
from core.engine.turns import StackView
from core.engine.views import Upto, ViewSchema, view_dataclass, view_of

from . import trading
from .actions import CODEC, Propose
from .board import (
    DEEDS,
    SQUARES,
    SQUARES_COUNT,
    buildings_held,
    deeds_held,
    group_of,
    raisable,
    valuation,
)
from .cards import DECKS
from .frames import FRAMES, MAX_PROPOSALS, interest
from .sentences import SENTENCES

if TYPE_CHECKING:
    from .state import ArmyState


NOT_DEEDS = SQUARES_COUNT - len(DEEDS)


@view_dataclass
class ArmyView(StackView):
    jailed: bool  # the player whose turn it is went to Prison this turn: it ends there
    proposals: tuple[int, ...]  # trade offers each player has made this turn
    extra_throw: bool  # the option: leaving Prison with a double gives another throw
    short_game: bool
    position: tuple[int, ...]
    prison_turn: tuple[int, ...]
    card_holder: tuple[int, ...]
    owner: tuple[int, ...]
    level: tuple[int, ...]
    mortgaged: tuple[bool, ...]
    stores_left: int
    barracks_left: int
    dice: tuple[int, int]
    doubles: int
    last_card: tuple[int, str] | None  # (deck, text)
    offer_partners: tuple[int, ...]  # whom the viewer may make an offer to now (none: no offer)
    worth_history: Sequence[tuple[int, ...]]  # each player's worth at each round's end (Upto)
    hidden_money = False  # every player's cash is public in this game

    DERIVED: ClassVar[tuple[str, ...]] = ("templates", "log", "offers_left")  # in its JSON too
    SENTENCES, MAX_PROPOSALS = SENTENCES, MAX_PROPOSALS

    @cached_property
    def templates(self) -> tuple[BidRange | OfferTerms, ...]:
        """The open-ended moves the viewer may make now beyond those listed in `legal`: any
        bid it can pay in an auction, and trade offers (worked out only if asked)."""
        seat, found = self.viewer, list[BidRange | OfferTerms]()
        if seat is None or seat not in self.to_act:
            return ()
        auction = self.pending
        if type(auction) is AuctionView and self.cash[seat] >= auction.minimum:
            found.append(BidRange(auction.minimum, self.cash[seat]))
        if self.offer_partners:
            found.append(
                trading.offer_terms(
                    seat, self.offer_partners, self.owner, self.level, self.cash, self.card_holder
                )
            )
        return tuple(found)

    @property
    def offer_terms(self) -> OfferTerms | None:
        """What a trade offer the viewer makes now may hold; None when none may be made."""
        return next((t for t in self.templates if type(t) is OfferTerms), None)

    @cached_property
    def unowned(self) -> int:
        """How many deeds the bank still holds."""
        return self.owner.count(-1) - NOT_DEEDS  # other squares are never owned

    @cached_property
    def net_worth(self) -> tuple[int, ...]:
        return tuple(
            valuation(deeds_held(seat, self.owner), self.cash[seat], self.level, self.mortgaged)
            for seat in range(len(self.players))
        )

    def trade_outcome(self, proposer: int, offer: Propose) -> TradeOutcome:
        """Each side's change in worth (the short game's valuation: cards are worth nothing in
        it; the 10% interest on a mortgaged deed received counts) and the groups completed."""
        partner = offer.partner
        after = list(self.owner)
        for square in offer.give:
            after[square] = partner
        for square in offer.get:
            after[square] = proposer
        changes = []
        for seat, received, cash in (
            (proposer, offer.get, offer.get_cash - offer.give_cash),
            (partner, offer.give, offer.give_cash - offer.get_cash),
        ):
            fees = sum(interest(SQUARES[s].mortgage) for s in received if self.mortgaged[s])
            changes.append(
                (
                    seat,
                    valuation(
                        deeds_held(seat, after),
                        self.cash[seat] + cash - fees,
                        self.level,
                        self.mortgaged,
                    )
                    - self.net_worth[seat],
                )
            )
        completes = tuple(
            dict.fromkeys(
                (after[s], SQUARES[s].group)
                for s in (*offer.give, *offer.get)
                if all(after[g] == after[s] for g in group_of(s))
            )
        )
        return TradeOutcome(tuple(changes), completes)

    def buildings(self, seat: int) -> tuple[int, int]:
        """(Ammo Stores, Barracks) standing on `seat`'s sites."""
        return buildings_held(deeds_held(seat, self.owner), self.level)

    def max_raise(self, seat: int) -> int:
        """What `seat` could pay at most: cash and everything the bank would pay."""
        return raisable(deeds_held(seat, self.owner), self.cash[seat], self.level, self.mortgaged)

    @cached_property
    def rent_totals(self) -> tuple[tuple[int, int], ...]:
        """(rent paid, rent received) by each seat so far."""
        paid = [0] * (len(self.players) + 1)
        received = [0] * (len(self.players) + 1)
        for entry in self.ledger:
            if entry.reason.startswith("rent"):
                paid[entry.source] += entry.amount
                received[entry.target] += entry.amount
        return tuple(zip(paid[:-1], received[:-1]))


def make_view(state: ArmyState, seat: int | None) -> ArmyView:
    card = state.last_card
    return view_of(
        ArmyView,
        state.FIELDS.show(
            state,
            {
                **state.stack_view_fields(seat),
                "last_card": (card[0], DECKS[card[0]][card[1]][0]) if card else None,
                "offer_partners": trading.offer_partners(state, seat) if seat is not None else (),
                "worth_history": Upto(state.round_ends),
            },
        ),
    )


SCHEMA = ViewSchema(
    ArmyView,
    CODEC,
    (*(AuctionView if frame is AuctionLot else frame for frame in FRAMES), BidRange, OfferTerms),
)
