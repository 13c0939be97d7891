"""The terminal's bell when a person's turn comes after a wait: rung then, never in between."""

from textual.command import CommandPalette

from tui import turn_bell
from tui.app import BoomtownApp
from tui.demo import app_for, table_at
from tui.turn_bell import WAIT, TurnBell

from .test_play import play_keys_for, settle


def test_a_turn_rings_only_after_others_have_played_a_while():
    now = [100.0]
    bell = TurnBell(lambda: now[0])
    assert not bell.turn_came(True)  # the screen opens on the person's turn: no news
    assert not bell.turn_came(False)  # their turn ended at 100
    now[0] += WAIT - 1
    assert not bell.turn_came(True)  # back within WAIT: they are still there
    assert not bell.turn_came(True)  # still their turn (a second decision): rung once at most
    bell.turn_came(False)
    now[0] += WAIT
    assert not bell.turn_came(False)  # others still playing
    assert bell.turn_came(True)
    assert not bell.turn_came(True)


async def test_the_app_rings_when_the_turn_comes_back_and_the_palette_turns_it_off(monkeypatch):
    monkeypatch.setattr(turn_bell, "WAIT", 0.0)  # every wait counts as long
    table = table_at(seed=7, until=None)  # you in seat 1 of Big Shot, three bots
    app = app_for(table)
    app.turn_bell = True
    rung = []
    monkeypatch.setattr(app, "bell", lambda: rung.append(table.state.version))
    async with app.run_test(size=(120, 40)) as pilot:

        async def play_one_turn() -> None:
            """Make the person's move, and let the bots play until it is theirs again."""
            for _ in range(20):  # until a bot has moved after the person
                await settle(pilot, app)
                moves = len(table.match.record.actions)
                for key in play_keys_for(app.screen.view):
                    await pilot.press(key)
                await pilot.pause()
                assert len(table.match.record.actions) > moves
                await settle(pilot, app)
                if any(seat for seat, _ in table.match.record.actions[moves:]):
                    return
            raise AssertionError("the bots never played")

        await play_one_turn()
        assert rung, "the turn came back and the bell did not ring"
        assert table.actor() == 0 and rung[-1] <= table.state.version
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        await pilot.press(*"bell", "enter")
        await pilot.pause()
        assert app.turn_bell is False
        count = len(rung)
        await play_one_turn()
        assert len(rung) == count


async def test_the_bell_chosen_at_this_computer_is_kept_for_the_next_run(tmp_path, monkeypatch):
    monkeypatch.setenv("BOOMTOWN_DATA_DIR", str(tmp_path))
    assert BoomtownApp().turn_bell is False  # off at first on one's own computer
    app = BoomtownApp(table_at(seed=7, until=None), pace=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"bell", "enter")
        await pilot.pause()
        assert app.turn_bell is True
    assert BoomtownApp().turn_bell is True
    (tmp_path / "settings.json").write_text("[not settings")
    assert BoomtownApp().turn_bell is False  # a broken file counts as no settings
