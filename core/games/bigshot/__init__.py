"""Big Shot (Alex Randolph, Ravensburger 2001): cube auctions, majorities on city lots, loans."""

from functools import partial

from core.engine.bots import RandomBot
from core.engine.game import GameSpec, Option
from core.engine.search import SearchBot
from core.games import about

from .actions import CODEC
from .bots import HeuristicBot
from .search import PLAN, PLAYOUTS
from .state import BigShotState
from .view import SCHEMA

SPEC = GameSpec(
    slug="bigshot",
    **about("bigshot"),
    min_players=2,
    max_players=4,
    options=(
        Option(
            "hidden_money",
            "Hidden money",
            False,
            "Keep cash hidden: each player sees only their own money; loans are asked for "
            "before the bidding, and a bid you cannot pay is refused.",
        ),
        Option(
            "loan_timing",
            "Loans",
            "any_time",
            "When a loan may be taken in the open-money game: at any time during the round, "
            "or only on your bid, when you cannot raise it.",
            choices=("any_time", "when_short"),
            choice_labels=("any time", "when short"),
            moot_when=(("hidden_money", True),),
        ),
        Option(
            "colours",
            "Colours",
            "dealt",
            "Who plays which colour: dealt at random, as the rulebook deals the calling "
            "cards, or the colours in seat order, e.g. black,red,white,yellow (two per seat "
            "with 2 players; with 3 the colour left over is the ghost's).",
        ),
    ),
    new_game=BigShotState,
    codec=CODEC,
    views=SCHEMA,
    playouts=PLAYOUTS,
    bots={"random": RandomBot, "heuristic": HeuristicBot, "search": partial(SearchBot, PLAN)},
)
