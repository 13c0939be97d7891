"""Stadium's prompts: what each phase asks, and its controls in the key bar's order."""

from core.engine.actions import Action
from core.games.stadium import actions as A
from core.games.stadium.board import CARDS
from core.games.stadium.bots import best_income_with
from core.games.stadium.view import StadiumView

from ..prompt import Control, Prompts


def why(view: StadiumView, action: Action) -> str:
    """A fact about `action` a person can check on the board, for a hint ("" for none)."""
    if isinstance(action, (A.BuyLot, A.Speculate)):
        income = best_income_with(view, view.seat, action.lot)
        return f"with it you have room for a building earning ${income:,} a turn" if income else ""
    if isinstance(action, A.Build):
        card = CARDS[action.card]
        return f"{card.name} earns ${card.income:,} a turn"
    return ""


PROMPTS = Prompts(
    asked={
        "roll": "to roll",
        "main": "to build or end the turn",
        "land": "to buy land",
        "draw": "to choose a card",
        "speculate": "to buy a lot or not",
        "auction": "to bid or pass",
        "debt": "to raise money",
        "trade": "to answer an offer",
    },
    controls=(
        Control("r", "Roll", A.Roll, "roll"),
        Control("e", "End turn", A.EndTurn),
        Control("x", "None", A.NoLand),
        Control("a", "Auction card", A.DrawCrown, "auction"),
        Control("v", "Venture card", A.DrawVenture, "venture"),
        Control("p", "Pass", A.Pass, "pass"),
        Control("y", "Accept", A.Accept, "accept"),
        Control("n", "Reject", A.Reject, "reject"),
        Control("B", "Bankrupt", A.Bankrupt, "go bankrupt"),
    ),
    why=why,
)
