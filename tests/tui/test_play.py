"""Playing Big Shot through the app, as a person would: keys in, screens out."""

import threading

import pytest
from textual.command import CommandList
from textual.widgets import Static

import play.table
from core.games.bigshot import actions as A
from core.games.bigshot.bots import HeuristicBot
from play import place as table_place
from play.table import Seat
from tui.app import BoomtownApp
from tui.demo import app_for, game_over, human_bidding_after_a_bid, human_placing, table_at
from tui.games.bigshot.end import BigShotEnd
from tui.games.bigshot.panels import LedgerPanel
from tui.games.bigshot.screen import BigShotScreen
from tui.saves import load_table, save_table
from tui.screens.dialogs import HandOver, Help
from tui.screens.title import TitleScreen
from tui.widgets.key_bar import KeyBar

from ..core.test_bigshot_simulation import fingerprint
from ..net.harness import until


async def settle(pilot, app):
    """Let bots move until a person must act or the game has ended."""
    for _ in range(2000):
        await pilot.pause()
        seat = app.table.actor()
        thinking = any(w.group == "bots" and w.is_running for w in app.workers)
        if (seat is None or not app.table.seats[seat].is_bot) and not thinking:
            return
    raise AssertionError("the bots never handed the game back")


def play_keys_for(view) -> list[str]:
    """What a simple person presses for this view: roll, bid a little or pass, place where the
    cursor is (moving it when the lot is sold)."""
    phase = view.phase
    if phase == "roll":
        return ["r"]
    if phase == "loans":
        return ["n"]
    if phase == "bid":
        auction = view.auction
        return [str(auction.minimum), "enter"] if auction.minimum <= 3 else ["p"]
    if phase == "pay":
        return ["enter"]
    return ["enter"]


async def play_to_the_end(pilot, app, screen_class, keys_for) -> None:
    """The person presses `keys_for(screen)` whenever it is their move, until the game ends."""
    table = app.table
    for _ in range(600):
        await settle(pilot, app)
        if table.state.is_over():
            break
        screen = app.screen
        assert isinstance(screen, screen_class)
        before = table.state.version
        for key in keys_for(screen):
            await pilot.press(key)
        await pilot.pause()
        assert table.state.version > before, f"keys did nothing in {screen.view.phase}"
    await pilot.pause()
    assert table.state.is_over()


@pytest.mark.long
async def test_a_whole_four_player_game_is_played_by_keys_to_the_end_screen():
    table = table_at(seed=1, until=None)
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_to_the_end(pilot, app, BigShotScreen, lambda screen: play_keys_for(screen.view))
        assert isinstance(app.screen, BigShotEnd)
        verdict = str(app.screen.query_one("#verdict").render())
        assert verdict == table.state.result().reason
    # the app changed the game only through the engine: replaying its record gives the same state
    assert fingerprint(table.match.record.replay()) == fingerprint(table.state)
    assert any(seat == 0 for seat, _ in table.match.record.actions)


async def test_an_illegal_bid_gets_a_clear_message_and_changes_nothing():
    table = table_at(until=human_bidding_after_a_bid)
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        version = table.state.version
        await pilot.press("9", "9", "enter")
        await pilot.pause()
        assert table.state.version == version
        panel = str(app.screen.query_one("#auction").render())
        assert "You cannot pay 99" in panel
        await pilot.press("backspace")  # issue 69: the refusal of 99 stayed beside a bid of 9
        await pilot.pause()
        assert "You cannot pay 99" not in str(app.screen.query_one("#auction").render())


async def test_a_refusal_stays_while_the_game_is_as_it_was_and_goes_once_it_has_moved_on(
    monkeypatch,
):
    """ "Wait for your turn: Ben is to bid" is about its moment: it stays, however long, while
    the game is as it was, and at least REFUSAL_SECONDS; it goes once both have passed, even
    though the person has not moved since (it stayed until then, saying what was no longer so)."""
    table = table_at(until=lambda state: state.phase == "bid" and state.current != 0)
    app = BoomtownApp(table, pace=3600, save_path=None)  # the bots wait: the test moves them
    stand_in = HeuristicBot(1)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen

        def a_bot_moves() -> None:
            seat = table.actor()
            table.act(seat, stand_in.choose(table.view(seat), table.state.legal_actions(seat)))
            screen.refresh_view()

        monkeypatch.setattr(table_place, "REFUSAL_SECONDS", 3600)
        await pilot.press("r")
        said = screen.message
        assert said.startswith("Wait for your turn:")
        a_bot_moves()
        assert screen.message == said  # the game moved on, but it was said only just now
        monkeypatch.setattr(table_place, "REFUSAL_SECONDS", 0)
        screen.refresh_view()
        assert screen.message == "" and said not in str(screen.query_one("#auction").render())
        await pilot.press("r")
        said = screen.message
        assert said
        await pilot.pause()  # its time is up at once, but the game is as it was
        screen.refresh_view()
        assert screen.message == said and said in str(screen.query_one("#auction").render())


