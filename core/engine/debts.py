"""Debts, for any game with a stack of decisions: a charge is paid at once if the cash is there;
otherwise a `Debt` decision goes on the stack for the debtor to raise the money (how is the
game's), and the debt is paid by itself as soon as the cash is there. A debtor who cannot raise
it goes bankrupt: out of the game, the debt off the stack, and what they held sold by the bank's
auctions one after another (`BankSale`) or handed to the creditor, as the game's rule says.

Functions over any `StackedTurns`: a game using them settles debts in its `_settle_debt` with
`settle_debt`, answers `_bank_auction(item)` if it stacks bank sales, and its sentences name
the kind "must-raise" (player, amount, reason, cash).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .decisions import BankSale, Debt, Frame

if TYPE_CHECKING:
    from core.engine.turns import StackedTurns


def charge(state: StackedTurns[Any], debtor: int, creditor: int, amount: int, reason: str) -> None:
    """Pay now if the cash is there; otherwise the debtor must raise it first."""
    if state.cash(debtor) >= amount:
        state._pay(debtor, creditor, amount, reason)
    else:
        state.stack.append(Debt(debtor, creditor, amount, reason))
        state._say("must-raise", state.players[debtor], amount, reason, state.cash(debtor))


def settle_debt(state: StackedTurns[Any]) -> bool:
    """Pay the debt on top of the stack if its debtor now has the cash (True if paid)."""
    frame = state.stack[-1] if state.stack else None
    if type(frame) is not Debt or state.cash(frame.debtor) < frame.amount:
        return False
    state.stack.pop()
    state._pay(frame.debtor, frame.creditor, frame.amount, frame.reason)
    return True


def go_bankrupt(state: StackedTurns[Any], seat: int) -> Debt:
    """`seat` cannot raise the debt on top of the stack: they are out of the game, and the
    debt comes off the stack for the game to settle as its bankruptcy rule says."""
    debt = state.answered(Debt)
    state.active[seat] = False
    return debt


def sell_for_bank(state: StackedTurns[Any], items: Sequence[int]) -> None:
    """A bankrupt's `items` go up for auction one after another, for the bank, while two or
    more players are left to bid."""
    if items and state.active.count(True) > 1:
        state.stack.append(BankSale(tuple(items)))


def run_bank_sale(state: StackedTurns[Any], frame: Frame) -> bool:
    """Open the bank's auction of the next item on sale (True), if `frame` is a bank sale."""
    if not isinstance(frame, BankSale):
        return False
    state.stack.pop()
    if len(frame.items) > 1:
        state.stack.append(BankSale(frame.items[1:]))
    state._bank_auction(frame.items[0])
    return True
