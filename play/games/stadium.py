"""Stadium's prompts: what each phase asks, and its controls in the key bar's order."""

from core.games.stadium import actions as A

from ..prompt import Control, Prompts

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
)
