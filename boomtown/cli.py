"""The `boomtown` command. Each command imports what it runs inside its function, so that
`boomtown play` starts without the server's modules and the server without the title screen's
(tests/test_layers.py lists this module as one that may)."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from typing import Any

from core.engine.search import THINKING_SECONDS
from core.games import SLUGS, get_spec
from play.table import BOT_PACE
from tui.games import PLAYABLE


def _options(pairs: list[str]) -> dict[str, str]:
    options = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise ValueError(f"--option takes name=value, not {pair!r}")
        options[name.strip()] = value.strip()
    return options


MANUAL = """\
The manual: docs/ in the source, read as a site with `mkdocs serve` (the README says how).
Each command's own help: boomtown COMMAND --help."""
EXAMPLES = {  # each command's examples, shown under its --help
    "boomtown": """\
  boomtown                          the title screen: a new game, or continue one
  boomtown play army                Army against three bots
  boomtown serve --allow-guests     host on port 2222: people join with ssh -p 2222 HOST""",
    "play": """\
  boomtown play bigshot --players 3
  boomtown play army --option short_game=on --seed 7""",
    "serve": """\
  boomtown serve --allow-guests
  boomtown serve --host 0.0.0.0 --web 8080 --web-url https://games.example.org""",
    "resume": "  boomtown resume ~/.local/share/boomtown/autosave-army.json",
    "replay": "  boomtown replay ~/.local/share/boomtown/autosave-army.json",
    "ban": """\
  boomtown ban Mallory --reason "abuse in chat"
  boomtown ban --list""",
    "tables": """\
  boomtown tables
  boomtown tables --close 12""",
    "migrate": "  boomtown migrate --from ~/.local/share/boomtown/server --to postgresql://boomtown@db/boomtown",
    "sim": """\
  boomtown sim army --games 20 --bots search,heuristic,heuristic,heuristic
  boomtown sim million --option six_rule=money --json""",
}


def _epilog(command: str, options: bool = False) -> str:
    """`command`'s examples, every game's options where it takes them, and the manual."""
    parts = ["examples:\n" + EXAMPLES[command]]
    if options:
        parts.append(_options_help())
    return "\n\n".join([*parts, MANUAL])


def _options_help() -> str:
    """Every game's options as `--option` types them, each with its label and default."""
    lines = ["game options (--option NAME=VALUE):"]
    for slug in sorted(SLUGS):
        for option in get_spec(slug).options:
            default = option.default
            if isinstance(default, bool):
                typed, shown = "on|off", "on" if default else "off"
            elif isinstance(default, int):
                typed, shown = "N", f"{default}"
            else:
                typed, shown = "|".join(option.choices) or "TEXT", default
            typed = f"{option.name}={typed}"
            lines.append(f"  {slug:8} {typed:36} {option.label} (default {shown})")
    return "\n".join(lines)


def _command(commands, name: str, options: bool = False, **kwargs) -> argparse.ArgumentParser:
    return commands.add_parser(
        name,
        epilog=_epilog(name, options),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        **kwargs,
    )


