"""A screen's update renders the rows it changed, not every row of every widget near them.

Textual 8.2 draws what changed since its last frame (`Compositor.render_partial_update`) by
asking every widget inside the box around all the changed regions for all of its lines, then
keeping only the changed rows. A move at a table changes rows far apart (a seat's status line
at the top, its key bar at the bottom, a log line and a board square between), so that box is
most of the screen: every widget on it gave all its lines for every move, mostly from its
cache, and the containers behind them too (issue 72's "draw only what changed").

Here a widget is asked only for its rows from the first to the last changed row that crosses
it, and a widget no changed span crosses is not asked at all. The update drawn is the same (a
test draws it on a terminal and compares); a widget's rows not asked for wait in its cache for
an update that needs them. Installed by the server, whose every person's app makes these
updates for every move.
"""

from __future__ import annotations

from textual.geometry import Region
from textual.strip import Strip

from tui.textual_private import Compositor, changed_spans, replace, spans_update


def _render_partial_update(self: Compositor):
    """Textual's `render_partial_update`, each widget rendering only the changed rows it has."""
    spans = changed_spans(self)
    return spans_update(self, _changed_chops(self, spans), spans) if spans else None


def _changed_chops(
    compositor: Compositor, spans: list[tuple[int, int, int]]
) -> list[dict[int, Strip | None]]:
    """The pieces of each changed row, by where the row is cut (`Compositor._render_chops`: the
    front widget first, and the first piece for a cut stays)."""
    cuts = compositor.cuts
    chops: list[dict[int, Strip | None]] = [dict.fromkeys(row_cuts[:-1]) for row_cuts in cuts]
    changed = {y for y, _, _ in spans}
    for widget, (region, clip) in compositor.visible_widgets.items():
        shown = region.intersection(clip)
        left, top, width, height = shown
        right, bottom = left + width, top + height
        crossed = [y for y, x1, x2 in spans if top <= y < bottom and x1 <= right and x2 >= left]
        if not crossed:
            continue
        first, last = min(crossed), max(crossed)
        strips = widget.render_lines(
            Region(left - region.x, first - region.y, width, last - first + 1)
        )
        for y, strip in zip(range(first, last + 1), strips):
            if y not in changed:
                continue
            row = chops[y]
            row_cuts = [cut for cut in cuts[y] if right >= cut >= left]
            for cut, piece in zip(row_cuts, strip.divide([cut - left for cut in row_cuts[1:]])):
                if row.get(cut) is None:
                    row[cut] = piece
    return chops


def install() -> None:
    """Every screen's partial update from now on renders only its changed rows (process-wide)."""
    replace(Compositor, "render_partial_update", _render_partial_update)
