"""The end screen's analysis: a progress bar while worker processes play it out, then each
player's chance by round and the person's moves that moved theirs most, kept with the game."""

import asyncio
from concurrent.futures import Executor, Future, ProcessPoolExecutor

import play.analysis
from play.analysis import Analysing
from tui.app import BoomtownApp
from tui.demo import analysed, game_over, table_at
from tui.saves import kept_games, load_replay
from tui.screens.end import EndPage
from tui.widgets.analysis import AnalysisPanel
from tui.widgets.key_bar import KeyBar

from ..net.harness import until


class Held(Executor):
    """An executor that runs what it is given only when the test says so."""

    def __init__(self) -> None:
        self.waiting: list[tuple[Future, object]] = []

    def submit(self, fn, /, *args, **kwargs) -> Future:
        future: Future = Future()
        self.waiting.append((future, lambda: fn(*args, **kwargs)))
        return future

    def release(self, count: int) -> None:
        for future, work in self.waiting[:count]:
            future.set_result(work())
        del self.waiting[:count]


def panel_text(app) -> str:
    return app.screen.query_one(AnalysisPanel).render().plain


async def test_the_end_screen_shows_the_progress_of_the_playouts_then_the_chances(monkeypatch):
    # the screen's own analysis is held: in threads it would keep the test's waiting behind it
    monkeypatch.setattr("tui.saves.worker_processes", Held)
    table = table_at(seed=7, until=game_over)
    app = BoomtownApp(table, pace=0, save_path=None)
    held = Held()
    async with app.run_test(size=(120, 40)) as pilot:
        await until(lambda: isinstance(app.screen, EndPage))
        analysing = Analysing(table.match.record, [0])  # in place of the venue's
        end = app.screen
        await end.query_one(AnalysisPanel).remove()
        await end.query_one("#end").mount(AnalysisPanel(analysing, end.final, [0]))
        work = asyncio.create_task(analysing.work_out(held))
        await until(lambda: held.waiting)
        await pilot.pause()
        assert "being worked out by playouts" in panel_text(app) and " 0%" in panel_text(app)
        chart = len(held.waiting)
        held.release(chart // 2)  # half the chart's points, each of the same playouts
        await until(lambda: analysing.progress > 0)
        await pilot.pause()
        assert 0 < analysing.progress < 1 and f" {analysing.progress:.0%}" in panel_text(app)
        while not work.done():
            held.release(len(held.waiting))
            await asyncio.sleep(0.01)
        await pilot.pause()
        text = panel_text(app)
        assert "Chance of winning at each round's start" in text
        assert "Dan" in text.splitlines()[4] and "100%" in text.splitlines()[4]  # Dan won
        assert "Ann's" in text  # the person's moves, or that none moved their chance much


async def test_a_game_s_analysis_is_worked_out_in_worker_processes_and_kept_with_it(
    monkeypatch,
):
    monkeypatch.setattr(play.analysis, "IN_PROCESSES", True)
    pools, submitted = [], []
    spawn = play.analysis.worker_processes

    def recorded():
        pool = spawn()
        submit = pool.submit
        pool.submit = lambda fn, *args: submitted.append(fn) or submit(fn, *args)
        pools.append(pool)
        return pool

    monkeypatch.setattr("tui.saves.worker_processes", recorded)
    table = table_at(seed=7, until=game_over)
    app = BoomtownApp(table, pace=0, save_path=True)  # kept, as a person's game is
    async with app.run_test(size=(120, 40)) as pilot:
        await analysed(pilot)
        worked_out = app.screen.analysing.analysis
        assert "Chance of winning" in panel_text(app)
    assert len(pools) == 1 and isinstance(pools[0], ProcessPoolExecutor)
    assert submitted and pools[0]._shutdown_thread  # its playouts ran there; then it stopped
    replay, _ = load_replay(kept_games()[0])
    assert worked_out is not None and replay.record.analysis == worked_out
    assert Analysing(replay.record, [0]).progress == 1.0  # not worked out again


async def test_a_short_end_screen_keeps_the_verdict_in_sight_and_enter_takes_the_first_choice():
    table = table_at(seed=7, until=game_over)
    app = BoomtownApp(table, pace=0, save_path=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await analysed(pilot)  # the analysis drawn: the page is taller than the screen
        end = app.screen
        page = end.query_one("#end")
        assert page.max_scroll_y > 0 and page.scroll_y == 0  # the verdict, not the buttons
        assert app.focused is not None and app.focused.id == "again"
        # the key bar says there is more below (issue 69: nothing did), and the arrows show it
        assert "More below" in str(end.query_one(KeyBar).render())
        await pilot.press("down", "down")
        assert page.scroll_y == 2 and app.focused.id == "again"
        await pilot.press("up", "up")
        assert page.scroll_y == 0
        await pilot.press("enter")
        await until(lambda: not isinstance(app.screen, EndPage))
