"""An open auction as every game's turn panel shows it: the high bid, who has passed, and whose
bid it is, with the viewer's own bid being typed when it is theirs."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.style import Style
from rich.text import Text

from .panel import KEY

PASSED = Style(dim=True)


def auction_lines(
    text: Text,
    players: Sequence[str],
    auction,
    amount: Callable[[int], str],
    entry: int | None,
    payable: int,
    compact: bool,
) -> None:
    """Append to `text` the state of `auction` (anything with high, high_bidder, passed, bidder
    and minimum); `entry` is the viewer's bid being typed (None: not theirs to bid), `amount`
    writes a sum in the game's money."""
    if auction.high_bidder is None:
        text.append("No bid yet.\n")
    else:
        text.append(f"High bid {amount(auction.high)} by {players[auction.high_bidder]}\n", "bold")
    if auction.passed:
        text.append(f"Passed: {', '.join(players[s] for s in auction.passed)}\n", PASSED)
    if entry is None:
        text.append(f"{players[auction.bidder]} to bid or pass.")
        return
    text.append("Your bid: ", "bold")
    text.append(f" {amount(entry)} ", KEY)
    text.append(
        f" ≥{amount(auction.minimum)}, have {amount(payable)}\n"
        if compact
        else f"  (at least {amount(auction.minimum)}; you can pay {amount(payable)})\n"
    )
    if payable < auction.minimum and not compact:  # more than they can pay: said plainly (a
        # small panel has said "≥5, have 0")
        text.append("You cannot pay the least bid: pass, or raise money first.\n", "bold")
