"""Army's end table: every player's status is shown whole, at any name length."""

from types import SimpleNamespace

from core.engine.events import Event
from tui.games.army.end import ArmyEnd


def bankrupt(name: str) -> Event:
    return Event(9, "bankrupt-to-bank", (name, 100, "rent"))


def test_the_status_is_never_cut_off_and_the_table_fits_80_columns():
    view = SimpleNamespace(
        players=("Player", "A very long name", "Cat"),
        active=(False, False, True),
        result=SimpleNamespace(winners=(2,)),
        net_worth=(0, 0, 9000),
        cash=(0, 0, 500),
        owner=(-1,) * 40,
        rent_totals=((10, 0), (0, 5), (0, 0)),
        buildings=lambda seat: (0, 0),
        events=(bankrupt("A very long name"), bankrupt("Player")),
    )
    lines = ArmyEnd.standings_of(view).plain.splitlines()
    assert "Player (bankrupt)" in lines[2]  # the bankrupt rank below the winner, last out first
    assert "A very l… (bankrupt)" in lines[3]  # a long name is cut, with a mark
    assert "Cat ★" in lines[1]
    assert max(len(line) for line in lines) <= 76


def test_the_bankrupt_rank_by_when_they_went_out_not_by_seat():
    """Issue 43: the last to go bankrupt ranks above those who went before."""
    names = ("Ann", "Ben", "Cat", "Dan")
    view = SimpleNamespace(
        players=names,
        active=(False, False, False, True),
        result=SimpleNamespace(winners=(3,)),
        net_worth=(0, 0, 0, 9000),
        cash=(0, 0, 0, 500),
        owner=(-1,) * 40,
        rent_totals=((0, 0),) * 4,
        buildings=lambda seat: (0, 0),
        events=(bankrupt("Ben"), bankrupt("Cat"), bankrupt("Ann")),
    )
    lines = ArmyEnd.standings_of(view).plain.splitlines()
    assert [line.split()[1] for line in lines[1:]] == ["Dan", "Ann", "Cat", "Ben"]
