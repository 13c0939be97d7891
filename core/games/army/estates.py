"""Army's buildings and mortgages: building evenly on whole groups, the bank's stock and its
shortage (announced wants, then auctions of one piece at a time), selling back at half price,
mortgaging at half value and lifting at 10% interest (the Army rulebook)."""

from __future__ import annotations

from dataclasses import replace
from operator import itemgetter
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from core.engine.actions import Action
from core.engine.decisions import HowMany

from . import actions as A
from . import sales
from .actions import BUILDS, MORTGAGES, SELLS, UNMORTGAGES
from .board import (
    BARRACKS,
    GROUP_OF,
    GROUP_SQUARES,
    SITE_GROUP_SQUARES,
    SQUARES,
    SQUARES_COUNT,
    deeds_held,
    group_of,
)
from .board_changes import change_board
from .frames import BARRACKS_PIECE, STORE, LiftOrKeep, Shortage, interest, pieces
from .rules import rules

if TYPE_CHECKING:
    from .state import ArmyState


class Estate(NamedTuple):
    """What one player holds and what the deeds' rules let them do with it, cash and the bank's
    stock aside: it follows from who owns what, the buildings and the mortgages alone."""

    deeds: tuple[int, ...]  # in board order
    # whole colour groups with no site mortgaged, each with its lowest level: where the building
    # rules (`_building_rule`) allow building, on the lowest sites
    groups: tuple[tuple[tuple[int, ...], int], ...]
    # the legal sales of buildings (evenly: from a group's highest), then mortgages (no building
    # in the group), deed by deed
    raising: tuple[Action, ...]
    mortgaged: tuple[int, ...]  # the deeds mortgaged, in board order


# each group's squares read out of a board tuple at once (itemgetter: every group has two or more)
PICK = {group: itemgetter(*group) for group in GROUP_SQUARES}
T = TypeVar("T")
Board = tuple[T, ...]  # a value for every square, as a state holds it (replaced, never changed)
# an estate worked out, with the board it was worked out from (owner, level, mortgaged)
KnownEstate = tuple[Board[int], Board[int], Board[bool], Estate]


def work_out_estate(
    seat: int, owner: Board[int], level: Board[int], mortgaged: Board[bool]
) -> Estate:
    deeds = deeds_held(seat, owner)
    groups = []
    for group in SITE_GROUP_SQUARES:
        if owner[group[0]] == seat:
            pick = PICK[group]
            if pick(owner) == (seat,) * len(group) and not any(pick(mortgaged)):
                groups.append((group, min(pick(level))))
    highest: dict[tuple[int, ...], int] = {}  # a group -> its highest level
    sells, mortgages, held_mortgaged = [], [], []
    for s in deeds:
        group = GROUP_OF[s]
        high = highest.get(group)
        if high is None:
            high = highest[group] = max(PICK[group](level))
        if mortgaged[s]:
            held_mortgaged.append(s)
        if not high:
            if not mortgaged[s]:
                mortgages.append(MORTGAGES[s])
        elif level[s] == high:
            sells.append(SELLS[s])
    return Estate(deeds, tuple(groups), (*sells, *mortgages), tuple(held_mortgaged))


def estate_of(state: ArmyState, seat: int) -> Estate:
    """`seat`'s estate (the legal actions ask at every decision), worked out again only
    when the board changed in a way that concerns them. `_estates` keeps each player's
    with the tuples it was made from; `change_board` carries those a change does not
    concern over to the new tuples."""
    owner, level, mortgaged = state.owner, state.level, state.mortgaged
    known = state._estates[seat]
    if known is None or known[0] is not owner or known[1] is not level or known[2] is not mortgaged:
        known = state._estates[seat] = (
            owner,
            level,
            mortgaged,
            work_out_estate(seat, owner, level, mortgaged),
        )
    return known[3]


def raising(state: ArmyState, seat: int) -> tuple[Action, ...]:
    return estate_of(state, seat).raising


def managing(state: ArmyState, seat: int) -> tuple[Action, ...]:
    """Builds, then sales and mortgages, then lifted mortgages: those legal now (the
    building rules applied a group at a time, as `_building_rule` states them)."""
    estate = estate_of(state, seat)
    managing = estate.raising
    cash = state.cash(seat)
    if estate.groups:
        level = state.level
        managing = (
            tuple(
                [
                    BUILDS[s]
                    for group, low in estate.groups
                    if low < BARRACKS and (state.barracks_left if low == 4 else state.stores_left)
                    for s in group
                    if level[s] == low and cash >= SQUARES[s].build
                ]
            )
            + managing
        )
    if estate.mortgaged:
        managing += tuple(
            [
                UNMORTGAGES[s]
                for s in estate.mortgaged
                if cash >= SQUARES[s].mortgage + interest(SQUARES[s].mortgage)
            ]
        )
    return managing


