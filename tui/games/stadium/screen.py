"""Stadium at this computer or an SSH table: the city Board beside the Turn panel, the Ledger
beside the log, and the keys that play it. An acre cursor chooses the lot or building a key
acts on; building shows the chosen card's footprint at the cursor, and whether it fits."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical

from core.engine.decisions import AuctionView
from core.games.stadium import actions as A
from core.games.stadium.board import BLOCKS, CARDS, HEIGHT, LOTS, STADIUM, WIDTH, cell_kind
from core.games.stadium.frames import DEMOLITION
from core.games.stadium.land import land_price
from core.games.stadium.placement import FACINGS, facings_of, lot_room
from core.games.stadium.view import StadiumView
from play.games.stadium import PROMPTS

from ...screens.bid import BID_BINDINGS, BidEntry, BidKeys
from ...screens.dialogs import Confirm
from ...screens.table import ARROWS, TableScreen, control_bindings
from ...screens.trade import TRADE_BINDINGS, TradeKeys
from .board import BoardWidget, Preview
from .end import StadiumEnd
from .help import HELP
from .look import LOT_AT, money
from .panels import Entry, LedgerPanel, Placing, TurnPanel
from .trade import StadiumTrade

THOUSAND = 1_000  # a bid is typed in thousands of dollars


class StadiumScreen(BidKeys, TradeKeys, TableScreen[StadiumView]):
    HELP = HELP
    GAME = "Stadium"
    PROMPTS = PROMPTS
    BOARD, AUCTION, LEDGER = BoardWidget, TurnPanel, LedgerPanel
    TRADE = StadiumTrade
    FULL_SIZE = (118, 36)  # the full board (93 columns) beside a Turn panel of 23
    BINDINGS = [
        *control_bindings(PROMPTS),
        Binding("enter", "confirm", "Confirm"),
        Binding("b", "place", "Build"),
        Binding("d", "demolish", "Demolish"),
        Binding("s", "sell", "Auction it"),
        *TRADE_BINDINGS,
        Binding("tab", "next_lot(1)", "Next", show=False),
        Binding("shift+tab", "next_lot(-1)", "Previous", show=False),
        Binding("f", "flip", "Turn", show=False),
        Binding("right_square_bracket", "card(1)", "Card", show=False),
        Binding("left_square_bracket", "card(-1)", show=False),
        *BID_BINDINGS,
    ]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.cursor = (14, 1)
        self.bid = BidEntry(99_999)  # thousands
        self.placing: int | None = None  # the card being placed
        self.facing = "S"
        self._decision: tuple | None = None

    # -- layout ------------------------------------------------------------------------------

    def panels(self) -> ComposeResult:
        with Horizontal(id="main"):
            yield self._titled(BoardWidget(id="board", classes="panel"), "City")
            with Vertical(id="side"):
                yield self._titled(TurnPanel(id="auction", classes="panel"), "Turn")
                yield self._titled(LedgerPanel(id="mini-ledger", classes="panel"), "Cash")

    def lower(self) -> ComposeResult:
        yield from self.ledger_beside_log()

    # -- drawing -----------------------------------------------------------------------------

    def show(self, view: StadiumView) -> None:
        self._follow(view)
        placing = self._placing(view)
        preview = (
            None
            if placing is None
            else Preview(
                placing.card, *self._spot(placing.card), self.facing, placing.refused is None
            )
        )
        self.query_one(BoardWidget).show(view, self.cursor, preview)
        here = self._building_at(view)
        entry = Entry(
            self.bid.amount * THOUSAND,
            self.message,
            placing,
            self._under_cursor(view),
            here is not None and A.Demolish(here.id) in view.legal,
        )
        self.query_one(TurnPanel).show(view, entry, self.compact)
        self.query_one("#ledger", LedgerPanel).show(view, False)
        self.query_one("#mini-ledger", LedgerPanel).show(view, True)

    def _follow(self, view: StadiumView) -> None:
        """On each new decision, reset the bid, leave building, and put the cursor on the
        first lot the decision is about."""
        pending = view.pending
        decision = (view.round, view.turn, view.phase, pending)
        if decision == self._decision:
            return
        self._decision = decision
        if isinstance(pending, AuctionView):
            self.bid.reset(pending.minimum // THOUSAND)
            if pending.piece in ("crown", "land"):
                self.cursor = LOTS[pending.square].cells[0]
        if view.phase != "main" or not self._mine():
            self.placing = None
        targets = self._targets(view)
        if targets:
            self.cursor = targets[0]

    def _placing(self, view: StadiumView) -> Placing | None:
        if self.placing is None or view.viewer is None:
            return None
        row, col = self._spot(self.placing)
        action = A.Build(self.placing, row, col, FACINGS.index(self.facing))
        return Placing(
            self.placing,
            view.building_price(view.viewer, self.placing),
            self.table.why_illegal(view.viewer, action),
        )

    def _spot(self, card: int) -> tuple[int, int]:
        """Where the footprint's top-left acre is: at the cursor, kept on the board."""
        row = min(self.cursor[0], HEIGHT - CARDS[card].height)
        col = min(self.cursor[1], WIDTH - CARDS[card].width)
        return row, col

    def _under_cursor(self, view: StadiumView) -> str:
        row, col = self.cursor
        building = self._building_at(view)
        if building is not None:
            card = CARDS[building.card]
            if building.owner == len(view.players):
                zone = BLOCKS[building.block].zone
                return (
                    f"Here: {card.name} #{building.id}, the Bank's, earning nothing; for "
                    f"sale with its land for {money(land_price(building))} on a throw of "
                    f"{zone} or 4"
                )
            return (
                f"Here: {card.name} #{building.id}, {view.players[building.owner]}'s, "
                f"+{money(card.income)} a turn"
            )
        if (row, col) not in LOT_AT:
            return {"=": "Here: a street", "~": "Here: the river", "P": "Here: the park"}.get(
                cell_kind(row, col), ""
            )
        lot = LOTS[LOT_AT[(row, col)]]
        bit = 1 << (row * WIDTH + col)
        bank = len(view.players)  # every acre is someone's: the Bank's until it is sold
        holder = next((s for s, cells in enumerate(view.land) if cells & bit), bank)
        who = "the Bank's" if holder == bank else f"{view.players[holder]}'s"
        if lot.id in view.crown_left:
            who = f"Crown Land, auctioned from ${lot.minimum:,}"
        elif lot.id in view.frozen:
            who = "Crown Land, frozen (nobody bid)"
        acres = f"{lot.acres} acre{'s' if lot.acres != 1 else ''}"
        return f"Here: {A.lot_name(lot.id)}, zone {lot.zone}, {acres}, {who}; {lot_room(lot.id)}"

    # -- where the keys act ------------------------------------------------------------------

    def _building_at(self, view: StadiumView):
        row, col = self.cursor
        bit = 1 << (row * WIDTH + col)
        return next((b for b in view.buildings if b.cells & bit), None)

    def _bank_building_here(self, view: StadiumView):
        """The Bank's building under the cursor, if there is one."""
        building = self._building_at(view)
        return building if building is not None and building.owner == len(view.players) else None

    def _lot_here(self) -> int | None:
        return LOT_AT.get(self.cursor)

    def _targets(self, view: StadiumView) -> list[tuple[int, int]]:
        """The acres Tab visits: the first acre of each lot or building the decision lists."""
        found = []
        bank = len(view.players)
        for action in view.legal:
            if isinstance(action, (A.BuyLot, A.Speculate, A.AuctionLand)):
                if isinstance(action, A.AuctionLand):  # the viewer's own land, to auction
                    holder = bank if view.viewer is None else view.viewer
                else:
                    holder = action.seller if isinstance(action, A.Speculate) else bank
                cells = [
                    c
                    for c in LOTS[action.lot].cells
                    if view.parcel(holder, action.lot) >> (c[0] * WIDTH + c[1]) & 1
                ]
                found.append(cells[0] if cells else LOTS[action.lot].cells[0])
            elif isinstance(action, (A.AuctionBuilding, A.BuyBuilding)):
                building = view.building_by_id[action.building]
                found.append((building.row, building.col))
        return found

    # -- keys --------------------------------------------------------------------------------

    def allows(self, action: str, parameters: tuple) -> bool | None:
        view = getattr(self, "view", None)
        if view is None:
            return True
        kinds = {type(a) for a in view.legal}
        if action == "confirm":
            if view.phase in ("land", "speculate"):
                return bool(self._targets(view))
            return self._mine() and (view.phase == "auction" or self.placing is not None)
        if action == "place":
            return A.Build in kinds and self.placing is None
        if action in ("flip", "card", "escape"):
            return self.placing is not None
        if action == "demolish":
            return A.Demolish in kinds and self.placing is None
        if action == "sell":
            return A.AuctionLand in kinds or A.AuctionBuilding in kinds
        if action == "next_lot":
            return bool(self._targets(view))
        if action in ("trade", "counter"):
            return self.may_trade(action)
        return True

    def kind_of(self, action: str, parameters: tuple) -> type | None:
        if action == "confirm":
            if self.view.phase == "land" and self._bank_building_here(self.view) is not None:
                return A.BuyBuilding
            return {"land": A.BuyLot, "speculate": A.Speculate}.get(self.view.phase)
        return {"place": A.Build, "demolish": A.Demolish}.get(action) or super().kind_of(
            action, parameters
        )

    def bidding(self) -> bool:
        return self.view.phase == "auction" and self._mine()

    def action_bid_nudge(self, delta: int) -> None:
        super().action_bid_nudge(delta * 10)  # $10,000 steps

    def arrow(self, name: str) -> None:
        dcol, drow = ARROWS[name]
        if self.bidding() and drow:
            self.action_bid_nudge(-drow)
            return
        row, col = self.cursor
        self.cursor = (max(0, min(HEIGHT - 1, row + drow)), max(0, min(WIDTH - 1, col + dcol)))
        self.redraw()

    def point_at(self, action) -> None:
        """The cursor to what a hint names; a building hinted is shown placed as it says (the
        card, the spot and the facing), so that Enter builds it."""
        if type(action) is A.Build:
            self.placing, self.cursor = action.card, (action.row, action.col)
            self.facing = FACINGS[action.facing]
            self._refresh_keys_now()
        elif hasattr(action, "lot"):
            self.cursor = LOTS[action.lot].cells[0]
        elif hasattr(action, "building"):
            building = self.view.building_by_id.get(action.building)
            if building is not None:
                self.cursor = (building.row, building.col)
        self.redraw()

    def action_next_lot(self, step: int = 1) -> None:
        """The cursor to the next lot or building the decision lists, in board order (row by
        row), or with `step` -1 the one before; round again after the last."""
        targets = sorted(set(self._targets(self.view)))
        if targets:
            if step > 0:
                later = [t for t in targets if t > self.cursor]
                self.cursor = later[0] if later else targets[0]
            else:
                earlier = [t for t in targets if t < self.cursor]
                self.cursor = earlier[-1] if earlier else targets[-1]
            self.redraw()

    def action_confirm(self) -> None:
        view = self.view
        if view.phase == "auction":
            self.submit(A.Bid(self.bid.amount * THOUSAND))
        elif self.placing is not None:
            row, col = self._spot(self.placing)
            if self.submit(A.Build(self.placing, row, col, FACINGS.index(self.facing))):
                self.placing = None
                self.redraw()
        elif view.phase == "land" and (banks := self._bank_building_here(view)) is not None:
            self.submit(A.BuyBuilding(banks.id))
        elif (lot := self._lot_here()) is None:
            self.warn("Put the cursor on a lot first.")
        elif view.phase == "land":
            self.submit(A.BuyLot(lot))
        elif view.phase == "speculate":
            bit = 1 << (self.cursor[0] * WIDTH + self.cursor[1])
            seller = next((s for s, cells in enumerate(view.land[:-1]) if cells & bit), -1)
            self.submit(A.Speculate(lot, seller))

    def action_place(self) -> None:
        """Start placing the biggest earner that fits somewhere (the Stadium first), at the
        first spot where it fits."""
        builds = [a for a in self.view.legal if type(a) is A.Build]
        best = max(
            builds, key=lambda a: (CARDS[a.card] is STADIUM, CARDS[a.card].income), default=None
        )
        if best is None:
            return
        self.placing, self.cursor, self.facing = (
            best.card,
            (best.row, best.col),
            FACINGS[best.facing],
        )
        self.redraw()
        self._refresh_keys_now()

    def action_card(self, step: int) -> None:
        if self.placing is None:  # (the key works only while a card is being placed)
            return
        self.placing = (self.placing + step) % len(CARDS)
        self.facing = self._first_facing(self.placing)
        self.redraw()

    def _first_facing(self, card: int) -> str:
        """A new card's facing: the first in which it fits where the cursor is, else south
        (never the turn given to the card before)."""
        spot = self._spot(card)
        return next(
            (
                FACINGS[a.facing]
                for a in self.view.legal
                if type(a) is A.Build and a.card == card and (a.row, a.col) == spot
            ),
            "S",
        )

    def action_flip(self) -> None:
        """Turn the card: a quarter turn clockwise if it is square, else half way round."""
        if self.placing is None:  # (the key works only while a card is being placed)
            return
        turns = ("S", "W", "N", "E") if len(facings_of(CARDS[self.placing])) == 4 else ("S", "N")
        self.facing = turns[(turns.index(self.facing) + 1) % len(turns)]
        self.redraw()

    def escape(self) -> None:
        """Stop placing the card."""
        self.placing = None
        self.redraw()
        self._refresh_keys_now()

    def _refresh_keys_now(self) -> None:
        self._keys_for = None
        self._refresh_keys()

    def action_demolish(self) -> None:
        """Ask first: the building and the fee are gone at a key."""
        view = self.view
        building = self._building_at(view)
        if building is None:
            self.warn("Put the cursor on one of your buildings first.")
            return
        action, card = A.Demolish(building.id), CARDS[building.card]
        if action not in view.legal:
            self.submit(action)  # refused, with the game's reason
            return
        fee = 0 if view.free_demolition else DEMOLITION
        cost = f"It costs {money(fee)}" if fee else "It costs nothing (your Venture card)"

        def answered(yes: bool | None) -> None:
            if yes:
                self.submit(action)

        self.app.push_screen(
            Confirm(
                f"Demolish {card.name} #{building.id}?",
                f"{cost}, and the building and its +{money(card.income)} a turn are gone; "
                "the land stays yours. One demolition a turn.",
                "Demolish",
                "Keep it",
            ),
            answered,
        )

    def action_sell(self) -> None:
        building = self._building_at(self.view)
        if building is not None:
            self.submit(A.AuctionBuilding(building.id))
        elif (lot := self._lot_here()) is not None:
            self.submit(A.AuctionLand(lot))

    def on_board_widget_acre_clicked(self, message: BoardWidget.AcreClicked) -> None:
        here = (message.row, message.col)
        if here == self.cursor and self._mine() and self.check_action("confirm", ()):
            self.action_confirm()
            return
        self.cursor = here
        self.redraw()

    def players_out(self) -> set[int]:
        return {seat for seat, playing in enumerate(self.view.active) if not playing}

    def end_screen(self, view: StadiumView):
        return StadiumEnd(view)
