"""How a table looks over SSH, at 120x40 and at 80x24: a seated player's screen (the game's,
with table chat in its log, who is away in the status line and the chat and lobby keys) and
the shared screen spectators watch."""

from pathlib import Path

import pytest

import tui
from net.hosting.host import Host
from net.limits import Limits
from net.screens.table_screen import NetTable, refresh_table_screen, table_screen
from net.store.storage import Storage
from tui.base import BaseApp
from tui.demo import analysed

from .harness import play_until
from .test_lobby_snapshots import SIZES, Elsewhere


class TablePreview(BaseApp):
    """ann's Big Shot table with ben, cat and dan on a host of its own, two rounds played (ben
    is away now), or `until` some other point, as `seat` sees it."""

    CSS_PATH = Path(tui.__file__).parent / "app.tcss"

    def __init__(self, data: Path, seat: int | None, until=lambda state: state.round == 3) -> None:
        super().__init__()
        self.until = until
        self.host = Host(
            Storage(data / "db.sqlite3"), Limits(bot_pace_seconds=3600, afk_seconds=3600)
        )
        self.player = "ann" if seat is not None else "eve"
        self.seat = seat

    async def on_mount(self) -> None:
        host = self.host
        host.connect(self.player, self)
        for name in sorted({"ann", "ben", "cat", "dan"} - {self.player}):
            host.connect(name, Elsewhere())
        table = await host.create_table("ann", "bigshot", {}, players=4, bots=0, seed=5)
        for name in ("ben", "cat", "dan"):
            await host.sit(table.id, name)
        await host.start(table.id, "ann")
        play_until(host, host.table(table.id), self.until)
        await host.chat(table.id, "ben", "nice [b]bid[/b]")
        host.table(table.id).away.add(1)
        self.push_screen(table_screen(NetTable(host, table.id, self.player), seat=self.seat))

    def lobby_changed(self) -> None:
        pass

    def table_changed(self, table_id: int) -> None:
        refresh_table_screen(self)

    def on_unmount(self) -> None:
        self.host.stop()


@pytest.mark.parametrize("size", SIZES)
def test_a_seated_player_sees_the_table_its_chat_and_who_is_away(snap_compare, tmp_path, size):
    assert snap_compare(TablePreview(tmp_path, seat=0), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_a_spectator_watches_with_only_the_way_back_to_the_lobby(snap_compare, tmp_path, size):
    assert snap_compare(TablePreview(tmp_path, seat=None), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_a_finished_game_offers_a_player_to_play_again_its_replay_and_the_lobby(
    snap_compare, tmp_path, size
):
    app = TablePreview(tmp_path, seat=0, until=lambda state: state.is_over())
    assert snap_compare(app, terminal_size=size, run_before=analysed)
