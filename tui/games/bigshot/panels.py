"""The Auction and Ledger panels: what is for sale and who can do what; who has what money."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text

from core.engine.views import actor_name, viewer_acts
from core.games.bigshot import actions as A
from core.games.bigshot.board import COLOURS, LOAN_DEBT, ROUNDS, loan_payout
from core.games.bigshot.scoring import score
from core.games.bigshot.view import BigShotView
from play.games.bigshot import PROMPTS

from ...widgets.auction import auction_lines
from ...widgets.panel import TextPanel, key_hints
from .look import EMPTY, badge, cube_row, seat_label


@dataclass(frozen=True)
class Entry:
    """What the person at the keyboard has chosen but not yet sent: a bid, a cube, a payer."""

    amount: int = 0
    cube: int | None = None
    payer: int | None = None
    message: str = ""


def loankey_hints(view: BigShotView, compact: bool = False) -> list[tuple[str, str]]:
    """The loan keys the viewer may press now, with what each loan pays."""
    loans = [a for a in view.legal if isinstance(a, A.TakeLoan)]
    keys = []
    for key, loan in zip(("l", "L"), loans):
        payout = loan_payout(view.loans[loan.colour] + 1)
        colour = f" {COLOURS[loan.colour]}" if len(loans) > 1 and not compact else ""
        keys.append((key, f"loan{colour} +{payout}"))
    return keys


class AuctionPanel(TextPanel):
    """The round's state: the roll, the cubes for sale, bids, passes, and the viewer's keys."""

    def show(self, view: BigShotView, entry: Entry, compact: bool) -> None:
        self.show_text(self.describe(view, entry, compact))

    def describe(self, view: BigShotView, entry: Entry, compact: bool = False) -> Text:
        text = Text()
        of = "/" if compact else " of "
        text.append(f"Round {min(view.round, ROUNDS)}{of}{ROUNDS}", "bold")
        text.append(f" · {view.players[view.roller]} rolls\n", EMPTY)
        mine = viewer_acts(view)
        phase = view.phase
        answers = PROMPTS.of(view).hints()
        if phase == "roll":
            text.append(f"{view.players[view.roller]} rolls the die to move the broker.\n")
            if mine:
                text.append_text(
                    key_hints(*answers, *loankey_hints(view, compact), compact=compact)
                )
        elif phase == "loans":
            who = actor_name(view)
            text.append("Loans are asked for before the bidding.\n")
            text.append(f"{who} decides.\n")
            text.append("For sale: ")
            text.append_text(cube_row(view.spaces[view.broker]))
            text.append("\n")
            if mine:
                text.append_text(
                    key_hints(*loankey_hints(view, compact), *answers, compact=compact)
                )
        elif phase == "bid":
            self._bidding(text, view, entry, mine, compact, answers)
        elif phase == "pay":
            text.append(f"{view.players[view.winner]} won for {view.price}: pay with?\n")
            if mine:
                for colour in view.seat_colours[view.seat]:
                    chosen = "▸ " if colour == entry.payer else "  "
                    text.append(chosen)
                    text.append_text(badge(colour))
                    text.append(f" {COLOURS[colour]}: {view.cash[colour]}\n")
                text.append_text(key_hints(("←→", "choose"), ("Enter", "pay"), compact=compact))
        elif phase == "place":
            self._placing(text, view, entry, mine, compact)
        else:
            text.append(view.result.reason if view.result else "The game is over.")
        if entry.message:
            text.append("\n")
            text.append(entry.message, "bold red")
        return text

    def _bidding(
        self, text: Text, view, entry: Entry, mine: bool, compact: bool, answers: list
    ) -> None:
        auction = view.auction
        text.append("For sale: ")
        text.append_text(cube_row(auction.cubes))
        text.append(f" @{view.broker + 1}\n" if compact else f"  (space {view.broker + 1})\n")
        payable = max((view.cash[c] or 0) for c in view.seat_colours[view.viewer]) if mine else 0
        auction_lines(
            text, view.players, auction, str, entry.amount if mine else None, payable, compact
        )
        if not mine:
            return
        text.append_text(
            key_hints(
                ("⏎" if compact else "Enter", "bid"),
                *answers,
                *loankey_hints(view, compact),
                compact=compact,
            )
        )

    def _placing(
        self, text: Text, view: BigShotView, entry: Entry, mine: bool, compact: bool
    ) -> None:
        winner = view.players[view.winner]
        paid = f"bought for {view.price}" if view.price else "free"
        text.append(f"{winner} places the cubes ({paid}):\n")
        for colour, n in enumerate(view.to_place):
            for _ in range(n):
                chosen = mine and colour == entry.cube
                text.append("[" if chosen else " ")
                text.append_text(badge(colour))
                text.append("]" if chosen else " ")
        text.append("\n")
        if mine:
            text.append_text(
                key_hints(
                    ("←↑→↓", "lot"),
                    ("c", "cube"),
                    ("⏎" if compact else "Enter", "place"),
                    compact=compact,
                )
            )


def colour_figures(view: BigShotView, colour: int) -> tuple[str, str, str]:
    """A colour's own cash ("?" where hidden), debt and lots, as the Ledger writes them."""
    cash = view.cash[colour]
    return (
        "?" if cash is None else str(cash),
        str(LOAN_DEBT * view.loans[colour]),
        str(sum(owner == colour for owner in view.owners)),
    )


