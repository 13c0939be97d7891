"""Money in the lean game: debts paid or raised (the bot mortgages lone deeds first, then
sells buildings, then mortgages whole groups), mortgages and their lifting, bankruptcy, and
deeds received with their 10% (`sales.py` and `estates.py` in the full engine)."""

from __future__ import annotations

from collections.abc import Sequence

from ..board import BARRACKS, GROUP_OF
from ..cards import GET_OUT
from ..frames import interest
from .buying import auction_off
from .table import BUILD, LEVELS, MORTGAGE, PRICE, LeanArmy, NotModelled, value


def charge(game: LeanArmy, debtor: int, creditor: int, amount: int) -> None:
    """Paid now if the cash is there; otherwise the debtor raises it (the bot: lone deeds
    mortgaged first, then buildings sold, then whole groups mortgaged) or goes bankrupt."""
    cash = game.cash
    while cash[debtor] < amount:
        if not raise_money(game, debtor):
            bankrupt(game, debtor, creditor)
            return
    cash[debtor] -= amount  # written out: rent's path, the hottest (`pay` elsewhere)
    cash[creditor] += amount


def raise_money(game: LeanArmy, seat: int) -> bool:
    """The bot's next sale or mortgage to pay a debt (False: nothing is left to raise)."""
    owner, level, mortgaged = game.owner, game.level, game.mortgaged
    lone = sale = whole = -1
    for s in game.estate(seat)[0]:
        group = GROUP_OF[s]
        high = max(LEVELS[group](level))
        if high:
            if level[s] == high and (sale < 0 or BUILD[s] < BUILD[sale]):
                sale = s
        elif not mortgaged[s]:
            if any(owner[g] != seat for g in group):
                if lone < 0 or PRICE[s] < PRICE[lone]:
                    lone = s
            elif whole < 0 or PRICE[s] < PRICE[whole]:
                whole = s
    if lone >= 0:
        mortgage(game, seat, lone)
    elif sale >= 0:
        sell(game, seat, sale)
    elif whole >= 0:
        mortgage(game, seat, whole)
    else:
        return False
    return True


def mortgage(game: LeanArmy, seat: int, square: int) -> None:
    game.mortgaged[square] = True
    game.known_estates[seat] = None
    game.assets[seat] -= PRICE[square] - PRICE[square] // 2
    game.pay(game.bank, seat, MORTGAGE[square])


def sell(game: LeanArmy, seat: int, square: int) -> None:
    level = game.level
    if level[square] == BARRACKS and game.stores_left < 4:
        # no Stores to break the Barracks down: the group is sold bare
        refund = clear_buildings(game, seat, GROUP_OF[square])
    else:
        if level[square] == BARRACKS:
            game.barracks_left += 1
            game.stores_left -= 4
        else:
            game.stores_left += 1
        level[square] -= 1
        game.assets[seat] -= BUILD[square]
        refund = BUILD[square] // 2
    game.pay(game.bank, seat, refund)


def clear_buildings(game: LeanArmy, seat: int, squares: Sequence[int]) -> int:
    """Every building on `squares` back to the bank; what the bank pays for them."""
    level, refund = game.level, 0
    for s in squares:
        refund += level[s] * BUILD[s] // 2
        game.assets[seat] -= level[s] * BUILD[s]
        if level[s] == BARRACKS:
            game.barracks_left += 1
        else:
            game.stores_left += level[s]
        level[s] = 0
    return refund


def bankrupt(game: LeanArmy, seat: int, creditor: int) -> None:
    """`seat` is out: its buildings go back to the bank, and everything else to the
    creditor, or for the bank to auction."""
    active, cash, bank = game.active, game.cash, game.bank
    active[seat] = False
    game.prison_turn[seat] = -1
    deeds = game.estate(seat)[0]
    refund = clear_buildings(game, seat, deeds)
    game.known_estates[seat] = None
    last = active.count(True) == 1
    if creditor == bank:
        cash[bank] += cash[seat]
        cash[seat] = 0
        for deck in (0, 1):
            if game.card_holder[deck] == seat:
                game.card_holder[deck] = -1
                game.decks[deck].append(GET_OUT[deck])
        for s in deeds:
            game.owner[s] = -1
            game.mortgaged[s] = False
        game.unowned += len(deeds)
        game.assets[seat] = 0
        if last:
            game.finish("last", active.index(True))
        bidders = game.order_after(game.turn)
        for s in deeds:
            auction_off(game, s, bidders)
        return
    cash[bank] -= refund
    cash[creditor] += cash[seat] + refund
    cash[seat] = 0
    for deck in (0, 1):
        if game.card_holder[deck] == seat:
            game.card_holder[deck] = creditor
    receive(game, creditor, deeds, last)
    if last:
        game.finish("last", creditor)


def receive(game: LeanArmy, taker: int, deeds: Sequence[int], last: bool = False) -> None:
    """Deeds change hands; the 10% on those mortgaged is paid now, then each is lifted or
    kept (the last received first, as their decisions stack)."""
    owner, mortgaged, assets = game.owner, game.mortgaged, game.assets
    held = []
    estates = game.known_estates
    for s in deeds:  # in groups without buildings
        estates[owner[s]] = None
        assets[owner[s]] -= value(s, mortgaged)
        assets[taker] += value(s, mortgaged)
        owner[s] = taker
        if mortgaged[s]:
            held.append(s)
    estates[taker] = None
    fees = sum(interest(MORTGAGE[s]) for s in held)
    cash = game.cash
    if fees:
        if cash[taker] >= fees:
            game.pay(taker, game.bank, fees)
        elif last:
            return  # the game ends before the debt is raised
        else:
            raise NotModelled("interest owed on deeds received")
    if last:
        return
    for s in reversed(held):  # the 10% is paid: the principal alone lifts it
        if cash[taker] >= MORTGAGE[s] and cash[taker] - MORTGAGE[s] >= game.reserve(taker):
            lift(game, taker, s, MORTGAGE[s])


def lift(game: LeanArmy, seat: int, square: int, cost: int) -> None:
    """`seat` pays `cost` to lift the mortgage on `square`."""
    game.pay(seat, game.bank, cost)
    game.mortgaged[square] = False
    game.known_estates[seat] = None
    game.assets[seat] += PRICE[square] - PRICE[square] // 2
