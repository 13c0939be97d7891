"""Army's end table: every player's status is shown whole, at any name length."""

from types import SimpleNamespace

from tui.games.army.end import standings


def test_the_status_is_never_cut_off_and_the_table_fits_80_columns():
    view = SimpleNamespace(
        players=("Player", "A very long name", "Cat"), active=(False, False, True),
        result=SimpleNamespace(winners=(2,)), net_worth=(0, 0, 9000), cash=(0, 0, 500),
        owner=(-1,) * 40, rent_totals=((10, 0), (0, 5), (0, 0)),
        buildings=lambda seat: (0, 0))
    lines = standings(view).plain.splitlines()
    assert "Player (bankrupt)" in lines[2]  # the bankrupt rank below the winner
    assert "A very l… (bankrupt)" in lines[3]  # a long name is cut, with a mark
    assert "Cat ★" in lines[1]
    assert max(len(line) for line in lines) <= 76
