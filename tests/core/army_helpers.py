"""Army positions for rule tests: a fresh game, then the pieces put where a test needs them."""

from core.engine.frozen import replaced
from core.games.army import SPEC
from core.games.army.board import BARRACKS


class Dice:
    """Stands in for the game's generator after set-up: throws exactly the given dice."""

    def __init__(self, *throws: tuple[int, int]) -> None:
        self.faces = [face for throw in throws for face in throw]

    def die(self, sides: int = 6) -> int:
        return self.faces.pop(0)

    def copy(self) -> "Dice":
        clone = Dice()
        clone.faces = self.faces[:]
        return clone


def game(players: int = 2, **options):
    """A game whose first player is seat 0, at the start of their turn."""
    state = SPEC.start(["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"][:players], 1, options)
    state.turn = state.starter = 0
    return state


def give(state, seat: int, *squares: int, level: int = 0) -> None:
    for s in squares:
        state.owner = replaced(state.owner, (s,), seat)
        if level:
            state.level = replaced(state.level, (s,), level)
            if level == BARRACKS:
                state.barracks_left -= 1
            else:
                state.stores_left -= level


def mortgage(state, square: int) -> None:
    """Mark `square` mortgaged (no money moves)."""
    state.mortgaged = replaced(state.mortgaged, (square,), True)


def set_cash(state, seat: int, amount: int) -> None:
    state._pay(state.bank, seat, amount - state.cash(seat), "test")


def throw(state, *throws: tuple[int, int]) -> None:
    """The next throws of the dice."""
    state.rng = Dice(*throws)
