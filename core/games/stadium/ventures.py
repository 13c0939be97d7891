"""The Venture deck: picking a card, acting on it at once or keeping it face up until it
applies (the next turn's returns, the holder's next building), and reshuffling the used cards
when the deck runs out (stadium_003.txt; the deck is the reference design's 20 cards)."""

from __future__ import annotations

from .actions import lot_name
from .board import BLOCKS, CARDS, venture_of
from .frames import LandChoice, Speculation
from .land import acres

HELD = ("next_turn", "next_building")  # cards kept face up by their holder until they apply


class VentureRules:
    """Venture cards, for StadiumState (whose fields they read)."""

    __slots__ = ()

    def _do_DrawVenture(self, seat: int, _action) -> None:
        if self.stack and self.stack[-1].kind == "draw":
            self.stack.pop()
        self._draw_venture(seat)

    def _draw_venture(self, seat: int) -> None:
        if not self.venture_deck:
            self.venture_deck, self.venture_discard = self.venture_discard, []
            self.rng.shuffle(self.venture_deck)
            self._say("ventures-shuffled")
        card = venture_of(self.venture_deck.pop())
        self._reveal()
        self.venture_shown = card.id
        self._say("venture", self.players[seat], card.text)
        if card.when in HELD:
            self.held[seat].append(card.id)
        else:
            self.venture_discard.append(card.id)
            getattr(self, "_venture_" + card.effect)(seat, card)

    def _venture_receive(self, seat: int, card) -> None:
        self._venture_collects(seat, card, card.amount)

    def _venture_pay(self, seat: int, card) -> None:
        self._venture_pays(seat, card, card.amount)

    def _venture_pay_per_undeveloped_acre(self, seat: int, card) -> None:
        self._venture_pays(seat, card, card.amount * self.undeveloped_acres(seat))

    def _venture_pay_per_building(self, seat: int, card) -> None:
        self._venture_pays(seat, card, card.amount * len(self.buildings_of(seat)))

    def _venture_receive_per_building(self, seat: int, card) -> None:
        self._venture_collects(seat, card, card.amount * len(self.buildings_of(seat)))

    def _venture_receive_per_turn(self, seat: int, card) -> None:
        self._venture_collects(seat, card, min(card.amount * self.round, card.limit))

    def _venture_pay_percent_of_cash(self, seat: int, card) -> None:
        self._venture_pays(seat, card, self.cash(seat) * card.amount // 100)

    def _venture_collects(self, seat: int, card, amount: int) -> None:
        """A Venture card pays `amount`, said with its amount in the log."""
        self._say("venture-collects", self.players[seat], amount, card_title(card))
        self._pay(self.bank, seat, amount, f"Venture card: {card_title(card)}")

    def _venture_pays(self, seat: int, card, amount: int) -> None:
        """A Venture card costs `amount` (a debt where cash falls short), said in the log."""
        self._say("venture-pays", self.players[seat], amount, card_title(card))
        if amount:
            self._charge(seat, self.bank, amount, f"Venture card: {card_title(card)}")

    def _venture_free_demolition(self, seat: int, card) -> None:
        self.free_demolition = True

    def _venture_buy_bank_lot(self, seat: int, card) -> None:
        if self.sells_land(0):
            self.stack.append(LandChoice(seat, 0))

    def _venture_speculator(self, seat: int, card) -> None:
        if self.speculation_lots(seat, card.amount, everything=True):
            self.stack.append(Speculation(seat, card.amount))

    def speculation_lots(self, seat: int, per_acre: int, everything: bool = False):
        """(lot, seller) pairs the Speculator card lets `seat` buy (only those it can pay for,
        unless `everything`)."""
        cash = self.cash(seat)
        return [
            (lot, other)
            for other in range(self.n)
            if other != seat and self.active[other]
            for lot in self.parcels(other)
            if everything or per_acre * acres(self.parcel(other, lot)) <= cash
        ]

    def _venture_fire(self, seat: int, card) -> None:
        mine = self.buildings_of(seat)
        if not mine:
            return
        smallest = min(mine, key=lambda b: (CARDS[b.card].acres, CARDS[b.card].price, b.id))
        self._say("fire", self.players[seat], CARDS[smallest.card].name, smallest.id)
        self._remove_building(smallest.id)

    def _venture_expropriation(self, seat: int, card) -> None:
        lots = self.parcels(seat)
        if not lots:
            return
        lot = min(lots, key=lambda lot: (acres(self.parcel(seat, lot)), lot))
        cells = self.parcel(seat, lot)
        self._say("expropriated", self.players[seat], lot_name(lot), card.amount * acres(cells))
        self._pay(self.bank, seat, card.amount * acres(cells), "Venture card: expropriation")
        self._move_land(cells, self.bank)

    def _returns(self, seat: int) -> int:
        """This turn's returns: the buildings' income, as the held next-turn cards say; those
        cards are then used."""
        effects = set()
        for venture in [v for v in self.held[seat] if venture_of(v).when == "next_turn"]:
            effects.add(venture_of(venture).effect)
            self.held[seat].remove(venture)
            self.venture_discard.append(venture)
        if "no_returns" in effects:
            return 0
        total = sum(
            CARDS[b.card].income
            for b in self.buildings_of(seat)
            if not ("flood_zone_1" in effects and BLOCKS[b.block].zone == 1)
        )
        return total * (2 if "double_returns" in effects else 1)


def card_title(card) -> str:
    """A Venture card's name: its text before the colon ("Investor")."""
    return card.text.split(":")[0]
