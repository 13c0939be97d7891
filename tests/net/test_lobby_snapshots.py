"""How the SSH lobby looks, at 120x40 and at the smallest supported size, 80x24: tables waiting
and playing, a long list of seats cut to fit, people online and lobby chat."""

import asyncio
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest
from textual import events

import tui
from core.games import get_spec
from net.hosting.host import Host
from net.identity import Identity
from net.limits import Limits
from net.screens.browsers import BrowsersScreen
from net.screens.invites import InvitesScreen
from net.screens.leaderboard import LeaderboardScreen
from net.screens.lobby import ChatPrompt, LobbyScreen, NameScreen, NewTableScreen, seats_text
from net.store.storage import Storage
from tui.base import BaseApp
from tui.games import PLAYABLE
from tui.widgets.choice import Choice
from tui.widgets.key_bar import KeyBar
from tui.widgets.options import OptionsForm

from .harness import play_until, until

SIZES = [pytest.param((120, 40), id="120x40"), pytest.param((80, 24), id="80x24")]


KEY = "SHA256:exampleexampleexampleexampleexample"


class Visitor:
    """What the lobby reads of a person's session: ann, by her key."""

    address = "192.0.2.1"
    name = "ann"

    def __init__(self, storage: Storage) -> None:
        self.identity = Identity(storage, False, [], lambda: asyncio.sleep(0))
        self.who = self.identity.ssh_person(KEY, self.address)

    @property
    def key(self) -> str | None:
        return self.who.key

    def whose_name(self) -> str:
        return self.who.keeps()


class Elsewhere:
    """Someone else online, in another session."""

    def lobby_changed(self) -> None:
        pass

    def table_changed(self, table_id: int) -> None:
        pass


class LobbyPreview(BaseApp):
    """A lobby screen on a host of its own, as `ann` sees it."""

    CSS_PATH = Path(tui.__file__).parent / "app.tcss"

    def __init__(self, data: Path) -> None:
        super().__init__()
        self.host = Host(
            Storage(data / "db.sqlite3"), Limits(bot_pace_seconds=3600, afk_seconds=3600)
        )
        self.player = "ann"
        self.session = Visitor(self.host.storage)

    async def on_mount(self) -> None:
        host = self.host
        storage = host.storage
        await storage.soon(storage.claim, "ann", KEY)
        host.connect("ann", self)
        for name in ("ben", "[b]cat[/b]"):
            host.connect(name, Elsewhere())
        playing = await host.create_table("ben", "army", {}, players=4, bots=3, seed=5)
        await host.start(playing.id, "ben")
        await host.create_table("ann", "bigshot", {}, players=4, bots=1)
        await host.create_table("[b]cat[/b]", "bigshot", {"hidden_money": True}, players=3, bots=0)
        await host.chat(None, "ben", "anyone for Army?")
        await host.chat(None, "[b]cat[/b]", "[red]me[/red] :smile:")
        self.push_screen(LobbyScreen())

    def lobby_changed(self) -> None:
        if isinstance(self.screen, LobbyScreen):
            self.screen.refresh_lobby()

    def table_changed(self, table_id: int) -> None:
        pass

    def on_unmount(self) -> None:
        self.host.stop()


@pytest.mark.parametrize("size", SIZES)
def test_lobby_lists_tables_people_and_chat(snap_compare, tmp_path, size):
    assert snap_compare(LobbyPreview(tmp_path), terminal_size=size, press=["down"])


@pytest.mark.parametrize("size", SIZES)
def test_a_new_table_dialog_offers_the_game_players_bots_and_options(snap_compare, tmp_path, size):
    assert snap_compare(LobbyPreview(tmp_path), terminal_size=size, press=["n"])


@pytest.mark.parametrize("size", SIZES)
def test_a_name_taken_by_another_key_asks_for_another(snap_compare, tmp_path, size):
    async def taken(pilot):
        await pilot.app.push_screen(NameScreen("The name '[b]cat[/b]' belongs to someone else."))
        await pilot.press(*"ca")

    assert snap_compare(LobbyPreview(tmp_path), terminal_size=size, run_before=taken)


@pytest.mark.parametrize("size", SIZES)
def test_table_chat_asks_for_one_line(snap_compare, tmp_path, size):
    async def chatting(pilot):
        await pilot.app.push_screen(ChatPrompt())
        await pilot.press(*"gg [b]all[/b]")

    assert snap_compare(LobbyPreview(tmp_path), terminal_size=size, run_before=chatting)


