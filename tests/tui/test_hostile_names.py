"""Names that look like markup are shown as typed at every game's table: in the status line, the
panels, the ledger and the log, at both sizes (a name is text a person typed, never markup); and
names in any script (wide CJK characters, emoji, combining accents, right-to-left) keep every
line of the screen to its width.

The same game is shown with plain names of the same lengths: swapping the names back, the two
screens must be the same character for character, so a single panel that read a name as
markup (dropping "[bold]" or failing on "[/]") is caught wherever it is."""

import io

import pytest
from rich.cells import cell_len
from rich.console import Console

from play.table import LocalTable, Seat
from tui.app import BoomtownApp
from tui.demo import analysed, app_for, play_a_move, stand_ins

NAMES = ["[/]x", "[bold]b", "[link=x]y", ":smile:"]
PLAIN = ["Abcd", "Bcdefgh", "Cdefghijk", "Defghij"]  # the same lengths
SCRIPTS = ["王小明王小明", "😀ann😀", "e\u0301e\u0301clair", "שלום"]


def screen_text(app) -> str:
    """What the terminal shows now, as plain text."""
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        record=True,
        legacy_windows=False,
    )
    console.print(app.screen._compositor.render_update(full=True))
    return console.export_text()


def table_played_for_a_while(game: str, names: list[str], moves: int) -> LocalTable:
    """The first name is the person's; bots play every seat for `moves` moves (or to the end)."""
    seats = [Seat(name, "human" if i == 0 else "heuristic") for i, name in enumerate(names)]
    table = LocalTable.new(game, seats, 11, None)
    bots = stand_ins(game, len(names))
    for _ in range(moves):
        if table.state.is_over():
            break
        play_a_move(table, bots)
    return table


async def screens(game: str, names: list[str], moves: int) -> list[str]:
    """The table's screen at 120x40, then at 80x24."""
    app = app_for(table_played_for_a_while(game, names, moves))
    shown = []
    async with app.run_test(size=(120, 40)) as pilot:
        for size in ((120, 40), (80, 24)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            if app.table.is_over():
                await analysed(pilot)
            shown.append(screen_text(app))
    return shown


@pytest.mark.parametrize("moves", [60, 100_000], ids=["in play", "the end screen"])
@pytest.mark.parametrize("game", ["bigshot", "army", "stadium", "million"])
async def test_names_like_markup_are_shown_as_typed(game, moves):
    hostile, plain = await screens(game, NAMES, moves), await screens(game, PLAIN, moves)
    assert all(name in hostile[0] for name in NAMES)
    for size, text in enumerate(hostile):
        for name, stand_in in zip(NAMES, PLAIN):
            for cut in range(len(name), 2, -1):  # where a name is cut short to fit, the same
                text = text.replace(name[:cut], stand_in[:cut])
        assert text == plain[size]


@pytest.mark.parametrize("moves", [60, 100_000], ids=["in play", "the end screen"])
@pytest.mark.parametrize("game", ["bigshot", "army", "stadium", "million"])
async def test_names_in_any_script_keep_every_line_to_the_screen_width(game, moves):
    shown = await screens(game, SCRIPTS, moves)
    assert all(name in shown[0] for name in SCRIPTS)
    for width, text in zip((120, 80), shown):
        wrong = [line for line in text.splitlines() if cell_len(line) != width]
        assert not wrong, wrong


async def test_a_key_pressed_out_of_turn_names_the_player_as_typed():
    seats = [Seat("Ann", "human"), Seat("[/]x", "heuristic")]
    table = next(
        t
        for t in (LocalTable.new("bigshot", seats, seed, None) for seed in range(20))
        if t.state.to_act()[0] == 1
    )  # the bot rolls first
    app = BoomtownApp(table, pace=600, save_path=None)  # and thinks for a long while
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("p")
        await pilot.pause()
        said = "Wait for your turn: [/]x is to roll."
        assert app.screen.message == said and said in screen_text(app)