class LedgerPanel(TextPanel):
    """Each player's cash, debts, lots and live score estimate, then the viewer's money history:
    as many of its newest entries as fit."""

    _drawn: tuple | None = None  # the view and size last shown

    def show(self, view: BigShotView, compact: bool) -> None:
        self._drawn = (view, compact)
        self.show_text(self.describe(view, compact))

    def on_resize(self) -> None:
        if self._drawn is not None:  # the room for the money history changed
            self.show(*self._drawn)

    def describe(self, view: BigShotView, compact: bool) -> Text:
        balances = [c or 0 for c in view.cash] + [0]
        scores = score(view.seat_colours, view.owners, balances, view.loans)
        text = Text()
        width, cash_w, lots_w, lots = (5, 4, 4, "lot") if compact else (10, 5, 5, "lots")
        text.append(
            f"{'':{width + 3}}{'cash':>{cash_w}}{'debt':>5}{lots:>{lots_w}}{'score':>6}\n", EMPTY
        )
        for seat, s in enumerate(scores):
            colours = view.seat_colours[seat]
            hidden = any(view.cash[c] is None for c in colours)
            label = seat_label(view, seat)
            label.truncate(width + 2, pad=True)
            label.append(" ")
            if seat in view.to_act:
                label.stylize("bold")
            text.append_text(label)
            cash = "?" if hidden else str(s.cash)
            total = "?" if hidden else str(s.total)
            text.append(f"{cash:>{cash_w}}{s.debt:>5}{len(s.lots):>{lots_w}}{total:>6}\n")
            if len(colours) > 1 and compact:  # each colour's cash/debt/lots, on one line
                row = Text(" ")
                for colour in colours:
                    row.append(" ")
                    row.append_text(badge(colour))
                    row.append(" " + "/".join(colour_figures(view, colour)), EMPTY)
                text.append_text(row)
                text.append("\n")
            elif len(colours) > 1:  # a bid is paid from one colour: each colour's own money
                for colour in colours:
                    row = Text("  ")
                    row.append_text(badge(colour))
                    row.append(" " + COLOURS[colour])
                    row.truncate(width + 3, pad=True)
                    text.append_text(row)
                    cash, debt, lots = colour_figures(view, colour)
                    text.append(f"{cash:>{cash_w}}{debt:>5}{lots:>{lots_w}}\n", EMPTY)
        if view.ghost >= 0:
            ghost_lots = sum(1 for o in view.owners if o == view.ghost)
            text.append_text(badge(view.ghost))
            text.append(
                f" ghost: {ghost_lots} lot{'' if ghost_lots == 1 else 's'}, scoring nothing\n",
                EMPTY,
            )
        height = self.content_size.height  # 0 before the first layout: then a few
        room = height - len(text.plain.splitlines()) - 1 if height else (3 if compact else 6)
        history = view.ledger[-room:] if room > 0 else ()
        if history:
            text.append("Money\n", "bold")
        for t in history:
            if t.target < 4:
                text.append(f"r{t.round:<2} ")
                text.append_text(badge(t.target))
                text.append(f" +{t.amount} {t.reason}\n")
            else:
                text.append(f"r{t.round:<2} ")
                text.append_text(badge(t.source))
                text.append(f" -{t.amount} {t.reason}\n")
        text.rstrip()
        return text
