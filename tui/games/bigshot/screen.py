"""Big Shot at this computer: the Board, Auction and Ledger panels, and the keys that play it."""

from __future__ import annotations

from textual.binding import Binding

from core.engine.views import viewer_acts
from core.games.bigshot import actions as A
from core.games.bigshot.board import COLOUR_LETTERS, LOTS, ROUNDS
from core.games.bigshot.view import BigShotView
from play.games.bigshot import PROMPTS

from ...screens.bid import BID_BINDINGS, BidEntry, BidKeys
from ...screens.table import ARROWS, TableScreen, control_bindings
from .board import BoardWidget, Preview
from .end import BigShotEnd
from .help import HELP
from .panels import AuctionPanel, Entry, LedgerPanel

ROLL, *ANSWERS = control_bindings(PROMPTS)  # Enter comes second on the key bar
GRID = {(lot.row, lot.col): i for i, lot in enumerate(LOTS)}


class BigShotScreen(BidKeys, TableScreen[BigShotView]):
    HELP = HELP
    GAME = "Big Shot"
    PROMPTS = PROMPTS
    BOARD, AUCTION, LEDGER = BoardWidget, AuctionPanel, LedgerPanel
    BINDINGS = [
        ROLL,
        Binding("enter", "confirm", "Confirm"),
        *ANSWERS,
        Binding("c", "next_cube", "Cube"),
        # a cube's colour by its letter (r rolls where rolling is what the game lists)
        *(
            Binding(letter.lower(), f"cube({colour})", show=False)
            for colour, letter in enumerate(COLOUR_LETTERS)
        ),
        *BID_BINDINGS,
    ]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.bid = BidEntry(999)
        self.cube: int | None = None
        self.cursor = 0
        self.payer: int | None = None
        self._bid_floor: tuple[int, int] | None = None  # the bidding the entry was reset for

    # -- drawing -----------------------------------------------------------------------------------

    def round_text(self) -> str:
        return f"round {self.view.round} of {ROUNDS}"

    def show(self, view: BigShotView) -> None:
        self._reset_entry(view)
        mine = viewer_acts(view)
        placing = mine and view.phase == "place"
        preview = Preview(self.cursor, self.cube) if placing else None
        self.query_one(BoardWidget).show(view, preview)
        self.query_one(AuctionPanel).show(
            view, Entry(self.bid.amount, self.cube, self.payer, self.message), self.compact
        )
        self.query_one(LedgerPanel).show(view, self.compact)

    def _reset_entry(self, view: BigShotView) -> None:
        """Keep the keyboard's choices valid for the new view."""
        if view.auction is not None:
            floor = (view.round, view.auction.minimum)
            if floor != self._bid_floor:
                self._bid_floor = floor
                self.bid.reset(view.auction.minimum)
        if view.phase == "place":
            if self.cube is None or not view.to_place[self.cube]:
                self.cube = next((c for c in range(4) if view.to_place[c]), None)
            if view.settled[self.cursor]:
                self.cursor = next((i for i in range(len(LOTS)) if not view.settled[i]), 0)
        if view.phase == "pay" and view.viewer is not None:
            payers = [a.colour for a in view.legal if isinstance(a, A.PayWith)]
            if self.payer not in payers and payers:
                self.payer = payers[0]

    # -- keys --------------------------------------------------------------------------------------

    def allows(self, action: str, parameters: tuple) -> bool | None:
        view = getattr(self, "view", None)
        if view is None:
            return True
        mine = self._mine()
        if action == "next_cube":
            return mine and view.phase == "place" and sum(1 for n in view.to_place if n) > 1
        if action == "cube":
            return mine and view.phase == "place" and view.to_place[parameters[0]] > 0
        if action in ("confirm", "arrow"):
            return mine and view.phase in ("bid", "place", "pay")
        return True

    def action_confirm(self) -> None:
        phase = self.view.phase
        if phase == "bid":
            self.submit(A.bid(self.bid.amount))
        elif phase == "place" and self.cube is not None:
            self.submit(A.place(self.cube, self.cursor))
        elif phase == "pay" and self.payer is not None:
            self.submit(A.pay_with(self.payer))

    def action_next_cube(self) -> None:
        colours = [c for c in range(4) if self.view.to_place[c]]
        if self.cube in colours:
            self.cube = colours[(colours.index(self.cube) + 1) % len(colours)]
            self.redraw()

    def action_cube(self, colour: int) -> None:
        self.cube = colour
        self.redraw()

    def point_at(self, action) -> None:
        if isinstance(action, A.Place):
            self.cube, self.cursor = action.colour, action.lot
        elif isinstance(action, A.PayWith):
            self.payer = action.colour
        self.redraw()

    def arrow(self, name: str) -> None:
        dx, dy = ARROWS[name]
        phase = self.view.phase
        if phase == "bid":
            self.action_bid_nudge(-dy)
            return
        if phase == "place":
            self.cursor = self._lot_towards(dx, dy)
        elif phase == "pay":
            colours = list(self.view.seat_colours[self.view.viewer])
            if self.payer in colours:
                self.payer = colours[(colours.index(self.payer) + dx + dy) % len(colours)]
        self.redraw()

    def bidding(self) -> bool:
        return self.view.phase == "bid" and bool(self.check_action("confirm", ()))

    def _lot_towards(self, dx: int, dy: int) -> int:
        """The next lot from the cursor in a direction, skipping empty city blocks."""
        row, col = LOTS[self.cursor].row, LOTS[self.cursor].col
        for step in range(1, 4):
            found = GRID.get((row + dy * step, col + dx * step))
            if found is not None:
                return found
        return self.cursor

    def on_board_widget_lot_clicked(self, message: BoardWidget.LotClicked) -> None:
        if not (self.view.phase == "place" and self._mine()):
            return
        if message.lot == self.cursor:
            self.action_confirm()
        else:
            self.cursor = message.lot
            self.redraw()

    def end_screen(self, view: BigShotView):
        return BigShotEnd(view)
