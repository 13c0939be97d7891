"""The Army edition of the classic property-trading game (the Army rulebook, docs/rulings.md)."""

from functools import partial

from core.engine.bots import RandomBot
from core.engine.game import GameSpec, Option
from core.engine.search import SearchBot
from core.games import about

from .actions import CODEC
from .bots import HeuristicBot
from .search import PLAN, PLAYOUTS
from .state import ArmyState
from .stats import Landing
from .view import SCHEMA

SPEC = GameSpec(
    slug="army",
    **about("army"),
    min_players=2,
    max_players=6,
    options=(
        Option(
            "short_game",
            "Short game",
            False,
            "The rulebook's short game: two deeds dealt to each player and paid for; ends "
            "after the round limit (30 rounds unless Round limit says otherwise); the "
            "richest by the rulebook's valuation wins.",
        ),
        Option(
            "round_limit",
            "Round limit",
            0,
            "End after this many rounds; the richest by the rulebook's valuation (cash, "
            "deeds at price, mortgaged at half, buildings at cost) wins. 0: no limit.",
            least=0,
        ),
        Option(
            "prison_double_extra_throw",
            "Leaving Prison on a double throws again",
            True,
            "As this rulebook says; off: the token moves and stops, as other editions rule.",
        ),
    ),
    new_game=ArmyState,
    codec=CODEC,
    views=SCHEMA,
    playouts=PLAYOUTS,
    bots={"random": RandomBot, "heuristic": HeuristicBot, "search": partial(SearchBot, PLAN)},
    stats={"landing": Landing},
    sim_options={"round_limit": 500},  # a game between bots that never ends is capped
)