async def test_the_screen_says_whose_turn_it_is_and_offers_only_legal_keys():
    table = table_at(until=human_bidding_after_a_bid)
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        status = str(app.screen.query_one("#status").render())
        assert "Ann (you) to bid or pass" in status
        screen = app.screen
        keys = screen.active_bindings
        assert keys["p"].enabled  # pass, not roll
        assert "r" not in keys or not keys["r"].enabled
        assert not screen.check_action("next_cube", ())


async def test_placing_by_mouse_selects_then_places():
    table = table_at(seed=11, until=lambda s: s.phase == "place" and s.winner == 0)
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        board = app.screen.query_one("#board")
        lot, x, y, _ = next(
            box
            for box in board.lot_boxes()
            if not table.state.settled[box[0]] and box[0] != app.screen.cursor
        )
        left = sum(table.state.to_place)
        inside = (x + 2, y + 2)  # one in from the lot's corner, past the panel's border
        await pilot.click(board, offset=inside)
        await pilot.pause()
        assert app.screen.cursor == lot and sum(table.state.to_place) == left
        await pilot.click(board, offset=inside)
        await pilot.pause()
        assert sum(table.state.to_place) == left - 1


async def test_a_cube_is_chosen_by_its_colour_s_letter_and_a_hint_sets_the_cube_and_the_lot():
    """Issue 69: a placing hint left the cursor and cube where they were, and the cube was
    chosen only by cycling `c`."""
    table = table_at(seed=11, until=lambda s: s.phase == "place" and s.winner == 0)
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        colours = [c for c in range(4) if table.state.to_place[c]]
        for colour in reversed(colours):
            await pilot.press("rywb"[colour])
            await pilot.pause()
            assert screen.cube == colour
        view = screen.view
        hinted = table.match.spec.bots["search"](0).choose(view, view.legal)
        assert isinstance(hinted, A.Place)
        await pilot.press("h")
        await until(lambda: (screen.cube, screen.cursor) == (hinted.colour, hinted.lot))
        left = sum(table.state.to_place)
        await pilot.press("enter")  # the cube the hint named, where it named
        await pilot.pause()
        assert sum(table.state.to_place) == left - 1
        assert table.state.lots[hinted.lot][hinted.colour] >= 1


@pytest.fixture
def saving_app(tmp_path, monkeypatch):
    """A game at the person's bid, in an app that saves to `tmp_path` as a player's would."""
    monkeypatch.setenv("BOOMTOWN_DATA_DIR", str(tmp_path))
    table = table_at(until=human_bidding_after_a_bid)
    return table, BoomtownApp(table, pace=0)


async def test_leaving_saves_and_the_title_offers_to_continue(tmp_path, saving_app):
    table, app = saving_app
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        await pilot.click("#yes")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        saved = load_table(tmp_path / "autosave-bigshot.json")
        assert fingerprint(saved.state) == fingerprint(table.state)
        await pilot.press("enter")  # "Continue" is the first choice
        await pilot.pause()
        assert isinstance(app.screen, BigShotScreen)
        assert app.table.state.version == table.state.version


async def test_every_action_is_saved_so_ctrl_q_loses_nothing(tmp_path, saving_app):
    table, app = saving_app
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        round_, moves = table.state.round, len(table.match.record.actions)
        await pilot.press("enter")  # a bid at the minimum; the bots answer in the same round
        await pilot.pause()
        await pilot.press("ctrl+q")
    assert table.state.round == round_  # no round ended, which is when it used to save
    assert any(s == 0 and isinstance(a, A.Bid) for s, a in table.match.record.actions[moves:])
    saved = load_table(tmp_path / "autosave-bigshot.json")
    assert saved.match.record.actions == table.match.record.actions


