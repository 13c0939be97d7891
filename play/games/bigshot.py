"""Big Shot's prompts: what each phase asks, and its controls in the key bar's order."""

from core.engine.actions import Action
from core.games.bigshot import actions as A
from core.games.bigshot.board import COLOURS, LOAN_DEBT, loan_payout
from core.games.bigshot.view import BigShotView

from ..prompt import Control, Prompts


def why(view: BigShotView, action: Action) -> str:
    """A fact about `action` a person can check on the board, for a hint ("" for none)."""
    mine = view.seat_colours[view.seat]
    auction = view.auction
    if isinstance(action, A.TakeLoan):
        payout = loan_payout(view.loans[action.colour] + 1)
        return f"it pays {COLOURS[action.colour]} {payout} now and costs {LOAN_DEBT} at the end"
    if auction is None or not isinstance(action, (A.Bid, A.Pass)):
        return ""
    cubes = sum(auction.cubes)
    yours = sum(auction.cubes[c] for c in mine)
    up = f"{yours} of the {cubes} cubes up are yours"
    if isinstance(action, A.Pass) and auction.high_bidder is not None:
        return f"{up}; the bid stands at {auction.high}"
    return up


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
    why=why,
)
