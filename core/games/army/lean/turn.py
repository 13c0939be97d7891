"""A turn in the lean game: the bot's own moves where nothing is pending (leaving Prison
early, building, lifting a mortgage, offering for the deed that completes a group, and the
holder's answer), its throws, and the turn passing on."""

from __future__ import annotations

from core.engine.turns import next_seat

from ..board import BARRACKS, GROUP_OF, PRISON_FINE
from ..bots import COMPLETING, EARLY_UNOWNED, GROUP_PRICE
from ..cards import GET_OUT
from ..frames import END, MAX_PROPOSALS, ROLL, interest
from ..state import start_turn
from .money import lift, receive
from .moves import throw
from .table import BUILD, LEVELS, MORTGAGE, PRICE, RENTS, Finished, LeanArmy, NotModelled


def play(game: LeanArmy) -> None:
    """Turn after turn to the game's end (Finished), or NotModelled."""
    try:
        while True:
            play_turn(game)
            next_turn(game)
    except Finished:
        return


def play_turn(game: LeanArmy) -> None:
    """The rest of the turn, from a point with nothing pending (its start or its end)."""
    seat = game.turn
    while game.stage == ROLL:
        manage(game, seat)
        throw(game, seat)
        if not game.active[seat]:
            return
    manage(game, seat)


def next_turn(game: LeanArmy) -> None:
    """The turn passes on (`ArmyState._next_turn`): a round ends where it passes the
    starter, and the game there at its round limit."""
    seat, new_round = next_seat(game.active, game.turn, game.starter)
    if new_round:
        game.round_ends.append(game.worth())
        if game.round_limit and game.round >= game.round_limit:
            game.finish("worth", f"the {game.round_limit}-round limit")
        game.round += 1
    start_turn(game, seat)


def may_raise(game: LeanArmy, seat: int) -> bool:
    """Whether `seat` has a building to sell or a deed to mortgage (a legal list longer
    than its one answer)."""
    level, mortgaged = game.level, game.mortgaged
    for s in game.estate(seat)[0]:
        if level[s] or not mortgaged[s] and not any(level[g] for g in GROUP_OF[s]):
            return True
    return False


def manage(game: LeanArmy, seat: int) -> None:
    """The bot's moves where nothing is pending, up to its throw or the end of its turn:
    leaving Prison early, building, lifting a mortgage, offering for a deed it lacks."""
    cash, level, holder = game.cash, game.level, game.card_holder
    style = game.styles[seat]
    while True:
        stage = game.stage
        if stage == END and game.jailed:
            return  # its turn ends there
        listed = False  # whether more than the throw or the end of the turn is legal
        if stage == ROLL and game.prison_turn[seat] >= 0:
            if game.unowned > EARLY_UNOWNED and leave_prison(game, seat):
                continue
            listed = game.prison_turn[seat] < 2 and cash[seat] >= PRISON_FINE or seat in holder
        # `estate` and `reserve` written inline: this loop runs at least twice a turn, and the
        # two calls cost about 3% of a playout (measured)
        _, whole, short, pledged = game.known_estates[seat] or game.estate(seat)
        if not (whole or short or pledged):
            return  # nothing to build, lift or offer for
        money = cash[seat]
        reserve = style.reserve if game.unowned > EARLY_UNOWNED else style.late_reserve
        spare = reserve if style.building_reserve is None else style.building_reserve
        site = -1
        for group in whole:
            if money < BUILD[group[0]]:  # a group's sites cost the same to build on
                continue
            low = min(LEVELS[group](level))
            if low == BARRACKS or not (game.barracks_left if low == 4 else game.stores_left):
                continue
            for s in group:
                if level[s] == low and money >= BUILD[s]:
                    listed = True
                    if money - BUILD[s] >= spare and (
                        site < 0 or (RENTS[s][3], -s) > (RENTS[site][3], -site)
                    ):
                        site = s
        if site >= 0:
            build(game, seat, site)
            continue
        pledge = -1
        for s in pledged:
            if money >= MORTGAGE[s] + interest(MORTGAGE[s]):
                listed = True
                if money - MORTGAGE[s] * 11 // 10 >= 2 * reserve:
                    pledge = s
                    break
        if pledge >= 0:
            lift(game, seat, pledge, MORTGAGE[pledge] + interest(MORTGAGE[pledge]))
            continue
        if short and game.proposals[seat] < MAX_PROPOSALS:
            deed = wanted(game, seat, short, money - reserve)
            # offers are weighed only where more than the throw is legal
            if deed >= 0 and (listed or may_raise(game, seat)):
                offer(game, seat, deed)
                continue
        return


