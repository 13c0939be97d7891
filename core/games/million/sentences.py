"""Million's events: each kind's fields and how it reads in the log."""

from core.engine.events import Sentences

SENTENCES = Sentences(
    {
        "starts": (("player", "roll"), "{} rolls highest ({}) and goes first."),
        "takes-free": (("player", "business"), "{} takes {} free."),
        "rolls": (("player", "die"), "{} rolls {}."),
        "drives": (("player", "space"), "{} drives to {}."),
        "stunt": (
            ("player", "landmark", "income", "groups"),
            lambda player, landmark, income, groups: (
                f"{player} completes the publicity stunt at the {landmark} and collects "
                f"${income:,}" + (f" (groups of {', '.join(map(str, groups))})." if groups else ".")
            ),
        ),
        "new-stunt": (("landmark",), "New publicity stunt: the {}."),
        "stunts-shuffled": ((), "The publicity stunt cards are reshuffled."),
        "back-to-start": (("player", "why"), "{} goes back to START ({})."),
        "takes-ten": (("player", "amount"), "{} takes ${:,} for the six."),
        "skips": (
            ("player", "other", "leader"),
            lambda player, other, leader: f"{player} makes {other} miss a turn.",
        ),
        "misses-turn": (("player",), "{} misses a turn."),
        "six-gives-nothing": (
            ("player",),
            "{}'s six makes nobody miss a turn: every opponent misses one already.",
        ),
        "buys": (("player", "business", "price"), "{} buys {} for ${:,}."),
        "leases": (("player", "business", "price"), "{} leases {} for ${:,}."),
        "lease-bought-out": (
            ("player", "business", "refund"),
            "{}'s lease of {} ends: ${:,} refunded.",
        ),
        "ends-lease": (("player", "business", "refund"), "{} ends the lease of {}: ${:,} back."),
        "drops-sign": (("player", "business"), "{} takes the SOLD sign off {}."),
        "sells": (("player", "business", "roll", "price"), "{} sells {} (rolls {}) for ${:,}."),
        "game-over": (("reason",), "{}"),
    }
)
