"""Trade offers, for any game with a stack of decisions: an offer (an action naming its
`partner`) waits on the stack for the partner's answer; a counter-offer replaces the offer it
answers; a rejection just says so; on acceptance both sides' cash changes hands, then the rest
(the game's `_hand_over_side`). What an offer may hold and to whom are the game's; each
player's offers this turn are counted in `proposals`, unless the game keeps them otherwise
(`_note_offer`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import Action
from .decisions import OfferT, TradeOffer
from .rules import Rules

if TYPE_CHECKING:
    from core.engine.turns import StackedTurns


def do_Propose(state: StackedTurns[OfferT], seat: int, offer: OfferT) -> None:
    if state.stack and type(state.stack[-1]) is TradeOffer:
        state.stack.pop()  # a counter-offer replaces the offer it answers
    state._note_offer(seat, offer)
    state.stack.append(TradeOffer(seat, offer))
    state._say(
        "offers",
        state.players[seat],
        state.players[offer.partner],
        str(offer).removeprefix("offer "),
    )


def do_Accept(state: StackedTurns[OfferT], seat: int, _action: Action) -> None:
    trade: TradeOffer[OfferT] = state.answered(TradeOffer)
    proposer, offer = trade.proposer, trade.offer
    state._say("accepts", state.players[seat], state.players[proposer])
    sides = ((proposer, seat, True), (seat, proposer, False))
    # Both sides' cash first: what a deed received costs its taker (Army's 10% on a mortgaged
    # one) is then charged against the cash the trade leaves, and owed if it is not there.
    for giver, taker, proposers in sides:
        cash = offer.give_cash if proposers else offer.get_cash
        if cash:
            state._pay(giver, taker, cash, f"trade with {state.players[taker]}")
    for giver, taker, proposers in sides:
        state._hand_over_side(giver, taker, offer, proposers)


def do_Reject(state: StackedTurns[OfferT], seat: int, _action: Action) -> None:
    proposer = state.answered(TradeOffer).proposer
    state._say("rejects", state.players[seat], state.players[proposer])


def add_rules(
    rules: Rules[Any], propose: type[Action], accept: type[Action], reject: type[Action]
) -> None:
    """A game's rules play its offers, acceptances and rejections by the kit's."""
    rules.add(propose, do_Propose)
    rules.add(accept, do_Accept)
    rules.add(reject, do_Reject)