async def test_the_new_table_dialog_offers_each_game_s_own_bot_kinds_and_the_lobby_names_them(
    tmp_path,
):
    app = LobbyPreview(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        game, kinds = (app.screen.query_one(f"#{name}", Choice) for name in ("game", "bot-kind"))
        assert kinds.value == "heuristic"
        with pytest.raises(ValueError):
            kinds.value = "clever"  # no game has such a bot
        game.value = "stadium"  # the last game to be given a search bot
        await pilot.pause()
        app.screen.query_one("#bots", Choice).value = 2
        kinds.value = "search"
        await pilot.press("c")
        await pilot.pause()
    made = max(app.host.tables.values(), key=lambda table: table.id)
    assert (made.game, made.bot_kind) == ("stadium", "search")
    assert [seat.kind for seat in made.seats] == ["human", "open", "search", "search"]
    assert seats_text(app.host, made).plain == "ann, (open), Brick [search bot], Ada [search bot]"


async def test_the_new_table_dialog_never_offers_more_bots_than_the_seats_left_for_them(tmp_path):
    """Issue 68: 3 or 4 bots could be chosen at a table of 3 players."""
    app = LobbyPreview(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        players, bots = (app.screen.query_one(f"#{name}", Choice) for name in ("players", "bots"))
        assert players.value == 4 and bots.values == [0, 1, 2, 3]
        bots.value = 3
        players.value = 3
        await pilot.pause()
        assert bots.values == [0, 1, 2] and bots.value == 2
        players.value = 2
        await pilot.pause()
        assert bots.value == 1
        await pilot.press("c")
        await pilot.pause()
    made = max(app.host.tables.values(), key=lambda table: table.id)
    assert [seat.kind for seat in made.seats] == ["human", "heuristic"]


class NewTablePreview(BaseApp):
    """The new-table dialog alone; what it is closed with goes to `closed`."""

    def __init__(self, closed=None) -> None:
        super().__init__()
        self.closed = closed

    def on_mount(self) -> None:
        self.push_screen(NewTableScreen(), self.closed)


async def test_a_game_changed_in_the_new_table_dialog_as_the_session_ends_is_no_error(monkeypatch):
    """Another game swaps the dialog's options form, waiting for the old one to go; a session
    that ended meanwhile (its app exiting: Ctrl+C in a burst of keys, as the fuzzer found) left
    the new form nowhere to go, and a MountError in the server's log. Here the app exits just
    as the old form goes."""
    app = NewTablePreview()
    removing = OptionsForm.remove

    def remove_as_the_session_ends(form):
        app.exit()
        return removing(form)

    async with app.run_test(size=(120, 40)) as pilot:  # an error in the app raises here
        await pilot.pause()
        monkeypatch.setattr(OptionsForm, "remove", remove_as_the_session_ends)
        app.screen.query_one("#game", Choice).action_step(1)
        await pilot.pause()


async def test_create_pressed_while_the_chosen_game_s_options_are_still_coming_makes_its_table():
    """c in the burst of keys that chose another game: the new game's options form is in the
    dialog but not yet filled in (it asked the form for rows it did not have yet, an error the
    fuzzer found). The table is made as the dialog would have shown it: the game's defaults."""
    made = []
    app = NewTablePreview(made.append)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        army = get_spec("army")
        with screen.prevent(Choice.Changed):  # the swap below is the dialog's own, stopped
            screen.query_one("#game", Choice).value = "army"  # halfway
        await screen.query_one(OptionsForm).remove()
        screen.query_one(".dialog").mount(OptionsForm(army), before=screen.query_one(".buttons"))
        screen.action_create()  # before the new form has been composed
        await pilot.pause()
    assert made == [
        {
            "game": "army",
            "options": {},
            "players": army.best_players,
            "bots": 0,
            "bot_kind": "heuristic",
            "rated": True,
        }
    ]


async def test_a_table_that_closed_before_the_lobby_was_redrawn_is_a_key_that_does_nothing(
    tmp_path,
):
    app = LobbyPreview(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("down", "down")  # cat's table, waiting
        screen = app.screen
        closed = screen.selected_id()
        del app.host.tables[closed]  # closed a moment ago; the lobby is not yet told
        await pilot.press("enter", "w", "s", "u", "g", "b")
        await pilot.pause()
        assert app.screen is screen and app.is_running
        assert closed not in app.host.tables and app.host.table(1).status == "playing"


def ended_at(storage, table_id: int, when: float) -> None:
    """Say a game ended `when`, once the host has kept its end (the disk takes its queries in
    the order given)."""
    storage._disk.submit(
        lambda: storage.db.execute("UPDATE tables SET ended = ? WHERE id = ?", (when, table_id))
    ).result()


async def finish_three(pilot):
    """Three games played to their end at the preview's host: ann sat at the first and the
    last; then the past games, everyone's."""
    host = pilot.app.host
    games = ((3, ("ann", "ben")), (4, ("ben", "joanna")), (5, ("[b]cat[/b]", "ann")))
    for minute, players in games:
        table = await host.create_table(players[0], "bigshot", {}, players=2, bots=0, seed=minute)
        await host.sit(table.id, players[1])
        await host.start(table.id, players[0])
        play_until(host, table, lambda state: state.is_over())
        ended = datetime(2026, 11, 22, 12, minute, tzinfo=UTC).timestamp()
        ended_at(host.storage, table.id, ended)
    await pilot.press("p")


@pytest.mark.parametrize("size", SIZES)
def test_past_games_list_the_games_finished_at_the_server_newest_first(
    snap_compare, tmp_path, size
):
    assert snap_compare(LobbyPreview(tmp_path), terminal_size=size, run_before=finish_three)


async def test_past_games_show_only_yours_and_everyone_s_again_with_m(tmp_path):
    app = LobbyPreview(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await finish_three(pilot)
        await pilot.pause()
        screen = app.screen
        everyone = [game.key for game in screen.games]
        await pilot.press("m")
        mine = [game.key for game in screen.games]
        await pilot.press("m")
        assert (everyone, mine) == (["6", "5", "4"], ["6", "4"])  # joanna is not ann
        assert [game.key for game in screen.games] == everyone
        assert screen.hint.startswith("Most wins: ann 1, ben 1, joanna 1. The last 50 games")
        await pilot.press("m")
        assert screen.hint.startswith("You won 1 of your 2 games here. The last 50 games you")


async def ratings_after_three(pilot):
    """The three games' ratings, from the past games (l), at Big Shot."""
    await finish_three(pilot)
    await pilot.press("l")
    while not isinstance(pilot.app.screen, LeaderboardScreen):
        await pilot.pause()
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES)
def test_the_ratings_rank_the_people_at_each_game(snap_compare, tmp_path, size):
    assert snap_compare(LobbyPreview(tmp_path), terminal_size=size, run_before=ratings_after_three)


async def test_the_ratings_go_from_game_to_game_with_the_arrows(tmp_path):
    app = LobbyPreview(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await ratings_after_three(pilot)
        screen = app.screen
        assert screen.game == "bigshot" and len(screen.board) == 4  # ann, ben, joanna, [b]cat[/b]
        assert [r.ordinal for _, r in screen.board] == sorted(
            (r.ordinal for _, r in screen.board), reverse=True
        )
        for _ in PLAYABLE:
            await pilot.press("right")
            await pilot.pause()
            if screen.game != "bigshot":
                assert screen.board == []  # no rated game of it yet
        assert screen.game == "bigshot" and len(screen.board) == 4  # round again


async def a_browser_link(pilot, monkeypatch):
    """W, at a server that serves browsers, with one browser signed in as ann already."""
    host = pilot.app.host
    host.web_url = "https://games.example.org"
    storage = host.storage
    await storage.soon(storage.sign_in_browser, "ann")
    secrets = iter(["QmV4YW1wbGVMaW5rU2VjcmV0"])
    monkeypatch.setattr("net.store.browser_rows.secrets.token_urlsafe", lambda size: next(secrets))
    monkeypatch.setattr("net.screens.browsers._when", lambda seconds: "27 Nov 12:00 UTC")
    await pilot.press("W")
    while not isinstance(pilot.app.screen, BrowsersScreen):
        await pilot.pause()
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES)
def test_w_gives_a_one_time_link_for_a_browser_and_lists_the_browsers(
    snap_compare, tmp_path, size, monkeypatch
):
    assert snap_compare(
        LobbyPreview(tmp_path),
        terminal_size=size,
        run_before=lambda pilot: a_browser_link(pilot, monkeypatch),
    )


async def test_w_signs_every_browser_out_and_needs_a_web_door_and_a_key(tmp_path, monkeypatch):
    app = LobbyPreview(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("W")  # this server serves no browser
        await pilot.pause()
        assert not isinstance(app.screen, BrowsersScreen)
        storage = app.host.storage
        await storage.soon(storage.sign_in_browser, "ann")  # a second browser
        await a_browser_link(pilot, monkeypatch)
        assert len(await storage.soon(storage.browsers_of, "ann")) == 2
        assert await storage.soon(storage.use_link, "QmV4YW1wbGVMaW5rU2VjcmV0") == "ann"
        await pilot.press("down", "enter")  # the list has the focus: sign out the first
        await until(lambda: len(app.screen.browsers) == 1)
        assert len(await storage.soon(storage.browsers_of, "ann")) == 1
        await pilot.press("o")  # every one
        await until(lambda: not app.screen.browsers)
        assert await storage.soon(storage.browsers_of, "ann") == []
        await pilot.press("escape")
        app.session.who = app.session.identity.ssh_person(None, "192.0.2.1")  # a guest: no
        # name kept to sign a browser in as
        await pilot.press("W")
        await pilot.pause()
        assert not isinstance(app.screen, BrowsersScreen)


@pytest.mark.parametrize("size", SIZES)
def test_w_lets_a_person_an_invitation_named_tie_an_ssh_key_to_their_name(
    snap_compare, tmp_path, size, monkeypatch
):
    async def invited(pilot):
        session, storage = pilot.app.session, pilot.app.host.storage
        owner = "invite:0123456789abcdef"
        await storage.soon(  # ann's name came from an invitation: her browsers keep it
            lambda: storage.db.execute("UPDATE users SET key = ? WHERE name = 'ann'", (owner,))
        )
        session.who = replace(session.who, key=owner)
        pilot.app.screen.refresh_lobby()  # the head says so now, not whenever the lobby changes
        await a_browser_link(pilot, monkeypatch)

    assert snap_compare(LobbyPreview(tmp_path), terminal_size=size, run_before=invited)


async def an_invitation_made(pilot, monkeypatch):
    """I, then n, at a server that serves browsers, with one invitation taken up by ivy."""
    host = pilot.app.host
    host.web_url = "https://games.example.org"
    pilot.app.session.identity.invites_allowed = True
    storage = host.storage
    taken = await storage.soon(storage.make_invite, "ann", 86400, 9)
    await storage.soon(storage.accept_invite, taken, "ivy", "invite:0")
    secrets = iter(["SW52aXRlTGlua1NlY3JldA"])
    monkeypatch.setattr("net.store.browser_rows.secrets.token_urlsafe", lambda size: next(secrets))
    monkeypatch.setattr("net.screens.invites._when", lambda seconds: "28 Nov 12:00 UTC")
    await pilot.press("I")
    while not isinstance(pilot.app.screen, InvitesScreen):
        await pilot.pause()
    await pilot.press("n")
    await until(lambda: len(pilot.app.screen.invitations) == 2)
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES)
def test_i_makes_an_invitation_for_a_friend_and_lists_the_day_s(
    snap_compare, tmp_path, size, monkeypatch
):
    assert snap_compare(
        LobbyPreview(tmp_path),
        terminal_size=size,
        run_before=lambda pilot: an_invitation_made(pilot, monkeypatch),
    )


@pytest.mark.parametrize("size", SIZES)
def test_the_lobby_s_help_explains_its_keys_and_this_server_s_limits(snap_compare, tmp_path, size):
    assert snap_compare(LobbyPreview(tmp_path), terminal_size=size, press=["question_mark"])


async def test_a_narrow_key_bar_shows_whole_keys_then_the_palette_and_refits_when_widened(tmp_path):
    app = LobbyPreview(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        narrow = str(bar.render())
        assert narrow.endswith("^p  palette") and narrow.rstrip().endswith("palette")
        assert " q  Quit " in narrow and " u " not in narrow  # the first key not to fit: gone
        await pilot.resize_terminal(160, 40)
        await pilot.pause()
        assert " u  Stand up " in str(bar.render())


async def test_a_new_table_is_of_the_game_last_chosen_with_that_game_s_options(tmp_path):
    """Stepping through the games quickly and creating at once: each step swaps the options
    form, and the table made is of the game shown, with that game's options."""
    app = LobbyPreview(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        for key in ("right", "right", "right", "c"):  # to Million: keys in one burst, as over SSH
            app.post_message(events.Key(key, None))
        await pilot.pause()
        assert not app.screen.query(OptionsForm)  # the dialog has closed
    made = max(app.host.tables.values(), key=lambda table: table.id)
    assert made.game == "million"
    assert set(made.options) == {option.name for option in get_spec("million").options}
