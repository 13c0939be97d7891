"""Big Shot's prompts: what each phase asks, and its controls in the key bar's order."""

from core.games.bigshot import actions as A

from ..prompt import Control, Prompts

PROMPTS = Prompts(
    asked={
        "roll": "to roll",
        "loans": "to decide on a loan",
        "bid": "to bid or pass",
        "pay": "to pay",
        "place": "to place the cubes",
    },
    controls=(
        Control("r", "Roll", A.ROLL, "roll"),
        Control("p", "Pass", A.PASS, "pass"),
        Control("l", "Loan", A.TakeLoan),
        Control("L", "Loan 2nd", A.TakeLoan, shown=False, nth=1),
        Control("n", "No loan", A.NO_MORE_LOANS, "no loan"),
    ),
)
