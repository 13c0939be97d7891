"""How Stadium's positions are played out, for the post-game analysis (no search bot weighs
Stadium's moves yet: a playout costs too much for a person's waiting time).

A playout runs at most PLAYOUT_ROUNDS rounds on: a game between heuristic bots runs about 106
rounds, 0.2 s a game here, and 30 rounds take 0.05 s (2026-11-27). A playout cut there is won,
as a game at its round limit is, by the richest.
"""

from __future__ import annotations

from core.engine.playouts import Playouts

from .bots import HeuristicBot
from .determinize import determinize
from .sight import StadiumSight

PLAYOUT_ROUNDS = 30
PLAYOUTS = Playouts(determinize, HeuristicBot, horizon=PLAYOUT_ROUNDS, sight=StadiumSight)
