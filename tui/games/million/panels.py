"""The side panels: the Turn panel (what the game waits for, the publicity stunts showing and
what each would pay, the keys that act, what is under the cursor) and the Ledger (cash and the
way to the target, SOLD signs left, businesses in groups, what a stunt pays each player)."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text

from core.engine.views import actor_name, viewer_acts
from core.games.million import actions as A
from core.games.million.board import BUSINESSES, SPACES, STUNT_DECK
from core.games.million.frames import SIX_BONUS, sale_price
from core.games.million.view import MillionView
from play.games.million import PROMPTS

from ...widgets.panel import TextPanel, key_hints
from .look import EMPTY, SET_COLOURS, money, seat_label

BAR = 10  # the progress bar's cells


@dataclass(frozen=True)
class Entry:
    """What the cursor is on (a sentence), the drive the cursor would make, the business the
    keys act on, and the last refusal."""

    under_cursor: str = ""
    drive: str = ""
    business: int | None = None
    message: str = ""


def sale_odds(business: int, compact: bool) -> str:
    """What the sale roll would give for `business`, by the die."""
    buy = BUSINESSES[business].buy
    prices = [money(sale_price(buy, roll), True) for roll in (1, 3, 5, 6)]
    return "Sale roll: " + " · ".join(
        f"{dice} {price}" for dice, price in zip(("1-2", "3-4", "5", "6"), prices)
    )


class TurnPanel(TextPanel):
    def show(self, view: MillionView, entry: Entry, compact: bool) -> None:
        self.show_text(self.describe(view, entry, compact))

    def describe(self, view: MillionView, entry: Entry, compact: bool = False) -> Text:
        text = Text()
        phase = view.phase
        mine, actor = viewer_acts(view), actor_name(view)
        legal = set(view.legal)
        kinds = {type(a) for a in legal}
        enter = "⏎" if compact else "Enter"
        keys = PROMPTS.of(view).hints()
        if phase == "over" and view.result is not None:
            text.append(view.result.reason + "\n", "bold")
        elif phase == "six":
            who = "You" if mine else actor
            text.append(
                f"{who} rolled a six: take {money(SIX_BONUS, True)} or make an "
                "opponent miss a turn.\n",
                "bold",
            )
        elif phase == "setup":
            text.append(
                "Choose your free small business.\n"
                if mine
                else f"{actor} chooses a free small business.\n"
            )
            keys = [("tab", "next"), (enter, "take it")]
        elif phase == "roll":
            text.append(
                "Your turn: roll, or sell a business instead.\n" if mine else f"{actor}'s turn.\n"
            )
        elif phase == "move":
            who = "You" if mine else actor
            text.append(f"{who} rolled {view.die}: drive to a green space.\n")
            keys = [("tab", "next"), (enter, "drive")]
        elif phase == "after":
            if not mine:
                text.append(f"{actor} buys, leases or ends the turn.\n")
            elif kinds & {A.Buy, A.Lease}:
                text.append("Buy or lease here, or end your turn.\n")
            else:
                text.append("Nothing here you can buy or lease: end your turn.\n")
        if mine and entry.business is not None:
            keys += self._business_keys(entry.business, legal)
        if mine and keys:
            text.append_text(key_hints(*keys, compact=compact, width=self.content_size.width))
            text.append("\n")
        elif view.to_act and not mine:
            text.append(f"Waiting for {actor}.\n", EMPTY)
        if entry.drive and mine:
            text.append(entry.drive + "\n", "bold")
        if phase != "over":
            self._stunts(text, view, compact)
        if entry.under_cursor and phase != "over":
            text.append(entry.under_cursor + "\n", EMPTY)
        if mine and entry.business is not None and A.Sell(entry.business) in legal:
            text.append(sale_odds(entry.business, compact) + "\n", EMPTY)
        if entry.message:
            text.append(entry.message, "bold red")
        text.rstrip()
        return text

    @staticmethod
    def _business_keys(business: int, legal: set) -> list[tuple[str, str]]:
        """The keys for `business`, named where its space holds two (Tab goes to the other)."""
        named = len(SPACES[BUSINESSES[business].space].businesses) > 1
        return [
            (c.key, f"{c.words} {BUSINESSES[business].name}" if named else str(c.words))
            for c in PROMPTS.aimed
            if c.at(business) in legal
        ]

    @staticmethod
    def _stunts(text: Text, view: MillionView, compact: bool) -> None:
        """The stunts showing, and what each would pay the viewer (or whoever acts)."""
        seat = view.viewer if view.viewer is not None else view.turn
        pays = money(view.income(seat), True)
        who = "you" if seat == view.viewer else view.players[seat]
        text.append(
            f"Stunts (each pays {who} {pays}):\n" if not compact else f"Stunts: {pays} each\n",
            "bold",
        )
        for cards in view.stunt_spaces.values():
            text.append(" ★ ", "#ffd54f")
            text.append(STUNT_DECK[cards[0]])
            if len(cards) > 1:
                text.append(" ×2: back to START", EMPTY)
            text.append("\n")


COMPACT_LINES = 6  # the small board's ledger, at 80x24


class LedgerPanel(TextPanel):
    """Each player's cash (and the way to the target), SOLD signs left, what a stunt pays them,
    and their businesses in groups (bought in their set's colour, leased underlined)."""

    def show(self, view: MillionView, compact: bool) -> None:
        self.show_text(self.describe(view, compact))
        # six players fill the small ledger: its title names the columns instead
        self.set_title(
            "Ledger" if self.headed(view, compact) else "Ledger: cash · signs · stunt · businesses"
        )

    @staticmethod
    def headed(view: MillionView, compact: bool) -> bool:
        return not compact or len(view.players) < COMPACT_LINES

    def describe(self, view: MillionView, compact: bool) -> Text:
        """A header, then a line a player; on the small board without the progress bar, and
        without the header when six play (the small board's ledger has six lines)."""
        text = Text()
        cash = 7 if compact else 9
        if self.headed(view, compact):
            target = "" if compact else f"{'to ' + money(view.target, True):<{BAR + 5}}"
            text.append(f"{'':10}{'cash':>{cash}}  {target}signs{'stunt':>7}  businesses\n", EMPTY)
        for seat in range(len(view.players)):
            label = seat_label(view, seat)
            label.truncate(10, pad=True)
            if seat in view.to_act:
                label.stylize("bold")
            text.append_text(label)
            text.append(f"{money(view.cash[seat], True):>{cash}}  ")
            if not compact:
                share = min(1.0, view.cash[seat] / view.target) if view.target else 1.0
                filled = round(share * BAR)
                text.append("█" * filled, "#43a047")
                text.append("░" * (BAR - filled), EMPTY)
                text.append(f"{share:>4.0%} ")
            text.append(f"{view.signs_left(seat):>5}{money(view.income(seat), True):>7}  ")
            if view.skip[seat]:
                text.append("skips " if compact else "misses a turn ", "bold red")
            text.append_text(self._businesses(view, seat))
            text.append("\n")
        text.rstrip()
        text.no_wrap, text.overflow = True, "ellipsis"  # a line a player, however many held
        return text

    @staticmethod
    def _businesses(view: MillionView, seat: int) -> Text:
        """The player's businesses in groups of neighbours, leased ones underlined."""
        text = Text()
        for i, group in enumerate(view.groups(seat)):
            if i:
                text.append(" ")
            for j, b in enumerate(group):
                if j:
                    text.append("-", EMPTY)
                text.append(
                    BUSINESSES[b].name,
                    f"bold {SET_COLOURS[BUSINESSES[b].set]}"
                    + (" underline" if view.leased[b] else ""),
                )
        return text
