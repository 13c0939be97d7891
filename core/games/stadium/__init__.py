"""Stadium, the land-development game (the Stadium rulebook, docs/rulings.md): buy land on a
city grid, build on it, collect returns, and be the first to build the Sports Stadium. The city,
the building cards and the Venture deck are data (board.json, buildings.csv, ventures.csv: a
reference design, docs/sources.md)."""

from functools import partial

from core.engine.bots import RandomBot
from core.engine.game import GameSpec, Option
from core.engine.search import SearchBot
from core.games import about

from .actions import CODEC
from .bots import HeuristicBot
from .search import PLAN, PLAYOUTS
from .state import StadiumState
from .stats import Endings
from .view import SCHEMA

SPEC = GameSpec(
    slug="stadium",
    **about("stadium"),
    min_players=2,
    max_players=4,
    options=(
        Option(
            "round_limit",
            "Round limit",
            0,
            "End after this many rounds; the greatest assets (cash, undeveloped land at "
            "$20,000 an acre, buildings at cost) win. 0: no limit (the game ends with the "
            "Stadium, or when no further building can take place; four bots took 84 to 110 "
            "rounds). 50 is about half a game.",
            least=0,
        ),
    ),
    new_game=StadiumState,
    codec=CODEC,
    views=SCHEMA,
    playouts=PLAYOUTS,
    bots={"random": RandomBot, "heuristic": HeuristicBot, "search": partial(SearchBot, PLAN)},
    stats={"endings": Endings},
    sim_options={"round_limit": 200},  # a game between bots that never ends is capped
)