async def test_a_broken_save_is_reported_on_the_title_screen_not_a_crash(tmp_path, monkeypatch):
    monkeypatch.setenv("BOOMTOWN_DATA_DIR", str(tmp_path))
    (tmp_path / "autosave-bigshot.json").write_text('{"boomtown_save": 1, "seats": 3}')
    app = BoomtownApp(pace=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        choices = app.screen.query_one("#choices")
        first = str(choices.get_option_at_index(0).prompt)
        assert first.startswith("Saved Big Shot game cannot be continued")


async def test_a_data_folder_that_cannot_be_written_is_said_once_and_the_game_goes_on(
    tmp_path, monkeypatch
):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("BOOMTOWN_DATA_DIR", str(blocker / "boomtown"))
    app = BoomtownApp(pace=0)  # the title screen looks for a saved game there first
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        app.start_game("bigshot", [Seat("Ann", "human"), Seat("Ben", "heuristic")], 3, {})
        await settle(pilot, app)
        screen, table = app.screen, app.table
        # Ben, the bot, rolls first (seed 3): the move is made, saving it fails
        assert table.state.version > 0 and screen.message.startswith("Could not save")
        for _ in range(2):  # the person's next moves: nothing more is said
            before = table.state.version
            for key in play_keys_for(screen.view):
                await pilot.press(key)
            await settle(pilot, app)
            assert table.state.version > before and screen.message == ""
        await pilot.press("q")
        await pilot.pause()
        await pilot.click("#yes")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_a_save_folder_that_may_not_be_read_is_reported_on_the_title_screen(
    tmp_path, monkeypatch
):
    import pathlib

    monkeypatch.setenv("BOOMTOWN_DATA_DIR", str(tmp_path))

    def denied(method):
        def refused(path, *args, **kwargs):
            if path.name == "autosave-bigshot.json":
                raise PermissionError(13, "Permission denied", str(path))
            return method(path, *args, **kwargs)

        return refused

    monkeypatch.setattr(pathlib.Path, "exists", denied(pathlib.Path.exists))
    monkeypatch.setattr(pathlib.Path, "read_text", denied(pathlib.Path.read_text))
    app = BoomtownApp(pace=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        first = str(app.screen.query_one("#choices").get_option_at_index(0).prompt)
        assert first.startswith("Saved Big Shot game cannot be continued") and "denied" in first


async def test_setup_starts_a_game_with_the_chosen_seats_and_options(tmp_path, monkeypatch):
    monkeypatch.setenv("BOOMTOWN_DATA_DIR", str(tmp_path))
    app = BoomtownApp(pace=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter")  # the only game
        await pilot.pause()
        screen = app.screen
        screen.query_one("#kind-3").value = "empty"
        screen.query_one("#opt-hidden_money").value = True
        screen.query_one("#seed").value = "42"
        await pilot.pause()  # the form hides loan_timing, which hidden money makes moot
        await pilot.click("#start")
        await pilot.pause()
        table = app.table
        assert [s.kind for s in table.seats] == ["human", "heuristic", "heuristic"]
        assert table.match.record.seed == 42
        assert table.match.record.options["hidden_money"] is True
        assert table.state.ghost >= 0


async def test_setup_shows_no_name_for_an_empty_seat_nor_options_others_make_moot(
    tmp_path, monkeypatch
):
    """Issue 43: an empty seat still showed a name; loan_timing was offered with hidden money,
    which decides when loans come."""
    monkeypatch.setenv("BOOMTOWN_DATA_DIR", str(tmp_path))
    app = BoomtownApp(pace=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        loan_row = screen.query_one("#opt-loan_timing").parent
        assert screen.query_one("#name-3").display and loan_row.display
        screen.query_one("#kind-3").value = "empty"
        screen.query_one("#opt-hidden_money").value = True
        await pilot.pause()
        assert not screen.query_one("#name-3").display and not loan_row.display
        screen.query_one("#opt-hidden_money").value = False
        await pilot.pause()
        assert loan_row.display


async def test_setup_refuses_duplicate_names_with_a_message(tmp_path, monkeypatch):
    monkeypatch.setenv("BOOMTOWN_DATA_DIR", str(tmp_path))
    app = BoomtownApp(pace=0)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        app.screen.query_one("#name-1").value = "Player"
        await pilot.click("#start")
        await pilot.pause()
        assert app.table is None
        assert any("same name" in n.message for n in app._notifications)


async def test_a_tiny_terminal_gets_a_message_and_the_game_survives_resizing():
    table = table_at(until=human_bidding_after_a_bid)
    app = app_for(table)
    async with app.run_test(size=(50, 12)) as pilot:
        await pilot.pause()
        message = str(app.screen.query_one("#too-small").render())
        assert "at least 80 x 24" in message and "50 x 12" in message
        moves = len(table.match.record.actions)
        # the game is hidden: no key acts
        await pilot.press("p", "5", "enter", "q", "question_mark")
        await pilot.pause()
        assert len(table.match.record.actions) == moves
        assert len(app.screen_stack) == 2 and app.screen.has_class("-too-small")
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert not app.screen.has_class("-too-small")
        await pilot.press("p")
        await pilot.pause()
        assert A.PASS in [a for s, a in table.match.record.actions if s == 0]


def test_the_app_never_touches_game_state_except_through_the_table():
    """A static guard beside the replay check: no tui module calls step/apply or writes state."""
    import ast
    import pathlib

    for path in pathlib.Path("tui").rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in ("step", "apply", "_perform"):
                raise AssertionError(f"{path}:{node.lineno} calls {node.attr} on game state")
            if isinstance(node, (ast.Assign, ast.AugAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    text = ast.unparse(target)
                    if "state." in text or ".match." in text:
                        raise AssertionError(f"{path}:{node.lineno} writes {text}")


async def test_the_log_scrolls_back_to_older_events_and_forward_again():
    table = table_at(until=lambda s: s.round >= 6 and s.current == 0 and s.phase == "bid")
    app = app_for(table)  # Ann's turn: the game waits while she reads the log
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        log = app.screen.query_one("#log")
        newest = table.state.log()[-1]
        assert newest in log.rows_shown()
        await pilot.press("pageup")
        shown = "\n".join(log.rows_shown())
        assert newest not in shown and "newer lines below" in shown
        assert log.back > 0
        await pilot.press("pagedown")
        await pilot.pause()
        assert newest in log.rows_shown() and log.back == 0
        await pilot.press("pageup", "pageup", "end")  # issue 69: End did not jump back
        await pilot.pause()
        assert newest in log.rows_shown() and log.back == 0


async def test_setup_lets_players_choose_colours_and_refuses_a_bad_choice(tmp_path, monkeypatch):
    monkeypatch.setenv("BOOMTOWN_DATA_DIR", str(tmp_path))
    app = BoomtownApp(pace=0)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        app.screen.query_one("#opt-colours").value = "red,red,white,black"
        await pilot.press("ctrl+g")  # Start
        await pilot.pause()
        assert app.table is None
        assert any("colours must be" in n.message.lower() for n in app._notifications)
        app.screen.query_one("#opt-colours").value = "black,red,white,yellow"
        await pilot.press("ctrl+g")  # Start
        await pilot.pause()
        assert app.table.state.seat_colours == ((3,), (0,), (2,), (1,))


async def test_the_palette_s_keys_panel_asked_for_as_the_app_exits_is_not_an_error():
    """Found by the SSH fuzzer: Ctrl+P, "Keys", then q before the command ran."""
    table = table_at(until=human_bidding_after_a_bid)
    async with app_for(table).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        pilot.app.action_show_help_panel()  # while the app runs: the panel is shown
        await pilot.pause()
        assert pilot.app.screen.query("HelpPanel")
    async with app_for(table).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        pilot.app.exit()
        pilot.app.action_show_help_panel()  # as it exits: nothing, and no error


async def test_escape_closes_the_keys_panel_and_then_reaches_the_screen_again():
    table = table_at(until=human_bidding_after_a_bid)
    async with app_for(table).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        pilot.app.action_show_help_panel()
        await pilot.pause()
        screen = pilot.app.screen
        assert screen.query("HelpPanel")
        await pilot.press("escape")
        await pilot.pause()
        assert pilot.app.screen is screen and not screen.query("HelpPanel")
        await pilot.press("ctrl+p")  # with no panel, Escape is the screen's: it closes the palette
        await pilot.pause()
        assert pilot.app.screen is not screen
        await pilot.press("escape")
        await pilot.pause()
        assert pilot.app.screen is screen


async def test_the_palette_lists_the_moves_you_can_make_first_in_the_rules_words():
    table = table_at(seed=11, until=human_placing)
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        moves = {str(a)[0].upper() + str(a)[1:] for a in app.screen.view.legal}
        assert "Place red on Park East" in moves  # a lot's name keeps its capitals
        await pilot.press("ctrl+p")
        await pilot.pause()
        commands = app.screen.query_one(CommandList)
        for _ in range(100):  # the palette gathers its commands in a worker
            if commands.option_count > len(moves):
                break
            await pilot.pause(0.01)
        listed = [
            str(commands.get_option_at_index(i).prompt).split("\n")[0]
            for i in range(commands.option_count)
        ]
        assert set(listed[: len(moves)]) == moves  # every move, before Keys, Theme...
        assert "Keys" in listed[len(moves) :]
        assert "Quit" not in listed  # issue 69: beside 'Leave the game', which it doubled
        # and the table's own commands, with nothing typed (issue 43: only Textual's were)
        for command in (
            "Hint: what a bot would play now",
            "Help: keys and rules",
            "Leave the game",
        ):
            assert command in listed


async def test_the_money_list_shows_the_newest_entries_that_fit():
    table = table_at(until=human_bidding_after_a_bid)
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        panel = app.screen.query_one(LedgerPanel)
        lines = panel._shown.plain.splitlines()
        newest = app.screen.view.ledger[-1]
        assert len(lines) <= panel.content_size.height  # nothing is cut off
        assert lines[-1].startswith(f"r{newest.round}") and newest.reason in lines[-1]


async def test_the_end_screen_answers_enter_and_the_arrows_without_tab_first():
    app = app_for(table_at(seed=7, until=game_over))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, BigShotEnd)
        assert "Play again" in str(app.screen.query_one(KeyBar).render())
        await pilot.press("right", "right", "right", "left")  # -> Replay -> Title -> Quit -> Title
        assert app.screen.focused.id == "title"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_help_says_how_to_close_it_and_the_arrows_scroll_it():
    app = app_for(table_at(until=human_bidding_after_a_bid))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        scroll = app.screen.query_one(".help")
        assert "Esc, q or ? closes this" in str(scroll.query_one(Static).render())
        await pilot.press("down", "down", "down")
        await pilot.pause()
        assert scroll.scroll_y > 0
        await pilot.press("escape")
        assert isinstance(app.screen, BigShotScreen)


class Failing:
    """A bot with a bug: it raises."""

    def choose(self, view, legal):
        raise RuntimeError("a bot's bug")


class Cheating:
    """A bot that chooses what the rules refuse: a bid far beyond its cash."""

    def choose(self, view, legal):
        return A.bid(10_000)


@pytest.mark.long
async def test_a_bot_that_fails_or_cheats_plays_a_legal_move_and_the_game_goes_on(caplog):
    table = table_at(seed=1, until=None)
    table.bots[1], table.bots[2] = Failing(), Cheating()
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_to_the_end(
            pilot,
            app,
            BigShotScreen,
            lambda screen: ["p"] if screen.view.phase == "bid" else play_keys_for(screen.view),
        )
        assert isinstance(app.screen, BigShotEnd)
    moved = {seat for seat, _ in table.match.record.actions}
    assert {1, 2} <= moved
    assert "failed to choose" in caplog.text and "chose an illegal action" in caplog.text


# -- taking a move back ------------------------------------------------------------------------


def keys_on_bar(app) -> str:
    return str(app.screen.query_one(KeyBar).render())


async def test_ctrl_z_takes_back_a_cube_placed_and_its_log_line():
    table = table_at(until=human_placing)
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        before, lines = table.state.view(0), len(app.screen.query_one("#log").lines)
        await pilot.press("enter")
        await pilot.pause()
        assert sum(table.state.to_place) == 3
        assert "Undo" in keys_on_bar(app)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert table.state.view(0) == before
        assert len(app.screen.query_one("#log").lines) == lines
        await pilot.press("enter")  # and the person places again
        await pilot.pause()
        assert sum(table.state.to_place) == 3


async def test_nothing_is_taken_back_past_the_die():
    table = table_at(until=lambda s: s.phase == "roll" and s.roller == 0 and s.round >= 2)
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await settle(pilot, app)
        version = table.state.version
        assert not app.screen.check_action("take_back", ())
        assert "Undo" not in keys_on_bar(app)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert table.state.version == version
        assert app.screen.message.startswith("Nothing to take back: Undo goes back to your last")


async def test_undo_in_a_game_continued_from_a_save_says_the_save_is_why(tmp_path):
    """Issue 69: it said Undo goes back as far as the last die thrown, where what held the
    move was the save the game was continued from."""
    table = table_at(until=human_placing)
    table.act(0, next(a for a in table.view(0).legal if isinstance(a, A.Place)))  # a cube
    save_table(table, tmp_path / "save.json")
    continued = load_table(tmp_path / "save.json")
    app = app_for(continued)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.screen.message == (
            "Nothing to take back: this game was continued from a save, and moves made before "
            "it was saved stand."
        )
        await pilot.press("enter")  # a cube placed since the save is taken back as ever
        await pilot.pause()
        placed = continued.state.version
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert continued.state.version != placed and sum(continued.state.to_place) == 3


class Thinking:
    """A bot that thinks until it is told to answer: a bid of 2 the first time, then passes."""

    def __init__(self) -> None:
        self.asked, self.answer = threading.Event(), threading.Event()
        self.answers = [A.bid(2)]

    def choose(self, view, legal):
        answer = self.answers.pop() if self.answers else A.PASS
        self.asked.set()
        self.answer.wait(timeout=30)
        return answer


async def test_a_move_taken_back_while_a_bot_thinks_is_never_answered_by_that_thought():
    table = table_at(
        until=lambda s: (
            s.phase == "bid" and s.current == 0 and s.round >= 2 and s.auction.high_bidder is None
        )
    )
    thinking = table.bots[1] = Thinking()
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        before, played = table.state.view(0), len(table.match.record.actions)
        await pilot.press("p")
        while not thinking.asked.is_set():  # the bot in seat 2 is thinking about its move
            await pilot.pause()
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert table.state.view(0) == before
        await pilot.press("1", "enter")  # the person bids instead; the bot is asked again
        await pilot.pause()
        thinking.answer.set()
        await settle(pilot, app)
        assert table.match.record.actions[played : played + 2] == [(0, A.bid(1)), (1, A.PASS)]


async def hinted(app, pilot, told: int) -> str:
    """The hint said once `told` notices were up: the bot thinks in a thread."""
    for _ in range(2000):
        await pilot.pause()
        if len(app._notifications) > told:
            return list(app._notifications)[-1].message
    raise AssertionError(f"no hint was said: {[n.message for n in app._notifications]}")


async def test_h_says_what_a_bot_would_play_and_why_and_changes_nothing():
    table = table_at(until=human_bidding_after_a_bid)
    app = app_for(table)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        version = table.state.version
        await pilot.press("h")
        told = await hinted(app, pilot, 0)
        _, expected = await app.screen.place.hint()  # the search bot's weighing, again
        assert told == expected and told.startswith("Hint: ") and "% of its 8 playouts" in told
        assert table.state.version == version
        assert "`h` (hint): what a bot would play" in app.screen.help_text()
        app.clear_notifications()  # (a notice already up is not stacked again)
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"hint", "enter")
        assert await hinted(app, pilot, 0) == expected


async def test_ctrl_c_leaves_with_the_game_saved(tmp_path, saving_app):
    """Issue 43: Ctrl+C showed "Press [b]ctrl+q[/b] to quit" where the README says it leaves."""
    table, app = saving_app
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # a bid
        await pilot.pause()
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert not app._notifications
    assert app.return_code == 0 and not app.is_running
    assert (
        load_table(tmp_path / "autosave-bigshot.json").match.record.actions
        == table.match.record.actions
    )


async def test_a_screenshot_goes_to_the_data_folder_and_says_where(tmp_path, saving_app):
    """Issue 43: the notice showed raw markup, and nothing was saved where ~/Downloads was
    missing."""
    _, app = saving_app
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.pause()
        app.action_screenshot()
        await pilot.pause()
        saved = list((tmp_path / "screenshots").glob("*.svg"))
        assert len(saved) == 1 and saved[0].read_text().startswith("<svg")
        notice = list(app._notifications)[-1]
        assert notice.message == f"Saved as {saved[0]}" and "[" not in notice.message


async def test_a_screenshot_that_cannot_be_saved_says_so(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("BOOMTOWN_DATA_DIR", str(blocker))  # a file where the folder should be
    app = BoomtownApp(table_at(until=human_bidding_after_a_bid), pace=0)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.pause()
        app.action_screenshot()
        await pilot.pause()
        notice = list(app._notifications)[-1]
        assert notice.severity == "error" and "could not be saved in" in notice.message


async def test_the_chosen_theme_is_remembered_for_the_next_run(tmp_path, monkeypatch):
    monkeypatch.setenv("BOOMTOWN_DATA_DIR", str(tmp_path))
    app = BoomtownApp(pace=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.theme != "nord"
        app.theme = "nord"
        await pilot.pause()
    again = BoomtownApp(pace=0)
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert again.theme == "nord"


def hidden_money_two_people(state) -> bool:
    """Ann (seat 0) is to bid in round 3 of a hidden-money game she shares with Ben (seat 1)."""
    return state.phase == "bid" and state.current == 0 and state.round >= 3


async def until_handed_over(app, pilot) -> HandOver:
    """Pause until the app shows a hand-over (the bots' moves come first)."""
    for _ in range(200):
        if isinstance(app.screen, HandOver):
            return app.screen
        await pilot.pause()
    raise AssertionError(f"no hand-over: {app.screen}")


def hidden_table():
    return table_at(seed=5, humans=2, options={"hidden_money": True}, until=hidden_money_two_people)


async def test_a_hidden_money_game_opens_on_a_hand_over_whoever_is_at_the_keyboard():
    """Issue 43: continuing opened straight into one seat's private view."""
    app = app_for(hidden_table())
    async with app.run_test(size=(120, 40)) as pilot:
        assert (await until_handed_over(app, pilot)).player == "Ann"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.viewer == 0 and app.screen.view.cash[0] is not None


async def test_the_move_before_a_hand_over_is_saved(tmp_path, monkeypatch):
    """Issue 43: Ann passes, "Ben's turn" comes up, Ctrl+Q: her pass was not saved."""
    monkeypatch.setenv("BOOMTOWN_DATA_DIR", str(tmp_path))
    table = hidden_table()
    app = BoomtownApp(table, pace=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await until_handed_over(app, pilot)
        await pilot.press("enter", "p")
        assert (await until_handed_over(app, pilot)).player == "Ben"
        await pilot.press("ctrl+q")
    saved = load_table(tmp_path / "autosave-bigshot.json")
    assert saved.match.record.actions == table.match.record.actions
    assert (0, A.PASS) in saved.match.record.actions[-8:]


async def test_a_hint_is_thought_out_off_the_event_loop(monkeypatch):
    table = table_at(until=human_bidding_after_a_bid)
    thinking, answer = threading.Event(), threading.Event()
    weigh = play.table.hint

    def slow_hint(game, view, seed):
        thinking.set()
        assert answer.wait(30), "the test never let the hint answer"
        return weigh(game, view, seed)

    monkeypatch.setattr(play.table, "hint", slow_hint)
    app = app_for(table)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.press("h")
        await until_set(thinking, pilot)
        await pilot.press("question_mark")  # the interface answers while the bot thinks
        await pilot.pause()
        assert isinstance(app.screen, Help) and not app._notifications
        answer.set()
        assert (await hinted(app, pilot, 0)).startswith("Hint: ")


async def until_set(event: threading.Event, pilot) -> None:
    for _ in range(2000):
        if event.is_set():
            return
        await pilot.pause()
    raise AssertionError("it never happened")


async def test_a_hint_and_pop_ups_go_at_the_hand_over():
    """Issue 43: Bob's hint, worked out from his hidden cash, stayed up on Ann's turn."""
    app = app_for(hidden_table())
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await until_handed_over(app, pilot)
        await pilot.press("enter", "h")
        assert (await hinted(app, pilot, 0)).startswith("Hint:")
        await pilot.press("p", "question_mark")
        await until_handed_over(app, pilot)
        assert not app._notifications
        assert len(app.screen_stack) == 3  # the default screen, the table and the hand-over


async def test_each_game_keeps_its_own_save_and_a_new_one_asks_before_replacing(
    tmp_path, monkeypatch
):
    """Issue 43: with "Continue Army, round 3" on the title screen, a new Big Shot game
    replaced it."""
    from play.table import LocalTable
    from tui.screens.dialogs import Confirm

    monkeypatch.setenv("BOOMTOWN_DATA_DIR", str(tmp_path))
    army = LocalTable.new("army", [Seat("Ann"), Seat("Ada", "heuristic")], 1, {})
    save_table(army, tmp_path / "autosave.json")  # as saved before each game had its own
    app = BoomtownApp(pace=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        first = str(app.screen.query_one("#choices").get_option_at_index(0).prompt)
        assert first == "Continue Army, round 1 (Ann, Ada)"
        app.start_game("bigshot", [Seat("Ann"), Seat("Ben", "heuristic")], 3, {})
        await settle(pilot, app)
        assert isinstance(app.screen, BigShotScreen)  # no Big Shot save: nothing to ask
        await pilot.press("ctrl+q")
    assert {p.name for p in tmp_path.glob("autosave*.json")} == {
        "autosave-army.json",
        "autosave-bigshot.json",
    }
    app = BoomtownApp(pace=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        choices = app.screen.query_one("#choices")
        assert [str(choices.get_option_at_index(i).prompt)[:14] for i in range(2)] == [
            "Continue Big S",
            "Continue Army,",
        ]
        app.start_game("army", [Seat("Bob"), Seat("Ada", "heuristic")], 4, {})
        await pilot.pause()
        assert (
            isinstance(app.screen, Confirm) and "Army, round 1 (Ann, Ada)" in app.screen.explanation
        )
        await pilot.click("#no")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
    assert load_table(tmp_path / "autosave-army.json").seats[0].name == "Ann"


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
async def test_a_two_player_ledger_shows_each_colour_s_cash_debt_and_lots(size):
    """Issue 43: "RB Player 11" combined both colours' cash, though a bid is paid from one; and
    the 80x24 Ledger then had room for the first player's colours only."""
    from core.games.bigshot.board import COLOURS, LOAN_DEBT

    table = table_at(players=2, until=lambda s: s.round >= 3 and s.phase == "bid")
    app = app_for(table)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        shown = str(app.screen.query_one(LedgerPanel)._shown)
    state = table.state
    figures = {
        c: (
            str(state.cash(c)),
            str(LOAN_DEBT * state.loans[c]),
            str(sum(owner == c for owner in state.owners)),
        )
        for c in range(4)
    }
    for colours in state.seat_colours:
        if size == (80, 24):  # a player's colours on one line: cash/debt/lots
            assert (
                "  " + " ".join(f"{COLOURS[c][0].upper()} {'/'.join(figures[c])}" for c in colours)
                in shown
            )
        else:  # a row for each colour
            for c in colours:
                row = next(line for line in shown.splitlines() if f" {COLOURS[c]} " in line)
                assert tuple(row.split()[-3:]) == figures[c]


def test_a_bidder_who_cannot_pay_the_least_bid_is_told_so_plainly():
    """Issue 69: with no cash the bid box still offered 2, and nothing said it could not be
    paid."""
    from types import SimpleNamespace

    from rich.text import Text

    from tui.widgets.auction import auction_lines

    auction = SimpleNamespace(high=1, high_bidder=1, passed=(), bidder=0, minimum=2)
    for payable, told in ((0, True), (2, False)):
        text = Text()
        auction_lines(text, ["Ann", "Ben"], auction, str, 2, payable, compact=False)
        assert ("You cannot pay the least bid" in text.plain) == told


@pytest.mark.parametrize("slug", ["army", "bigshot", "million", "stadium"])
async def test_setup_names_options_as_a_player_would_and_seats_four(tmp_path, monkeypatch, slug):
    """Issue 70: the setup screen showed 'short_game', 'round_limit', 'seed', 'bot pace' (the
    names typed after --option), and seated six at Army and Million, where four is what the
    games are best with (more are a key away: an empty seat's kind)."""
    from core.games import get_spec
    from tui.screens.setup import SetupScreen

    monkeypatch.setenv("BOOMTOWN_DATA_DIR", str(tmp_path))
    spec = get_spec(slug)
    app = BoomtownApp(pace=0)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(SetupScreen(spec))
        await pilot.pause()
        shown = " ".join(str(w.content) for w in app.screen.query(".hint"))
        shown = shown.replace("[b]", "").replace("[/b]", "")
        for option in spec.options:
            assert option.label in shown
            assert f"{option.name}:" not in shown and f"{option.name}=" not in shown
            assert "_" not in shown or option.name not in shown
            assert all("_" not in label for label, _ in option.shown_choices())
        assert "Seed:" in shown and "Bot pace:" in shown
        seats = app.screen.seats()
        assert len(seats) == 4 and seats[0].kind == "human"
