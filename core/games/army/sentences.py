"""Army's events: each kind's fields and how it reads in the log."""

from core.engine.events import Sentences

SENTENCES = Sentences(
    {
        "wants": (("player", "buildings"), "{} wants {}."),
        "builds": (("player", "building", "site"), "{} builds {} on {}."),
        "sells-building": (("player", "site", "price"), "{} sells a building on {} for £{:,}."),
        "mortgages": (("player", "deed", "amount"), "{} mortgages {} for £{:,}."),
        "lifts-mortgage": (("player", "deed", "cost"), "{} lifts the mortgage on {} for £{:,}."),
        "keeps-mortgage": (("player", "deed"), "{} keeps {} mortgaged."),
        "pays-repairs": (
            ("player", "amount", "buildings"),
            "{} pays £{:,} for repairs on {}.",
        ),
        "no-repairs": (("player",), "{} has no buildings to pay repairs on."),
        "pays-interest": (
            ("player", "amount"),
            "{} pays £{:,}: 10% interest on the mortgaged deeds received.",
        ),
        "stock-short": (("left",), "The bank has {} left: who wants how many?"),
        "shortage-auction": (
            ("wanted", "left"),
            "Building shortage: {} wanted and the bank has {}: auction.",
        ),
        "sells-group-bare": (
            ("player", "price"),
            "The bank lacks Ammo Stores to break the Barracks down: {} sells every building of the "
            "group for £{:,}.",
        ),
        "throws": (("player", "die1", "die2", "double"), "{} throws {} and {}{}."),
        "pays-out-of-prison": (("player", "fine"), "{} pays £{:,} and leaves Prison."),
        "uses-get-out-card": (("player",), "{} uses a Get out of Prison free card."),
        "pays-card-fine": (("player", "fine"), "{} pays the £{:,} fine."),
        "draws": (("player", "deck", "card"), "{} draws {}: {}"),
        "third-double": (("player",), "{} throws a third double in a row: to Prison!"),
        "passes-go": (("player", "salary"), "{} passes GO and collects £{:,}."),
        "double-out-of-prison": (
            ("player", "die1", "die2"),
            "{} throws a double {} and {} and leaves Prison.",
        ),
        "lands-unowned": (("player", "deed", "price"), "{} lands on {} (£{:,}, unowned)."),
        "lands-tax": (("player", "square", "amount"), "{} lands on {}: pays £{:,}."),
        "third-prison-turn": (
            ("player", "die1", "die2", "fine"),
            "{} throws {} and {} on a third turn in Prison: pays £{:,} and leaves.",
        ),
        "stays-in-prison": (
            ("player", "die1", "die2"),
            "{} throws {} and {}: no double, stays in Prison.",
        ),
        "lands-own": (("player", "deed"), "{} lands on {}, their own."),
        "lands-mortgaged": (("player", "deed"), "{} lands on {}: mortgaged, no rent."),
        "owes-rent": (
            ("player", "deed", "owner", "rent"),
            "{} lands on {} and owes {} £{:,} rent.",
        ),
        "lands-go-to-prison": (("player",), "{} lands on Go To Prison."),
        "lands": (("player", "square"), "{} lands on {}."),
        "buys": (("player", "deed", "price"), "{} buys {} for £{:,}."),
        "declines": (("player", "deed"), "{} declines {}: it goes to auction."),
        "bids": (("player", "amount"), "{} bids £{:,}."),
        "passes": (("player",), "{} passes."),
        "wins-auction": (("player", "lot", "price"), "{} wins {} for £{:,}."),
        "no-bids": (("lot",), "Nobody bids for {}: it stays with the bank."),
        "bankrupt-to-bank": (
            ("player", "amount", "reason"),
            "{} cannot pay £{:,} ({}) and is bankrupt: the bank takes everything and auctions the "
            "deeds.",
        ),
        "bankrupt-to-player": (
            ("player", "amount", "reason", "creditor"),
            "{} cannot pay £{:,} ({}) and is bankrupt: {} takes everything.",
        ),
        "must-raise": (
            ("player", "amount", "reason", "cash"),
            "{} owes £{:,} ({}) and has £{:,}: must raise money.",
        ),
        "game-over": (("outcome",), "Game over. {}"),
        "starts": (("player", "throw"), "{} throws highest ({}) and starts."),
        "dealt": (("player", "deed", "price"), "{} is dealt {} and pays £{:,}."),
        "offers": (("player", "partner", "terms"), "{} offers {} {}."),
        "rejects": (("player", "proposer"), "{} rejects {}'s offer."),
        "accepts": (("player", "proposer"), "{} accepts {}'s offer."),
    }
)