def _parser() -> argparse.ArgumentParser:
    database_option: dict[str, Any] = {
        "default": os.environ.get("BOOMTOWN_DB"),
        "type": _database,
        "metavar": "URL",
    }
    parser = argparse.ArgumentParser(
        prog="boomtown",
        description="Property-trading board games in the terminal: alone against bots, or "
        "hosted for many over SSH and the browser.",
        epilog=_epilog("boomtown"),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command")
    play = _command(
        commands,
        "play",
        options=True,
        help="go straight into a game: you in seat 1, bots in the others",
    )
    play.add_argument("game", choices=sorted(PLAYABLE))
    play.add_argument(
        "--seed", type=int, help="replay a game's dice and shuffles (default: a new seed each game)"
    )
    play.add_argument(
        "--players", type=int, help="default: four, or as many as the game takes if fewer"
    )
    play.add_argument(
        "--bot",
        default="heuristic",
        help="the bots' kind: heuristic, random, or search, which plays its choices out "
        "before it makes them (default %(default)s)",
    )
    play.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="one of the game's options (listed below); repeatable",
    )
    play.add_argument(
        "--pace",
        type=_seconds,
        default=BOT_PACE,
        help="seconds each bot move stays on screen (default %(default)g)",
    )
    serve = _command(commands, "serve", help="host games over SSH: one process, many players")
    serve.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default %(default)s)"
    )
    serve.add_argument(
        "--port", type=int, default=2222, help="port to listen on (default %(default)s)"
    )
    serve.add_argument(
        "--data",
        help="where the host key and the tables are kept (default: the user's data directory)",
    )
    serve.add_argument(
        "--db",
        **database_option,
        help="keep everything in this PostgreSQL database (postgresql://...), "
        "which several serve processes may share; default: $BOOMTOWN_DB, or "
        "SQLite in --data",
    )
    serve.add_argument(
        "--workers",
        type=_count,
        metavar="N",
        help="run N server processes sharing the port and the --db database "
        "(default with --db: one per core; without it, 1)",
    )
    serve.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)  # one of them
    serve.add_argument(
        "--host-key",
        metavar="FILE",
        help="serve with this SSH host key (an unencrypted private key) instead "
        "of the one made and kept in the data directory: servers that share it "
        "keep clients' known_hosts valid whichever answers",
    )
    serve.add_argument(
        "--web",
        type=int,
        metavar="PORT",
        help="answer browsers too, on this port of --host: a terminal in the page, at the "
        "same tables (a person signs a browser in with a one-time link from the lobby's W)",
    )
    serve.add_argument(
        "--web-url",
        metavar="URL",
        help="the address people open for --web, as a reverse proxy serves it "
        "(default http://HOST:PORT)",
    )
    serve.add_argument(
        "--web-behind-tls",
        action="store_true",
        help="--web is served over https by a reverse proxy: the browsers' cookie is Secure",
    )
    serve.add_argument(
        "--allow-guests",
        action="store_true",
        help="let people without an SSH key in (keyboard-interactive, no password; with "
        "--web, a browser guest chooses a name on the page)",
    )
    serve.add_argument(
        "--no-invites",
        action="store_true",
        help="with --web: people may not invite friends to play in a browser (the lobby's I)",
    )
    serve.add_argument(
        "--afk-seconds",
        type=_seconds,
        default=60.0,
        help="idle this long on your turn and a bot plays for you (default %(default)g)",
    )
    serve.add_argument(
        "--max-per-ip", type=_count, default=8, help="connections per address (default %(default)s)"
    )
    serve.add_argument(
        "--max-connections",
        type=_count,
        default=200,
        help="connections in total (default %(default)s)",
    )
    serve.add_argument(
        "--login-grace",
        type=_seconds,
        default=10.0,
        help="seconds allowed to log in, and then to open a terminal session (default %(default)g)",
    )
    serve.add_argument(
        "--max-pending",
        type=_count,
        default=32,
        help="connections still logging in, in total (default %(default)s)",
    )
    serve.add_argument(
        "--max-pending-per-ip",
        type=_count,
        default=8,
        help="connections still logging in, per address (default %(default)s)",
    )
    serve.add_argument(
        "--max-pending-per-network",
        type=_count,
        default=16,
        help="connections still logging in, per /24 or /64 network; a silent "
        "one makes room for a newcomer (default %(default)s)",
    )
    serve.add_argument(
        "--lobby-idle",
        type=_seconds,
        default=1800.0,
        help="seconds idle in the lobby before the session is closed (default %(default)g)",
    )
    serve.add_argument(
        "--input-rate",
        type=_count,
        default=1024,
        help="bytes a second read from each session (default %(default)s)",
    )
    serve.add_argument(
        "--loop-share",
        type=_share,
        default=0.1,
        help="the share of the server's time one session may use, sustained: "
        "a session using more has its keys held back (default %(default)g)",
    )
    serve.add_argument(
        "--address-loop-share",
        type=_share,
        default=0.3,
        help="the same for all sessions from one address together (default %(default)g)",
    )
    serve.add_argument(
        "--chat-length",
        type=_count,
        default=200,
        help="characters per chat line (default %(default)s)",
    )
    serve.add_argument(
        "--chat-per-minute",
        type=_count,
        default=20,
        help="chat lines one person may say a minute, 5 at once at most (default %(default)s)",
    )
    serve.add_argument(
        "--max-size",
        type=_size,
        default=(300, 100),
        metavar="WxH",
        help="the largest screen drawn for a client (default 300x100)",
    )
    serve.add_argument(
        "--bot-pace",
        type=_seconds,
        default=BOT_PACE,
        help="seconds between bot moves at a table (default %(default)g)",
    )
    serve.add_argument(
        "--bot-think",
        type=_seconds,
        default=5.0,
        help="seconds a bot may think before a legal move is played for it (default %(default)g)",
    )
    serve.add_argument(
        "--search-seconds",
        type=_seconds,
        default=THINKING_SECONDS,
        help="seconds a search bot plays its moves out a decision; 0: by its count of "
        "playouts alone, the same moves on any machine (default %(default)g)",
    )
    serve.add_argument(
        "--stall-seconds",
        type=_stall,
        default=5.0,
        help="seconds the event loop every session shares may not turn before "
        "the log says where it is stuck (default %(default)g)",
    )
    serve.add_argument(
        "--tables-per-person",
        type=_count,
        default=3,
        help="tables waiting to start that one person may have made (default %(default)s)",
    )
    serve.add_argument(
        "--tables-per-address",
        type=_count,
        default=6,
        help="tables waiting to start made from one address, twice as many from "
        "one /24 or /64 network (default %(default)s)",
    )
    serve.add_argument(
        "--search-tables",
        type=_count,
        default=4,
        help="tables of search bots waiting or playing, in all; one per person, "
        "two per address (default %(default)s)",
    )
    serve.add_argument(
        "--max-tables",
        type=_count,
        default=100,
        help="tables waiting or playing, in all (default %(default)s)",
    )
    serve.add_argument(
        "--games-per-person",
        type=_count,
        default=5,
        help="tables waiting or playing that one person may sit at (default %(default)s)",
    )
    serve.add_argument(
        "--past-games",
        type=_count,
        default=50,
        help="finished games the lobby lists to replay, the newest (default %(default)s)",
    )
    resume = _command(commands, "resume", help="continue a saved game")
    resume.add_argument("file")
    resume.add_argument(
        "--pace",
        type=_seconds,
        default=BOT_PACE,
        help="seconds each bot move stays on screen (default %(default)g)",
    )
    replay = _command(
        commands,
        "replay",
        help="watch a saved or finished game again, move "
        "by move (the title screen lists the games finished here)",
    )
    replay.add_argument("file")
    ban = _command(
        commands,
        "ban",
        help="keep a person out of your SSH server (a running "
        "server sends them away within seconds)",
    )
    ban.add_argument(
        "name",
        nargs="?",
        help="the name they play under; its key is banned too, and "
        "guests from where the name came from in the last 30 days",
    )
    ban.add_argument("--reason", help="told to them when they are sent away")
    ban.add_argument("--lift", action="store_true", help="let them in again")
    ban.add_argument("--list", action="store_true", help="list who is banned")
    ban.add_argument("--data", help="the server's data directory (default: as serve's)")
    ban.add_argument(
        "--db", **database_option, help="the server's PostgreSQL database (default: $BOOMTOWN_DB)"
    )
    tables = _command(
        commands,
        "tables",
        help="list the tables of your SSH server not yet "
        "over, or close one (a running server closes it within seconds)",
    )
    tables.add_argument(
        "--list", action="store_true", help="list them (what it does without --close)"
    )
    tables.add_argument(
        "--close",
        type=int,
        metavar="ID",
        help="close the table numbered ID: its seats are freed and its game ends unfinished",
    )
    tables.add_argument("--data", help="the server's data directory (default: as serve's)")
    tables.add_argument(
        "--db", **database_option, help="the server's PostgreSQL database (default: $BOOMTOWN_DB)"
    )
    migrate = _command(
        commands,
        "migrate",
        help="move an SSH server's data from SQLite into a new PostgreSQL database, for serve --db",
    )
    migrate.add_argument(
        "--from", dest="source", required=True, metavar="DIR", help="the server's data directory"
    )
    migrate.add_argument(
        "--to",
        dest="target",
        required=True,
        type=_database,
        metavar="URL",
        help="an empty PostgreSQL database (postgresql://...)",
    )
    sim = _command(
        commands, "sim", options=True, help="play many seeded games between bots, headless"
    )
    sim.add_argument("game", choices=sorted(SLUGS))
    sim.add_argument(
        "--games", type=_count, default=100, help="games to play (default %(default)s)"
    )
    sim.add_argument(
        "--seed",
        type=int,
        default=0,
        help="the run's seed; every game has its own from it (default %(default)s)",
    )
    sim.add_argument(
        "--players", type=int, help="default: one a bot kind given, or as many as the game takes"
    )
    sim.add_argument(
        "--bots",
        default="random",
        help="comma-separated bot kinds, one per seat (or one for all; default %(default)s)",
    )
    sim.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="one of the game's options (listed below); repeatable",
    )
    sim.add_argument(
        "--stats",
        action="append",
        default=[],
        metavar="NAME",
        help="gather one of the game's statistics too (the manual lists them; "
        "an unknown name is refused with the game's list)",
    )
    sim.add_argument("--json", action="store_true", help="print one JSON object on stdout")
    sim.add_argument(
        "--jobs",
        type=_count,
        default=os.cpu_count() or 1,
        help="processes to share the games among (default: every core); the "
        "results are the same for any number",
    )
    return parser


