"""Trade offers, for any game with a stack of decisions: an offer (an action naming its
`partner`) waits on the stack for the partner's answer; a counter-offer replaces the offer it
answers; a rejection just says so; on acceptance each side's cash changes hands, then the rest
(the game's `_hand_over_side`). What an offer may hold and to whom are the game's; each
player's offers this turn are counted in `proposals`, unless the game keeps them otherwise
(`_note_offer`).
"""

from __future__ import annotations

from .decisions import TradeOffer


class OfferRules:
    __slots__ = ()

    def _do_Propose(self, seat: int, offer) -> None:
        if self.stack and type(self.stack[-1]) is TradeOffer:
            self.stack.pop()  # a counter-offer replaces the offer it answers
        self._note_offer(seat, offer)
        self.stack.append(TradeOffer(seat, offer))
        self._say(
            "offers",
            self.players[seat],
            self.players[offer.partner],
            str(offer).removeprefix("offer "),
        )

    def _note_offer(self, seat: int, offer) -> None:
        """Remember that `seat` made `offer` this turn."""
        self.proposals[seat] += 1

    def _do_Accept(self, seat: int, _action) -> None:
        trade = self.stack.pop()
        proposer, offer = trade.proposer, trade.offer
        self._say("accepts", self.players[seat], self.players[proposer])
        for giver, taker, proposers in ((proposer, seat, True), (seat, proposer, False)):
            cash = offer.give_cash if proposers else offer.get_cash
            if cash:
                self._pay(giver, taker, cash, f"trade with {self.players[taker]}")
            self._hand_over_side(giver, taker, offer, proposers)

    def _hand_over_side(self, giver: int, taker: int, offer, proposers: bool) -> None:
        """Move what one side of an accepted `offer` holds besides cash from `giver` to `taker`:
        the proposer's side (`give_...`) when `proposers`, else the partner's (`get_...`)."""
        raise NotImplementedError

    def _do_Reject(self, seat: int, _action) -> None:
        proposer = self.stack.pop().proposer
        self._say("rejects", self.players[seat], self.players[proposer])
