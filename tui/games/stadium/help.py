"""The help screen's text for Stadium: keys first, then the rules in brief (its numbers read
from the rules' own data)."""

from core.games.stadium.board import STADIUM
from core.games.stadium.frames import ACRE_PRICE, BID_STEP, DEMOLITION, START_CASH

HELP = f"""\
# Stadium: keys

- The **cursor** (the highlighted acre) chooses a lot or a building: arrows, or a click. `Tab`
  jumps to the next lot the game asks about (land for sale, your holdings in a debt).
- `r`: roll the die. On a 1-4, `Enter` buys the lot (or the Bank's building) under the cursor,
  `x` buys none. On a 5 or 6, `a` turns up an Auction card (a Crown lot), `v` picks a Venture
  card.
- Auctions: digits (thousands of dollars), `↑` `↓` or `+` `-` ($10,000), `Enter` bids, `p`
  passes for good.
- `b` builds: the biggest earner you can pay for appears at the first spot where it fits (the
  cursor moves there), green where it fits and red where it does not, with the reason in the
  Turn panel. Arrows move it, `[` `]` change the
  card, `f` turns it (its figures edge, underlined: a square card a quarter turn at a time, any
  other half way round, north or south), `Enter` builds, `Esc` stops.
- `d` demolishes your building under the cursor (it asks first); `o` offers a trade (land,
  buildings, cash: cash typed in thousands, as a bid is); an offer made to you: `y` accept,
  `n` reject, `c` counter-offer.
- Owing money: `s` auctions the land or building under the cursor to the other players; `B`
  declares bankruptcy once everything has been offered.
- `e` ends your turn.

# Stadium: the rules in brief

- Each player starts with ${START_CASH:,}. A turn: collect the returns of your buildings (done
  for you), roll the die (you must), build one building, demolish one, and trade at any point.
- The die: 1, 2 or 3 lets you buy one lot of Bank land in that zone, 4 in any zone, at
  ${ACRE_PRICE:,} an acre. 5 or 6: turn up an Auction card (bidding opens at the card's minimum
  with you, then to the left, in ${BID_STEP:,} steps; a lot nobody bids for is frozen for good)
  or pick a Venture card (only Venture cards once the Auction cards are used up).
- Building: not in your first turn of the game; on your own land not acquired this turn, inside
  one block, its figures edge touching a street along at least part of its length (a square
  card may face any side, any other faces south or, turned half way round, north), in the block's
  class (the first building zones the block residential or commercial until it is empty again;
  the Stadium is exempt). A building may cover parts of lots; the part left stays yours.
- Demolition costs ${DEMOLITION:,} and comes after construction: the land is cleared for next
  turn.
- Venture cards act at once, or are kept face up until they apply (next turn's returns, your
  next building). A debt you cannot pay is raised by auctioning your land or buildings to the
  others; if that is not enough you are bankrupt: your land goes back to the Bank and your
  buildings are auctioned for the Bank. One nobody buys stays standing, the Bank's (B on the
  board), earning nothing: a throw for its zone lets you buy it with its land at
  ${ACRE_PRICE:,} an acre.
- Build the {STADIUM.name} ({STADIUM.width}x{STADIUM.height} acres, ${STADIUM.price:,}) to win.
  Otherwise the game ends at the round limit (an option) or when nobody can build any more, and
  the greatest assets win: cash, undeveloped land at ${ACRE_PRICE:,} an acre, buildings at cost.
"""
