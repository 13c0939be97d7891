"""The help screen's text for the Army game: keys first, then the rules in brief (its numbers
read from the rules' own data)."""

from core.games.army.board import (
    BARRACKS_IN_BANK,
    PRISON_FINE,
    SALARY,
    START_CASH,
    STORES_IN_BANK,
)
from core.games.army.cards import CARD_FINE

HELP = f"""\
# Army: keys

- `r`: throw the dice. In Prison: `r` throws for doubles, `f` pays the £{PRISON_FINE:,} fine,
  `g` uses a Get out of Prison free card.
- `y` buys the deed you landed on; `n` declines it, and it goes to auction.
- Auctions: digits, `↑` `↓` (or `+` `-`) set your bid, `Enter` bids, `p` passes (for good).
- `e`: end your turn.
- The **cursor** (the highlighted square) chooses a deed: the arrows move it the way they
  point round the board, `Tab` (`Shift+Tab`) jumps to your next (previous) deed, or click a
  square. The centre of the board shows its card.
- On the deed under the cursor: `b` build an Ammo Store (a Barracks after four), `s` sell a
  building back, `m` mortgage, `u` lift the mortgage. When the rules forbid it, the centre
  of the board says why (even building, a mortgaged site in the group...).
- `o`: offer a trade (deeds, cash, Get-out cards) to another player. An offer made to you:
  `y` accept, `n` reject, `c` counter-offer. At most three offers a turn.
- Owing more than you have: sell (`s`), mortgage (`m`) or trade (`o`) until you can pay; `B`
  declares bankruptcy, offered only when even all that could not pay the debt.
- A card asking for a £{CARD_FINE:,} fine or a Combat card: `f` pays, `d` draws.
- A mortgaged deed you receive: `l` lifts the mortgage now, `k` keeps it mortgaged.
- When the bank runs short of buildings, everyone able to build says how many they want
  (type the number, `Enter`); if two or more want more than there is, they are auctioned one
  at a time. A building won so: the arrows or `Tab` choose the site, `Enter` puts it there.
- Selling (`s`) and mortgaging (`m`) work whenever the game waits on you: in an auction, when
  an offer reaches you, deciding on a purchase.

# The board

Each square shows its name (on its colour group's colour), then its owner's number, its
buildings (▪ an Ammo Store, ▲ a Barracks; on a small screen one bar, as high as the number of
Stores: ▂ ▄ ▆ █) or `m` when mortgaged, then the tokens standing there. On the Prison square,
the tokens after "in" are in Prison; the others are Just Visiting.
Unowned deeds show their price on the full board; on a small screen the card of the square
under the cursor, in the centre, gives it. The Ledger lists each player's cash and net worth,
buildings, their deeds by group, each colour group after its letter (b brown, l light blue,
p pink, o orange, r red, y yellow, g green, d dark blue), named as on the small board (struck
through when mortgaged), Get-out cards (C Combat, T Training) and rent.

# The rules in brief

2 to 6 players start with £{START_CASH:,} and move round the board by two dice. Pass GO: collect
£{SALARY:,}.
Land on an unowned deed: buy it at its price, or it is auctioned to everyone (you too). Land
on someone's deed: pay rent (double on a bare site when they own the whole colour group;
Garrisons by how many they own; Utilities by the dice). Three doubles in a row send you to
Prison, as do the Go To Prison square and some cards.

Own a whole colour group, none of it mortgaged, and you may build Ammo Stores evenly (no site
two ahead of another), then a Barracks after four. The bank has {STORES_IN_BANK} Stores and
{BARRACKS_IN_BANK} Barracks; when buildings run short, those who want more than there is bid for
them one at a time. Buildings sell back at half price, evenly.
Mortgages pay half the price; lifting one costs the mortgage plus 10%. A mortgaged deed
received in a trade costs its new owner the 10% at once.

Out of money: raise it, or go bankrupt. Bankrupt to a player, they take everything; bankrupt to
the bank, the bank auctions your deeds. The last player left wins. In the short game (an option),
the game ends after a round limit and the richest player, by the rulebook's valuation, wins.
"""
