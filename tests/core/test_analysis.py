"""The post-game analysis: each player's chance of winning by round, and the moves that moved a
player's chance most, estimated only from what could be seen at the time."""

import json
import pickle

import pytest

from core.engine.analysis import Analyser, Settings, analyse
from core.engine.findings import Analysis
from core.engine.playouts import win_shares
from core.engine.record import Record
from core.engine.replay import Replay
from core.games import SLUGS, get_spec
from core.sim import recorded_game

NAMES = ["Ann", "Ben", "Cat", "Dan"]
QUICK = Settings(points=6, chart_playouts=2, screened=4, screen_playouts=1, checked=2)
SHORT = {"army": {"round_limit": 12}, "stadium": {"round_limit": 12}, "million": {}}


def game(slug: str, seed: int, first: str = "heuristic", options=None) -> Record:
    """A finished game, the first seat played by a `first` bot, the others by heuristic bots."""
    bots = [first, "heuristic", "heuristic", "heuristic"]
    return recorded_game(slug, NAMES, bots, seed, options or SHORT.get(slug, {}))


def analyser(record: Record, seats=(0,), settings=QUICK) -> Analyser:
    return Analyser(Replay(record), get_spec(record.game).playouts, seats, settings)


def run_stages(analyser: Analyser, answers: list | None = None):
    """The analysis, and every estimate asked for, stage by stage (and into `answers`, what
    each stage's estimates came to)."""
    asked = []
    stages = analyser.stages()
    estimates = next(stages)
    while True:
        asked.append(estimates)
        answered = [estimate.run() for estimate in estimates]
        if answers is not None:
            answers.append(answered)
        try:
            estimates = stages.send(answered)
        except StopIteration as over:
            return over.value, asked


@pytest.mark.parametrize("slug", SLUGS)
def test_the_chart_starts_at_the_first_round_and_ends_with_how_the_game_came_out(slug):
    record = game(slug, 3)
    replay = Replay(record)
    analysis = analyse(analyser(record))
    assert analysis.rounds[0] == replay.rounds[0] and analysis.rounds[-1] == replay.rounds[-1]
    assert list(analysis.rounds) == sorted(analysis.rounds)
    assert len(analysis.rounds) == len(analysis.chances) <= QUICK.points + 1
    final = replay.state_at(replay.length).result()
    assert analysis.chances[-1] == win_shares(final, 4)  # known exactly at the end
    for point in analysis.chances:
        assert all(0 <= chance <= 1 for chance in point) and sum(point) <= 1 + 1e-9


def test_a_player_who_plays_at_random_is_shown_the_moves_that_cost_them_most():
    record = game("bigshot", 8, first="random")
    settings = Settings(
        points=2, chart_playouts=1, screened=10, screen_playouts=3, checked=4, check_playouts=16
    )
    analysis = analyse(analyser(record, settings=settings))
    swings = analysis.swings_of(0)
    assert 1 <= len(swings) <= settings.shown
    assert all(abs(s.change) >= settings.least_change for s in swings)
    assert min(swings, key=lambda s: s.after - s.before).change < 0  # a move that cost them
    log = Replay(record).state_at(len(record.actions)).log()
    assert all(s.move in log for s in swings)  # named as the log told it
    assert [s.round for s in swings] == sorted(s.round for s in swings)
    assert analysis.swings_of(1) == [] and analysis.seats == (0,)  # only the seats asked for


def test_chances_are_estimated_only_from_what_the_table_or_the_player_could_see():
    record = game("bigshot", 4, first="random", options={"hidden_money": True})
    _, stages = run_stages(analyser(record, seats=(2,)))
    chart, *moves = stages
    assert chart and all(e.seat is None and e.view.viewer is None for e in chart)
    views = [view for stage in moves for c in stage for view in (c.before, c.after)]
    assert all(c.seat == 2 for stage in moves for c in stage)
    assert views and all(view.viewer == 2 and None in view.cash for view in views)  # hidden


def test_the_progress_counts_every_playout_the_analysis_plays():
    found = analyser(game("bigshot", 2), seats=(0, 1))
    _, stages = run_stages(found)
    assert found.total == sum(work.cost for stage in stages for work in stage) > 0


def test_an_analysis_is_the_same_each_time_and_is_kept_with_the_game_s_record():
    record = game("army", 5, first="random")
    record.analysis = analyse(analyser(record))
    assert analyse(analyser(record)) == record.analysis
    again = Record.from_json(json.loads(json.dumps(record.to_json())))
    assert again.analysis == record.analysis and again.actions == record.actions


@pytest.mark.parametrize(
    "broken",
    [
        "not an analysis",
        {"rounds": [1], "chances": [[0.5, 0.5]], "swings": [], "seats": [0]},  # 2 of 4 seats
        {"rounds": [1], "chances": [[2, 0, 0, 0]], "swings": [], "seats": [0]},
        {"rounds": [1], "chances": [[1, 0, 0, 0]], "swings": [], "seats": [7]},
    ],
)
def test_a_broken_analysis_in_a_saved_game_is_dropped_and_the_game_still_loads(broken):
    record = game("bigshot", 1)
    data = {**record.to_json(), "analysis": broken}
    loaded = Record.from_json(data)
    assert loaded.analysis is None and loaded.actions == record.actions
    with pytest.raises((ValueError, TypeError, KeyError)):
        Analysis.from_json(broken, 4)


def variants() -> list:
    """Every game with its default options, and with each option of a few values set to each
    of its other values (a switch flipped, another choice)."""
    found = []
    for slug in SLUGS:
        found.append(pytest.param(slug, {}, id=f"{slug}-default"))
        for option in get_spec(slug).options:
            others = (
                [not option.default]
                if isinstance(option.default, bool)
                else [choice for choice in option.choices if choice != option.default]
            )
            found += [
                pytest.param(slug, {option.name: value}, id=f"{slug}-{option.name}={value}")
                for value in others
            ]
    return found


def positions(work) -> tuple:
    """The views an estimate or comparison plays out from."""
    return tuple(getattr(work, name, None) for name in ("view", "before", "after"))


@pytest.mark.parametrize(("slug", "options"), variants())
def test_every_estimate_crosses_to_a_worker_process_and_plays_out_the_same(slug, options):
    """Issue 67: a hidden-money Big Shot game's analysis failed at the host, which sends each
    estimate to its worker processes by pickle (a view held a lambda)."""
    short = {"round_limit": 8} if slug != "bigshot" else {}  # (Big Shot has 12 rounds)
    record = game(slug, 6, options={**short, **options})
    tiny = Settings(points=2, chart_playouts=1, screened=1, screen_playouts=1, checked=1)
    answers: list = []
    _, stages = run_stages(analyser(record, seats=(0, 1), settings=tiny), answers)
    for stage, answered in zip(stages, answers):
        sent = [pickle.loads(pickle.dumps(work)) for work in stage]
        assert list(map(positions, sent)) == list(map(positions, stage))
        assert sent[0].run() == answered[0]  # played out alike there


@pytest.mark.long
def test_a_move_the_hints_would_have_named_is_never_shown_as_one_that_cost_the_player():
    """Issue 69: a Million hint said to take $10,000 at a six, and the analysis then showed
    that move as costing its player 25 points: its playouts were played by another style of
    bot, and 16 of them scatter. Now the playouts play as the hints do, and a move is named
    only where its change stands out of its playouts' scatter."""
    record = game("million", 5, first="search")  # every move of seat 0 the hint's own
    settings = Settings(points=2, chart_playouts=1, screened=8, screen_playouts=4, checked=4)
    assert analyse(analyser(record, settings=settings)).swings_of(0) == []
