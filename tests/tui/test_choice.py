"""The one-line choice used by every form (seats, options, a new table, a trade's partner):
the arrow keys and clicks step through the values, wrapping round; a label is shown as typed."""

import pytest
from rich.text import Text
from textual.app import App

from tui.widgets.choice import Choice


class Form(App):
    def __init__(self, options, value) -> None:
        super().__init__()
        self.options, self.start = options, value
        self.changes = []

    def compose(self):
        yield Choice(self.options, self.start, id="pick")

    def on_choice_changed(self, event: Choice.Changed) -> None:
        self.changes.append(event.value)


async def test_arrow_keys_step_through_the_values_and_wrap_round():
    app = Form([("two", 2), ("three", 3), ("four", 4)], 3)
    async with app.run_test() as pilot:
        pick = app.query_one(Choice)
        pick.focus()
        await pilot.press("right", "space", "left", "left", "left")
        await pilot.pause()
        assert app.changes == [4, 2, 4, 3, 2]  # past the last value to the first, and back
        assert pick.value == 2


async def test_a_click_on_the_left_half_steps_back_and_on_the_right_half_steps_on():
    app = Form([("a", "a"), ("b", "b"), ("c", "c")], "b")
    async with app.run_test() as pilot:
        pick = app.query_one(Choice)
        await pilot.click("#pick", offset=(1, 0))
        assert pick.value == "a"
        await pilot.click("#pick", offset=(pick.size.width - 2, 0))
        await pilot.click("#pick", offset=(pick.size.width - 2, 0))
        assert pick.value == "c" and pick.has_focus


async def test_a_name_that_looks_like_markup_is_shown_as_typed():
    app = Form([(Text("[b]ann[/b]"), 0), ("[red]ben", 1)], 1)
    async with app.run_test() as pilot:
        pick = app.query_one(Choice)
        assert "[red]ben" in pick.render().plain
        pick.value = 0
        await pilot.pause()
        assert "[b]ann[/b]" in pick.render().plain


async def test_a_value_that_is_not_offered_is_refused_and_changes_nothing():
    app = Form([("heuristic", "heuristic"), ("random", "random")], "random")
    async with app.run_test():
        pick = app.query_one(Choice)
        with pytest.raises(ValueError):
            pick.value = "search"
        assert pick.value == "random" and app.changes == []
