"""The trade screen: pick a partner, what each side hands over (deeds, cash, Get-out cards), and
send the offer. A counter-offer opens it filled with the offer turned round.

It only composes: the offer it answers with is checked by the game (live, as it is composed)
and sent by the table screen.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Select, SelectionList, Static
from textual.widgets.selection_list import Selection

from core.games.army import actions as A
from core.games.army.board import DEEDS, SQUARES
from core.games.army.cards import DECK_NAMES

from ...screens.page import ModalPage
from ...widgets.tick_list import TickList
from .look import GROUP_COLOURS

CARD_VALUE = 100  # a Get-out card's value in a list is 100 + its deck; a deed's is its square


def holdings(view, seat: int, chosen: tuple[int, ...] = ()) -> list[Selection]:
    """What `seat` could hand over, as the game's offer template says: its deeds (those the
    template leaves out, in groups with buildings, shown but disabled) and Get-out cards;
    `chosen` ones start selected."""
    may = view.offer_terms.of(seat)
    items = []
    for s in DEEDS:
        if view.owner[s] != seat:
            continue
        prompt = Text("■ ", GROUP_COLOURS[SQUARES[s].group])
        prompt.append(SQUARES[s].name)
        if view.mortgaged[s]:
            prompt.append(" (mortgaged)", "dim")
        if s not in may.deeds:
            prompt.append(" (buildings: sell first)", "dim")
        items.append(Selection(prompt, s, s in chosen, disabled=s not in may.deeds))
    for deck in may.cards:
        value = CARD_VALUE + deck
        items.append(Selection(f"{DECK_NAMES[deck]} Get-out card", value, value in chosen))
    return items


class TradeScreen(ModalPage[A.Propose | None]):
    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel")]

    def __init__(self, table, seat: int, view, counter: A.Propose | None = None) -> None:
        super().__init__(classes="tall")
        self.table = table
        self.seat = seat
        self.final = view
        self.counter = counter  # the offer this answers, if it is a counter-offer
        self.others = view.offer_partners
        self.partner = view.offer_partners[0]

    def body(self) -> ComposeResult:
        view, offer = self.final, self.counter
        with Vertical(classes="dialog trade"):
            title = f"Counter-offer to {view.players[self.partner]}" if offer is not None \
                else "Offer a trade"
            yield Static(Text(f"{title} · offers left this turn: {view.offers_left}"),
                         classes="dialog-title")
            if offer is None:
                yield Select([(Text(view.players[s]), s) for s in self.others], value=self.partner,
                             allow_blank=False, id="partner")
            with Horizontal(id="sides"):
                # in a counter-offer, what the other side asked for is what this side gives
                yield from self._side("give", self.seat, *(
                    (offer.get, offer.get_cash, offer.get_cards) if offer else ((), 0, ())))
                yield from self._side("get", self.partner, *(
                    (offer.give, offer.give_cash, offer.give_cards) if offer else ((), 0, ())))
            yield Static("", id="verdict")
            with Horizontal(classes="buttons"):
                yield Button("Send offer", id="send", variant="primary")
                yield Button("Cancel", id="cancel")

    def _side(self, side: str, seat: int, deeds: tuple[int, ...], cash: int,
              cards: tuple[int, ...]) -> ComposeResult:
        """One side of the offer: what `seat` hands over, `deeds`, `cash` and `cards` ticked."""
        items = holdings(self.final, seat, deeds + tuple(CARD_VALUE + d for d in cards))
        with Vertical(classes="side"):
            yield Static(self._side_title(side, items), classes="side-title", id=f"{side}-title")
            yield TickList(*items, id=side)
            yield Input(str(cash) if cash else "", placeholder="and cash £", restrict=r"[0-9]*",
                        max_length=6, id=f"{side}-cash")

    @staticmethod
    def _side_title(side: str, items: list) -> str:
        title = f"You {side}"
        return title if items else f"{title}: no deeds or cards, only cash"

    def on_mount(self) -> None:
        super().on_mount()
        self._check()

    def offer(self) -> A.Propose:
        return A.Propose(self.partner, *self._picked("give"), *self._picked("get"))

    def _picked(self, side: str) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
        """One side's ticked deeds, its cash and its ticked Get-out cards."""
        values = self.query_one(f"#{side}", SelectionList).selected
        cash = self.query_one(f"#{side}-cash", Input).value
        return (tuple(sorted(v for v in values if v < CARD_VALUE)),
                int(cash) if cash.isascii() and cash.isdigit() else 0,
                tuple(sorted(v - CARD_VALUE for v in values if v >= CARD_VALUE)))

    def _check(self) -> str | None:
        """Show whether the game would take this offer now; the reason if not."""
        reason = self.table.why_illegal(self.seat, self.offer())
        verdict = self.query_one("#verdict", Static)
        if reason is None:
            verdict.update(Text("Ready to send: Enter or the button.", "bold green"))
        else:
            verdict.update(Text(reason[:1].upper() + reason[1:] + ".", "bold red"))
        return reason

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.value == self.partner or not isinstance(event.value, int):
            return
        self.partner = event.value
        theirs = holdings(self.final, self.partner)
        wanted = self.query_one("#get", SelectionList)
        wanted.clear_options()
        wanted.add_options(theirs)
        self.query_one("#get-title", Static).update(self._side_title("get", theirs))
        self._check()

    def on_selection_list_selected_changed(self, _: SelectionList.SelectedChanged) -> None:
        self._check()

    def on_input_changed(self, _: Input.Changed) -> None:
        self._check()

    def on_input_submitted(self, _: Input.Submitted) -> None:
        self._send()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "send":
            self._send()
        else:
            self.dismiss(None)

    def _send(self) -> None:
        if self._check() is None:
            self.dismiss(self.offer())
