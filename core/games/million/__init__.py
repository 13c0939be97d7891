"""Million, the city business race (the Million rulebook, docs/rulings.md): drive round a city,
buy or lease businesses, race to publicity stunts that pay by groups of neighbouring businesses,
and land exactly on FINISH holding $1,000,000. The city is data (board.json, a reference design:
docs/sources.md); moves.py lists every destination of a roll."""

from functools import partial

from core.engine.bots import RandomBot
from core.engine.game import GameSpec, Option
from core.engine.search import SearchBot
from core.games import about

from .actions import CODEC
from .bots import HeuristicBot
from .frames import SIX_RULES, START_CASH
from .search import PLAN, PLAYOUTS
from .state import MillionState
from .stats import GameStats
from .view import SCHEMA

SPEC = GameSpec(
    slug="million",
    **about("million"),
    min_players=2,
    max_players=6,
    options=(
        Option(
            "cash_target",
            "Cash to win",
            1_000_000,
            "The cash to hold on landing on FINISH.",
            least=START_CASH,
            most=100_000_000,
        ),
        Option(
            "exact_finish",
            "Exact count to FINISH",
            True,
            "FINISH needs the exact count (off: a car may stop on "
            "FINISH on the way, as on a stunt).",
        ),
        Option(
            "one_way",
            "ONE WAY street",
            True,
            "The ONE WAY street is driven one way only (off: both ways).",
        ),
        Option(
            "six_rule",
            "A six gives",
            "choose",
            "The player's choice of $10,000 or an opponent missing a turn (as the rulebook "
            "has it), always the money, always the missed turn, or nothing.",
            SIX_RULES,
            ("a choice", "$10,000", "a missed turn", "nothing"),
        ),
        Option(
            "round_limit",
            "Round limit",
            0,
            "End after this many rounds; the richest (cash, businesses "
            "at their price, leases refunded) win. 0: no limit (four "
            "bots took 44 to 82 rounds to reach FINISH). 30 is about "
            "half a game.",
            least=0,
        ),
    ),
    new_game=MillionState,
    codec=CODEC,
    views=SCHEMA,
    playouts=PLAYOUTS,
    bots={"random": RandomBot, "heuristic": HeuristicBot, "search": partial(SearchBot, PLAN)},
    stats={"game": GameStats},
    sim_options={"round_limit": 300},  # a game between bots that never ends is capped
)