def run_sim(args: argparse.Namespace) -> int:
    from core.sim import simulate

    spec = get_spec(args.game)
    bots = args.bots.split(",")
    players = args.players or (len(bots) if len(bots) > 1 else spec.max_players)
    _check_table(spec, players, bots)

    def progress(done: int) -> None:  # on stderr, and only to a terminal
        sys.stderr.write(f"\r{done}/{args.games} games")
        if done == args.games:
            sys.stderr.write("\n")

    summary = simulate(
        spec,
        args.games,
        seed=args.seed,
        players=players,
        bots=bots,
        options=_options(args.option),
        progress=progress if sys.stderr.isatty() else None,
        stats=args.stats,
        jobs=args.jobs,
    )
    if args.json:
        print(json.dumps(summary))
    else:
        for key, value in summary.items():
            print(f"{key:>14}: {value}")
    if summary["interrupted"]:
        return 130  # as a shell reports a command Ctrl+C stopped
    return 1 if summary["errors"] else 0


def make_play_app(args: argparse.Namespace):
    """The app for `boomtown play`: a person in seat 1 and bots in the others."""
    import random

    from play.table import LocalTable, Seat
    from tui.app import BoomtownApp

    spec = get_spec(args.game)
    players = args.players or min(spec.best_players, spec.max_players)
    _check_table(spec, players, [args.bot])
    bot_names = ("Ada", "Brick", "Coin", "Dot", "Edge")
    seats = [Seat("Player")] + [Seat(bot_names[i], args.bot) for i in range(players - 1)]
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    table = LocalTable.new(spec.slug, seats, seed, _options(args.option))
    return BoomtownApp(table, pace=args.pace)


