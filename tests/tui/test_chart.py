"""The end screens' charts show every round, first to last, and players who are level."""

from rich.style import Style
from rich.text import Text

from tui.widgets.chart import TIED, sparklines, spread, worth_chart


def test_a_sampled_chart_runs_from_the_first_round_to_the_last():
    assert spread(49, 49) == list(range(49))
    assert spread(49, 10)[0] == 0 and spread(49, 10)[-1] == 48
    assert spread(5, 1) == [4]


def test_sparklines_end_with_the_last_round_at_any_width():
    # Ann rises steadily; Bob goes bankrupt in round 32 of 49
    history = [(100 * r, 500 if r < 32 else 0) for r in range(1, 50)]
    labels, styles = [Text("Ann"), Text("Bob")], [Style(), Style()]
    for width in (40, 70, 120):
        bars = min(49, width - len("Ann ") - 12)
        lines = sparklines(history, labels, styles, width, "worth").plain.splitlines()
        ann, bob = lines[1][4 : 4 + bars], lines[2][4 : 4 + bars]
        assert ann[-1] == "█" and ann[0] != "█"  # the last round is the highest
        assert bob[0] != " " and bob[-1] == " "  # worth something at first, nothing at the end


def test_the_axis_says_how_rounds_were_sampled():
    labels, styles = [Text("Ann")], [Style()]
    axis = sparklines([(r,) for r in range(95)], labels, styles, 110, "worth").plain
    assert axis.splitlines()[-1].strip().startswith("round 1 to 95, 94 of them shown")
    axis = sparklines([(r,) for r in range(95)], labels, styles, 60, "worth").plain
    assert "round 1 to 95, every 2.2 rounds" in axis


def test_players_level_in_a_round_are_all_visible():
    history = [(10, 10, 10, 10), (12, 10, 8, 10)]
    marks = [(c, Style()) for c in "RBYW"]
    drawn = worth_chart(history, marks, 60, "worth").plain
    first_column = [line for line in drawn.splitlines() if "R" in line or TIED in line]
    assert any(all(c in line for c in "RBYW") for line in first_column) or TIED in drawn
    long_game = [(10, 10, 10, 10)] * 200  # one column a round: a tie is one mark
    assert TIED in worth_chart(long_game, marks, 60, "worth").plain
