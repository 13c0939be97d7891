"""The engine's shared promises: no UI imports, options, records that fail cleanly."""

import contextlib
import json
import os
import subprocess
import sys
from dataclasses import fields
from importlib import import_module

import pytest

from core.engine.actions import SEAT_FIELDS, Offer
from core.engine.bots import play_out
from core.engine.record import Record, RecordError
from core.games import SLUGS, about, get_spec


def test_core_imports_no_user_interface_or_network_library():
    code = (
        "import sys, core, core.games, core.sim, core.engine.match;"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('textual', 'rich', 'asyncssh', 'tui', 'net')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_registry_lists_bigshot_with_its_players_and_options():
    spec = get_spec("bigshot")
    assert (spec.min_players, spec.max_players) == (2, 4)
    names = {o.name: o for o in spec.options}
    assert names["hidden_money"].default is False
    assert names["loan_timing"].choices == ("any_time", "when_short")
    assert all(o.description for o in spec.options)
    with pytest.raises(ValueError, match="no game"):
        get_spec("chess")
    with pytest.raises(ValueError, match="the games are: bigshot, army, stadium, million"):
        about("../chess")


def test_the_app_starts_without_importing_any_games_rules(tmp_path):
    """The title screen lists every game from its about.json; a game's rules load when it is
    chosen (importing all four took about a third of the launch)."""
    code = (
        "import sys, tui.app, boomtown.cli;"
        "from core.games import SLUGS, about; from tui.screens.title import TitleScreen;"
        "TitleScreen()._choices(); [about(slug) for slug in SLUGS];"
        "print(sorted(m for m in sys.modules if m.startswith('core.games.')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "BOOMTOWN_DATA_DIR": str(tmp_path)},
    )  # no save
    assert out.stdout.strip() == "[]"
    assert about("army") == {"title": get_spec("army").title, "summary": get_spec("army").summary}


@pytest.mark.parametrize(
    "given,error",
    [
        ({"hidden": "yes"}, "no option 'hidden'"),
        ({"hidden_money": "maybe"}, "on or off"),
        ({"loan_timing": "never"}, "one of any_time"),
    ],
)
def test_bad_options_are_refused_with_a_reason(given, error):
    with pytest.raises(ValueError, match=error):
        get_spec("bigshot").resolve_options(given)


def test_an_option_text_too_long_is_refused_in_a_short_message():
    for name, text in (("colours", "red," * 10_000), ("hidden_money", "y" * 10_000)):
        with pytest.raises(ValueError, match="at most 60 characters") as refused:
            get_spec("bigshot").resolve_options({name: text})
        assert len(str(refused.value)) < 80  # never the text itself, on anyone's screen
    with pytest.raises(ValueError, match="at most 60"):
        get_spec("million").resolve_options({"cash_target": "9" * 5000})  # past int()'s limit


@pytest.mark.parametrize(
    "game, given, error",
    [
        ("army", {"round_limit": "-1"}, "round_limit is at least 0"),
        ("stadium", {"round_limit": -2}, "round_limit is at least 0"),  # a record's number too
        ("million", {"cash_target": "-5"}, "cash_target is from 10,000 to 100,000,000"),
        ("million", {"cash_target": 10**9}, "cash_target is from 10,000 to 100,000,000"),
    ],
)
def test_numbers_an_option_cannot_take_are_refused_with_what_it_can(game, given, error):
    with pytest.raises(ValueError, match=error):
        get_spec(game).resolve_options(given)
    assert (
        get_spec("million").resolve_options({"cash_target": "2000000"})["cash_target"] == 2_000_000
    )


def test_player_counts_outside_the_game_are_refused():
    with pytest.raises(ValueError, match="2 to 4 players"):
        get_spec("bigshot").start(["A"] * 5, 1)


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"{not json",
        b"\xff\xfe\x00garbage",
        b"[]",
        b'{"format": 1, "game": "bigshot"}',
        b'{"format": 1, "game": "bigshot", "players": ["a", "b"], '
        b'"seed": 1, "options": {}, '
        b'"actions": [[0, {"kind": "fly"}]]}',
        b'{"format": 1, "game": "bigshot", "players": ["a", "b"], '
        b'"seed": 1, "options": {}, '
        b'"actions": [[1, {"kind": "pass"}]]}',
        b'{"format": 7}',
    ],
)
def test_a_broken_save_file_gives_a_clear_error_not_a_crash(tmp_path, content):
    path = tmp_path / "save.json"
    path.write_bytes(content)
    with pytest.raises(RecordError):
        Record.load(path).replay()


def test_sim_prints_exactly_one_json_object_with_the_summary():
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "boomtown.cli",
            "sim",
            "bigshot",
            "--games",
            "5",
            "--seed",
            "3",
            "--players",
            "3",
            "--bots",
            "heuristic,random,random",
            "--option",
            "hidden_money=on",
            "--json",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    summary = json.loads(out.stdout)
    assert summary["game"] == "bigshot" and summary["games"] == summary["completed"] == 5
    assert summary["errors"] == 0 and summary["options"]["hidden_money"] is True
    assert sum(summary["wins"].values()) + summary["no_winner"] >= 5
    assert set(summary["wins"]) == {"0", "1", "2"}
    assert summary["actions_mean"] > 100 and summary["games_per_s"] > 0 and summary["elapsed_s"] > 0


