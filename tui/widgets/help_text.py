"""The help's text: Markdown drawn by Rich as one widget, in the colours of the app's theme.

Textual's Markdown widget makes a widget of every block and list item (65 for the lobby's help),
and styling and laying them out made opening a help slow (the manual's "Measured choices");
over SSH every session waited for it. Rich draws the same Markdown as one renderable, in the
colours Textual's widget takes from the theme: headings, bullets and inline code (keys).
"""

from __future__ import annotations

from collections.abc import Mapping

from rich.console import Console, ConsoleOptions, RenderResult
from rich.markdown import Markdown
from rich.measure import Measurement
from rich.theme import Theme
from textual.color import Color


class ThemedMarkdown:
    """Rich's Markdown drawn with its styles taken from `theme` (a Rich renderable)."""

    def __init__(self, text: str, theme: Theme) -> None:
        self.markdown = Markdown(text)
        self.theme = theme

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        with console.use_theme(self.theme):  # styles are looked up as the lines are made
            lines = list(console.render(self.markdown, options))
        yield from lines

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.markdown)


def markdown_theme(variables: Mapping[str, str], dark: bool) -> Theme:
    """Rich's Markdown styles as Textual's Markdown widget draws them in a theme whose CSS
    variables are `variables`: headings in their colours, bullets in the primary text colour,
    inline code as Textual draws it on a dark (warning colours) or light (error) theme."""

    def colour(name: str) -> str:
        return Color.parse(variables[name]).hex6

    def heading(level: int) -> str:
        text_style = variables[f"markdown-h{level}-text-style"].replace("none", "")
        return f"{text_style} {colour(f'markdown-h{level}-color')}"

    tint = "warning" if dark else "error"
    back = Color.parse(variables["surface"]).blend(
        Color.parse(variables[tint]), 0.1 if dark else 0.05
    )
    styles = {f"markdown.h{level}": heading(level) for level in range(1, 4)}
    return Theme(
        {
            **styles,
            "markdown.item.bullet": colour("text-primary"),
            "markdown.code": f"{colour(f'text-{tint}')} on {back.hex6}",
        }
    )
