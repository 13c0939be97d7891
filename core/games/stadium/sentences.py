"""Stadium's events: each kind's fields and how it reads in the log."""

from core.engine.events import Sentences


def _acres(count: int) -> str:
    return f"{count} acre{'s' if count != 1 else ''}"


SENTENCES = Sentences(
    {
        "starts": (("player",), "{} goes first."),
        "collects": (("player", "returns"), "{} collects ${:,} in returns."),
        "rolls": (("player", "die"), "{} rolls {}."),
        "no-bank-land": (("where",), "No Bank land is left in {}."),
        "buys-land": (
            ("player", "lot", "acres", "price"),
            lambda player, lot, acres, price: (
                f"{player} buys {lot} ({_acres(acres)}) for ${price:,}."
            ),
        ),
        "buys-building": (
            ("player", "building", "number", "acres", "price"),
            lambda player, building, number, acres, price: (
                f"{player} buys the Bank's {building} "
                f"#{number} with its land ({_acres(acres)}) for ${price:,}."
            ),
        ),
        "buys-no-land": (("player",), "{} buys no land."),
        "speculates": (
            ("player", "lot", "seller", "price"),
            "{} buys {} from {} for ${:,} (Speculator).",
        ),
        "crown-card": (
            ("player", "lot", "acres", "minimum"),
            lambda player, lot, acres, minimum: (
                f"{player} turns up an Auction card: {lot} "
                f"({_acres(acres)}), bidding opens at ${minimum:,}."
            ),
        ),
        "bids": (("player", "amount"), "{} bids ${:,}."),
        "passes": (("player",), "{} passes."),
        "wins-auction": (("player", "item", "price"), "{} wins {} for ${:,}."),
        "crown-frozen": (("lot",), "Nobody bids for {}: it is frozen for good."),
        "no-bids": (("item",), "Nobody bids for {}."),
        "bank-keeps": (
            ("item", "zone", "price"),
            lambda item, zone, price: (
                f"Nobody bids for {item}: it stays standing, the Bank's, "
                f"earning nothing, for sale with its land for ${price:,} on a "
                f"throw of {zone} or 4."
            ),
        ),
        "builds": (
            ("player", "building", "number", "price"),
            lambda player, building, number, price: (
                f"{player} builds {'an' if building[0] in 'AEIOU' else 'a'} {building} (#{number}) "
                f"for ${price:,}."
            ),
        ),
        "demolishes": (
            ("player", "building", "number", "fee"),
            "{} demolishes the {} (#{}) for ${:,}.",
        ),
        "venture": (("player", "card"), "{} picks a Venture card: {}"),
        "expropriated": (
            ("player", "lot", "amount"),
            "The Bank buys {}'s {} for ${:,} (Expropriation).",
        ),
        "venture-collects": (("player", "amount", "card"), "{} collects ${:,} ({})."),
        "venture-pays": (("player", "amount", "card"), "{} pays ${:,} ({})."),
        "ventures-shuffled": ((), "The Venture cards are reshuffled."),
        "fire": (("player", "building", "number"), "Fire! {}'s {} (#{}) is gone."),
        "must-raise": (
            ("player", "amount", "reason", "cash"),
            "{} owes ${:,} ({}) and has ${:,}: land or buildings go to auction.",
        ),
        "debt-sale": (("player", "item"), "{} auctions {} to pay a debt."),
        "bankrupt": (
            ("player", "amount", "reason"),
            "{} cannot pay ${:,} ({}) and is bankrupt: the land goes back to the Bank.",
        ),
        "offers": (("player", "partner", "terms"), "{} offers {} {}."),
        "accepts": (("player", "proposer"), "{} accepts {}'s offer."),
        "rejects": (("player", "proposer"), "{} rejects {}'s offer."),
        "game-over": (("reason",), "{}"),
    }
)
