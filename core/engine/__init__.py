"""What every game shares: actions, errors, RNG, ledger, auction, options, records, bots."""
