"""Debts, for any game with a stack of decisions: a charge is paid at once if the cash is there;
otherwise a `Debt` decision goes on the stack for the debtor to raise the money (how, and what
bankruptcy does, is the game's), and the debt is paid by itself as soon as the cash is there.

A game mixing this in has `stack`, `players`, `cash(seat)`, `_pay(source, target, amount,
reason)` and `_say(kind, ...)`; its sentences name the kind "must-raise" (player, amount,
reason, cash).
"""

from __future__ import annotations

from .decisions import Debt


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
