"""A newcomer's lobby drawn at once by the shared painter, before their own app is up."""

import asyncio

import pyte

from net.limits import Limits
from net.render import first_frame
from net.render.first_frame import SIZES_KEPT
from net.transport.channel import Channel
from tui.textual_private import render_whole

from .harness import connect, session_of, settled_in_lobby, start_server, table_with, until


async def test_the_lobby_shows_before_the_app_starts_and_the_app_draws_the_same(
    served, monkeypatch
):
    server, port = served
    sent: dict[Channel, int] = {}
    channel_send = Channel.send

    def counted(channel, data: bytes) -> None:
        sent[channel] = sent.get(channel, 0) + len(data)
        channel_send(channel, data)

    monkeypatch.setattr(Channel, "send", counted)
    ben = await connect(port, "ben")
    await ben.wait_for("You are ben")
    async with server.first_frames.starting:  # no app may start meanwhile
        ann = await connect(port, "ann")
        await ann.wait_for("You are ann")
        assert session_of(server, "ann").app is not None
        assert not session_of(server, "ann").app.is_running
        shown = ann.text()
    assert "2 online: ann, ben" in shown and "Tables" in shown and "New table" in shown
    session = session_of(server, "ann")
    await until(lambda: settled_in_lobby(session))
    await until(lambda: len(ann.received) >= sent[session.channel])
    assert ann.text() == shown  # the app took over without a change, nor a blank screen between
    await ann.close()
    await ben.close()


def drawn(output: bytes, size: tuple[int, int]) -> list[str]:
    screen = pyte.Screen(*size)
    pyte.ByteStream(screen).feed(output)
    return screen.display


async def test_a_crowd_is_drawn_the_lobby_whole_though_the_painter_draws_only_what_changed(
    served, monkeypatch
):
    server, port = served
    wholes = []
    monkeypatch.setattr(
        first_frame, "render_whole", lambda *args: wholes.append(1) or render_whole(*args)
    )
    names = ["ann", "ben", "cat", "dan", "eve", "fay"]
    async with server.first_frames.starting:  # no app starts: each sees the painter's frame
        for i, name in enumerate(names):
            person = await connect(port, name)
            await person.wait_for(f"You are {name}")
            painter = server.first_frames.painters[(120, 40)]
            whole = render_whole(painter.screen, []).render_segments(painter.console)
            assert person.screen.display == drawn(whole.encode(), (120, 40))
            assert f"{i + 1} online: {', '.join(sorted(names[: i + 1]))}" in person.text()
            assert all(f"You are {other}" not in person.text() for other in names if other != name)
    assert len(wholes) < len(names)  # most were the changes to a frame drawn before


def test_a_painter_drawing_for_nobody_keeps_no_more_than_two_frames():
    record = first_frame.FrameRecord((120, 40), Limits())
    record.renew(b"x" * 1000)
    for _ in range(100):
        record.send(b"y" * 100)  # its own updates, with no newcomer to send them to
    assert len(record.screen()) <= 3000
    assert record.stale()  # the next newcomer's frame is rendered whole


async def test_keys_pressed_while_the_lobby_is_a_picture_reach_the_app(served):
    server, port = served
    async with server.first_frames.starting:
        ann = await connect(port, "ann")
        await ann.wait_for("You are ann")
        await ann.press("n")
    await ann.wait_for("A new table")
    await ann.close()


async def test_a_player_whose_game_runs_goes_straight_to_the_table(served):
    server, port = served
    await table_with(server, ["ann", "ben"], bots=0)
    ann = await connect(port, "ann")
    await ann.wait_for("Ledger")
    assert "You are ann" not in ann.plain_history()  # no lobby flashed on the way
    await ann.close()


async def test_a_guest_whose_name_is_taken_is_asked_for_another_not_shown_the_lobby(tmp_path):
    server, port = await start_server(tmp_path, allow_guests=True)
    try:
        owner = await connect(port, "zed")
        await owner.wait_for("You are zed")
        guest = await connect(port, "zed", key=None, password="")
        await guest.wait_for("belongs to someone else")
        assert "You are zed" not in guest.plain_history()
        await guest.close()
        await owner.close()
    finally:
        await server.stop()


async def test_painters_are_kept_for_a_few_sizes_only(served):
    server, port = served
    people = []
    for i in range(SIZES_KEPT + 2):
        person = await connect(port, f"p{i}", width=80 + i, height=24)
        await person.wait_for(f"You are p{i}")
        people.append(person)
    await until(lambda: len(server.first_frames._running) <= SIZES_KEPT)
    assert len(server.first_frames.painters) <= SIZES_KEPT
    assert (85, 24) in server.first_frames.painters  # the latest size is kept
    await asyncio.gather(*(person.close() for person in people))


async def test_tables_made_while_a_persons_app_starts_are_on_the_first_frame_it_sends(
    served, monkeypatch
):
    """The painter draws a newcomer's lobby; their own app, started after tables were made,
    drew its first frame as the changes to a whole frame Textual had dropped (made while the
    app started, in a batch update): for a moment the lobby lacked the tables' rows, and a
    test that read it then failed in CI."""
    server, port = served
    frames: dict[Channel, list[int]] = {}  # where each frame sent to a channel ends in its output
    sent: dict[Channel, int] = {}
    channel_send = Channel.send

    def counted(channel, data: bytes) -> None:
        sent[channel] = sent.get(channel, 0) + len(data)
        if b"H" in data and b"\x1b[" in data:  # it moves the cursor to draw: a frame
            frames.setdefault(channel, []).append(sent[channel])
        channel_send(channel, data)

    monkeypatch.setattr(Channel, "send", counted)
    async with server.first_frames.starting:  # ann's own app starts once the tables are made
        ann = await connect(port, "ann")
        await ann.wait_for("You are ann")
        for game in ("bigshot", "army", "stadium"):
            await server.host.create_table("ann", game, {}, players=2, bots=1)
        ends = frames[session_of(server, "ann").channel]
        painted = len(ends)  # the painter's
    await until(lambda: len(ends) > painted and len(ann.received) >= ends[painted])
    first = drawn(bytes(ann.received[: ends[painted]]), (120, 40))
    assert all(any(game in row for row in first) for game in ("Big Shot", "Army", "Stadium"))
    await ann.close()
