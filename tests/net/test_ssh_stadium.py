"""Stadium at an SSH table: two people in their own terminals, trading with each other."""

from core.games.stadium import land

from .harness import ann_and_ben_at, start_server


async def test_two_remote_players_trade_and_both_see_it(tmp_path):
    server, port = await start_server(tmp_path)
    try:
        ann, ben, table = await ann_and_ben_at(  # on to ann's turn to roll, in round 2
            server,
            port,
            "stadium",
            lambda state: (
                state.turn == 0
                and state.stage == "roll"
                and not state.stack
                and state.round >= 2
                and land.parcels(state, 1)
            ),
        )
        lot = land.parcels(table.match.state, 1)[0]
        await ann.wait_for("ann (you) to roll")
        await ann.press("o")
        await ann.wait_for("A trade carries land or a building.")  # the trade screen is up
        await ann.press("\t", "\t", "2", "5")  # past the partner and the list: $25,000
        await ann.wait_for("A trade carries land or a building, not cash alone.")
        await ann.press("\t", " ")  # ben's first lot ticked
        await ann.wait_for("Ready to send")
        await ann.press("\t", "\r")
        await ben.wait_for("ann offers a trade:")
        await ben.wait_for("ben gets: $25,000")
        cash = table.match.state.cash(1)
        await ben.press("y")
        for who in (ann, ben):
            await who.wait_for("ben accepts ann's offer.")
        assert table.match.state.cash(1) == cash + 25_000 and lot in land.parcels(
            table.match.state, 0
        )
        await ann.close()
        await ben.close()
    finally:
        await server.stop()
