"""Army's prompts: what each phase asks, and its controls in the key bar's order."""

from core.engine.actions import Action
from core.engine.decisions import AuctionView, BuyOrDecline, TradeOffer
from core.games.army import actions as A
from core.games.army.board import PRISON_FINE, SQUARES, group_of
from core.games.army.cards import CARD_FINE
from core.games.army.view import ArmyView

from ..prompt import Control, Prompts


def _throw(view: ArmyView) -> str:
    jailed = view.prison_turn[view.turn] >= 0
    return "throw for doubles" if jailed else "throw"


def _group(square: int) -> str:
    return _group_named(SQUARES[square].group)


def _group_named(group: str) -> str:
    return {"garrison": "garrisons", "utility": "utilities"}.get(group, group.replace("_", " "))


def _deed_fact(view: ArmyView, square: int) -> str:
    """What holding `square` would do for the viewer: a group completed, one kept from a rival,
    or how much of its group they would hold."""
    me, group = view.seat, group_of(square)
    held = sum(view.owner[s] == me for s in group if s != square)
    name = SQUARES[square].name
    if held + 1 == len(group):
        return f"with {name} you hold all {len(group)} {_group(square)}"
    rivals = {view.owner[s] for s in group if s != square} - {-1, me}
    if len(rivals) == 1 and all(view.owner[s] >= 0 for s in group if s != square):
        (rival,) = rivals
        if all(view.owner[s] == rival for s in group if s != square):
            return f"it keeps {view.players[rival]} from holding all the {_group(square)}"
    return f"you would hold {held + 1} of {len(group)} {_group(square)}"


def why(view: ArmyView, action: Action) -> str:
    """A fact about `action` a person can check on the board, for a hint ("" for none)."""
    frame = view.pending
    if isinstance(frame, BuyOrDecline) and isinstance(action, A.Buy):
        return _deed_fact(view, frame.square)
    if isinstance(frame, BuyOrDecline) and isinstance(action, A.Decline):
        price = SQUARES[frame.square].price
        return f"at auction it may go for less than its £{price:,}, to you or to a rival"
    if isinstance(frame, AuctionView) and frame.square >= 0:
        if isinstance(action, A.Bid):
            return _deed_fact(view, frame.square)
        if frame.high_bidder is not None:
            price = SQUARES[frame.square].price
            return f"the bid stands at £{frame.high:,}; its price is £{price:,}"
    if isinstance(frame, TradeOffer) and isinstance(action, (A.Accept, A.Reject)):
        change = dict(view.trade_outcome(frame.proposer, frame.offer).changes)[view.seat]
        return f"accepting changes your worth by {'-' if change < 0 else '+'}£{abs(change):,}"
    if isinstance(action, A.Propose):
        done = view.trade_outcome(view.seat, action).completes
        return "; ".join(
            f"{'you' if seat == view.seat else view.players[seat]} would hold all the "
            + _group_named(group)
            for seat, group in sorted(done, key=lambda done: done[0] != view.seat)  # yours first
        )
    if isinstance(action, A.Build):
        square, level = SQUARES[action.square], view.level[action.square]
        now = square.rents[level] * (2 if level == 0 else 1)  # a bare site in a whole group: double
        return f"{square.name}'s rent goes from £{now:,} to £{square.rents[level + 1]:,}"
    if isinstance(action, A.Mortgage):
        return f"it raises £{SQUARES[action.square].mortgage:,}"
    return ""


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
    why=why,
)
