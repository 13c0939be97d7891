"""Army's moves around the board: throwing the dice (doubles, three in a row), passing GO,
landing (buying, rent, taxes, cards), Prison and its ways out, and the Combat and Training cards
(army_001.txt)."""

from __future__ import annotations

from core.engine.chance import TWO_DICE
from core.engine.decisions import BuyOrDecline

from .board import GO_TO_PRISON, PRISON, PRISON_FINE, SALARY, SQUARES, SQUARES_COUNT
from .cards import CARD_FINE, COMBAT, DECK_NAMES, DECKS, GET_OUT
from .frames import END, IN_PRISON, ROLL, FineOrCard, Move, Settle


class MovementRules:
    """The rules of moving, landing and cards, for ArmyState (whose fields they read)."""

    __slots__ = ()

    def _do_Roll(self, seat: int, _action) -> None:
        d1, d2 = self.dice = self._chance(TWO_DICE)
        name = self.players[seat]
        if self.prison_turn[seat] >= 0:
            self.prison_turn[seat] += 1
            if d1 == d2:
                self._say("double-out-of-prison", name, d1, d2)
                self.prison_turn[seat] = -1
                self.doubles = 1 if self.extra_throw else 0
                self.stage = ROLL if self.extra_throw else END
                self.stack.append(Settle(seat))
                self._move(seat, d1 + d2)
            elif self.prison_turn[seat] >= 3:
                self._say("third-prison-turn", name, d1, d2, PRISON_FINE)
                self.prison_turn[seat] = -1
                self.stage = END
                self.stack += [Settle(seat), Move(seat, d1 + d2)]
                self._charge(seat, self.bank, PRISON_FINE, "Prison fine")
            else:
                self._say("stays-in-prison", name, d1, d2)
                self.stage = END
                self.landings[IN_PRISON] += 1
            return
        self.doubles = self.doubles + 1 if d1 == d2 else 0
        if self.doubles == 3:
            self._say("third-double", name)
            self._send_to_prison(seat)
            self.landings[IN_PRISON] += 1
            return
        self._say("throws", name, d1, d2, " (a double)" if d1 == d2 else "")
        self.stage = ROLL if d1 == d2 else END
        self.stack.append(Settle(seat))
        self._move(seat, d1 + d2)

    def _do_PayFine(self, seat: int, _action) -> None:
        self._pay(seat, self.bank, PRISON_FINE, "Prison fine")
        self.prison_turn[seat] = -1
        self._say("pays-out-of-prison", self.players[seat], PRISON_FINE)

    def _do_UseCard(self, seat: int, action) -> None:
        self.card_holder[action.deck] = -1
        self.decks[action.deck].append(GET_OUT[action.deck])
        self.prison_turn[seat] = -1
        self._say("uses-get-out-card", self.players[seat])

    def _do_PayTen(self, seat: int, _action) -> None:
        self.stack.pop()
        self._say("pays-card-fine", self.players[seat], CARD_FINE)
        self._charge(seat, self.bank, CARD_FINE, "card: fine")

    def _do_TakeCombat(self, seat: int, _action) -> None:
        self.stack.pop()
        self._draw(seat, COMBAT)

    def _move(self, seat: int, steps: int) -> None:
        target = self.position[seat] + steps
        if target >= SQUARES_COUNT:
            self._pay(self.bank, seat, SALARY, "salary")
            self._say("passes-go", self.players[seat], SALARY)
        self.position[seat] = target % SQUARES_COUNT
        self._land(seat)

    def _land(self, seat: int) -> None:
        square = self.position[seat]
        sq = SQUARES[square]
        name = self.players[seat]
        if sq.is_deed:
            owner = self.owner[square]
            if owner < 0:
                self._say("lands-unowned", name, sq.name, sq.price)
                self.stack.append(BuyOrDecline(seat, square))
            elif owner == seat:
                self._say("lands-own", name, sq.name)
            elif self.mortgaged[square]:
                self._say("lands-mortgaged", name, sq.name)
            else:
                rent = self.rent(square)
                self._say("owes-rent", name, sq.name, self.players[owner], rent)
                self._charge(seat, owner, rent, f"rent for {sq.name}")
        elif sq.kind == "tax":
            self._say("lands-tax", name, sq.name, sq.price)
            self._charge(seat, self.bank, sq.price, sq.name)
        elif sq.kind in ("combat", "training"):
            self._draw(seat, COMBAT if sq.kind == "combat" else 1)
        elif square == GO_TO_PRISON:
            self._say("lands-go-to-prison", name)
            self._send_to_prison(seat)
        else:
            self._say("lands", name, "Just Visiting" if square == PRISON else sq.name)

    def _send_to_prison(self, seat: int) -> None:
        self.position[seat] = PRISON
        self.prison_turn[seat] = 0
        if seat == self.turn:  # "their turn ends there": nothing but ending it
            self.doubles = 0
            self.stage = END
            self.jailed = True

    def _draw(self, seat: int, deck: int) -> None:
        card = self.decks[deck].pop(0)
        self._reveal()
        text, effect, *args = DECKS[deck][card]
        self.last_card = (deck, card)
        self._say("draws", self.players[seat], DECK_NAMES[deck], text)
        if effect == "get_out":
            self.card_holder[deck] = seat
            return
        self.decks[deck].append(card)
        if effect == "advance":
            steps = (args[0] - self.position[seat]) % SQUARES_COUNT
            self._move(seat, steps)
        elif effect == "back":
            self.position[seat] = (self.position[seat] - args[0]) % SQUARES_COUNT
            self._land(seat)
        elif effect == "goto":
            self.position[seat] = args[0]
            self._land(seat)
        elif effect == "prison":
            self._send_to_prison(seat)
        elif effect == "repairs":
            stores, barracks = self.buildings(seat)
            cost = stores * args[0] + barracks * args[1]
            self._say("pays-repairs", self.players[seat], cost, stores, barracks)
            if cost:
                self._charge(seat, self.bank, cost, "card: repairs")
        elif effect == "pay":
            self._charge(seat, self.bank, args[0], "card")
        elif effect == "receive":
            self._pay(self.bank, seat, args[0], "card")
        elif effect == "birthday":
            for other in self._order_after(seat):
                if other != seat:
                    self._charge(other, seat, args[0], "birthday")
        elif effect == "fine_or_combat":
            self.stack.append(FineOrCard(seat))
