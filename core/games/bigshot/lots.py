"""Big Shot's city lots: placing bought cubes, settling a full lot by majority (the highest
count held by one colour alone wins), and the end of a round."""

from __future__ import annotations

from . import actions as A
from .board import COLOURS, LOT_CAPACITY, LOTS, N_LOTS, NO_CUBES, ONE_MORE, ROUNDS, lot_winner
from .phases import OVER, ROLL


class LotRules:
    """The rules of placing and settling, for BigShotState (whose fields they read)."""

    __slots__ = ()

    def _place(self, colour: int, lot: int) -> None:
        self.to_place[colour] -= 1
        self.lots[lot] = ONE_MORE[self.lots[lot]][colour]
        self.lot_cubes[lot] += 1
        self._say("places", self.players[self.winner], COLOURS[colour], LOTS[lot].name)
        if self.lot_cubes[lot] == LOT_CAPACITY:
            self._settle(lot)
        if not any(self.to_place):
            self._end_round()

    def _settle(self, lot: int) -> None:
        counts = self.lots[lot]
        owner = lot_winner(counts)
        self.owners[lot] = owner
        self.settled[lot] = True
        self.open_places = A.open_places(tuple(self.settled), self.open_places)
        for c in range(4):
            self.retired[c] += counts[c]
        self.lots[lot] = NO_CUBES
        self.lot_cubes[lot] = 0
        if owner < 0:
            self._say("lot-to-nobody", LOTS[lot].name, counts)
        else:
            self._say("lot-won", LOTS[lot].name, self.names[owner], counts)

    def _end_round(self) -> None:
        if self.round == ROUNDS:
            for lot in range(N_LOTS):
                if not self.settled[lot] and self.lot_cubes[lot]:
                    self._settle(lot)
            self.phase = OVER
            self._say("game-over", self.result().reason)
            if self.hidden:
                self._reveal()  # everyone's cash shows
        self.round_ends.append((tuple(self.owners), tuple(self.ledger.balances), tuple(self.loans)))
        if self.phase == OVER:
            return
        self.round += 1
        self.roller = (self.roller + 1) % len(self.players)
        self.phase = ROLL
