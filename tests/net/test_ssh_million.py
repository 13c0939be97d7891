"""Million at an SSH table: two people in their own terminals, one driving, both seeing it."""

from .harness import ann_and_ben_at, start_server


async def test_a_remote_player_rolls_and_drives_and_the_other_sees_it(tmp_path):
    server, port = await start_server(tmp_path)
    try:
        ann, ben, table = await ann_and_ben_at(  # on to ann's turn to roll, in round 2
            server,
            port,
            "million",
            lambda state: (
                state.turn == 0 and state.stage == "roll" and not state.stack and state.round >= 2
            ),
        )
        await ann.wait_for("ann (you) to roll or sell")
        await ann.press("r")
        await ann.wait_for("ann (you) to choose where to drive")
        await ben.wait_for("ann to choose where to drive")
        walks = table.match.state.destinations(0)
        await ann.press("\r")  # the cursor starts on the first destination
        for who in (ann, ben):
            await who.wait_for("ann drives to")
        assert table.match.state.position[0] in {w.destination for w in walks} | {None}
        await ann.close()
        await ben.close()
    finally:
        await server.stop()
