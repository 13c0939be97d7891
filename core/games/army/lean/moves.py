"""Moves in the lean game: the throw (doubles, three in a row, Prison), passing GO, landing
(buying, rent, taxes), the Combat and Training cards (`moves.py` in the full engine)."""

from __future__ import annotations

from ..board import (
    GARRISON_RENT,
    GO_TO_PRISON,
    GROUP_OF,
    PRISON,
    PRISON_FINE,
    SALARY,
    SQUARES,
    SQUARES_COUNT,
    UTILITY_FACTOR,
    buildings_held,
)
from ..cards import CARD_FINE, DECKS
from ..frames import END, IN_PRISON, ROLL
from .buying import offered
from .money import charge
from .table import PRICE, RENTS, Finished, LeanArmy, NotModelled

# what stopping on a square does: a deed's kind, a tax, a card, Go to Prison, or nothing
SITE, GARRISON, UTILITY, TAX, CARD, TO_PRISON, NOTHING = range(7)
LANDING = tuple(
    {"site": SITE, "garrison": GARRISON, "utility": UTILITY, "tax": TAX}.get(
        s.kind, CARD if s.kind in ("combat", "training") else NOTHING
    )
    if s.index != GO_TO_PRISON
    else TO_PRISON
    for s in SQUARES
)
CARD_DECK = tuple(0 if s.kind == "combat" else 1 for s in SQUARES)  # a card square's deck


def throw(game: LeanArmy, seat: int) -> None:
    rng = game.rng
    d1, d2 = game.dice = rng.die(), rng.die()
    prison_turn = game.prison_turn
    if prison_turn[seat] >= 0:
        prison_turn[seat] += 1
        if d1 == d2:
            prison_turn[seat] = -1
            game.doubles = 1 if game.extra_throw else 0
            game.stage = ROLL if game.extra_throw else END
            moved(game, seat, d1 + d2)
        elif prison_turn[seat] >= 3:
            prison_turn[seat] = -1
            game.stage = END
            moved(game, seat, d1 + d2, PRISON_FINE)
        else:
            game.stage = END
            game.landings[IN_PRISON] += 1
        return
    game.doubles = game.doubles + 1 if d1 == d2 else 0
    if game.doubles == 3:
        send_to_prison(game, seat)
        game.landings[IN_PRISON] += 1
        return
    game.stage = ROLL if d1 == d2 else END
    moved(game, seat, d1 + d2)


def moved(game: LeanArmy, seat: int, steps: int, fine: int = 0) -> None:
    """A throw's move (after the `fine` that lets it out of Prison), then where it rests
    is counted."""
    try:
        if fine:
            charge(game, seat, game.bank, fine)
        if game.active[seat]:
            move(game, seat, steps)
    except Finished:
        settle(game, seat)  # the throw that ended the game still counts
        raise
    settle(game, seat)


def settle(game: LeanArmy, seat: int) -> None:
    game.landings[IN_PRISON if game.prison_turn[seat] >= 0 else game.position[seat]] += 1


def move(game: LeanArmy, seat: int, steps: int) -> None:
    target = game.position[seat] + steps
    if target >= SQUARES_COUNT:
        game.cash[game.bank] -= SALARY  # written out: a hot path (`pay` elsewhere)
        game.cash[seat] += SALARY
    game.position[seat] = target % SQUARES_COUNT
    land(game, seat)


def land(game: LeanArmy, seat: int) -> None:
    square = game.position[seat]
    kind = LANDING[square]
    if kind <= UTILITY:
        owner = game.owner[square]
        if owner < 0:
            offered(game, seat, square)
        elif owner != seat and not game.mortgaged[square]:
            charge(game, seat, owner, rent(game, square, owner))
    elif kind == TAX:
        charge(game, seat, game.bank, PRICE[square])
    elif kind == CARD:
        draw(game, seat, CARD_DECK[square])
    elif kind == TO_PRISON:
        send_to_prison(game, seat)


def rent(game: LeanArmy, square: int, owner: int) -> int:
    kind, holder = LANDING[square], game.owner
    if kind == GARRISON:
        return GARRISON_RENT[sum(holder[s] == owner for s in GROUP_OF[square])]
    if kind == UTILITY:
        held = sum(holder[s] == owner for s in GROUP_OF[square])
        return UTILITY_FACTOR[held] * (game.dice[0] + game.dice[1])
    level = game.level[square]
    if level == 0 and all(holder[s] == owner for s in GROUP_OF[square]):
        return 2 * RENTS[square][0]
    return RENTS[square][level]


def send_to_prison(game: LeanArmy, seat: int) -> None:
    game.position[seat] = PRISON
    game.prison_turn[seat] = 0
    if seat == game.turn:
        game.doubles = 0
        game.stage = END
        game.jailed = True


def draw(game: LeanArmy, seat: int, deck: int) -> None:
    card = game.decks[deck].pop(0)
    _, effect, *args = DECKS[deck][card]
    game.last_card = (deck, card)
    if effect == "get_out":
        game.card_holder[deck] = seat
        return
    game.decks[deck].append(card)
    if effect == "advance":
        move(game, seat, (args[0] - game.position[seat]) % SQUARES_COUNT)
    elif effect == "back":
        game.position[seat] = (game.position[seat] - args[0]) % SQUARES_COUNT
        land(game, seat)
    elif effect == "goto":
        game.position[seat] = args[0]
        land(game, seat)
    elif effect == "prison":
        send_to_prison(game, seat)
    elif effect == "repairs":
        stores, barracks = buildings_held(game.estate(seat)[0], game.level)
        cost = stores * args[0] + barracks * args[1]
        if cost:
            charge(game, seat, game.bank, cost)
    elif effect == "pay":
        charge(game, seat, game.bank, args[0])
    elif effect == "receive":
        game.pay(game.bank, seat, args[0])
    elif effect == "birthday":
        birthday(game, seat, args[0])
    else:  # fine_or_combat: the bot pays when it has the fine and half its reserve
        if game.cash[seat] >= CARD_FINE + game.reserve(seat) // 2:
            charge(game, seat, game.bank, CARD_FINE)
        else:
            draw(game, seat, 0)


def birthday(game: LeanArmy, seat: int, amount: int) -> None:
    """Every other player pays `seat`; one who cannot raises it once the others have paid
    (their debts wait on the stack in that order; two such are left to the full engine)."""
    cash, owing = game.cash, []
    for other in game.order_after(seat):
        if other == seat:
            continue
        if cash[other] >= amount:
            game.pay(other, seat, amount)
        else:
            owing.append(other)
    if len(owing) > 1:
        raise NotModelled("two debts at once")
    for other in owing:
        charge(game, other, seat, amount)