def test_sim_refuses_an_unknown_bot_clearly():
    out = subprocess.run(
        [sys.executable, "-m", "boomtown.cli", "sim", "bigshot", "--bots", "genius", "--json"],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 2 and "unknown bot 'genius'" in out.stderr


def test_sim_refuses_options_no_game_can_start_with_as_play_does():
    """Issue 43: sim ran with "errors: 2" where play refused the colours up front."""
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "boomtown.cli",
            "sim",
            "bigshot",
            "--games",
            "2",
            "--option",
            "colours=red,red,blue,green",
            "--json",
        ],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 2 and "colours must be" in out.stderr and not out.stdout


def workers_of(pid: int) -> set[int]:
    """The processes `pid` started (from /proc)."""
    children = f"/proc/{pid}/task/{pid}/children"
    try:
        return {int(child) for child in open(children).read().split()}
    except OSError:
        return set()


def test_ctrl_c_stops_a_parallel_sim_at_once_with_the_games_played_so_far():
    """Issue 43: with --jobs 2 Ctrl+C was ignored; the workers ran on at full speed."""
    import signal
    import time

    # Ctrl+C as a terminal's shell gives it, whatever the shell that started the suite left
    # (a shell's background job ignores SIGINT, and what it starts inherits that)
    ctrl_c_as_at_a_terminal = (
        "import runpy, signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
        "runpy.run_module('boomtown.cli', run_name='__main__')"
    )
    run = subprocess.Popen(
        [sys.executable, "-c", ctrl_c_as_at_a_terminal]
        + ["sim", "army", "--games", "100000", "--jobs", "2", "--json"],
        stdout=subprocess.PIPE,
        text=True,
    )
    workers: set[int] = set()
    try:
        deadline = time.monotonic() + 60
        while len(workers_of(run.pid)) < 2:  # wait for the pool's two workers
            assert time.monotonic() < deadline and run.poll() is None
        workers = workers_of(run.pid)
        run.send_signal(signal.SIGINT)
        out, _ = run.communicate(timeout=20)
        summary = json.loads(out)
        assert run.returncode == 130 and summary["interrupted"] is True
        assert summary["completed"] < 100_000
        for worker in workers:  # gone, not running on
            assert (
                not os.path.exists(f"/proc/{worker}")
                or open(f"/proc/{worker}/stat").read().split()[2] == "Z"
            )
    finally:  # a failure leaves nothing playing on at full speed
        for pid in (*workers, run.pid):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        run.wait()


def test_a_rule_error_inside_a_game_counts_as_an_error_and_the_run_goes_on(monkeypatch):
    from core import sim

    spec = get_spec("bigshot")
    real = sim.play_one

    def flaky(spec_, names, bots, seed, options):
        if seed == sim.game_seed(0, 1):
            raise RuntimeError("boom")
        return real(spec_, names, bots, seed, options)

    monkeypatch.setattr(sim, "play_one", flaky)
    summary = sim.simulate(spec, 3)
    assert summary["errors"] == 1 and summary["completed"] == 2
    assert summary["first_error"] == "RuntimeError: boom"


def test_actions_with_lists_round_trip_through_json_and_bad_lists_are_refused():
    from core.games.army.actions import CODEC, Propose

    offer = Propose(1, give=(1, 3), give_cash=10, get_cards=(0,))
    assert CODEC.decode(json.loads(json.dumps(offer.to_json()))) == offer
    for bad in (
        {**offer.to_json(), "give": ["1"]},
        {**offer.to_json(), "give_cash": [1]},
        {**offer.to_json(), "partner": True},
    ):
        with pytest.raises(ValueError):
            CODEC.decode(bad)


def test_the_simulations_money_check_catches_money_moved_outside_the_ledger():
    """Balances that still sum to zero can be wrong: the check recomputes them from the record."""
    from core.engine.ledger import Ledger

    from .money import MoneyCheck

    ledger = Ledger(2)
    ledger.transfer(0, ledger.bank, 0, 100, "start")
    ledger.transfer(0, ledger.bank, 1, 100, "start")
    MoneyCheck()(ledger, range(2))
    ledger.balances[0] -= 30  # paid to the other player with no transfer recorded
    ledger.balances[1] += 30
    assert sum(ledger.balances) == 0
    with pytest.raises(AssertionError):
        MoneyCheck()(ledger, range(2))
    refund = Ledger(2)
    refund.transfer(0, 0, 1, -5, "a negative payment hides which way money went")
    with pytest.raises(AssertionError):
        MoneyCheck()(refund, range(2))


@pytest.mark.parametrize("game,stats", [("bigshot", []), ("army", ["landing"])])
def test_a_run_shared_among_processes_sums_up_exactly_like_one_process(game, stats):
    from core import sim
    from core.games import get_spec

    spec = get_spec(game)
    alone, shared = (
        sim.simulate(spec, 9, seed=5, players=3, stats=stats, jobs=jobs) for jobs in (1, 3)
    )
    for timing in ("elapsed_s", "games_per_s"):
        del alone[timing], shared[timing]
    assert alone == shared and alone["completed"] == 9


