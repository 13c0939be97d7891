"""Trade offers, for any game with a stack of decisions: an offer (an action naming its
`partner`) waits on the stack for the partner's answer; a counter-offer replaces the offer it
answers; a rejection just says so. What an offer may hold, to whom, and what accepting it does
are the game's (its `_do_Accept`); each player's offers this turn are counted in `proposals`.
"""

from __future__ import annotations

from .decisions import TradeOffer


class OfferRules:
    __slots__ = ()

    def _do_Propose(self, seat: int, offer) -> None:
        if self.stack and type(self.stack[-1]) is TradeOffer:
            self.stack.pop()  # a counter-offer replaces the offer it answers
        self.proposals[seat] += 1
        self.stack.append(TradeOffer(seat, offer))
        self._say("offers", self.players[seat], self.players[offer.partner],
                  str(offer).removeprefix("offer "))

    def _do_Reject(self, seat: int, _action) -> None:
        proposer = self.stack.pop().proposer
        self._say("rejects", self.players[seat], self.players[proposer])
