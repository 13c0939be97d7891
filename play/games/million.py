"""Million's prompts: what each phase asks, and its controls in the key bar's order."""

from core.engine.actions import Action
from core.games.million import actions as A
from core.games.million.actions import space_name
from core.games.million.board import BUSINESSES, FINISH, REAL_ESTATE, SPACES, stunt_income
from core.games.million.bots import distance
from core.games.million.finishing import turns_to_finish
from core.games.million.frames import SIX_BONUS, take_cost, why_not_take
from core.games.million.view import MillionView

from ..prompt import Control, Prompts

SEATS = 6


def _skip(seat: int) -> Control:
    def words(view: MillionView) -> str:
        return f"skip {view.players[seat]}"

    return Control(str(seat + 1), f"Skip {seat + 1}", A.SkipPlayer(seat), words)


def _stunt_pay(view: MillionView, business: int) -> str:
    held = view.held(view.seat)
    after = stunt_income((*held, business))
    return f"a publicity stunt would pay you ${after:,} instead of ${stunt_income(held):,}"


def why(view: MillionView, action: Action) -> str:
    """A fact about `action` a person can check on the board, for a hint ("" for none)."""
    me = view.seat
    if isinstance(action, (A.Buy, A.Lease, A.ChooseFree)):
        holder = view.holder[action.business]
        if holder not in (-1, me):
            return f"it takes {view.players[holder]}'s lease; " + _stunt_pay(view, action.business)
        return _stunt_pay(view, action.business)
    if isinstance(action, A.Sell):
        held = view.held(me)
        rest = stunt_income([b for b in held if b != action.business])
        price = BUSINESSES[action.business].buy
        return (
            f"a publicity stunt would pay you ${rest:,} instead of ${stunt_income(held):,}; "
            f"the sale pays 4/3 of its ${price:,} on average"
        )
    if isinstance(action, A.Drive):
        space = action.space
        if space == FINISH:
            return f"you hold ${view.cash[me]:,} of the ${view.target:,} to finish"
        if view.cash_at_finish(me) >= view.target:
            turns = turns_to_finish(space, view.one_way, view.exact_finish)
            return (
                "your cash and leases make the target; from there FINISH is "
                f"{turns:.1f} turns away on average"
            )
        if space in view.stunt_spaces and view.income(me):
            return f"a publicity stunt there pays you ${view.income(me):,}"
        return _what_waits(view, space)
    if isinstance(action, A.SkipPlayer):
        name = view.players[action.seat]
        turns = turns_to_finish(view.position[action.seat], view.one_way, view.exact_finish)
        return (
            f"{name}'s cash and leases make {_share_of_target(view, action.seat)} of the "
            f"target, and {name} is {turns:.1f} turns from FINISH on average"
        )
    if isinstance(action, A.TakeTen):
        stoppable = [a.seat for a in view.legal if isinstance(a, A.SkipPlayer)]
        if not stoppable:
            return ""
        nearest = max(stoppable, key=view.cash_at_finish)
        return (
            "no rival a six may stop has cash and leases of more than "
            f"{_share_of_target(view, nearest)} of the target"
        )
    return ""


def _takes(view: MillionView, space: int) -> list[str]:
    """What the player whose hint it is could take on stopping at `space`: "lease A2 ($10k)"."""
    me = view.seat
    offered = range(len(BUSINESSES)) if space in REAL_ESTATE else SPACES[space].businesses
    found = []
    for b in offered:
        ways = [
            f"{way} {BUSINESSES[b].name} (${take_cost(b, lease, me, view.holder, view.leased):,})"
            for way, lease in (("lease", True), ("buy", False))
            if why_not_take(b, lease, me, view.holder, view.leased, view.cash[me]) is None
        ]
        if ways:
            found.append(" or ".join(ways))
    return found


def _what_waits(view: MillionView, space: int) -> str:
    """Why drive to `space`, short of a stunt or FINISH: what may be taken there, else how near
    it brings the car to where the bots aim (a stunt that would pay, or Real Estate)."""
    takes = _takes(view, space)
    if space in REAL_ESTATE and takes:
        return f"on Real Estate you could take any of {len(takes)} businesses you can afford"
    if takes:
        return f"there you could {'; or '.join(takes)}"
    income = view.income(view.seat)
    goals = [s for s in view.stunt_spaces if income] or list(REAL_ESTATE)
    goal = min(goals, key=lambda g: (distance(space, g), g))
    if space in REAL_ESTATE:
        return "nothing on offer there you can take now"
    aim = "Real Estate" if goal in REAL_ESTATE else f"the publicity stunt at {space_name(goal)}"
    steps = f"from there {aim} is {distance(space, goal)} spaces on"
    return f"nothing there you can take now; {steps}" if SPACES[space].businesses else steps


def _share_of_target(view: MillionView, seat: int) -> str:
    return f"{view.cash_at_finish(seat) / view.target:.0%}"


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
    why=why,
)
