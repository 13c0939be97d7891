"""A widget made of whole lines that, after a change, sends only the lines that differ.

Subclasses make every line at once as a Strip (Textual's line API: no Rich Text to convert) and
call `redraw()` when what they show changes. The new lines are compared with the old, and only
the changed ones are marked dirty, so Textual repaints and sends just those. At an SSH table a
move changes a few lines of the board, and each redraw is felt by every session.
"""

from __future__ import annotations

from rich.style import Style
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget


def changed_rows(old: list[Strip], new: list[Strip], width: int) -> list[Region]:
    """The rows, `width` wide, where `new` lines differ from `old` (or one has no line)."""
    return [
        Region(0, y, width, 1)
        for y in range(max(len(old), len(new)))
        if y >= len(old) or y >= len(new) or old[y] != new[y]
    ]


class LinesWidget(Widget):
    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._lines: list[Strip] | None = None  # what is on screen, until the next change
        self._made_at: Size | None = None  # the widget's size when the lines were made

    def make_lines(self, width: int, base: Style) -> list[Strip]:
        """Every line of the widget, each `width` cells wide, on the widget's own style."""
        raise NotImplementedError

    def redraw(self) -> None:
        """Make the lines again; only those that changed will be repainted."""
        old = self._lines
        if old is None or self.size != self._made_at:
            self.refresh()
            return
        new = self._lines = self._make()
        changed = changed_rows(old, new, self.size.width)
        if changed:
            super().refresh(*changed)

    def refresh(self, *regions: Region, **kwargs):
        if not regions:  # Textual's own whole refreshes (a new style, a layout) redraw it all
            self._lines = None
        return super().refresh(*regions, **kwargs)

    def render_line(self, y: int) -> Strip:
        if self._lines is None or self.size != self._made_at:
            self._made_at = self.size
            self._lines = self._make()
        return self._lines[y]  # there are lines down to the widget's height

    def _make(self) -> list[Strip]:
        """The subclass's lines, with blank ones below them down to the widget's height."""
        width, height = self.size
        base = self.rich_style
        lines = self.make_lines(width, base)
        return lines + [Strip.blank(width, base)] * (height - len(lines))
