"""The people's rating changes on an SSH table's end screen, as the server makes them."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from play.ratings import RatingChanges


class RatingsLine(Static):
    """`ratings` of a game of `title`, in a sentence, redrawn when the changes come."""

    def __init__(self, ratings: RatingChanges, title: str, **kwargs) -> None:
        super().__init__(markup=False, **kwargs)
        self.ratings, self.title = ratings, title

    def on_mount(self) -> None:
        self.ratings.listen(self._told)
        self.refresh_text()

    def on_unmount(self) -> None:
        self.ratings.forget(self._told)

    def _told(self) -> None:
        """News, from whichever task brings it: drawn in this widget's own turn."""
        self.call_next(self.refresh_text)

    def refresh_text(self) -> None:
        self.update(Text(self.ratings.sentence(self.title)))  # names are never markup
