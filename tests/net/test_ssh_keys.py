"""Keys over SSH act in the order they were typed, however they arrive."""

from .harness import ann_and_ben_at, session_of, start_server, until


def ann_bids_in_big_shot(state) -> bool:
    return state.phase == "bid" and state.current == 0


async def test_a_correction_sent_in_one_burst_acts_in_order(tmp_path):
    """Issue 43: with 45 typed, the bytes of Backspace and 6 in one write left 45, not 46."""
    server, port = await start_server(tmp_path)
    try:
        ann, ben, table = await ann_and_ben_at(server, port, "bigshot", ann_bids_in_big_shot)
        await ann.wait_for("ann (you) to bid or pass")
        screen = session_of(server, "ann").app.screen
        ann.process.stdin.write(b"45")
        await until(lambda: screen.bid.amount == 45)
        ann.process.stdin.write(b"\x7f6")
        await until(lambda: screen.bid.amount == 46, timeout=5)
        ann.process.stdin.write(b"\x7f2")
        await until(lambda: screen.bid.amount == 42, timeout=5)
        ann.process.stdin.write(b"+\x7f")  # 43, then 4
        await until(lambda: screen.bid.amount == 4, timeout=5)
        await ann.close()
        await ben.close()
    finally:
        await server.stop()


async def test_ctrl_c_at_a_table_ends_the_person_s_session_and_no_other(tmp_path):
    server, port = await start_server(tmp_path)
    try:
        ann, ben, table = await ann_and_ben_at(server, port, "bigshot", ann_bids_in_big_shot)
        await ann.wait_for("ann (you) to bid or pass")
        await ann.press("\x03")
        await until(ann.closed.is_set)
        assert not ben.closed.is_set() and table.seats[1].name == "ben"
        await ben.close()
    finally:
        await server.stop()
