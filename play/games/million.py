"""Million's prompts: what each phase asks, and its controls in the key bar's order."""

from core.games.million import actions as A
from core.games.million.frames import SIX_BONUS
from core.games.million.view import MillionView

from ..prompt import Control, Prompts

SEATS = 6


def _skip(seat: int) -> Control:
    def words(view: MillionView) -> str:
        return f"skip {view.players[seat]}"

    return Control(str(seat + 1), f"Skip {seat + 1}", A.SkipPlayer(seat), words, shown=False)


PROMPTS = Prompts(
    asked={
        "setup": "to choose a free small business",
        "roll": "to roll or sell",
        "move": "to choose where to drive",
        "after": "to buy, lease or end the turn",
        "six": "to use the six",
    },
    controls=(
        Control("r", "Roll", A.Roll(), "roll"),
        Control("e", "End turn", A.EndTurn(), "end turn"),
        Control("m", "Take $10k", A.TakeTen(), f"take ${SIX_BONUS // 1000}k"),
        *(_skip(seat) for seat in range(SEATS)),
        # the business under the cursor
        Control("b", "Buy", A.Buy, "buy", aimed=True),
        Control("l", "Lease", A.Lease, "lease", aimed=True),
        Control("s", "Sell", A.Sell, "sell", aimed=True),
        Control("u", "End lease", A.EndLease, "end lease", shown=False, aimed=True),
        Control("x", "Sign off", A.DropSign, "sign off", shown=False, aimed=True),
    ),
)
