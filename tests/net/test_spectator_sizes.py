"""A table's spectators are drawn at a few sizes, and the frame a viewer asks for is theirs to
pay for: changing window sizes cannot make the server draw without end for nobody."""

from net.limits import TokenBucket
from net.loop.loop_share import Meter, SharedMeter, Shares
from net.render.broadcast import watched_size


def test_a_window_a_little_larger_than_a_size_drawn_watches_that_size():
    assert watched_size([], (120, 40), most=4) == (120, 40)
    assert watched_size([(120, 40)], (126, 43), most=4) == (120, 40)
    assert watched_size([(120, 40), (124, 42)], (126, 43), most=4) == (124, 42)  # the nearer
    assert watched_size([(120, 40)], (140, 40), most=4) == (140, 40)  # too far: its own
    assert watched_size([(120, 40)], (118, 40), most=4) == (118, 40)  # smaller: never larger


def test_once_a_table_has_its_sizes_a_viewer_watches_the_largest_that_fits_or_none():
    drawn = [(80, 24), (100, 30), (150, 50), (200, 60)]
    assert watched_size(drawn, (180, 55), most=4) == (150, 50)
    assert watched_size(drawn[1:], (90, 28), most=3) is None  # told what size would do
    assert watched_size(drawn, (80, 24), most=4) == (80, 24)


def test_the_frame_a_viewer_asks_for_is_charged_to_that_viewer_alone():
    shares = Shares(0.1, 0.3, 1.0)
    ann, ben = shares.meter("192.0.2.1"), shares.meter("192.0.2.2")
    shared = SharedMeter()
    shared.bill(ann)  # ann came to watch, or changed size
    shared.charge(0.05)
    shared.news_drawn()  # her frame went out
    shared.charge(0.01)  # the step that drew it
    shared.charge(0.2)  # the table's news after that: nobody's
    assert round(ann.used, 6) == 0.06 and ben.used == 0.0 and round(shared.used, 6) == 0.26
    assert shared.owed() == 0.0


def test_a_meter_over_its_share_owes_time_before_its_next_window_change():
    meter = Meter(Shares(0.1, 0.3, 1.0), TokenBucket(0.1, 1.0), TokenBucket(0.3, 1.0))
    meter.shares.sessions, meter.shares.addresses = 2, {"a": None, "b": None}
    meter.charge(1.5)
    assert meter.owed() > 0


async def test_a_window_smaller_than_every_size_drawn_is_told_what_would_do(tmp_path):
    from .harness import connect, start_server, table_with, until

    server, port = await start_server(tmp_path, spectator_sizes=1)
    try:
        await table_with(server, ["ann"], bots=3, seed=5)
        first = await connect(port, "cat", 120, 40)
        await first.wait_for("You are cat")
        await first.press("w")
        await first.wait_for("watching")
        small = await connect(port, "dan", 100, 30)
        await small.wait_for("You are dan")
        await small.press("w")
        await small.wait_for("least 120 x 40 to watch it")
        near = await connect(port, "eve", 125, 42)  # a little larger: the size drawn
        await near.wait_for("You are eve")
        await near.press("w")
        await near.wait_for("watching")
        assert [size for _, size in server.broadcasts.shows] == [(120, 40)]
        small.process.change_terminal_size(122, 41)
        await until(
            lambda: (
                sum(len(audience.viewers) for _, audience in server.broadcasts.shows.values()) == 3
            )
        )
        for person in (first, small, near):
            await person.close()
    finally:
        await server.stop()
