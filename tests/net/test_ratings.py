"""Each person's rating at each game (issue 47): OpenSkill's Plackett-Luce model over a finished
game's finishing order, changed once when a game with two people or more ends, kept with the
server's data, shown on the end screens, and not changed by an unrated table's game."""

from openskill.models import PlackettLuce

from net.hosting.host import Host
from net.limits import Limits
from net.store.storage import Storage
from play.ratings import BOT_RATINGS, finishing_ranks

from .harness import peek, play_until, until


def a_host(tmp_path) -> Host:
    return Host(Storage(tmp_path / "boomtown.sqlite3"), Limits(bot_pace_seconds=3600))


class Online:
    """A person's session, as far as the host is concerned (their finished game stays)."""

    def lobby_changed(self):
        pass

    def table_changed(self, table_id):
        pass


async def game_over(host: Host, people: list[str], bots: int = 0, seed: int = 3, **made):
    """A Big Shot game between `people` (online, and `bots` heuristic bots) played to its
    end."""
    for name in people:
        host.connect(name, Online())
    table = await host.create_table(
        people[0], "bigshot", {}, players=len(people) + bots, bots=bots, seed=seed, **made
    )
    for name in people[1:]:
        await host.sit(table.id, name)
    await host.start(table.id, people[0])
    play_until(host, table, lambda state: state.is_over())
    return table


async def changes_of(table):
    await until(lambda: table.ratings is not None and table.ratings.changes is not None)
    return table.ratings.changes


async def test_a_game_between_people_and_a_bot_changes_the_people_s_ratings_as_openskill_does(
    tmp_path,
):
    host = a_host(tmp_path)
    try:
        table = await game_over(host, ["ann", "ben"], bots=1)
        changes = await changes_of(table)
        result = table.started.state.result()
        model = PlackettLuce()  # the package itself, on the recorded result
        bot = model.rating(*BOT_RATINGS["heuristic"])
        expected = model.rate(
            [[model.rating()], [model.rating()], [bot]],
            ranks=[float(rank) for rank in finishing_ranks(result)],
        )
        for name, (new,) in zip(("ann", "ben"), expected):
            before, after = changes[name]
            assert (before.mu, before.sigma) == (model.mu, model.sigma)
            assert (after.mu, after.sigma) == (new.mu, new.sigma)
        board = dict(peek(host.storage).leaderboard("bigshot", 10))
        assert set(board) == {"ann", "ben"}  # the bot has no rating of its own
        winners = {table.seats[seat].name for seat in result.winners}
        assert all(r.games == 1 and r.wins == (name in winners) for name, r in board.items())
        assert table.ratings.sentence("Big Shot").startswith("Ratings at Big Shot: ")
    finally:
        host.stop()


async def test_ratings_go_on_from_game_to_game_and_survive_a_restart(tmp_path):
    host = a_host(tmp_path)
    try:
        first = await changes_of(await game_over(host, ["ann", "ben"], seed=3))
    finally:
        host.stop()
    host = a_host(tmp_path)  # the server started again on its data
    try:
        board = dict(peek(host.storage).leaderboard("bigshot", 10))
        assert {name: (r.mu, r.sigma) for name, r in board.items()} == {
            name: (after.mu, after.sigma) for name, (_, after) in first.items()
        }
        second = await changes_of(await game_over(host, ["ann", "ben"], seed=4))
        assert {name: before for name, (before, _) in second.items()} == {
            name: after for name, (_, after) in first.items()
        }  # the second game starts from the first's ratings
        assert all(
            rating.games == 2
            for rating in dict(peek(host.storage).leaderboard("bigshot", 10)).values()
        )
    finally:
        host.stop()


async def test_a_game_is_rated_once_even_if_its_end_is_written_again(tmp_path):
    host = a_host(tmp_path)
    try:
        table = await game_over(host, ["ann", "ben"])
        changes = await changes_of(table)
        host._save_end(table)  # as after a restart, when the end could not be saved
        await until(lambda: not host._requests)
        board = dict(peek(host.storage).leaderboard("bigshot", 10))
        assert {name: r.mu for name, r in board.items()} == {
            name: after.mu for name, (_, after) in changes.items()
        }
        assert all(r.games == 1 for r in board.values())
    finally:
        host.stop()


async def test_an_unrated_table_and_a_game_with_one_person_change_no_rating(tmp_path):
    host = a_host(tmp_path)
    try:
        unrated = await game_over(host, ["ann", "ben"], rated=False)
        alone = await game_over(host, ["cat"], bots=2)
        assert unrated.ratings.sentence("Big Shot") == "An unrated game: no rating changes."
        assert alone.ratings.sentence("Big Shot") == (
            "No ratings change: a game needs two people at it to count."
        )
        rated = await game_over(host, ["dan", "eve"])
        await changes_of(rated)
        board = peek(host.storage).leaderboard("bigshot", 10)
        assert {name for name, _ in board} == {"dan", "eve"}  # only the rated game counted
        assert board[0][1].ordinal >= board[1][1].ordinal  # the most surely skilled first
        assert not peek(host.storage).table(unrated.id).rated  # kept so
        again = await host.rematch(unrated.id, "ann")  # playing again keeps it unrated
        assert not again.rated and not peek(host.storage).table(again.id).rated
    finally:
        host.stop()
