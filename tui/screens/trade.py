"""The trade screen of any game: pick a partner, tick what each side hands over, type the cash
each side adds, and send the offer. A counter-offer opens filled with the offer turned round,
and an offer a hint named opens filled with it.

It only composes: the offer is checked by the game (live, as it is composed), with what it does
to each side's worth (and, in Army, the groups it completes), and sent by the table screen. A
game's trade screen says what each side may hand over (`items`), how the ticked values and cash
make its offer (`make_offer`) and how an offer reads turned round (`sides_of`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, SelectionList, Static
from textual.widgets.selection_list import Selection

from core.engine.actions import Offer

from ..widgets.choice import Choice
from ..widgets.money_input import MoneyInput
from ..widgets.tick_list import TickList
from .page import ModalPage

OFFER_CUTS = (4, 3, 2, 1)  # a side of an offer cut to so many lines, each tried on a small screen


if TYPE_CHECKING:  # a mixin the type checker reads as the table screen it is mixed into
    from .table import TableScreen

    _TableScreen = TableScreen
else:
    _TableScreen = object


def offer_text(players, trade, cut: int | None = None) -> Text:
    """An offer waiting for its answer (a TradeOffer), as both sides read it; each side cut to
    `cut` cells, ending in an ellipsis, if given (the counter-offer screen shows it all)."""
    offer = trade.offer
    text = Text()
    for name, items in (
        (players[offer.partner], offer.gives),
        (players[trade.proposer], offer.asks),
    ):
        side = Text()
        side.append(f"{name} gets: ", "bold")
        side.append(items)
        if cut:
            side.truncate(cut, overflow="ellipsis")
        text.append_text(side)
        text.append("\n")
    return text


class TradeScreen(ModalPage):
    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel"), Binding("enter", "send", "Send")]
    MONEY = "£"  # the game's currency sign
    CASH_DIGITS = 6  # typed
    THOUSANDS = False  # cash typed in thousands, as the game's bids are
    NOTHING = "no deeds or cards, only cash"  # a side with nothing to tick

    def __init__(self, table, seat: int, view, counter=None, draft=None) -> None:
        super().__init__(classes="tall")
        self.table = table
        self.seat = seat
        self.final = view
        self.counter = counter  # the offer this answers, if it is a counter-offer
        self.draft = draft  # an offer of this seat's to start from (a hint's), if any
        self.others = view.offer_partners
        self.partner = draft.partner if draft is not None else view.offer_partners[0]

    # -- what a game provides ----------------------------------------------------------------

    def items(self, seat: int, chosen: tuple[int, ...]) -> list[Selection]:
        """What `seat` could hand over, `chosen` ones ticked."""
        raise NotImplementedError

    def make_offer(
        self,
        partner: int,
        give: tuple[int, ...],
        give_cash: int,
        get: tuple[int, ...],
        get_cash: int,
    ):
        raise NotImplementedError

    def sides_of(self, offer) -> tuple[tuple[tuple[int, ...], int], tuple[tuple[int, ...], int]]:
        """An offer's (ticked values, cash) on the proposer's side, then on the partner's."""
        raise NotImplementedError

    def group_phrase(self, group: str) -> str:
        """A group an exchange completes, as a sentence names it ("the red group")."""
        return group

    # -- the screen --------------------------------------------------------------------------

    def body(self) -> ComposeResult:
        view, offer = self.final, self.counter
        with Vertical(classes="dialog trade"):
            title = (
                f"Counter-offer to {view.players[self.partner]}"
                if offer is not None
                else "Offer a trade"
            )
            left = (
                "" if view.offers_left is None else f" · offers left this turn: {view.offers_left}"
            )
            yield Static(Text(title + left), classes="dialog-title")
            if offer is None:
                with Horizontal(classes="option-row"):
                    yield Choice(
                        [(Text(view.players[s]), s) for s in self.others],
                        self.partner,
                        id="partner",
                    )
                    yield Static("[b]partner[/b]: ← → for another", classes="hint")
            if self.draft is not None:
                mine, theirs = self.sides_of(self.draft)
            elif offer is not None:  # what the other side asked for is what this side gives
                theirs, mine = self.sides_of(offer)
            else:
                mine = theirs = ((), 0)
            with Horizontal(id="sides"):
                yield from self._side("give", self.seat, *mine)
                yield from self._side("get", self.partner, *theirs)
            yield Static("", id="outcome")
            yield Static("", id="verdict")
            with Horizontal(classes="buttons"):
                yield Button("Send offer", id="send", variant="primary")
                yield Button("Cancel", id="cancel")

    def _side(self, side: str, seat: int, chosen: tuple[int, ...], cash: int) -> ComposeResult:
        items = self.items(seat, chosen)
        with Vertical(classes="side"):
            yield Static(self._side_title(side, items), classes="side-title", id=f"{side}-title")
            yield TickList(*items, id=side)
            unit = f", in {self.MONEY}1,000s" if self.THOUSANDS else ""
            yield MoneyInput(
                cash,
                self.MONEY,
                self.CASH_DIGITS,
                self.THOUSANDS,
                placeholder=f"and cash{unit}",
                id=f"{side}-cash",
            )

    def _side_title(self, side: str, items: list) -> str:
        title = f"You {side}"
        return title if items else f"{title}: {self.NOTHING}"

    def set_up(self) -> None:
        super().set_up()
        self.app.clear_notifications()  # a notice of the table's would cover the buttons
        self._check()

    def offer(self):
        return self.make_offer(self.partner, *self._picked("give"), *self._picked("get"))

    def _picked(self, side: str) -> tuple[tuple[int, ...], int]:
        values = self.query_one(f"#{side}", SelectionList).selected
        return tuple(sorted(values)), self.query_one(f"#{side}-cash", MoneyInput).amount

    def outcome_text(self, offer) -> Text:
        """What the offer does: each side's change in worth, and a group it completes (a
        warning when it is the partner's)."""
        outcome, players = self.final.trade_outcome(self.seat, offer), self.final.players
        text = Text("Change in worth: ", "bold")
        for index, (seat, change) in enumerate(outcome.changes):
            sign = "+" if change > 0 else "−" if change < 0 else ""
            text.append(", " if index else "")
            text.append("you" if seat == self.seat else players[seat])
            text.append(
                f" {sign}{self.MONEY}{abs(change):,}",
                "green" if change > 0 else "red" if change < 0 else "",
            )
        for seat, group in outcome.completes:
            if seat == self.seat:
                text.append(f"\nYou would complete {self.group_phrase(group)}.", "green")
            else:
                text.append("\n⚠ ", "bold yellow")
                text.append(players[seat], "bold yellow")
                text.append(f" would complete {self.group_phrase(group)}.", "bold yellow")
        return text

    def _check(self) -> str | None:
        """Show what the offer does, and whether the game would take it now; the reason if
        not."""
        offer = self.offer()
        self.query_one("#outcome", Static).update(self.outcome_text(offer))
        reason = self.table.why_illegal(self.seat, offer)
        verdict = self.query_one("#verdict", Static)
        if reason is None:
            verdict.update(Text("Ready to send: Enter or the button.", "bold green"))
        else:
            verdict.update(Text(reason[:1].upper() + reason[1:] + ".", "bold red"))
        return reason

    def on_choice_changed(self, event: Choice.Changed) -> None:
        if event.value == self.partner:
            return
        self.partner = event.value
        theirs = self.items(self.partner, ())
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

    def action_send(self) -> None:
        self._send()

    def _send(self) -> None:
        if self._check() is None:
            self.dismiss(self.offer())


