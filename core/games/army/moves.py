"""Army's moves around the board: throwing the dice (doubles, three in a row), passing GO,
landing (buying, rent, taxes, cards), Prison and its ways out, and the Combat and Training cards
(the Army rulebook)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.engine import debts
from core.engine.chance import TWO_DICE
from core.engine.decisions import BuyOrDecline

from . import actions as A
from . import sales
from .board import GO_TO_PRISON, PRISON, PRISON_FINE, SALARY, SQUARES, SQUARES_COUNT
from .cards import CARD_FINE, COMBAT, DECK_NAMES, DECKS, GET_OUT
from .frames import BARRACKS_PIECE, END, IN_PRISON, ROLL, STORE, FineOrCard, Move, Settle, pieces
from .rules import rules

if TYPE_CHECKING:
    from .state import ArmyState


@rules.plays(A.Roll)
def do_Roll(state: ArmyState, seat: int, _action: A.Roll) -> None:
    d1, d2 = state.dice = state._chance(TWO_DICE)
    name = state.players[seat]
    if state.prison_turn[seat] >= 0:
        state.prison_turn[seat] += 1
        if d1 == d2:
            state._say("double-out-of-prison", name, d1, d2)
            state.prison_turn[seat] = -1
            state.doubles = 1 if state.extra_throw else 0
            state.stage = ROLL if state.extra_throw else END
            state.stack.append(Settle(seat))
            move(state, seat, d1 + d2)
        elif state.prison_turn[seat] >= 3:
            state._say("third-prison-turn", name, d1, d2, PRISON_FINE)
            state.prison_turn[seat] = -1
            state.stage = END
            state.stack += [Settle(seat), Move(seat, d1 + d2)]
            debts.charge(state, seat, state.bank, PRISON_FINE, "Prison fine")
        else:
            state._say("stays-in-prison", name, d1, d2)
            state.stage = END
            state.landings[IN_PRISON] += 1
        return
    state.doubles = state.doubles + 1 if d1 == d2 else 0
    if state.doubles == 3:
        state._say("third-double", name)
        send_to_prison(state, seat)
        state.landings[IN_PRISON] += 1
        return
    state._say("throws", name, d1, d2, " (a double)" if d1 == d2 else "")
    state.stage = ROLL if d1 == d2 else END
    state.stack.append(Settle(seat))
    move(state, seat, d1 + d2)


@rules.plays(A.PayFine)
def do_PayFine(state: ArmyState, seat: int, _action: A.PayFine) -> None:
    state._pay(seat, state.bank, PRISON_FINE, "Prison fine")
    state.prison_turn[seat] = -1
    state._say("pays-out-of-prison", state.players[seat], PRISON_FINE)


@rules.plays(A.UseCard)
def do_UseCard(state: ArmyState, seat: int, action: A.UseCard) -> None:
    state.card_holder[action.deck] = -1
    state.decks[action.deck].append(GET_OUT[action.deck])
    state.prison_turn[seat] = -1
    state._say("uses-get-out-card", state.players[seat])


@rules.plays(A.PayTen)
def do_PayTen(state: ArmyState, seat: int, _action: A.PayTen) -> None:
    state.stack.pop()
    state._say("pays-card-fine", state.players[seat], CARD_FINE)
    debts.charge(state, seat, state.bank, CARD_FINE, "card: fine")


@rules.plays(A.TakeCombat)
def do_TakeCombat(state: ArmyState, seat: int, _action: A.TakeCombat) -> None:
    state.stack.pop()
    draw(state, seat, COMBAT)


def move(state: ArmyState, seat: int, steps: int) -> None:
    target = state.position[seat] + steps
    if target >= SQUARES_COUNT:
        state._pay(state.bank, seat, SALARY, "salary")
        state._say("passes-go", state.players[seat], SALARY)
    state.position[seat] = target % SQUARES_COUNT
    land(state, seat)


def land(state: ArmyState, seat: int) -> None:
    square = state.position[seat]
    sq = SQUARES[square]
    name = state.players[seat]
    if sq.is_deed:
        owner = state.owner[square]
        if owner < 0:
            state._say("lands-unowned", name, sq.name, sq.price)
            state.stack.append(BuyOrDecline(seat, square))
        elif owner == seat:
            state._say("lands-own", name, sq.name)
        elif state.mortgaged[square]:
            state._say("lands-mortgaged", name, sq.name)
        else:
            rent = state.rent(square)
            state._say("owes-rent", name, sq.name, state.players[owner], rent)
            debts.charge(state, seat, owner, rent, f"rent for {sq.name}")
    elif sq.kind == "tax":
        state._say("lands-tax", name, sq.name, sq.price)
        debts.charge(state, seat, state.bank, sq.price, sq.name)
    elif sq.kind in ("combat", "training"):
        draw(state, seat, COMBAT if sq.kind == "combat" else 1)
    elif square == GO_TO_PRISON:
        state._say("lands-go-to-prison", name)
        send_to_prison(state, seat)
    else:
        state._say("lands", name, "Just Visiting" if square == PRISON else sq.name)


def send_to_prison(state: ArmyState, seat: int) -> None:
    state.position[seat] = PRISON
    state.prison_turn[seat] = 0
    if seat == state.turn:  # "their turn ends there": nothing but ending it
        state.doubles = 0
        state.stage = END
        state.jailed = True


def draw(state: ArmyState, seat: int, deck: int) -> None:
    card = state.decks[deck].pop(0)
    state._reveal()
    text, effect, *args = DECKS[deck][card]
    state.last_card = (deck, card)
    state._say("draws", state.players[seat], DECK_NAMES[deck], text)
    if effect == "get_out":
        state.card_holder[deck] = seat
        return
    state.decks[deck].append(card)
    if effect == "advance":
        steps = (args[0] - state.position[seat]) % SQUARES_COUNT
        move(state, seat, steps)
    elif effect == "back":
        state.position[seat] = (state.position[seat] - args[0]) % SQUARES_COUNT
        land(state, seat)
    elif effect == "goto":
        state.position[seat] = args[0]
        land(state, seat)
    elif effect == "prison":
        send_to_prison(state, seat)
    elif effect == "repairs":
        stores, barracks = state.buildings(seat)
        cost = stores * args[0] + barracks * args[1]
        if not cost:
            state._say("no-repairs", state.players[seat])
            return
        held = [pieces(n, piece) for n, piece in ((stores, STORE), (barracks, BARRACKS_PIECE)) if n]
        state._say("pays-repairs", state.players[seat], cost, " and ".join(held))
        debts.charge(state, seat, state.bank, cost, "card: repairs")
    elif effect == "pay":
        debts.charge(state, seat, state.bank, args[0], "card")
    elif effect == "receive":
        state._pay(state.bank, seat, args[0], "card")
    elif effect == "birthday":
        for other in sales.order_after(state, seat):
            if other != seat:
                debts.charge(state, other, seat, args[0], "birthday")
    elif effect == "fine_or_combat":
        state.stack.append(FineOrCard(seat))
