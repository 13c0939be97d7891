"""The help screen's text for Big Shot: keys first, then the rules in brief."""

HELP = """\
# Big Shot: keys

- `r`: roll the die, when it is your roll; the broker moves to the next cubes.
- digits, `+` `-` `↑` `↓`: set your bid; `Enter` bids it; `p` passes (final for this auction).
- `l` (`L`): take a loan (for your first / second colour), when a loan is allowed.
- `n`: no loan this round, when loans are asked for before the bidding.
- placing: `←` `↑` `→` `↓` (or a click) choose a lot, `r` `y` `w` `b` the cube of that colour
  (or `c` the next), `Enter` (or a second click) places it; a hint (`h`) puts the cube it names
  on the lot it names. The lot shows what the cube would do: who would lead, or win it outright.
- paying with two colours: `←` `→` choose, `Enter` pays.

# The rules in brief

Big Shot is played over **18 rounds**. Each round the starting player rolls the die and the
broker moves clockwise, counting only the auction spaces that still hold cubes. The **4 cubes**
there are auctioned: bids go round from the roller's left, each higher than the last, and a pass
is final. The winner pays the bank and places the cubes one at a time on any lots, in any
colours. If nobody bids, the roller takes them free.

A lot holds **7 cubes** and is sold the moment the 7th lands: it goes to the colour with the
highest count that nobody else shares, so **3/3/1 and 2/2/2/1 go to the single cube**. At the
end, every unsold lot is settled the same way; a lot where no count stands alone (2/2, 1/1/1)
goes to nobody.

Once a round you may borrow 10 million from the bank: the first loan pays 9, the second 8, and so
on, and each costs 10 at the end.

**Score:** your lots' values (a lot next to a park **x2** you own counts double) plus your cash,
less 10 per loan. Only a player with **at least two lots** can win; ties go to more lots, then
to the most valuable lot.

Variants: hidden money (each sees only their own cash; loans before the bidding); 3 players
with a ghost colour that never bids and scores nothing; 2 players with two colours each.
"""
