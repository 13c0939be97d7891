"""A small line chart of each seat's worth at the end of every round, one mark per seat."""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text

from .canvas import Canvas

CHART_HEIGHT = 8
AXIS = Style(dim=True)
TIED = "≡"  # several seats at one point, more than the round's columns can show apart


def worth_chart(
    history: Sequence[Sequence[int]], marks: Sequence[tuple[str, Style]], width: int, title: str
) -> Text:
    """`history[r][seat]` drawn as `marks[seat]` (a character and its style) per round, in at
    most `width` columns."""
    if not history:
        return Text("")
    low = min(min(row) for row in history)
    high = max(max(row) for row in history)
    span = max(1, high - low)
    label = max(5, len(f"{high}"), len(f"{low}"))
    left = label + 2
    shown = list(history)[-max(1, width - left) :]  # the latest rounds if they do not all fit
    first = len(history) - len(shown)
    step = max(1, min(4, (width - left) // len(shown)))
    canvas = Canvas(left + step * len(shown), CHART_HEIGHT + 1)
    canvas.put(0, 0, f"{high:>{label}} ┤", AXIS)
    canvas.put(0, CHART_HEIGHT - 1, f"{low:>{label}} ┤", AXIS)
    for y in range(1, CHART_HEIGHT - 1):
        canvas.put(left - 1, y, "│", AXIS)
    for r in range(len(shown)):
        if r % (3 if step > 1 else 5) == 0 or r == len(shown) - 1:
            canvas.put(left + r * step, CHART_HEIGHT, f"{first + r + 1}", AXIS)
    tied = False
    for r, row in enumerate(shown):
        cells: dict[int, list[int]] = {}  # the seats drawn at each height this round
        for seat in range(len(marks)):
            y = CHART_HEIGHT - 1 - round((row[seat] - low) / span * (CHART_HEIGHT - 1))
            cells.setdefault(y, []).append(seat)
        for y, seats in cells.items():
            if len(seats) > step:  # more tied seats than columns: one mark says so
                canvas.put(left + r * step, y, TIED, AXIS)
                tied = True
                continue
            for k, seat in enumerate(seats):  # tied seats side by side
                mark, style = marks[seat]
                canvas.put(left + r * step + k, y, mark, style)
    text = Text(title + "\n", Style(bold=True))
    text.append_text(canvas.to_text())
    if tied:
        text.append(f"\n{'':{left}}{TIED} several players level", AXIS)
    return text


BARS = " ▁▂▃▄▅▆▇█"


def spread(rounds: int, count: int) -> list[int]:
    """`count` rounds out of `rounds`, evenly from the first to the last."""
    if count <= 1:
        return [rounds - 1]
    return [round(i * (rounds - 1) / (count - 1)) for i in range(count)]


def sparklines(
    history: Sequence[Sequence[int]],
    labels: Sequence[Text],
    styles: Sequence[Style],
    width: int,
    title: str,
) -> Text:
    """One line per seat: its label, then a bar per round as high as its worth then (all seats on
    one scale), so lines that would cross on a chart stay apart. Long games are sampled to fit."""
    if not history:
        return Text("")
    label_width = max(len(label) for label in labels) + 1
    room = max(1, width - label_width - 12)
    rounds = len(history)
    picked = spread(rounds, min(room, rounds))
    high = max(1, max(max(row) for row in history))
    text = Text(title + "\n", Style(bold=True))
    for seat, label in enumerate(labels):
        line = label.copy()
        line.pad_right(label_width - len(label))
        bars = "".join(
            BARS[round(max(0, history[r][seat]) / high * (len(BARS) - 1))] for r in picked
        )
        line.append(bars, styles[seat])
        line.append(f" {history[-1][seat]:>9,}", AXIS)
        text.append_text(line)
        text.append("\n")
    every = rounds / len(picked)  # "every 1.0 rounds" would hide the rounds left out
    sampled = (
        ""
        if len(picked) == rounds
        else f", every {every:.1f} rounds"
        if every >= 1.05
        else f", {len(picked)} of them shown"
    )
    text.append(f"{'':{label_width}}round 1 to {rounds}{sampled}; full height is {high:,}", AXIS)
    return text


def chance_lines(
    rounds: Sequence[int],
    chances: Sequence[Sequence[float]],
    labels: Sequence[Text],
    styles: Sequence[Style],
    width: int,
) -> Text:
    """Each seat's chance of winning at each point of `rounds` (the last: the end), a bar per
    point as high as the chance (full height: certain), then the chance at the end."""
    label_width = max(len(label) for label in labels) + 1
    room = max(1, width - label_width - 6)
    picked = spread(len(rounds), min(room, len(rounds)))
    text = Text()
    for seat, label in enumerate(labels):
        line = label.copy()
        line.pad_right(label_width - len(label))
        line.append("".join(BARS[round(chances[p][seat] * (len(BARS) - 1))] for p in picked))
        line.stylize(styles[seat], label_width)
        line.append(f" {chances[-1][seat]:>4.0%}", AXIS)
        text.append_text(line)
        text.append("\n")
    shown = [rounds[p] for p in picked]
    text.append(f"{'':{label_width}}round {shown[0]} to the end; full height is certain", AXIS)
    return text
