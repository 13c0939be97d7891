"""A text box shows back only characters that print, and a paste longer than it takes is cut to
fit, not dropped whole."""

from textual import events
from textual.app import App, ComposeResult

from tui.widgets.plain_input import PlainInput


class OneBox(App):
    def compose(self) -> ComposeResult:
        yield PlainInput(max_length=10)


async def test_a_long_paste_fills_the_box_without_its_control_characters():
    app = OneBox()
    async with app.run_test() as pilot:
        box = app.query_one(PlainInput)
        box.focus()
        box.post_message(events.Paste("ab\x1b[31mc\u202edefghijklmnop"))
        await pilot.pause()
        assert box.value == "ab[31mcdef"  # no ESC, no bidi override; cut at 10
        await pilot.press("z")
        assert box.value == "ab[31mcdef"  # full
        await pilot.press("home", "delete", "delete")
        box.post_message(events.Paste("123456"))
        await pilot.pause()
        assert box.value == "12[31mcdef"  # what room there was
