"""Army's buildings and mortgages: building evenly on whole groups, the bank's stock and its
shortage (announced wants, then auctions of one piece at a time), selling back at half price,
mortgaging at half value and lifting at 10% interest (army_001.txt)."""

from __future__ import annotations

from dataclasses import replace
from operator import itemgetter
from typing import NamedTuple

from core.engine.actions import Action
from core.engine.decisions import HowMany
from core.engine.frozen import replaced

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
from .frames import BARRACKS_PIECE, STORE, Shortage, interest, pieces


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


def work_out_estate(seat: int, owner, level, mortgaged) -> Estate:
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


class DeedRules:
    """The rules of building, selling and mortgaging, for ArmyState (whose fields they read)."""

    __slots__ = ()

    def _estate(self, seat: int) -> Estate:
        """`seat`'s estate (the legal actions ask at every decision), worked out again only
        when the board changed in a way that concerns them. `_estates` keeps each player's
        with the tuples it was made from; `_change_board` carries those a change does not
        concern over to the new tuples."""
        owner, level, mortgaged = self.owner, self.level, self.mortgaged
        known = self._estates[seat]
        if (
            known is None
            or known[0] is not owner
            or known[1] is not level
            or known[2] is not mortgaged
        ):
            known = self._estates[seat] = (
                owner,
                level,
                mortgaged,
                work_out_estate(seat, owner, level, mortgaged),
            )
        return known[3]

    def _change_board(
        self,
        squares,
        *,
        owner: int | None = None,
        level: int | None = None,
        mortgaged: bool | None = None,
    ) -> None:
        """Give `squares` a new owner, building level or mortgage, whichever are given (one
        value for them all), replacing the tuples they are kept in. Only the estates of the
        players who held them or receive them are worked out again."""
        before = (self.owner, self.level, self.mortgaged)
        concerned = {self.owner[s] for s in squares}
        if owner is not None:
            self.owner = replaced(self.owner, squares, owner)
            concerned.add(owner)
        if level is not None:
            self.level = replaced(self.level, squares, level)
        if mortgaged is not None:
            self.mortgaged = replaced(self.mortgaged, squares, mortgaged)
        estates = self._estates
        for seat, known in enumerate(estates):
            if (
                known is not None
                and seat not in concerned
                and known[0] is before[0]
                and known[1] is before[1]
                and known[2] is before[2]
            ):
                estates[seat] = (self.owner, self.level, self.mortgaged, known[3])

    def _raising(self, seat: int) -> tuple:
        return self._estate(seat).raising

    def _managing(self, seat: int) -> tuple:
        """Builds, then sales and mortgages, then lifted mortgages: those legal now (the
        building rules applied a group at a time, as `_building_rule` states them)."""
        estate = self._estate(seat)
        managing = estate.raising
        cash = self.cash(seat)
        if estate.groups:
            level = self.level
            managing = (
                tuple(
                    [
                        BUILDS[s]
                        for group, low in estate.groups
                        if low < BARRACKS and (self.barracks_left if low == 4 else self.stores_left)
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

    def _why_no_build(self, seat: int, square: int) -> str | None:
        reason = self._building_rule(seat, square)
        if reason is not None:
            return reason
        if self.level[square] == 4 and not self.barracks_left:
            return "the bank has no Barracks left"
        if self.level[square] < 4 and not self.stores_left:
            return "the bank has no Ammo Stores left"
        if self.cash(seat) < SQUARES[square].build:
            return f"a building there costs £{SQUARES[square].build:,}"
        return None

    def _building_rule(self, seat: int, square: int) -> str | None:
        """Why the building rules (cash and the bank's stock aside) forbid a building here."""
        if not 0 <= square < SQUARES_COUNT or SQUARES[square].kind != "site":
            return "only Vehicle and Weapon Sites take buildings"
        if self.owner[square] != seat:
            return "you do not own that site"
        if not self.owns_group(seat, square):
            return "you need the whole colour group to build"
        group = group_of(square)
        if any(self.mortgaged[s] for s in group):
            return "no building while a site of the group is mortgaged"
        level = self.level[square]
        if level == BARRACKS:
            return "a site takes one Barracks at most"
        if level > min(self.level[s] for s in group):
            return "build evenly: every site of the group needs as many buildings first"
        return None

    def _why_no_sale(self, seat: int, square: int) -> str | None:
        if not 0 <= square < SQUARES_COUNT or self.owner[square] != seat:
            return "you do not own that site"
        if not self.level[square]:
            return "there is no building there"
        if self.level[square] < max(self.level[s] for s in group_of(square)):
            return "sell evenly: sell from the sites of the group with the most buildings first"
        return None

    def _why_no_mortgage(self, seat: int, square: int) -> str | None:
        if not 0 <= square < SQUARES_COUNT or self.owner[square] != seat:
            return "you do not own that deed"
        if self.mortgaged[square]:
            return "it is mortgaged already"
        if any(self.level[s] for s in group_of(square)):
            return "sell the group's buildings back to the bank first"
        return None

    def _why_no_unmortgage(self, seat: int, square: int) -> str | None:
        if not 0 <= square < SQUARES_COUNT or self.owner[square] != seat:
            return "you do not own that deed"
        if not self.mortgaged[square]:
            return "it is not mortgaged"
        cost = SQUARES[square].mortgage + interest(SQUARES[square].mortgage)
        if self.cash(seat) < cost:
            return f"lifting it costs £{cost:,} (the mortgage and 10% interest)"
        return None

    def _buildable(self, seat: int, piece: str) -> list[int]:
        """The sites where `seat` may put `piece` by the building rules (cash aside)."""
        barracks = piece == BARRACKS_PIECE
        level = self.level
        return [
            s
            for group, low in self._estate(seat).groups
            if low < BARRACKS and (low == 4) == barracks
            for s in group
            if level[s] == low
        ]

    def _do_Build(self, seat: int, action) -> None:
        square = action.square
        piece = BARRACKS_PIECE if self.level[square] == 4 else STORE
        capacity = {p: self._capacity(p, piece) for p in self._order_after(seat)}
        others = [p for p, most in capacity.items() if p != seat and most]
        supply = self._supply(piece)
        if others and sum(capacity.values()) > supply:
            # The bank may run short: everyone who could build says how many they want.
            self._say("stock-short", pieces(supply, piece))
            self.stack.append(Shortage(seat, square, piece))
            for p in reversed((seat, *others)):  # the builder first, then to the left
                self.stack.append(HowMany(p, piece, int(p == seat), capacity[p]))
            return
        self._build_now(seat, square)

    def _build_now(self, seat: int, square: int) -> None:
        piece = BARRACKS_PIECE if self.level[square] == 4 else STORE
        self._pay(seat, self.bank, SQUARES[square].build, f"{piece} on {SQUARES[square].name}")
        self._put_building(seat, square)

    def _supply(self, piece: str) -> int:
        return self.barracks_left if piece == BARRACKS_PIECE else self.stores_left

    def _capacity(self, seat: int, piece: str) -> int:
        """How many of `piece` `seat` could put up now by the building rules and their cash."""
        sites = self._buildable(seat, piece)
        if not sites:
            return 0
        if piece == STORE:  # each site up to four, evenly
            room = sum(
                4 - self.level[s]
                for group, low in self._estate(seat).groups
                if low < 4
                for s in group
            )
        else:
            room = len(sites)
        return min(room, self.cash(seat) // min(SQUARES[s].build for s in sites))

    def _do_Want(self, seat: int, action) -> None:
        piece = self.stack.pop().piece
        at = max(i for i, frame in enumerate(self.stack) if isinstance(frame, Shortage))
        shortage = self.stack[at]
        self.stack[at] = replace(shortage, wants=(*shortage.wants, (seat, action.count)))
        self._say("wants", self.players[seat], pieces(action.count, piece))

    def _shortage(self, frame: Shortage) -> None:
        """Auction the pieces one at a time while two or more players want more than the bank
        has (army_001.txt, BUILDING SHORTAGE); then the builder's own building, if still wanted."""
        builder, square, piece, wants = frame.builder, frame.square, frame.piece, frame.wants
        wanting = {p: min(n, self._capacity(p, piece)) for p, n in wants if self.active[p]}
        wanting = {p: n for p, n in wanting.items() if n}
        supply = self._supply(piece)
        if supply and len(wanting) >= 2 and sum(wanting.values()) > supply:
            self._say("shortage-auction", sum(wanting.values()), pieces(supply, piece))
            bidders = tuple(p for p in (builder, *self._order_after(builder)) if p in wanting)
            self._open_auction(-1, piece, tuple(dict.fromkeys(bidders)))  # any price (p. 89)
            return
        self.stack.pop()
        if builder in wanting and self._why_no_build(builder, square) is None:
            self._build_now(builder, square)

    def _put_building(self, seat: int, square: int) -> None:
        if self.level[square] == 4:
            self.barracks_left -= 1
            self.stores_left += 4
            piece = BARRACKS_PIECE
        else:
            self.stores_left -= 1
            piece = STORE
        self._change_board((square,), level=self.level[square] + 1)
        self._say(
            "builds",
            self.players[seat],
            "a Barracks" if piece == BARRACKS_PIECE else "an Ammo Store",
            SQUARES[square].name,
        )

    def _do_Place(self, seat: int, action) -> None:
        self.stack.pop()
        self._put_building(seat, action.square)

    def _do_Sell(self, seat: int, action) -> None:
        square = action.square
        sq = SQUARES[square]
        if self.level[square] == BARRACKS and self.stores_left < 4:
            # Not enough Stores to break the Barracks down: the whole group is sold bare.
            refund = sum(self.building_refund(s) for s in group_of(square))
            for s in group_of(square):
                if self.level[s] == BARRACKS:
                    self.barracks_left += 1
                else:
                    self.stores_left += self.level[s]
            self._change_board(group_of(square), level=0)
            self._pay(self.bank, seat, refund, f"buildings of the {sq.group} group sold")
            self._say("sells-group-bare", self.players[seat], refund)
            return
        if self.level[square] == BARRACKS:
            self.barracks_left += 1
            self.stores_left -= 4
        else:
            self.stores_left += 1
        self._change_board((square,), level=self.level[square] - 1)
        self._pay(self.bank, seat, sq.build // 2, f"building sold on {sq.name}")
        self._say("sells-building", self.players[seat], sq.name, sq.build // 2)

    def _do_Mortgage(self, seat: int, action) -> None:
        sq = SQUARES[action.square]
        self._change_board((action.square,), mortgaged=True)
        self._pay(self.bank, seat, sq.mortgage, f"mortgaged {sq.name}")
        self._say("mortgages", self.players[seat], sq.name, sq.mortgage)

    def _do_Unmortgage(self, seat: int, action) -> None:
        mortgage = SQUARES[action.square].mortgage
        self._lift(seat, action.square, mortgage + interest(mortgage))

    def _do_LiftMortgage(self, seat: int, _action) -> None:
        """On receiving a mortgaged deed: the 10% is paid already, so the principal alone."""
        square = self.stack.pop().square
        self._lift(seat, square, SQUARES[square].mortgage)

    def _lift(self, seat: int, square: int, cost: int) -> None:
        name = SQUARES[square].name
        self._change_board((square,), mortgaged=False)
        self._pay(seat, self.bank, cost, f"lifted the mortgage on {name}")
        self._say("lifts-mortgage", self.players[seat], name, cost)

    def _do_KeepMortgage(self, seat: int, _action) -> None:
        square = self.stack.pop().square
        self._say("keeps-mortgage", self.players[seat], SQUARES[square].name)
