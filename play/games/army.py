"""Army's prompts: what each phase asks, and its controls in the key bar's order."""

from core.games.army import actions as A
from core.games.army.board import PRISON_FINE
from core.games.army.cards import CARD_FINE
from core.games.army.view import ArmyView

from ..prompt import Control, Prompts


def _throw(view: ArmyView) -> str:
    jailed = view.prison_turn[view.turn] >= 0
    return "throw for doubles" if jailed else "throw"


PROMPTS = Prompts(
    asked={
        "roll": "to throw",
        "end": "to end the turn",
        "buy": "to buy or not",
        "auction": "to bid or pass",
        "choice": "to pay or draw",
        "debt": "to raise money",
        "trade": "to answer an offer",
        "lift": "to lift a mortgage or not",
        "place": "to place a building",
        "want": "to ask for buildings",
    },
    controls=(
        Control("r", "Throw", A.Roll, _throw),
        Control("f", "Pay fine", A.PayFine, f"pay £{PRISON_FINE:,}"),
        Control("f", "Pay fine", A.PayTen, f"pay £{CARD_FINE:,}"),
        Control("g", "Use card", A.UseCard, "use card"),
        Control("e", "End turn", A.EndTurn, "end turn"),
        Control("y", "Buy", A.Buy, "buy"),
        Control("n", "Auction it", A.Decline, "auction it"),
        Control("p", "Pass", A.Pass, "pass"),
        Control("y", "Accept", A.Accept, "accept"),
        Control("n", "Reject", A.Reject, "reject"),
        Control("d", "Draw card", A.TakeCombat, "draw card"),
        Control("l", "Lift now", A.LiftMortgage, "lift now"),
        Control("k", "Keep", A.KeepMortgage, "keep"),
        Control("B", "Bankrupt", A.Bankrupt, "go bankrupt"),
        # the deed under the cursor
        Control("b", "Build", A.Build, aimed=True),
        Control("s", "Sell", A.Sell, aimed=True),
        Control("m", "Mortgage", A.Mortgage, aimed=True),
        Control("u", "Lift", A.Unmortgage, aimed=True),
    ),
)
