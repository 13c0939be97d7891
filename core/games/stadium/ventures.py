"""The Venture deck: picking a card, acting on it at once or keeping it face up until it
applies (the next turn's returns, the holder's next building), and reshuffling the used cards
when the deck runs out (the Stadium rulebook; the deck is the reference design's 20 cards)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from core.engine import debts

from . import actions as A
from . import land
from .actions import lot_name
from .board import BLOCKS, CARDS, Venture, venture_of
from .frames import LandChoice, Speculation
from .land import acres
from .rules import rules

if TYPE_CHECKING:
    from .state import StadiumState

HELD = ("next_turn", "next_building")  # cards kept face up by their holder until they apply


@rules.plays(A.DrawVenture)
def do_DrawVenture(state: StadiumState, seat: int, _action: A.DrawVenture) -> None:
    if state.stack and state.stack[-1].kind == "draw":
        state.stack.pop()
    draw_venture(state, seat)


def draw_venture(state: StadiumState, seat: int) -> None:
    if not state.venture_deck:
        state.venture_deck, state.venture_discard = state.venture_discard, []
        state.rng.shuffle(state.venture_deck)
        state._say("ventures-shuffled")
    card = venture_of(state.venture_deck.pop())
    state._reveal()
    state.venture_shown = card.id
    state._say("venture", state.players[seat], card.text)
    if card.when in HELD:
        state.held[seat].append(card.id)
    else:
        state.venture_discard.append(card.id)
        EFFECTS[card.effect](state, seat, card)


def venture_receive(state: StadiumState, seat: int, card: Venture) -> None:
    venture_collects(state, seat, card, card.amount)


def venture_pay(state: StadiumState, seat: int, card: Venture) -> None:
    venture_pays(state, seat, card, card.amount)


def venture_pay_per_undeveloped_acre(state: StadiumState, seat: int, card: Venture) -> None:
    venture_pays(state, seat, card, card.amount * land.undeveloped_acres(state, seat))


def venture_pay_per_building(state: StadiumState, seat: int, card: Venture) -> None:
    venture_pays(state, seat, card, card.amount * len(land.buildings_of(state, seat)))


def venture_receive_per_building(state: StadiumState, seat: int, card: Venture) -> None:
    venture_collects(state, seat, card, card.amount * len(land.buildings_of(state, seat)))


def venture_receive_per_turn(state: StadiumState, seat: int, card: Venture) -> None:
    venture_collects(state, seat, card, min(card.amount * state.round, card.limit))


def venture_pay_percent_of_cash(state: StadiumState, seat: int, card: Venture) -> None:
    venture_pays(state, seat, card, state.cash(seat) * card.amount // 100)


def venture_collects(state: StadiumState, seat: int, card: Venture, amount: int) -> None:
    """A Venture card pays `amount`, said with its amount in the log."""
    state._say("venture-collects", state.players[seat], amount, card_title(card))
    state._pay(state.bank, seat, amount, f"Venture card: {card_title(card)}")


def venture_pays(state: StadiumState, seat: int, card: Venture, amount: int) -> None:
    """A Venture card costs `amount` (a debt where cash falls short), said in the log."""
    state._say("venture-pays", state.players[seat], amount, card_title(card))
    if amount:
        debts.charge(state, seat, state.bank, amount, f"Venture card: {card_title(card)}")


def venture_free_demolition(state: StadiumState, seat: int, card: Venture) -> None:
    state.free_demolition = True


def venture_buy_bank_lot(state: StadiumState, seat: int, card: Venture) -> None:
    if land.sells_land(state, 0):
        state.stack.append(LandChoice(seat, 0))


def venture_speculator(state: StadiumState, seat: int, card: Venture) -> None:
    if speculation_lots(state, seat, card.amount, everything=True):
        state.stack.append(Speculation(seat, card.amount))


def speculation_lots(
    state: StadiumState, seat: int, per_acre: int, everything: bool = False
) -> list[tuple[int, int]]:
    """(lot, seller) pairs the Speculator card lets `seat` buy (only those it can pay for,
    unless `everything`)."""
    cash = state.cash(seat)
    return [
        (lot, other)
        for other in range(state.n)
        if other != seat and state.active[other]
        for lot in land.parcels(state, other)
        if everything or per_acre * acres(land.parcel(state, other, lot)) <= cash
    ]


def venture_fire(state: StadiumState, seat: int, card: Venture) -> None:
    mine = land.buildings_of(state, seat)
    if not mine:
        return
    smallest = min(mine, key=lambda b: (CARDS[b.card].acres, CARDS[b.card].price, b.id))
    state._say("fire", state.players[seat], CARDS[smallest.card].name, smallest.id)
    land.remove_building(state, smallest.id)


def venture_expropriation(state: StadiumState, seat: int, card: Venture) -> None:
    lots = land.parcels(state, seat)
    if not lots:
        return
    lot = min(lots, key=lambda lot: (acres(land.parcel(state, seat, lot)), lot))
    cells = land.parcel(state, seat, lot)
    state._say("expropriated", state.players[seat], lot_name(lot), card.amount * acres(cells))
    state._pay(state.bank, seat, card.amount * acres(cells), "Venture card: expropriation")
    land.move_land(state, cells, state.bank)


def returns(state: StadiumState, seat: int) -> int:
    """This turn's returns: the buildings' income, as the held next-turn cards say; those
    cards are then used."""
    effects = set()
    for venture in [v for v in state.held[seat] if venture_of(v).when == "next_turn"]:
        effects.add(venture_of(venture).effect)
        state.held[seat].remove(venture)
        state.venture_discard.append(venture)
    if "no_returns" in effects:
        return 0
    total = sum(
        CARDS[b.card].income
        for b in land.buildings_of(state, seat)
        if not ("flood_zone_1" in effects and BLOCKS[b.block].zone == 1)
    )
    return total * (2 if "double_returns" in effects else 1)


def card_title(card: Venture) -> str:
    """A Venture card's name: its text before the colon ("Investor")."""
    return card.text.split(":")[0]


# What each card in the deck does, by the effect its data names (board.json).
EFFECTS: dict[str, Callable[[StadiumState, int, Venture], None]] = {
    "receive": venture_receive,
    "pay": venture_pay,
    "pay_per_undeveloped_acre": venture_pay_per_undeveloped_acre,
    "pay_per_building": venture_pay_per_building,
    "receive_per_building": venture_receive_per_building,
    "receive_per_turn": venture_receive_per_turn,
    "pay_percent_of_cash": venture_pay_percent_of_cash,
    "free_demolition": venture_free_demolition,
    "buy_bank_lot": venture_buy_bank_lot,
    "speculator": venture_speculator,
    "fire": venture_fire,
    "expropriation": venture_expropriation,
}
