"""Big Shot at this computer: the Board, Auction and Ledger panels, and the keys that play it."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical

from core.games.bigshot import actions as A
from core.games.bigshot.board import LOTS, ROUNDS

from ...screens.table import TableScreen
from .board import BoardWidget, Preview
from .end import BigShotEnd
from .help import HELP
from .panels import AuctionPanel, Entry, LedgerPanel

GRID = {(lot.row, lot.col): i for i, lot in enumerate(LOTS)}


class BigShotScreen(TableScreen):
    HELP = HELP
    BINDINGS = [
        Binding("r", "roll", "Roll"),
        Binding("enter", "confirm", "Confirm"),
        Binding("p", "pass_bid", "Pass"),
        Binding("l", "loan(0)", "Loan"),
        Binding("L", "loan(1)", "Loan 2nd", show=False),
        Binding("n", "no_loan", "No loan"),
        Binding("c", "next_cube", "Cube"),
        Binding("up", "arrow(0, -1)", show=False),
        Binding("down", "arrow(0, 1)", show=False),
        Binding("left", "arrow(-1, 0)", show=False),
        Binding("right", "arrow(1, 0)", show=False),
        Binding("plus,equals_sign", "arrow(0, -1)", show=False),
        Binding("minus", "arrow(0, 1)", show=False),
        Binding("backspace", "erase", show=False),
    ]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.amount = 0
        self.typed = False  # digits typed since the bid was last reset
        self.cube: int | None = None
        self.cursor = 0
        self.payer: int | None = None
        self.message = ""
        self._bid_floor = None

    def panels(self) -> ComposeResult:
        with Horizontal(id="main"):
            board = BoardWidget(id="board", classes="panel")
            board.border_title = "Board"
            yield board
            with Vertical(id="side"):
                auction = AuctionPanel(id="auction", classes="panel")
                auction.border_title = "Auction"
                yield auction
                ledger = LedgerPanel(id="ledger", classes="panel")
                ledger.border_title = "Ledger"
                yield ledger

    # -- drawing -----------------------------------------------------------------------------------

    def status_line(self) -> str:
        view = self.view
        if view.phase == "over":
            return f"Big Shot · game over · {view.result.reason}"
        actor = view.players[view.to_act[0]]
        doing = {"roll": "to roll", "loans": "to decide on a loan", "bid": "to bid or pass",
                 "pay": "to pay", "place": "to place the cubes"}[view.phase]
        you = " (you)" if view.viewer in view.to_act else ""
        watching = "" if view.viewer is not None else " · watching"
        return f"Big Shot · round {view.round} of {ROUNDS} · {actor}{you} {doing}{watching}"

    def show(self, view) -> None:
        self._reset_entry(view)
        mine = view.viewer is not None and view.viewer in view.to_act
        placing = mine and view.phase == "place"
        preview = Preview(self.cursor, self.cube) if placing else None
        self.query_one(BoardWidget).show(view, preview)
        self.query_one(AuctionPanel).show(view, Entry(self.amount, self.cube, self.payer,
                                                      self.message), self.compact)
        self.query_one(LedgerPanel).show(view, self.compact)

    def _reset_entry(self, view) -> None:
        """Keep the keyboard's choices valid for the new view."""
        if view.auction is not None:
            floor = (view.round, view.auction.minimum)
            if floor != self._bid_floor:
                self._bid_floor = floor
                self.amount, self.typed = view.auction.minimum, False
        if view.phase == "place":
            if self.cube is None or not view.to_place[self.cube]:
                self.cube = next((c for c in range(4) if view.to_place[c]), None)
            if view.settled[self.cursor]:
                self.cursor = next((i for i in range(len(LOTS)) if not view.settled[i]), 0)
        if view.phase == "pay" and view.viewer is not None:
            payers = [a.colour for a in view.legal if isinstance(a, A.PayWith)]
            if self.payer not in payers and payers:
                self.payer = payers[0]

    def redraw(self) -> None:
        self.show(self.view)

    def acted(self) -> None:
        self.message = ""

    def warn(self, message: str) -> None:
        self.message = message
        super().warn(message)
        self.redraw()

    # -- keys --------------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        view = getattr(self, "view", None)
        if view is None:
            return True
        legal = view.legal
        mine = view.viewer is not None and view.viewer in view.to_act
        if action == "roll":
            return A.ROLL in legal
        if action == "pass_bid":
            return A.PASS in legal
        if action == "loan":
            return sum(isinstance(a, A.TakeLoan) for a in legal) > parameters[0]
        if action == "no_loan":
            return A.NO_MORE_LOANS in legal
        if action == "next_cube":
            return mine and view.phase == "place" and sum(1 for n in view.to_place if n) > 1
        if action in ("confirm", "arrow", "erase"):
            return mine and view.phase in ("bid", "place", "pay")
        return True

    def action_roll(self) -> None:
        self.submit(A.ROLL)

    def action_pass_bid(self) -> None:
        self.submit(A.PASS)

    def action_loan(self, index: int) -> None:
        loans = [a for a in self.view.legal if isinstance(a, A.TakeLoan)]
        if index < len(loans):
            self.submit(loans[index])

    def action_no_loan(self) -> None:
        self.submit(A.NO_MORE_LOANS)

    def action_confirm(self) -> None:
        phase = self.view.phase
        if phase == "bid":
            self.submit(A.bid(self.amount))
        elif phase == "place" and self.cube is not None:
            self.submit(A.place(self.cube, self.cursor))
        elif phase == "pay" and self.payer is not None:
            self.submit(A.pay_with(self.payer))

    def action_next_cube(self) -> None:
        colours = [c for c in range(4) if self.view.to_place[c]]
        if self.cube in colours:
            self.cube = colours[(colours.index(self.cube) + 1) % len(colours)]
            self.redraw()

    def action_arrow(self, dx: int, dy: int) -> None:
        phase = self.view.phase
        if phase == "bid":
            self.amount = max(0, self.amount - dy)
            self.typed = True
        elif phase == "place":
            self.cursor = self._lot_towards(dx, dy)
        elif phase == "pay":
            colours = list(self.view.seat_colours[self.view.viewer])
            if self.payer in colours:
                self.payer = colours[(colours.index(self.payer) + dx + dy) % len(colours)]
        self.redraw()

    def action_erase(self) -> None:
        if self.view.phase == "bid":
            self.amount //= 10
            self.typed = True
            self.redraw()

    def on_key(self, event: events.Key) -> None:
        if event.character and event.character.isdigit() and self.check_action("confirm", ()) \
                and self.view.phase == "bid":
            digit = int(event.character)
            self.amount = digit if not self.typed else min(self.amount * 10 + digit, 999)
            self.typed = True
            event.stop()
            self.redraw()

    def _lot_towards(self, dx: int, dy: int) -> int:
        """The next lot from the cursor in a direction, skipping empty city blocks."""
        row, col = LOTS[self.cursor].row, LOTS[self.cursor].col
        for step in range(1, 4):
            found = GRID.get((row + dy * step, col + dx * step))
            if found is not None:
                return found
        return self.cursor

    def on_board_widget_lot_clicked(self, message: BoardWidget.LotClicked) -> None:
        view = self.view
        if not (view.phase == "place" and view.viewer in view.to_act):
            return
        if message.lot == self.cursor:
            self.action_confirm()
        else:
            self.cursor = message.lot
            self.redraw()

    def end_screen(self, view):
        return BigShotEnd(view)