def why_no_build(state: ArmyState, seat: int, square: int) -> str | None:
    reason = building_rule(state, seat, square)
    if reason is not None:
        return reason
    if state.level[square] == 4 and not state.barracks_left:
        return "the bank has no Barracks left"
    if state.level[square] < 4 and not state.stores_left:
        return "the bank has no Ammo Stores left"
    if state.cash(seat) < SQUARES[square].build:
        return f"a building there costs £{SQUARES[square].build:,}"
    return None


def building_rule(state: ArmyState, seat: int, square: int) -> str | None:
    """Why the building rules (cash and the bank's stock aside) forbid a building here."""
    if not 0 <= square < SQUARES_COUNT or SQUARES[square].kind != "site":
        return "only Vehicle and Weapon Sites take buildings"
    if state.owner[square] != seat:
        return "you do not own that site"
    if not state.owns_group(seat, square):
        return "you need the whole colour group to build"
    group = group_of(square)
    if any(state.mortgaged[s] for s in group):
        return "no building while a site of the group is mortgaged"
    level = state.level[square]
    if level == BARRACKS:
        return "a site takes one Barracks at most"
    if level > min(state.level[s] for s in group):
        return "build evenly: every site of the group needs as many buildings first"
    return None


def why_no_sale(state: ArmyState, seat: int, square: int) -> str | None:
    if not 0 <= square < SQUARES_COUNT or state.owner[square] != seat:
        return "you do not own that site"
    if not state.level[square]:
        return "there is no building there"
    if state.level[square] < max(state.level[s] for s in group_of(square)):
        return "sell evenly: sell from the sites of the group with the most buildings first"
    return None


def why_no_mortgage(state: ArmyState, seat: int, square: int) -> str | None:
    if not 0 <= square < SQUARES_COUNT or state.owner[square] != seat:
        return "you do not own that deed"
    if state.mortgaged[square]:
        return "it is mortgaged already"
    if any(state.level[s] for s in group_of(square)):
        return "sell the group's buildings back to the bank first"
    return None


def why_no_unmortgage(state: ArmyState, seat: int, square: int) -> str | None:
    if not 0 <= square < SQUARES_COUNT or state.owner[square] != seat:
        return "you do not own that deed"
    if not state.mortgaged[square]:
        return "it is not mortgaged"
    cost = SQUARES[square].mortgage + interest(SQUARES[square].mortgage)
    if state.cash(seat) < cost:
        return f"lifting it costs £{cost:,} (the mortgage and 10% interest)"
    return None


def buildable(state: ArmyState, seat: int, piece: str) -> list[int]:
    """The sites where `seat` may put `piece` by the building rules (cash aside)."""
    barracks = piece == BARRACKS_PIECE
    level = state.level
    return [
        s
        for group, low in estate_of(state, seat).groups
        if low < BARRACKS and (low == 4) == barracks
        for s in group
        if level[s] == low
    ]


@rules.plays(A.Build)
def do_Build(state: ArmyState, seat: int, action: A.Build) -> None:
    square = action.square
    piece = BARRACKS_PIECE if state.level[square] == 4 else STORE
    capacity = {p: capacity_for(state, p, piece) for p in sales.order_after(state, seat)}
    others = [p for p, most in capacity.items() if p != seat and most]
    supply = supply_of(state, piece)
    if others and sum(capacity.values()) > supply:
        # The bank may run short: everyone who could build says how many they want.
        state._say("stock-short", pieces(supply, piece))
        state.stack.append(Shortage(seat, square, piece))
        for p in reversed((seat, *others)):  # the builder first, then to the left
            state.stack.append(HowMany(p, piece, int(p == seat), capacity[p]))
        return
    build_now(state, seat, square)


def build_now(state: ArmyState, seat: int, square: int) -> None:
    piece = BARRACKS_PIECE if state.level[square] == 4 else STORE
    state._pay(seat, state.bank, SQUARES[square].build, f"{piece} on {SQUARES[square].name}")
    put_building(state, seat, square)


def supply_of(state: ArmyState, piece: str) -> int:
    return state.barracks_left if piece == BARRACKS_PIECE else state.stores_left


