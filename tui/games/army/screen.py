"""The Army game at this computer or an SSH table: the Board, Turn/Auction and Ledger panels,
and the keys that play it. Deeds are managed on the square under the cursor."""

from __future__ import annotations

from typing import Any

from textual.binding import Binding

from core.engine.actions import Action
from core.engine.decisions import AuctionView, BuyOrDecline, HowMany, TradeOffer
from core.games.army import actions as A
from core.games.army.board import DEEDS, SQUARES, SQUARES_COUNT
from core.games.army.frames import LiftOrKeep, interest
from core.games.army.view import ArmyView
from play.games.army import PROMPTS
from play.prompt import Control

from ...screens.bid import BID_BINDINGS, BidEntry, BidKeys
from ...screens.table import ARROWS, TableScreen, control_bindings
from ...screens.trade import TRADE_BINDINGS, TradeKeys
from .board import BoardWidget, DeedAction, ring_step
from .end import ArmyEnd
from .help import HELP
from .look import money
from .panels import DecisionPanel, Entry, LedgerPanel
from .trade import TradeScreen

MAX_BID = 99_999


class ArmyScreen(BidKeys, TradeKeys, TableScreen[ArmyView]):
    HELP = HELP
    GAME = "Army"
    PROMPTS = PROMPTS
    BOARD, AUCTION, LEDGER = BoardWidget, DecisionPanel, LedgerPanel
    TRADE = TradeScreen
    FULL_SIZE = (117, 36)  # the full board (86 columns) beside a Ledger of 27 (31 with its frame)
    BINDINGS = [
        *control_bindings(PROMPTS),
        Binding("enter", "confirm", "Confirm"),
        *TRADE_BINDINGS,
        *control_bindings(PROMPTS, aimed=True),
        Binding("tab", "next_deed(1)", "Next", show=False),
        Binding("shift+tab", "next_deed(-1)", "Previous", show=False),
        *BID_BINDINGS,
    ]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.cursor = 0
        self.bid = BidEntry(MAX_BID)
        self._decision: tuple[Any, ...] | None = None  # what the cursor and bid were set for

    # -- drawing -----------------------------------------------------------------------------

    def show(self, view: ArmyView) -> None:
        self._follow(view)
        self.query_one(BoardWidget).show(view, self.cursor, self._deed_actions(view))
        self.query_one(DecisionPanel).show(view, Entry(self.bid.amount, self.message), self.compact)
        self.query_one(LedgerPanel).show(view, self.compact)

    def point_at(self, action) -> None:
        if hasattr(action, "square") and action.square >= 0:
            self.cursor = action.square
            self.redraw()

    def _follow(self, view: ArmyView) -> None:
        """On each new decision, put the cursor where it matters and reset the bid."""
        decision: tuple[Any, ...]
        pending = view.pending
        if isinstance(pending, AuctionView):
            decision = ("auction", pending.square, pending.minimum)
        else:
            decision = (view.round, view.turn, view.phase, pending)
        if decision == self._decision:
            return
        self._decision = decision
        if isinstance(pending, AuctionView):
            self.bid.reset(pending.minimum)
        elif isinstance(pending, HowMany):
            self.bid.reset(pending.least)
        places = [a.square for a in view.legal if isinstance(a, A.Place)]
        raising = [a.square for a in view.legal if isinstance(a, (A.Sell, A.Mortgage))]
        if places:
            self.cursor = places[0]
        elif view.phase == "debt" and raising:
            self.cursor = raising[0]
        elif isinstance(pending, (BuyOrDecline, LiftOrKeep)):
            self.cursor = pending.square
        elif isinstance(pending, AuctionView) and pending.square >= 0:
            self.cursor = pending.square
        elif isinstance(pending, TradeOffer) and (pending.offer.get or pending.offer.give):
            self.cursor = (pending.offer.get + pending.offer.give)[0]
        else:
            self.cursor = view.position[view.turn]

    def _deed_actions(self, view: ArmyView) -> tuple[DeedAction, ...]:
        """The ways to manage the deed under the cursor, when it is the viewer's to manage."""
        seat = view.viewer
        if seat is None or seat not in view.to_act or view.owner[self.cursor] != seat:
            return ()
        square, sq = self.cursor, SQUARES[self.cursor]
        labels: dict[type[Action], str] = {
            A.Build: f"build ({money(sq.build)})",
            A.Sell: f"sell a building (+{money(sq.build // 2)})",
            A.Mortgage: f"mortgage (+{money(sq.mortgage)})",
            A.Unmortgage: f"lift the mortgage ({money(sq.mortgage + interest(sq.mortgage))})",
        }
        actions = []
        for control in PROMPTS.aimed:  # the deed under the cursor
            cls = control.kind
            if cls in (A.Build, A.Sell) and sq.kind != "site":
                continue
            if cls is A.Unmortgage and not view.mortgaged[square]:
                continue
            if cls is A.Mortgage and view.mortgaged[square]:
                continue
            refused = self.table.why_illegal(seat, control.at(square))
            actions.append(DeedAction(control.key, labels[cls], refused))
        return tuple(actions)

    # -- keys --------------------------------------------------------------------------------

    def allows(self, action: str, parameters: tuple) -> bool | None:
        view = getattr(self, "view", None)
        if view is None:
            return True
        if action == "confirm":
            placing = any(isinstance(a, A.Place) for a in view.legal)
            return placing or view.phase in ("auction", "want") and self._mine()
        if action in ("trade", "counter"):
            return self.may_trade(action)
        return True

    def action_confirm(self) -> None:
        if self.view.phase == "auction":
            self.submit(A.Bid(self.bid.amount))
        elif self.view.phase == "want":
            self.submit(A.Want(self.bid.amount))
        elif self.view.phase == "place":
            self.submit(A.Place(self.cursor))

    def aim(self, control: Control) -> Action:
        return control.at(self.cursor)

    def arrow(self, name: str) -> None:
        """The arrows move the cursor the way they point, round the board (up and down set the
        bid in an auction); placing a building won, to the next site that way."""
        if name in ("up", "down") and self.bidding():
            self.action_bid_nudge(1 if name == "up" else -1)
            return
        step = ring_step(self.cursor, *ARROWS[name])
        if not step:
            return
        places = [a.square for a in self.view.legal if isinstance(a, A.Place)]
        square = (self.cursor + step) % SQUARES_COUNT
        while places and square not in places and square != self.cursor:
            square = (square + step) % SQUARES_COUNT
        self.cursor = square
        self.redraw()

    def action_next_deed(self, direction: int) -> None:
        """The cursor to the viewer's next deed round the board (or the one before), or when
        placing a building won, the next site."""
        view = self.view
        places = [a.square for a in view.legal if isinstance(a, A.Place)]
        mine = places or [
            s for s in DEEDS if view.viewer is not None and view.owner[s] == view.viewer
        ]
        if not mine:
            return
        later = [s for s in mine if (s - self.cursor) * direction > 0]
        self.cursor = (
            (later[0] if direction > 0 else later[-1])
            if later
            else (mine[0] if direction > 0 else mine[-1])
        )
        self.redraw()

    def players_out(self) -> set[int]:
        return {seat for seat, playing in enumerate(self.view.active) if not playing}

    def bidding(self) -> bool:
        return self.view.phase in ("auction", "want") and self._mine()

    def on_board_widget_square_clicked(self, message: BoardWidget.SquareClicked) -> None:
        if message.square == self.cursor and self.view.phase == "place" and self._mine():
            self.action_confirm()
            return
        self.cursor = message.square
        self.redraw()

    def end_screen(self, view: ArmyView):
        return ArmyEnd(view)
