"""The help screen's text for Million: keys first, then the rules in brief (its numbers read
from the rules' own data)."""

from core.games.million.frames import SIGNS, SIX_BONUS, START_CASH

HELP = f"""\
# Million: keys

- The **cursor** (the highlighted space) chooses a space and the business there: arrows, or a
  click. `Tab` jumps to the next space the game asks about (a destination, a small business to
  take, a business you may buy or lease); where a space holds two businesses, `Tab` goes from
  one to the other, and the Turn panel names the one the keys act on.
- `r`: roll the die. The spaces the roll reaches turn green; the path to the one under the
  cursor is drawn; `Enter` (or a second click) drives there.
- After moving: `b` buys and `l` leases the business under the cursor (any business from a
  Real Estate space); `e` ends your turn.
- `s` sells the business under the cursor (instead of rolling, or on Real Estate; the Turn
  panel shows what the sale roll would give); `u` ends its lease; `x` takes your SOLD sign off
  it without selling.
- A six: `m` takes ${SIX_BONUS:,}, `1`-`6` makes that player miss a turn.

# The board

- Businesses show their code (set letter and number) in their set's colour; a holder's digit
  follows with **B** (bought) or **L** (leased); beside cars on a space with two businesses
  the digit alone, in the holder's colour, underlined when leased. On the small board a held
  business's number is drawn on its holder's colour instead (underlined when leased). Prices stand
  in the block beside the business (in $k; L: the lease price, "L -": no lease).
- Landmarks are yellow; a publicity stunt showing there turns the space solid yellow. START is
  green, FINISH white (on the ONE WAY street, →), Real Estate purple. Cars are their players'
  digits on their colours.

# Million: the rules in brief

- Each player starts with ${START_CASH:,}, {SIGNS} SOLD signs and one small business free.
- Roll and drive exactly that many spaces, either way on two-way roads, never against the ONE
  WAY street and never back along the road just driven (no U-turn). From off the board START
  counts as the first space. You may stop short only on a publicity stunt's location.
- The first to reach a stunt is paid $10,000 x n x n for each group of n neighbouring
  businesses they hold, bought or leased. A new card is revealed: a car standing there goes back
  to START unpaid. Two cards showing one place pay once and send the car back to START.
- Buy or lease the business where you stop; on Real Estate any business, or sell one instead.
  A lease is refunded in full when you end it, but anyone may buy the business from you (you get
  the refund); your own lease is bought for the difference. No lease where none is printed.
- Sell one bought business a turn, instead of moving or on Real Estate, never in a turn you buy
  or lease: roll 1-2 half the price (rounded up to $10,000), 3-4 the price, 5 double, 6 triple.
- A six: after moving, take ${SIX_BONUS:,} or make an opponent miss a turn (not one already
  waiting to).
- Land exactly on FINISH holding the target in cash (leases may be ended there) to win.
"""