def _check_table(spec, players: int, bots: list[str]) -> None:
    """Refuse a number of players or a kind of bot the game does not have (ValueError)."""
    if not spec.min_players <= players <= spec.max_players:
        raise ValueError(f"{spec.title} takes {spec.min_players} to {spec.max_players} players")
    for bot in bots:
        if bot not in spec.bots:
            raise ValueError(f"unknown bot {bot!r}; {spec.title} has: {', '.join(spec.bots)}")


def make_resume_app(args: argparse.Namespace):
    from pathlib import Path

    from core.engine.record import RecordError
    from tui.app import BoomtownApp
    from tui.saves import load_table

    try:
        table = load_table(Path(args.file))
    except RecordError as exc:
        raise ValueError(str(exc)) from None
    return BoomtownApp(table, pace=args.pace, save_path=Path(args.file))


def make_replay_app(args: argparse.Namespace):
    from pathlib import Path

    from core.engine.record import RecordError
    from tui.app import BoomtownApp
    from tui.saves import load_replay

    try:
        return BoomtownApp(replay=load_replay(Path(args.file)))
    except RecordError as exc:
        raise ValueError(str(exc)) from None


def _read(text: str, kind: type, what: str):
    """`text` as a number of `kind` (int or float); an argparse error saying it is not `what`."""
    try:
        return kind(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not {what}") from None


def _count(text: str) -> int:
    """A whole number, 1 or more."""
    value = _read(text, int, "a whole number")
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text} is too few: at least 1")
    return value


