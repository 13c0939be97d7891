"""Building Big Shot positions for rule tests: a real game, advanced or arranged to the point a
rulebook example describes."""

from core.games import get_spec
from core.games.bigshot import actions as A
from core.games.bigshot.board import COLOURS, LOTS
from core.games.bigshot.state import BigShotState

SPEC = get_spec("bigshot")
R, Y, W, B = (COLOURS.index(c) for c in ("red", "yellow", "white", "black"))


def lot(name: str) -> int:
    return next(i for i, lot in enumerate(LOTS) if lot.name == name)


def new_game(players: int = 4, seed: int = 1, **options) -> BigShotState:
    return SPEC.start(["Ann", "Ben", "Cat", "Dan"][:players], seed, options)


def colour_of(state: BigShotState, seat: int) -> int:
    return state.seat_colours[seat][0]


def seat_of(state: BigShotState, colour: int) -> int:
    return state.colour_seat[colour]


def put_cubes(state: BigShotState, lot_index: int, counts: dict[int, int]) -> None:
    """Arrange cubes on a lot (test set-up only; the cubes come out of the retired pile)."""
    state.lots[lot_index] = tuple(n + counts.get(c, 0) for c, n in enumerate(state.lots[lot_index]))
    for colour, n in counts.items():
        state.lot_cubes[lot_index] += n
        state.retired[colour] -= n


def to_placement(state: BigShotState, cubes: dict[int, int]) -> int:
    """Play the round's roll and let everyone pass, then give the roller exactly `cubes` to place.

    Returns the seat that places."""
    roller = state.current
    state.step(roller, A.ROLL)
    while state.phase == "loans":
        state.step(state.current, A.NO_MORE_LOANS)
    while state.phase == "bid":
        state.step(state.current, A.PASS)
    assert state.phase == "place" and state.winner == roller
    for colour in range(4):
        state.retired[colour] += state.to_place[colour] - cubes.get(colour, 0)
    state.to_place = [cubes.get(c, 0) for c in range(4)]
    return roller


def cubes_in_play(state: BigShotState) -> list[int]:
    """Cubes of each colour on spaces, in hand, on lots and retired: always 18 each."""
    return [
        sum(s[c] for s in state.spaces)
        + state.to_place[c]
        + sum(lot[c] for lot in state.lots)
        + state.retired[c]
        for c in range(4)
    ]
