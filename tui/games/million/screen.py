"""Million at this computer or an SSH table: the city Board beside the Turn panel, the Ledger
beside the log, and the keys that play it. A space cursor chooses where to drive and the
business the keys act on."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical

from core.engine.actions import Action
from core.games.million import actions as A
from core.games.million.board import BUSINESSES, SPACES, START
from core.games.million.view import MillionView
from play.games.million import PROMPTS
from play.prompt import Control

from ...screens.table import ARROWS, TableScreen, control_bindings
from .board import BoardWidget, Route
from .end import MillionEnd
from .help import HELP
from .look import price_text
from .panels import Entry, LedgerPanel, TurnPanel


def _step(space: int, dx: int, dy: int) -> int:
    """The nearest space from `space` in a direction (straight on first), or `space`."""
    s = SPACES[space]
    ahead = [o for o in SPACES if (o.x - s.x) * dx + (o.y - s.y) * dy > 0]
    if not ahead:
        return space
    return min(
        ahead,
        key=lambda o: (
            abs((o.x - s.x) * dy) + abs((o.y - s.y) * dx),
            abs(o.x - s.x) + abs(o.y - s.y),
        ),
    ).id


STEPS = {name: tuple(_step(s.id, dx, dy) for s in SPACES) for name, (dx, dy) in ARROWS.items()}


class MillionScreen(TableScreen[MillionView]):
    HELP = HELP
    GAME = "Million"
    PROMPTS = PROMPTS
    BOARD, AUCTION, LEDGER = BoardWidget, TurnPanel, LedgerPanel
    FULL_SIZE = (118, 36)  # the full board (85 columns) beside a Turn panel of 31
    BINDINGS = [
        *control_bindings(PROMPTS),
        Binding("enter", "confirm", "Drive/take"),
        *control_bindings(PROMPTS, aimed=True),
        Binding("tab", "next_target", "Next", show=False),
    ]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.cursor = START
        self.pick: int | None = None  # the business chosen by Tab where a space has two
        self._decision: tuple | None = None

    # -- layout ------------------------------------------------------------------------------

    def panels(self) -> ComposeResult:
        with Horizontal(id="main"):
            with Vertical(id="city"):
                yield self._titled(BoardWidget(id="board", classes="panel"), "City")
                yield self._titled(LedgerPanel(id="mini-ledger", classes="panel"), "Ledger")
            yield self._titled(TurnPanel(id="auction", classes="panel"), "Turn")

    def lower(self) -> ComposeResult:
        yield from self.ledger_beside_log()

    # -- drawing -----------------------------------------------------------------------------

    def show(self, view: MillionView) -> None:
        self._follow(view)
        walk = self._walk(view)
        route = Route(frozenset(w.destination for w in view.walks), walk.path if walk else ())
        self.query_one(BoardWidget).show(view, self.cursor, route)
        entry = Entry(
            self._under_cursor(view), self._drive_text(walk), self._business(view), self.message
        )
        self.query_one(TurnPanel).show(view, entry, self.compact)
        self.query_one("#ledger", LedgerPanel).show(view, False)
        self.query_one("#mini-ledger", LedgerPanel).show(view, True)

    def _follow(self, view: MillionView) -> None:
        """On each new decision, put the cursor on the first space the decision is about;
        after a drive with nothing to take, where the car stopped (not on a business of one's
        own to manage)."""
        decision = (view.round, view.turn, view.phase, view.viewer)
        if decision != self._decision:
            self._decision = decision
            targets = self._targets(view)
            taking = any(type(a) in (A.Buy, A.Lease, A.Sell) for a in view.legal)
            if view.phase == "after" and view.landed is not None and not taking:
                self.cursor, self.pick = view.landed, None
            elif targets and self.cursor not in {space for space, _ in targets}:
                self.cursor, self.pick = targets[0]

    def _walk(self, view: MillionView):
        return next((w for w in view.walks if w.destination == self.cursor), None)

    @staticmethod
    def _drive_text(walk) -> str:
        if walk is None:
            return ""
        steps = len(walk.path)
        how = "stopping short on the stunt" if walk.short else f"{steps} spaces"
        return f"Drive here: {how}."

    def _under_cursor(self, view: MillionView) -> str:
        s = SPACES[self.cursor]
        parts = []
        for b in s.businesses:
            business, holder = BUSINESSES[b], view.holder[b]
            held = (
                "nobody holds it"
                if holder < 0
                else f"{view.players[holder]}'s ({'leased' if view.leased[b] else 'bought'})"
            )
            parts.append(f"{business.name} (set {business.set}), {price_text(b)}, {held}")
        if s.landmark:
            stunt = " (a stunt shows here)" if self.cursor in view.stunt_spaces else ""
            parts.append(f"the {s.landmark}{stunt}")
        kind = {
            "start": "START",
            "finish": "FINISH",
            "real_estate": "Real Estate: take any business, or sell one",
        }.get(s.kind)
        if kind:
            parts.append(kind)
        cars = [view.players[p] for p, at in enumerate(view.position) if at == self.cursor]
        if cars:
            parts.append("cars: " + ", ".join(cars))
        return "Here: " + ("; ".join(parts) if parts else "the road")

    # -- where the keys act ------------------------------------------------------------------

    def _business(self, view: MillionView) -> int | None:
        """The business under the cursor the keys act on: the one Tab chose, else the first
        one any key may act on, else the first there."""
        here = SPACES[self.cursor].businesses
        if self.pick in here:
            return self.pick
        legal = set(view.legal)
        return next(
            (b for b in here if any(c.at(b) in legal for c in PROMPTS.aimed)),
            here[0] if here else None,
        )

    def _targets(self, view: MillionView) -> list[tuple[int, int | None]]:
        """The (space, business) pairs Tab visits: the destinations of a roll, else the
        businesses the game lists something for (to take first, then to sell, then one's own
        to manage), the two of a space that holds two one after the other."""
        if view.walks:
            return [(w.destination, None) for w in view.walks]
        order = (A.ChooseFree, A.Buy, A.Lease, A.Sell, A.EndLease, A.DropSign)
        listed = sorted(
            (a for a in view.legal if isinstance(a, order)), key=lambda a: order.index(type(a))
        )
        businesses = list(dict.fromkeys(a.business for a in listed))
        spaces = dict.fromkeys(BUSINESSES[b].space for b in businesses)
        return [(space, b) for space in spaces for b in businesses if BUSINESSES[b].space == space]

    def allows(self, action: str, parameters: tuple) -> bool | None:
        view = getattr(self, "view", None)
        if view is None:
            return True
        if action == "confirm":
            return self._mine() and view.phase in ("setup", "move")
        if action == "next_target":
            return bool(self._targets(view))
        return True

    def point_at(self, action) -> None:
        if type(action) is A.Drive:
            self.cursor, self.pick = action.space, None
        elif isinstance(getattr(action, "business", None), int):  # what a key then acts on
            self.cursor, self.pick = BUSINESSES[action.business].space, action.business
        else:
            return
        self.redraw()

    def arrow(self, name: str) -> None:
        self.cursor, self.pick = STEPS[name][self.cursor], None
        self.redraw()

    def action_next_target(self) -> None:
        view = self.view
        targets = self._targets(view)
        if targets:
            here = (self.cursor, None if view.walks else self._business(view))
            later = targets[targets.index(here) + 1 :] if here in targets else []
            self.cursor, self.pick = later[0] if later else targets[0]
            self.redraw()

    def action_confirm(self) -> None:
        view = self.view
        if view.phase == "move":
            if self._walk(view) is None:
                self.warn("Put the cursor on a green space: the roll reaches those.")
            else:
                self.submit(A.Drive(self.cursor))
        elif view.phase == "setup":
            business = self._business(view)
            if business is not None and A.ChooseFree(business) in view.legal:
                self.submit(A.ChooseFree(business))
            else:
                self.warn("Put the cursor on a free small business (Tab finds them).")

    def aim(self, control: Control) -> Action | None:
        business = self._business(self.view)
        if business is None:
            self.warn("Put the cursor on a business first.")
            return None
        return control.at(business)

    def on_board_widget_space_clicked(self, message: BoardWidget.SpaceClicked) -> None:
        if message.space == self.cursor and self._mine() and self.check_action("confirm", ()):
            self.action_confirm()
            return
        self.cursor, self.pick = message.space, None
        self.redraw()

    def end_screen(self, view: MillionView):
        return MillionEnd(view)