def _seconds(text: str) -> float:
    """A number of seconds, 0 or more."""
    value = _read(text, float, "a number of seconds")
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError(f"{text} seconds: give 0 or more")
    return value


def _stall(text: str) -> float:
    """How long the event loop may not turn before the log says so: 1 second or more."""
    value = _seconds(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text} seconds: give 1 or more")
    return value


def _share(text: str) -> float:
    """A share of the server's time: above 0, at most 1."""
    value = _read(text, float, "a number")
    if not 0 < value <= 1:
        raise argparse.ArgumentTypeError(f"{text}: give a share above 0 and at most 1")
    return value


def _database(text: str) -> str:
    from net.store.dialects import is_postgresql

    if not is_postgresql(text):
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a PostgreSQL database's address, postgresql://USER@HOST/NAME"
        )
    return text


def _size(text: str) -> tuple[int, int]:
    """A WxH screen size of at least 80x24 (the smallest a game is drawn at)."""
    try:
        width, height = (int(n) for n in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not WIDTHxHEIGHT, e.g. 300x100") from None
    if width < 80 or height < 24:
        raise argparse.ArgumentTypeError("the largest screen must be at least 80x24")
    return width, height


def run_serve(args: argparse.Namespace, argv: list[str]) -> int:
    # The command line is the one place that knows every package: net sits above tui and core.

    from net.limits import Limits
    from net.transport.server import run, serve
    from net.transport.web.door import WebOptions

    workers = args.workers or (os.cpu_count() or 1 if args.db and not args.worker else 1)
    if workers > 1:
        if not args.db:
            raise ValueError("several processes share one PostgreSQL database: give --db")
        if args.port == 0:
            raise ValueError("several processes share one port: give --port")
        from net.transport.workers import run_workers

        return run_workers(
            workers, [*argv, "--workers", "1", "--worker"], args.host, args.port, args.db
        )

    limits = Limits(
        connections_per_ip=args.max_per_ip,
        connections_total=args.max_connections,
        login_grace_seconds=args.login_grace,
        pending_total=args.max_pending,
        pending_per_ip=args.max_pending_per_ip,
        pending_per_network=args.max_pending_per_network,
        lobby_idle_seconds=args.lobby_idle,
        afk_seconds=args.afk_seconds,
        input_bytes_per_second=args.input_rate,
        session_loop_share=args.loop_share,
        address_loop_share=args.address_loop_share,
        chat_length=args.chat_length,
        chat_per_minute=args.chat_per_minute,
        bot_pace_seconds=args.bot_pace,
        bot_think_seconds=args.bot_think,
        search_seconds=args.search_seconds or None,
        stall_seconds=args.stall_seconds,
        tables_per_person=args.tables_per_person,
        tables_per_address=args.tables_per_address,
        open_tables=args.max_tables,
        search_tables=args.search_tables,
        games_per_person=args.games_per_person,
        past_games_listed=args.past_games,
        max_width=args.max_size[0],
        max_height=args.max_size[1],
    )
    from pathlib import Path

    run(
        serve(
            args.host,
            args.port,
            _server_dir(args),
            args.allow_guests,
            limits,
            Path(args.host_key) if args.host_key else None,
            args.db,
            worker=args.worker,
            web=(
                WebOptions(args.web, args.web_url or "", args.web_behind_tls, not args.no_invites)
                if args.web is not None
                else None
            ),
        )
    )
    return 0


def _server_dir(args: argparse.Namespace):
    from pathlib import Path

    from tui.saves import data_dir

    return Path(args.data) if args.data else data_dir() / "server"


def _when(seconds: float) -> str:
    """A moment as the host's commands list it: '26 Nov 2026 13:43', in local time."""
    from datetime import datetime

    return datetime.fromtimestamp(seconds).strftime("%d %b %Y %H:%M")


@contextlib.contextmanager
def _server_storage(args: argparse.Namespace):
    """The database of the server `args` names by --db, or by its data directory (ValueError
    if none)."""
    from net.store.storage import SQLITE_FILE, Storage, StorageError

    database = args.db or _server_dir(args) / SQLITE_FILE
    if not args.db and not database.exists():
        raise ValueError(f"no server keeps its games in {database.parent}: give its --data or --db")
    try:
        storage = Storage(database)
        try:
            yield storage
        finally:
            storage.close()
    except StorageError as exc:
        raise ValueError(f"cannot use the server's database: {exc}") from None


def run_ban(args: argparse.Namespace) -> int:
    """Ban a name (and its key), lift a ban, or list them, in a server's database."""
    from net.identity import SWEEP_SECONDS

    if not args.list and not args.name:
        raise ValueError("ban takes the name to ban (or --list)")
    with _server_storage(args) as storage:
        if args.list:
            for ban in storage.bans():
                when = _when(ban.at)
                guests = (
                    f"guests from {', '.join(sorted(ban.addresses))}"
                    if ban.addresses
                    else "no address"
                )
                print(
                    "  ".join((ban.name, ban.key or "(guest)", when, guests, ban.reason)).rstrip()
                )
        elif args.lift:
            lifted = storage.lift_ban(args.name)
            print(f"{args.name} may come in again." if lifted else f"{args.name} was not banned.")
        else:
            key, addresses = storage.ban(args.name, args.reason or "")
            kept_out = f"and the key {key}, under any name" if key else "a name no key owns"
            if addresses:
                kept_out += f"; and guests from {', '.join(addresses)}, where it came from"
            elif not key:
                kept_out += ": a guest may come back under another"
            print(
                f"Banned {args.name} ({kept_out}). A running server sends them away "
                f"within {SWEEP_SECONDS:g} s."
            )
    return 0


def run_tables(args: argparse.Namespace) -> int:
    """List a server's tables not yet over (damaged ones too, with why), or close one."""
    from net.hosting.tables import seat_names
    from net.identity import SWEEP_SECONDS

    with _server_storage(args) as storage:
        if args.close is not None:
            if not storage.close_table(args.close):
                raise ValueError(f"no table {args.close} is waiting, playing or damaged")
            print(
                f"Closed table {args.close}. A running server takes it away within "
                f"{SWEEP_SECONDS:g} s."
            )
            return 0
        tables = storage.open_tables()
        if not tables:
            print("No table is waiting, playing or set aside as damaged.")
        for table in tables:
            when = _when(table.created)
            line = [
                str(table.id),
                table.game,
                table.status,
                f"host {table.host}",
                when,
                seat_names(table.seats),
            ]
            if table.status == "damaged":
                line.append(f"set aside: {table.result}")
            print("  ".join(line))
    return 0


def run_migrate(args: argparse.Namespace) -> int:
    from pathlib import Path

    from net.store.dialects import dialect_for
    from net.store.migrate import migrate
    from net.store.storage import StorageError

    try:
        moved = migrate(Path(args.source), args.target)
    except StorageError as exc:
        raise ValueError(f"nothing was moved: {exc}") from None
    print(
        f"Moved {moved['users']} names, {moved['tables']} tables with {moved['actions']} "
        f"moves, {moved['chat']} chat lines and {moved['bans']} bans into "
        f"{dialect_for(args.target)}. Serve it with: boomtown serve --db URL"
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    argv = sys.argv[1:] if argv is None else argv
    args = parser.parse_args(argv)
    try:
        if args.command == "sim":
            return run_sim(args)
        if args.command == "serve":
            return run_serve(args, argv)
        if args.command == "ban":
            return run_ban(args)
        if args.command == "tables":
            return run_tables(args)
        if args.command == "migrate":
            return run_migrate(args)
        if args.command == "play":
            app = make_play_app(args)
        elif args.command == "resume":
            app = make_resume_app(args)
        elif args.command == "replay":
            app = make_replay_app(args)
        else:
            from tui.app import BoomtownApp

            app = BoomtownApp()
    except ValueError as exc:
        parser.exit(2, f"boomtown: {exc}\n")
    app.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