# Textual gathers BINDINGS only from widget classes: a screen adds these to its own.
TRADE_BINDINGS = [Binding("o", "trade", "Trade"), Binding("c", "counter", "Counter")]


class TradeKeys(_TableScreen):
    """A table screen's keys for trading, the same in every game that trades: `o` composes an
    offer, `c` a counter-offer to the one made to you (which the game's answer keys `y` and `n`
    accept and reject). The screen names its game's trade screen in `TRADE`."""

    TRADE: type[TradeScreen]

    def hint_follows(self, action) -> str:
        if not isinstance(action, Offer):
            return ""
        key = "c" if self.view.phase == "trade" else "o"
        return f" {key} opens the offer filled in with it."

    def may_trade(self, action: str) -> bool:
        """Whether the key for `action` ("trade" or "counter") applies: the game says whom an
        offer may go to now, and a counter-offer answers one made to you."""
        view = self.view
        return bool(view.offer_partners) and (view.phase == "trade") == (action == "counter")

    def action_trade(self) -> None:
        self._open_trade(None)

    def action_counter(self) -> None:
        self._open_trade(self.view.pending.offer)

    def _open_trade(self, counter) -> None:
        def send(offer) -> None:
            if offer is not None:
                self.submit(offer)

        hinted = self.hinted_now()
        draft = hinted if isinstance(hinted, Offer) else None
        if self.viewer is not None:  # (only a player trades)
            trade = self.TRADE(self.table, self.viewer, self.view, counter, draft)
            self.app.push_screen(trade, send)