def capacity_for(state: ArmyState, seat: int, piece: str) -> int:
    """How many of `piece` `seat` could put up now by the building rules and their cash."""
    sites = buildable(state, seat, piece)
    if not sites:
        return 0
    if piece == STORE:  # each site up to four, evenly
        room = sum(
            4 - state.level[s]
            for group, low in estate_of(state, seat).groups
            if low < 4
            for s in group
        )
    else:
        room = len(sites)
    return min(room, state.cash(seat) // min(SQUARES[s].build for s in sites))


@rules.plays(A.Want)
def do_Want(state: ArmyState, seat: int, action: A.Want) -> None:
    piece = state.answered(HowMany).piece
    at, shortage = max(
        ((i, frame) for i, frame in enumerate(state.stack) if isinstance(frame, Shortage)),
        key=itemgetter(0),
    )
    state.stack[at] = replace(shortage, wants=(*shortage.wants, (seat, action.count)))
    state._say("wants", state.players[seat], pieces(action.count, piece))


def run_shortage(state: ArmyState, frame: Shortage) -> None:
    """Auction the pieces one at a time while two or more players want more than the bank
    has (the Army rulebook, BUILDING SHORTAGE); then the builder's own building, if still wanted."""
    builder, square, piece, wants = frame.builder, frame.square, frame.piece, frame.wants
    wanting = {p: min(n, capacity_for(state, p, piece)) for p, n in wants if state.active[p]}
    wanting = {p: n for p, n in wanting.items() if n}
    supply = supply_of(state, piece)
    if supply and len(wanting) >= 2 and sum(wanting.values()) > supply:
        state._say("shortage-auction", sum(wanting.values()), pieces(supply, piece))
        bidders = tuple(p for p in (builder, *sales.order_after(state, builder)) if p in wanting)
        sales.open_auction(state, -1, piece, tuple(dict.fromkeys(bidders)))  # any price (p. 89)
        return
    state.stack.pop()
    if builder in wanting and why_no_build(state, builder, square) is None:
        build_now(state, builder, square)


def put_building(state: ArmyState, seat: int, square: int) -> None:
    if state.level[square] == 4:
        state.barracks_left -= 1
        state.stores_left += 4
        piece = BARRACKS_PIECE
    else:
        state.stores_left -= 1
        piece = STORE
    change_board(state, (square,), level=state.level[square] + 1)
    state._say(
        "builds",
        state.players[seat],
        "a Barracks" if piece == BARRACKS_PIECE else "an Ammo Store",
        SQUARES[square].name,
    )


@rules.plays(A.Place)
def do_Place(state: ArmyState, seat: int, action: A.Place) -> None:
    state.stack.pop()
    put_building(state, seat, action.square)


@rules.plays(A.Sell)
def do_Sell(state: ArmyState, seat: int, action: A.Sell) -> None:
    square = action.square
    sq = SQUARES[square]
    if state.level[square] == BARRACKS and state.stores_left < 4:
        # Not enough Stores to break the Barracks down: the whole group is sold bare.
        refund = sum(state.building_refund(s) for s in group_of(square))
        for s in group_of(square):
            if state.level[s] == BARRACKS:
                state.barracks_left += 1
            else:
                state.stores_left += state.level[s]
        change_board(state, group_of(square), level=0)
        state._pay(state.bank, seat, refund, f"buildings of the {sq.group} group sold")
        state._say("sells-group-bare", state.players[seat], refund)
        return
    if state.level[square] == BARRACKS:
        state.barracks_left += 1
        state.stores_left -= 4
    else:
        state.stores_left += 1
    change_board(state, (square,), level=state.level[square] - 1)
    state._pay(state.bank, seat, sq.build // 2, f"building sold on {sq.name}")
    state._say("sells-building", state.players[seat], sq.name, sq.build // 2)


@rules.plays(A.Mortgage)
def do_Mortgage(state: ArmyState, seat: int, action: A.Mortgage) -> None:
    sq = SQUARES[action.square]
    change_board(state, (action.square,), mortgaged=True)
    state._pay(state.bank, seat, sq.mortgage, f"mortgaged {sq.name}")
    state._say("mortgages", state.players[seat], sq.name, sq.mortgage)


@rules.plays(A.Unmortgage)
def do_Unmortgage(state: ArmyState, seat: int, action: A.Unmortgage) -> None:
    mortgage = SQUARES[action.square].mortgage
    lift(state, seat, action.square, mortgage + interest(mortgage))


@rules.plays(A.LiftMortgage)
def do_LiftMortgage(state: ArmyState, seat: int, _action: A.LiftMortgage) -> None:
    """On receiving a mortgaged deed: the 10% is paid already, so the principal alone."""
    square = state.answered(LiftOrKeep).square
    lift(state, seat, square, SQUARES[square].mortgage)


def lift(state: ArmyState, seat: int, square: int, cost: int) -> None:
    name = SQUARES[square].name
    change_board(state, (square,), mortgaged=False)
    state._pay(seat, state.bank, cost, f"lifted the mortgage on {name}")
    state._say("lifts-mortgage", state.players[seat], name, cost)


@rules.plays(A.KeepMortgage)
def do_KeepMortgage(state: ArmyState, seat: int, _action: A.KeepMortgage) -> None:
    square = state.answered(LiftOrKeep).square
    state._say("keeps-mortgage", state.players[seat], SQUARES[square].name)