def leave_prison(game: LeanArmy, seat: int) -> bool:
    """The bot leaves Prison before its throw while deeds are still for sale: by the fine
    if it may pay it, else by a Get-out card it holds (True if it left)."""
    cash, holder = game.cash, game.card_holder
    if game.prison_turn[seat] < 2 and cash[seat] >= PRISON_FINE:
        game.pay(seat, game.bank, PRISON_FINE)
    elif seat in holder:
        deck = holder.index(seat)
        holder[deck] = -1
        game.decks[deck].append(GET_OUT[deck])
    else:
        return False
    game.prison_turn[seat] = -1
    return True


def build(game: LeanArmy, seat: int, square: int) -> None:
    """A building on `square`, unless the bank may run short of it (its shortage rule is
    the full engine's)."""
    barracks = game.level[square] == 4
    supply = game.barracks_left if barracks else game.stores_left
    wanted = sum(capacity(game, p, barracks) for p in game.order_after(seat) if p != seat)
    if wanted and wanted + capacity(game, seat, barracks) > supply:
        raise NotModelled("a shortage of buildings")
    game.pay(seat, game.bank, BUILD[square])
    if barracks:
        game.barracks_left -= 1
        game.stores_left += 4
    else:
        game.stores_left -= 1
    game.level[square] += 1
    game.assets[seat] += BUILD[square]


def capacity(game: LeanArmy, seat: int, barracks: bool) -> int:
    """How many Barracks (or Stores) `seat` could put up now (`estates.capacity_for`)."""
    level = game.level
    sites, room = [], 0
    for group in game.estate(seat)[1]:
        low = min(LEVELS[group](level))
        if low < BARRACKS and (low == 4) == barracks:
            sites += [s for s in group if level[s] == low]
        if low < 4:
            room += sum(4 - level[s] for s in group)
    if not sites:
        return 0
    most = len(sites) if barracks else room
    return min(most, game.cash[seat] // min(BUILD[s] for s in sites))


def wanted(game: LeanArmy, seat: int, short: list[tuple[tuple[int, ...], int]], budget: int) -> int:
    """The deed the bot would offer cash for, to complete a group of its own (-1: none):
    one a player holds, not refused it yet, at a price within `budget`, in a group
    without buildings."""
    owner, level = game.owner, game.level
    refused = game.refused[seat]
    budget = min(budget, game.cash[seat])
    for group, square in short:
        holder = owner[square]
        if holder < 0 or (holder, square) in refused or COMPLETING[square] > budget:
            continue
        if not any(LEVELS[group](level)):
            return square
    return -1


def offer(game: LeanArmy, seat: int, square: int) -> None:
    """The bot's offer for `square` at its fair price, and the holder's answer."""
    holder, price = game.owner[square], COMPLETING[square]
    game.refused[seat].add((holder, square))
    game.proposals[seat] += 1
    if fair(game, holder, square, price):
        game.pay(seat, holder, price)
        receive(game, seat, (square,))


def fair(game: LeanArmy, me: int, square: int, price: int) -> bool:
    """Whether the bot at `me` accepts `price` for `square`, which completes the
    proposer's group (`HeuristicBot._fair`)."""
    half = PRICE[square] // 2
    loss = half - interest(half) if game.mortgaged[square] else PRICE[square]
    group = GROUP_OF[square]
    loss += int(game.styles[me].trade_threat * GROUP_PRICE[square]) // len(group) * len(group)
    return price >= loss
