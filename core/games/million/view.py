"""What one seat (or a spectator) may see of a Million game: everything but the order of the
publicity stunt deck and the die to come (nothing else is hidden in this game)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from typing import TYPE_CHECKING, ClassVar

from core.engine.turns import StackView
from core.engine.views import Upto, ViewSchema, view_dataclass, view_of

from .actions import CODEC
from .board import BUSINESSES, LANDMARKS, STUNT_DECK, groups, stunt_income
from .frames import MOVE, SIGNS, SixChoice
from .moves import Walk
from .sentences import SENTENCES

if TYPE_CHECKING:
    from .state import MillionState


class Holdings:
    """What follows from who holds which business: for a view and a playout's sight alike."""

    if TYPE_CHECKING:

        @property
        def holder(self) -> Sequence[int]:  # by business: the seat holding it, -1 for nobody
            ...

        @property
        def leased(self) -> Sequence[bool]:  # by business: held on a lease
            ...

        @property
        def cash(self) -> Sequence[int]:  # by seat
            ...

    def held(self, seat: int) -> tuple[int, ...]:
        return tuple(b for b, h in enumerate(self.holder) if h == seat)

    def signs_left(self, seat: int) -> int:
        return SIGNS - len(self.held(seat))

    def groups(self, seat: int) -> list[list[int]]:
        return groups(self.held(seat))

    def cash_at_finish(self, seat: int) -> int:
        """What `seat` would hold on FINISH once it ended its leases: its cash and their
        refunds (what the target is measured against)."""
        return self.cash[seat] + sum(BUSINESSES[b].lease for b in self.held(seat) if self.leased[b])

    def income(self, seat: int) -> int:
        """What a publicity stunt would pay `seat` now."""
        return stunt_income(self.held(seat))


def stunt_spaces(face_up: Sequence[int]) -> dict[int, tuple[int, ...]]:
    """The spaces of the face-up stunts `face_up`, and the cards showing each."""
    found: dict[int, tuple[int, ...]] = {}
    for card in face_up:
        space = LANDMARKS[STUNT_DECK[card]]
        found[space] = (*found.get(space, ()), card)
    return found


@view_dataclass
class MillionView(StackView, Holdings):
    position: tuple[int | None, ...]  # each car's space (None: off the board, next to START)
    holder: tuple[int, ...]  # by business: the seat holding it, -1 for nobody
    leased: tuple[bool, ...]  # by business: held on a lease (else bought, if held)
    face_up: tuple[int, ...]  # the publicity stunt cards showing (indexes into STUNT_DECK)
    discard: tuple[int, ...]
    skip: tuple[bool, ...]  # waiting to miss a turn
    die: int  # this turn's roll (0: not rolled yet)
    landed: int | None  # where the car whose turn it is stopped this turn
    acquired: bool  # it has bought or leased this turn
    sold: bool  # it has sold this turn
    target: int  # the cash to hold on landing on FINISH
    exact_finish: bool
    one_way: bool
    six_rule: str
    walks: tuple[Walk, ...]  # where the viewer may drive now, each with its path
    cash_history: Sequence[tuple[int, ...]]  # everyone's cash at each round's end (Upto)
    hidden_money = False

    @property
    def offers_left(self) -> int:
        """None: the game has no trades."""
        return 0

    MAX_PROPOSALS = 0

    DERIVED: ClassVar[tuple[str, ...]] = ("log",)
    SENTENCES = SENTENCES

    @cached_property
    def stunt_spaces(self) -> dict[int, tuple[int, ...]]:
        """The spaces of the face-up stunts, and the cards showing each."""
        return stunt_spaces(self.face_up)

    @cached_property
    def worth(self) -> tuple[int, ...]:
        """Cash, bought businesses at their price and leases at their refund (the round
        limit's valuation)."""
        return tuple(
            self.cash[s]
            + sum(
                BUSINESSES[b].lease if self.leased[b] else BUSINESSES[b].buy for b in self.held(s)
            )
            for s in range(len(self.players))
        )


def make_view(state: MillionState, seat: int | None) -> MillionView:
    walks: tuple[Walk, ...] = ()  # the mover's, while they choose where to drive
    if seat is not None and seat == state.actor() and state.stage == MOVE:
        walks = tuple(state.destinations(seat))
    return view_of(
        MillionView,
        state.FIELDS.show(
            state,
            {
                **state.stack_view_fields(seat),
                "walks": walks,
                "cash_history": Upto(state.round_ends),
            },
        ),
    )


SCHEMA = ViewSchema(MillionView, CODEC, (SixChoice,))
