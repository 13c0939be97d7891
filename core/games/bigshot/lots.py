"""Big Shot's city lots: placing bought cubes, settling a full lot by majority (the highest
count held by one colour alone wins), and the end of a round."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import actions as A
from .board import COLOURS, LOT_CAPACITY, LOTS, N_LOTS, NO_CUBES, ONE_MORE, ROUNDS, lot_winner
from .phases import OVER, CubesToPlace
from .scoring import decide

if TYPE_CHECKING:
    from .state import BigShotState


def place(state: BigShotState, colour: int, lot: int) -> None:
    state.to_place[colour] -= 1
    state.lots[lot] = ONE_MORE[state.lots[lot]][colour]
    state.lot_cubes[lot] += 1
    state._say("places", state.players[state.current], COLOURS[colour], LOTS[lot].name)
    if state.lot_cubes[lot] == LOT_CAPACITY:
        settle(state, lot)
    if not any(state.to_place):
        state.answered(CubesToPlace)
        end_round(state)


def settle(state: BigShotState, lot: int) -> None:
    counts = state.lots[lot]
    owner = lot_winner(counts)
    state.owners[lot] = owner
    state.settled[lot] = True
    state.open_places = A.open_places(tuple(state.settled), state.open_places)
    for c in range(4):
        state.retired[c] += counts[c]
    state.lots[lot] = NO_CUBES
    state.lot_cubes[lot] = 0
    if owner < 0:
        state._say("lot-to-nobody", LOTS[lot].name, counts)
    else:
        state._say("lot-won", LOTS[lot].name, state.names[owner], counts)


def end_round(state: BigShotState) -> None:
    if state.round == ROUNDS:
        for lot in range(N_LOTS):
            if not state.settled[lot] and state.lot_cubes[lot]:
                settle(state, lot)
        state.stage = OVER
        state.final = decide(state)
        state._say("game-over", state.final.reason)
        if state.hidden:
            state._reveal()  # everyone's cash shows
    state.round_ends.append((tuple(state.owners), tuple(state.ledger.balances), tuple(state.loans)))
    if state.stage == OVER:
        return
    state.round += 1
    state.turn = (state.turn + 1) % state.n  # the next player rolls
