"""Big Shot's end sheet: every lot of the city is accounted for, the ghost's and nobody's too."""

from core.games import get_spec
from core.games.bigshot.board import LOTS
from tui.games.bigshot.end import balance_sheet


def finished_game(players: int, seed: int):
    spec = get_spec("bigshot")
    state = spec.start(["Ann", "Ben", "Cat", "Dan"][:players], seed, {})
    bots = [spec.bots["heuristic"](seat) for seat in range(players)]
    while not state.is_over():
        seat = state.to_act()[0]
        view = state.view(seat)
        state.step(seat, bots[seat].choose(view, view.legal))
    return state.view(None)


def test_the_end_sheet_names_the_ghost_s_lots_and_those_nobody_won():
    """Issue 43: the end screen left out the ghost's lots and the lots nobody won."""
    view = next(
        v
        for v in (finished_game(3, seed) for seed in range(20))
        if v.ghost >= 0 and v.ghost in v.owners and -1 in v.owners
    )
    lines = balance_sheet(view).plain.splitlines()
    ghost = next(line for line in lines if line.startswith("The ghost"))
    nobody = next(line for line in lines if line.startswith("Won by nobody"))
    for lot, owner in enumerate(view.owners):
        if owner == view.ghost:
            assert LOTS[lot].name in ghost
        elif owner < 0:
            assert LOTS[lot].name in nobody
