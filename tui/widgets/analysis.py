"""The post-game analysis on the end screen: a bar while it is worked out, then each player's
chance of winning by round and the moves that moved a player's own chance most."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.style import Style
from rich.text import Text
from textual.widgets import Static

from core.engine.findings import Analysis
from play.analysis import Analysing, analysis_settings

from ..look import SEAT_COLOURS, seat_label
from .chart import AXIS, chance_lines

TITLE = "Chance of winning at each round's start"
BAR_WIDTH = 30


def progress_bar(share: float, width: int = BAR_WIDTH) -> str:
    filled = round(share * width)
    return "█" * filled + "░" * (width - filled) + f" {share:.0%}"


def swing_lines(analysis: Analysis, seat: int, name: str) -> Text:
    """The moves of `seat` that moved its chance most, in the game's order."""
    swings = analysis.swings_of(seat)
    text = Text()
    if not swings:
        least = round(analysis_settings().least_change * 100)
        text.append(f"None of {name}'s moves moved their chance by {least} points or more.", AXIS)
        return text
    text.append(f"{name}'s moves that moved their chance most", Style(bold=True))
    text.append(" (had a bot made the move → after theirs):\n", AXIS)
    for swing in swings:
        text.append(f"  round {swing.round:>3}  ")
        text.append(
            f"{swing.before:>4.0%} → {swing.after:>4.0%}",
            Style(bold=True, color="red" if swing.change < 0 else "green"),
        )
        text.append(f"  {swing.move}\n")
    text.rstrip()
    return text


class AnalysisPanel(Static):
    """`analysing` the game whose players `view` names; the moves of `seats` named."""

    def __init__(self, analysing: Analysing, view: Any, seats: Sequence[int], **kwargs) -> None:
        super().__init__(markup=False, **kwargs)
        self._shown: Text | None = None
        self.analysing = analysing
        self.names = view.players
        self.labels = [seat_label(view, seat) for seat in range(len(view.players))]
        self.colours = [Style(color=SEAT_COLOURS[seat]) for seat in range(len(view.players))]
        self.seats = seats

    def on_mount(self) -> None:
        self.analysing.listen(self._told)
        self.refresh_text()

    def on_unmount(self) -> None:
        self.analysing.forget(self._told)

    def _told(self) -> None:
        """News, from whichever task brings it: drawn in this widget's own turn."""
        self.call_next(self.refresh_text)

    def on_resize(self) -> None:
        self.refresh_text()

    def refresh_text(self) -> None:
        """Draw the analysis as it stands now (its height grows once it is worked out)."""
        text = self.text(self.content_size.width or 76)
        if text != self._shown:
            self._shown = text
            self.update(text)

    def text(self, width: int) -> Text:
        analysing = self.analysing
        analysis = analysing.analysis
        if analysis is None:
            if analysing.failed:
                return Text(analysing.failed, AXIS)
            text = Text(f"{TITLE}: being worked out by playouts", Style(bold=True))
            if analysing.elsewhere:
                text.append("\nby the server process that ran the game", AXIS)
            else:
                text.append("\n" + progress_bar(analysing.progress), AXIS)
            return text
        text = Text(f"{TITLE} (bots playing on from there)\n", Style(bold=True))
        text.append_text(
            chance_lines(analysis.rounds, analysis.chances, self.labels, self.colours, width)
        )
        for seat in self.seats:
            if seat in analysis.seats:
                text.append("\n\n")
                text.append_text(swing_lines(analysis, seat, self.names[seat]))
        return text
