"""The Army game at an SSH table: two people in their own terminals, trading with each other."""

from .harness import ann_and_ben_at, start_server


async def test_two_remote_players_trade_and_both_see_it(tmp_path):
    server, port = await start_server(tmp_path)
    try:
        ann, ben, table = await ann_and_ben_at(  # on to ann's turn to throw
            server,
            port,
            "army",
            lambda state: state.turn == 0 and state.stage == "roll" and not state.stack,
        )
        await ann.wait_for("Your turn: throw the dice.")
        await ann.press("o")
        await ann.wait_for("An offer must exchange something.")  # the trade screen is up
        await ann.press("\t", "\t", "2", "5")  # past the partner and the list: "You give" £25
        await ann.wait_for("Ready to send")
        await ann.press("\r")
        await ben.wait_for("ann offers a trade:")
        await ben.wait_for("ben gets: £25")
        cash = table.match.state.cash(1)
        await ben.press("y")
        for who in (ann, ben):
            await who.wait_for("ben accepts ann's offer.")
        assert table.match.state.cash(1) == cash + 25
        await ann.close()
        await ben.close()
    finally:
        await server.stop()


async def test_the_table_behind_the_trade_screen_keeps_up_with_the_game(tmp_path):
    server, port = await start_server(tmp_path)
    try:
        ann, ben, table = await ann_and_ben_at(server, port, "army", lambda state: True)
        host = server.host
        assert table.match.state.turn == 1  # with this seed ben throws highest and starts
        await ben.press("o")
        await ben.wait_for("An offer must exchange something.")  # the trade screen is up
        await host.chat(table.id, "ann", "take your time")  # the table changes behind it
        await ben.press("\x1b")  # ben closes the trade screen without an offer
        await ben.wait_for("ann: take your time")
        await ann.close()
        await ben.close()
    finally:
        await server.stop()
