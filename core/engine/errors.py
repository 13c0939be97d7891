"""Typed errors raised when an action cannot be applied. The state is never changed by them."""

NOT_YOUR_TURN = "it is not your turn"  # the reason a game gives; `step` raises NotYourTurn for it


class ActionError(Exception):
    """Base class: the action was refused and the game state is unchanged."""


class NotYourTurn(ActionError):
    """The seat is not among those that may act now."""


class IllegalAction(ActionError):
    """The action breaks a rule; the message says which, in words a player understands."""


class GameOver(ActionError):
    """The game has ended; no more actions are accepted."""


class StaleAction(ActionError):
    """The action was chosen against an older version of the state."""
