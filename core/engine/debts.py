"""Debts, for any game with a stack of decisions: a charge is paid at once if the cash is there;
otherwise a `Debt` decision goes on the stack for the debtor to raise the money (how is the
game's), and the debt is paid by itself as soon as the cash is there. A debtor who cannot raise
it goes bankrupt: out of the game, the debt off the stack, and what they held sold by the bank's
auctions one after another (`BankSale`) or handed to the creditor, as the game's rule says.

A game mixing this in has `stack`, `players`, `active`, `cash(seat)`, `_pay(source, target,
amount, reason)` and `_say(kind, ...)`, and `_bank_auction(item)` if it stacks bank sales; its
sentences name the kind "must-raise" (player, amount, reason, cash).
"""

from __future__ import annotations

from .decisions import BankSale, Debt


class DebtRules:
    __slots__ = ()

    def _charge(self, debtor: int, creditor: int, amount: int, reason: str) -> None:
        """Pay now if the cash is there; otherwise the debtor must raise it first."""
        if self.cash(debtor) >= amount:
            self._pay(debtor, creditor, amount, reason)
        else:
            self.stack.append(Debt(debtor, creditor, amount, reason))
            self._say("must-raise", self.players[debtor], amount, reason, self.cash(debtor))

    def _settle_debt(self) -> bool:
        """Pay the debt on top of the stack if its debtor now has the cash (True if paid)."""
        frame = self.stack[-1] if self.stack else None
        if type(frame) is not Debt or self.cash(frame.debtor) < frame.amount:
            return False
        self.stack.pop()
        self._pay(frame.debtor, frame.creditor, frame.amount, frame.reason)
        return True

    def _go_bankrupt(self, seat: int) -> Debt:
        """`seat` cannot raise the debt on top of the stack: they are out of the game, and the
        debt comes off the stack for the game to settle as its bankruptcy rule says."""
        debt = self.stack.pop()
        self.active[seat] = False
        return debt

    def _sell_for_bank(self, items) -> None:
        """A bankrupt's `items` go up for auction one after another, for the bank, while two or
        more players are left to bid."""
        if items and self.active.count(True) > 1:
            self.stack.append(BankSale(tuple(items)))

    def _run_bank_sale(self, frame) -> bool:
        """Open the bank's auction of the next item on sale (True), if `frame` is a bank sale."""
        if type(frame) is not BankSale:
            return False
        self.stack.pop()
        if len(frame.items) > 1:
            self.stack.append(BankSale(frame.items[1:]))
        self._bank_auction(frame.items[0])
        return True

    def _bank_auction(self, item: int) -> None:
        """Open the auction of one of a bankrupt's items, for the bank (the game's rule)."""
        raise NotImplementedError
