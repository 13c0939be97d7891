"""Money accounting for the simulations: what players hold is what the bank issued."""

from core.engine.ledger import Ledger


class MoneyCheck:
    """Follows one game's ledger step by step (each call reads only the entries since the last).

    At every step: each transfer moves a positive amount between two different accounts; the
    balances are exactly what the record of transfers adds up to (nothing changed money behind
    the ledger's back); and the money the players hold is the money the bank has paid out less
    what it took back."""

    def __init__(self) -> None:
        self.read = 0
        self.totals: list[int] | None = None
        self.issued = 0

    def __call__(self, ledger: Ledger, players: range) -> None:
        if self.totals is None:
            self.totals = [0] * len(ledger.balances)
        for entry in ledger.entries[self.read :]:
            assert entry.amount > 0 and entry.source != entry.target, entry
            self.totals[entry.source] -= entry.amount
            self.totals[entry.target] += entry.amount
            self.issued += (entry.source == ledger.bank) * entry.amount
            self.issued -= (entry.target == ledger.bank) * entry.amount
        self.read = len(ledger.entries)
        assert self.totals == ledger.balances
        assert sum(ledger.balances[p] for p in players) == self.issued
