"""The Army game at this computer or an SSH table: the Board, Turn/Auction and Ledger panels,
and the keys that play it. Deeds are managed on the square under the cursor."""

from __future__ import annotations

from typing import Any

from textual.binding import Binding

from core.games.army import actions as A
from core.games.army.board import DEEDS, SQUARES, SQUARES_COUNT
from core.games.army.frames import interest

from ...screens.bid import BID_BINDINGS, BidEntry, BidKeys
from ...screens.table import TableScreen, answer_keys
from ...screens.trade import TRADE_BINDINGS, TradeKeys
from .board import BoardWidget, DeedAction
from .end import ArmyEnd
from .help import HELP
from .look import money
from .panels import DecisionPanel, Entry, LedgerPanel
from .trade import TradeScreen

MAX_BID = 99_999
# The keys that answer what the game waits for: key, action class, description.
ANSWER_KEYS = (
    ("r", A.Roll, "Throw"),
    ("e", A.EndTurn, "End turn"),
    ("y", A.Buy, "Buy"),
    ("n", A.Decline, "Auction it"),
    ("p", A.Pass, "Pass"),
    ("y", A.Accept, "Accept"),
    ("n", A.Reject, "Reject"),
    ("d", A.TakeCombat, "Draw card"),
    ("l", A.LiftMortgage, "Lift now"),
    ("k", A.KeepMortgage, "Keep"),
    ("B", A.Bankrupt, "Bankrupt"),
)
# The keys that manage the deed under the cursor.
DEED_KEYS = (
    ("b", A.Build, "build"),
    ("s", A.Sell, "sell a building"),
    ("m", A.Mortgage, "mortgage"),
    ("u", A.Unmortgage, "lift the mortgage"),
)


