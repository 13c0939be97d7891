"""Stadium's rules by the action each plays (core.engine.rules): each rule module writes
`@rules.plays(A.Kind)` on its rules; the kit's bids, passes and trade offers are added here.
StadiumState plays by them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.engine import bidding, offers
from core.engine.rules import Rules

from . import actions as A

if TYPE_CHECKING:
    from .state import StadiumState

rules: Rules[StadiumState] = Rules("stadium")
bidding.add_rules(rules, A.Bid, A.Pass)
offers.add_rules(rules, A.Propose, A.Accept, A.Reject)
