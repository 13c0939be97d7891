"""The bank and its ledger: every movement of money, as a transfer between two accounts.

Accounts are small integers chosen by the game (a player, a colour); the bank is one more account
and may go negative, because the bank never runs out. Every transfer moves money, so the balances
always sum to zero: that is the money-conservation invariant the simulations check.
"""

from functools import partial
from typing import NamedTuple


class Transfer(NamedTuple):
    round: int
    source: int
    target: int
    amount: int
    reason: str


# new_transfer((round, source, target, amount, reason)): Transfer(...) made as a tuple is made
# (a named tuple's own constructor is a Python function; every payment makes one)
new_transfer = partial(tuple.__new__, Transfer)


class Ledger:
    __slots__ = ("balances", "entries", "bank")

    def __init__(self, accounts: int) -> None:
        self.bank = accounts
        self.balances = [0] * (accounts + 1)
        self.entries: list[Transfer] = []

    def copy(self) -> "Ledger":
        clone = Ledger.__new__(Ledger)
        clone.bank = self.bank
        clone.balances = self.balances[:]
        clone.entries = self.entries[:]
        return clone

    def transfer(self, round_: int, source: int, target: int, amount: int, reason: str) -> None:
        self.balances[source] -= amount
        self.balances[target] += amount
        self.entries.append(new_transfer((round_, source, target, amount, reason)))

    def balance(self, account: int) -> int:
        return self.balances[account]