class ArmyScreen(BidKeys, TradeKeys, TableScreen):
    HELP = HELP
    GAME = "Army"
    DOING = {
        "roll": "to throw",
        "end": "to end the turn",
        "buy": "to buy or not",
        "auction": "to bid or pass",
        "choice": "to pay or draw",
        "debt": "to raise money",
        "trade": "to answer an offer",
        "lift": "to lift a mortgage or not",
        "place": "to place a building",
        "want": "to ask for buildings",
    }
    BOARD, AUCTION, LEDGER = BoardWidget, DecisionPanel, LedgerPanel
    ANSWERS, ANSWER_BINDINGS = answer_keys(ANSWER_KEYS)
    TRADE = TradeScreen
    CURSOR_KEYS = {"manage": {key: cls for key, cls, _ in DEED_KEYS}}
    FULL_SIZE = (117, 36)  # the full board (86 columns) beside a Ledger of 27 (31 with its frame)
    BINDINGS = [
        *ANSWER_BINDINGS,
        Binding("f", "fine", "Pay fine"),
        Binding("g", "use_card", "Use card"),
        Binding("enter", "confirm", "Confirm"),
        *TRADE_BINDINGS,
        *[
            Binding(key, f"manage('{key}')", label.split()[0].capitalize())
            for key, _, label in DEED_KEYS
        ],
        Binding("left", "step(-1)", show=False),
        Binding("right", "step(1)", show=False),
        Binding("up", "arrow(1)", show=False),
        Binding("down", "arrow(-1)", show=False),
        *BID_BINDINGS,
    ]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.cursor = 0
        self.bid = BidEntry(MAX_BID)
        self._decision: tuple[Any, ...] | None = None  # what the cursor and bid were set for

    # -- drawing -----------------------------------------------------------------------------

    def show(self, view) -> None:
        self._follow(view)
        self.query_one(BoardWidget).show(view, self.cursor, self._deed_actions(view))
        self.query_one(DecisionPanel).show(view, Entry(self.bid.amount, self.message), self.compact)
        self.query_one(LedgerPanel).show(view, self.compact)

    def point_at(self, action) -> None:
        if hasattr(action, "square") and action.square >= 0:
            self.cursor = action.square
            self.redraw()

    def _follow(self, view) -> None:
        """On each new decision, put the cursor where it matters and reset the bid."""
        decision: tuple[Any, ...]
        if view.phase == "auction":
            decision = ("auction", view.pending.square, view.pending.minimum)
        else:
            decision = (view.round, view.turn, view.phase, view.pending)
        if decision == self._decision:
            return
        self._decision = decision
        if view.phase == "auction":
            self.bid.reset(view.pending.minimum)
        elif view.phase == "want":
            self.bid.reset(view.pending.least)
        places = [a.square for a in view.legal if isinstance(a, A.Place)]
        raising = [a.square for a in view.legal if isinstance(a, (A.Sell, A.Mortgage))]
        if places:
            self.cursor = places[0]
        elif view.phase == "debt" and raising:
            self.cursor = raising[0]
        elif view.phase in ("buy", "lift"):
            self.cursor = view.pending.square
        elif view.phase == "auction" and view.pending.square >= 0:
            self.cursor = view.pending.square
        elif view.phase == "trade" and (view.pending.offer.get or view.pending.offer.give):
            self.cursor = (view.pending.offer.get + view.pending.offer.give)[0]
        else:
            self.cursor = view.position[view.turn]

    def _deed_actions(self, view) -> tuple[DeedAction, ...]:
        """The ways to manage the deed under the cursor, when it is the viewer's to manage."""
        seat = view.viewer
        if seat is None or seat not in view.to_act or view.owner[self.cursor] != seat:
            return ()
        square, sq = self.cursor, SQUARES[self.cursor]
        labels = {
            A.Build: f"build ({money(sq.build)})",
            A.Sell: f"sell a building (+{money(sq.build // 2)})",
            A.Mortgage: f"mortgage (+{money(sq.mortgage)})",
            A.Unmortgage: f"lift the mortgage ({money(sq.mortgage + interest(sq.mortgage))})",
        }
        actions = []
        for key, cls, _ in DEED_KEYS:
            if cls in (A.Build, A.Sell) and sq.kind != "site":
                continue
            if cls is A.Unmortgage and not view.mortgaged[square]:
                continue
            if cls is A.Mortgage and view.mortgaged[square]:
                continue
            actions.append(DeedAction(key, labels[cls], self.table.why_illegal(seat, cls(square))))
        return tuple(actions)

    # -- keys --------------------------------------------------------------------------------

    def _legal_kinds(self) -> set[type]:
        return {type(a) for a in self.view.legal}

    def allows(self, action: str, parameters: tuple) -> bool | None:
        view = getattr(self, "view", None)
        if view is None:
            return True
        kinds = self._legal_kinds()
        if action == "fine":
            return A.PayFine in kinds or A.PayTen in kinds
        if action == "use_card":
            return A.UseCard in kinds
        if action == "confirm":
            return A.Place in kinds or view.phase in ("auction", "want") and self._mine()
        if action in ("trade", "counter"):
            return self.may_trade(action)
        return True

    def action_fine(self) -> None:
        self.submit(A.PayTen() if self.view.phase == "choice" else A.PayFine())

    def action_use_card(self) -> None:
        cards = [a for a in self.view.legal if isinstance(a, A.UseCard)]
        if cards:
            self.submit(cards[0])

    def action_confirm(self) -> None:
        if self.view.phase == "auction":
            self.submit(A.Bid(self.bid.amount))
        elif self.view.phase == "want":
            self.submit(A.Want(self.bid.amount))
        elif self.view.phase == "place":
            self.submit(A.Place(self.cursor))

    def action_manage(self, key: str) -> None:
        self.submit(self.CURSOR_KEYS["manage"][key](self.cursor))

    def action_step(self, direction: int) -> None:
        """Move the cursor one square along the board (to the next site when placing)."""
        view = self.view
        places = [a.square for a in view.legal if isinstance(a, A.Place)]
        if places:
            at = places.index(self.cursor) if self.cursor in places else 0
            self.cursor = places[(at + direction) % len(places)]
        else:
            self.cursor = (self.cursor + direction) % SQUARES_COUNT
        self.redraw()

    def action_arrow(self, direction: int) -> None:
        """Raise or lower the bid in an auction; elsewhere, jump to the viewer's next deed."""
        view = self.view
        if self.bidding():
            self.action_bid_nudge(direction)
            return
        mine = [s for s in DEEDS if view.viewer is not None and view.owner[s] == view.viewer]
        if not mine:
            self.action_step(direction)
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

    def end_screen(self, view):
        return ArmyEnd(view)
