"""The Combat and Training decks: the classic UK Chance and Community Chest effects, re-themed.

Effects come from ../shared/reference/army_cards_uk_facts.md (deck A); the wording is ours.
Each card is (text, effect, argument...). Effects:
  advance n: move forward to square n (salary if passing GO); back n: move back n squares;
  goto n: move backwards to n without salary; prison; get_out (kept until used);
  repairs per_store per_barracks; pay n; receive n; birthday n (from each other player);
  fine_or_combat n (pay n, or draw a Combat card).
"""

from __future__ import annotations

COMBAT, TRAINING = 0, 1
DECK_NAMES = ("Combat", "Training")

DECKS: tuple[tuple[tuple, ...], ...] = (
    (  # Combat (Chance)
        ("Advance to GO. Collect £200.", "advance", 0),
        ("Rapid deployment: advance to Apache. Collect £200 if you pass GO.", "advance", 24),
        ("Advance to Husky. Collect £200 if you pass GO.", "advance", 11),
        ("Posting: take a trip to Aldershot Garrison. Collect £200 if you pass GO.", "advance", 15),
        ("Advance to Sniper.", "advance", 39),
        ("Tactical withdrawal: go back three spaces.", "back", 3),
        ("Go to Prison. Do not pass GO, do not collect £200.", "prison"),
        ("Get out of Prison free. Keep this card until needed, or sell it.", "get_out"),
        ("Kit inspection: pay £25 for each Ammo Store and £100 for each Barracks.",
         "repairs", 25, 100),
        ("Depot repairs: pay £40 for each Ammo Store and £115 for each Barracks.",
         "repairs", 40, 115),
        ("Pay the mess bill of £150.", "pay", 150),
        ("Speeding on the ranges: fine £15.", "pay", 15),
        ("Late back from leave: fine £20.", "pay", 20),
        ("The regimental fund pays you a dividend of £50.", "receive", 50),
        ("Your service bonus matures: receive £150.", "receive", 150),
        ("You have won the regimental crossword: collect £100.", "receive", 100),
    ),
    (  # Training (Community Chest)
        ("Advance to GO. Collect £200.", "advance", 0),
        ("Back to basics: go back to Reaper.", "goto", 1),
        ("Go to Prison. Do not pass GO, do not collect £200.", "prison"),
        ("Get out of Prison free. Keep this card until needed, or sell it.", "get_out"),
        ("Pay a £10 fine or take a Combat card.", "fine_or_combat", 10),
        ("Pay office error in your favour: collect £200.", "receive", 200),
        ("Your pension annuity matures: collect £100.", "receive", 100),
        ("You inherit £100.", "receive", 100),
        ("From the sale of surplus stock you get £50.", "receive", 50),
        ("Receive interest on savings: £25.", "receive", 25),
        ("Tax refund: collect £20.", "receive", 20),
        ("It is your birthday: collect £10 from each player.", "birthday", 10),
        ("Second prize in the best-kept barracks contest: collect £10.", "receive", 10),
        ("Pay the field hospital £100.", "pay", 100),
        ("Medical officer's fee: pay £50.", "pay", 50),
        ("Pay your kit insurance of £50.", "pay", 50),
    ),
)

# the fine the Training card asks for, paid instead of taking a Combat card
CARD_FINE = next(card[2] for card in DECKS[1] if card[1] == "fine_or_combat")
GET_OUT = tuple(next(i for i, card in enumerate(deck) if card[1] == "get_out") for deck in DECKS)
