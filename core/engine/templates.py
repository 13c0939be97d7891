"""Templates of open-ended actions: moves too many to list, described so that screens and bots can
compose any of them. A view's `legal` lists a few of each kind (the bids a bot considers); its
`templates` say what else may be made. The game still checks every action it is sent.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True)
class BidRange:
    """Any bid from `least` to `most` (the bidder's cash) in steps of `step`."""

    kind: ClassVar[str] = "bid-range"
    least: int
    most: int
    step: int = 1

    def __contains__(self, amount: object) -> bool:
        return (
            isinstance(amount, int)
            and self.least <= amount <= self.most
            and (amount - self.least) % self.step == 0
        )


@dataclass(frozen=True)
class Holdings:
    """What one player may put into a trade: these deeds, up to `cash`, these cards."""

    seat: int
    deeds: tuple[int, ...]
    cash: int
    cards: tuple[int, ...]


@dataclass(frozen=True)
class OfferTerms:
    """A trade offer the viewer may make now: to one of `partners`, each side giving any part of
    its holdings (`holdings`: the viewer's first, then each partner's); at least one thing
    changes hands."""

    kind: ClassVar[str] = "offer"
    partners: tuple[int, ...]
    holdings: tuple[Holdings, ...]

    def of(self, seat: int) -> Holdings:
        return next(h for h in self.holdings if h.seat == seat)


@dataclass(frozen=True)
class TradeOutcome:
    """What an offer would do, for both sides to read before it is sent or answered: each side's
    change in worth (as the game values holdings at its end), and the groups the exchange would
    complete, as (seat, group) pairs (Army's colour groups; none in a game without them)."""

    changes: tuple[tuple[int, int], ...]  # (seat, change in worth): the proposer's, the partner's
    completes: tuple[tuple[int, str], ...] = ()