@pytest.mark.parametrize("slug", ["army", "bigshot", "million", "stadium"])
def test_a_copy_has_every_field_and_a_state_has_no_field_a_copy_could_miss(slug):
    """Issue 43: a field set outside the declared ones used to vanish on copy."""
    from core.engine.game import _slots

    spec = get_spec(slug)
    state = spec.start(["Ann", "Ben", "Cat"], 5, {})
    bots = [spec.bots["random"](seat) for seat in range(3)]
    for _ in range(60):
        if state.is_over():
            break
        seat = state.to_act()[0]
        view = state.view(seat)
        state.step(seat, bots[seat].choose(view, view.legal))
    clone = state.copy()
    assert not hasattr(state, "__dict__")
    with pytest.raises(AttributeError):
        state.stray = 1
    for name in _slots(type(state)):
        assert same(getattr(clone, name), getattr(state, name)), name
    assert clone.view(0) == state.view(0) and clone.legal_actions(0) == state.legal_actions(0)


def same(a, b) -> bool:
    """Whether `a` and `b` hold the same, looking inside objects made of slots (a ledger, the
    generator, an auction) as well as lists of them."""
    if type(a) is not type(b):
        return False
    if isinstance(a, list | tuple):
        return len(a) == len(b) and all(map(same, a, b))
    slots = [name for klass in type(a).__mro__ for name in getattr(klass, "__slots__", ())]
    if slots and not hasattr(a, "__dict__"):
        return all(same(getattr(a, name, None), getattr(b, name, None)) for name in slots)
    return a == b


@pytest.mark.parametrize("slug, rounds", [("stadium", "84 to 110"), ("million", "44 to 82")])
def test_setup_says_how_long_a_game_runs_without_a_round_limit(slug, rounds):
    """Issue 43: setup gave no idea that a game without a limit runs about a hundred rounds."""
    option = next(o for o in get_spec(slug).options if o.name == "round_limit")
    assert f"took {rounds} rounds" in option.description and "half a game" in option.description


@pytest.mark.parametrize("slug", ["bigshot", "army", "stadium", "million"])
def test_every_legal_action_reads_the_same_to_the_table_but_for_the_names_of_seats(slug):
    """What a hint or the palette says of a move (`named`, players by name) is its text
    (`str`) with seats named; never empty, trade offers (whose class writes its own text)
    included. Seeded games, every action listed at every step, and the bots' offers."""
    Propose = getattr(import_module(f"core.games.{slug}.actions"), "Propose", None)

    spec = get_spec(slug)
    names = ["Ann", "Ben", "Cy"]
    state = spec.start(names, 5, {})
    seen: dict[type, object] = {}

    class Noting:
        """A heuristic bot that notes one action of each kind it is offered or chooses."""

        reads_view = True

        def __init__(self, seed: int) -> None:
            self.bot = spec.bots["heuristic"](seed)

        def choose(self, view, legal):
            chosen = self.bot.choose(view, legal)
            for action in (*legal, chosen):
                seen.setdefault(type(action), action)
            return chosen

    play_out(state, [Noting(seat) for seat in range(3)], limit=3000)
    assert slug in ("bigshot", "million") or Propose in seen  # the bots made offers
    for action in seen.values():
        named = action.named(names)
        assert named, f"{type(action).__name__} reads as nothing"
        if isinstance(action, Offer) or not {f.name for f in fields(action)} & SEAT_FIELDS:
            assert named == str(action)


@pytest.mark.parametrize("slug", SLUGS)
def test_every_kind_of_action_has_one_rule_and_every_rule_an_action(slug):
    """Issue 71: rules were found by a name built from a string (`_do_` + the action's kind);
    each is now registered by the type it plays, so a kind without a rule shows here."""
    spec = get_spec(slug)
    state = spec.start(["Ann", "Ben", "Cat"][: max(2, spec.min_players)], 1, None)
    assert type(state).RULES.kinds() == set(spec.codec.classes)


@pytest.mark.parametrize("slug", SLUGS)
def test_a_state_s_fields_are_declared_once_and_its_view_shows_those_it_says(slug):
    """Issue 71: each game named its fields in __slots__, COPIED, the view and determinize.
    One declaration (core.engine.fields) gives the slots, the lists copied apart, and the
    fields a view shows as they are; a field declared shown that the view lacks fails here."""
    spec = get_spec(slug)
    state = spec.start(["Ann", "Ben", "Cat"][: max(2, spec.min_players)], 1, None)
    declared = type(state).FIELDS
    assert type(state).__slots__ == declared.slots and type(state).COPIED == declared.copied
    view = state.view(0)
    for name in declared.listed:
        assert getattr(view, name) == tuple(getattr(state, name)), name
    for name in declared.shared:
        assert getattr(view, name) == getattr(state, name), name
    copy = state.copy()
    for name in declared.copied:
        assert getattr(copy, name) == getattr(state, name)
        assert getattr(copy, name) is not getattr(state, name), name  # copied apart
