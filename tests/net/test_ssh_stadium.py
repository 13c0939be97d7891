"""Stadium at an SSH table: two people in their own terminals, trading with each other."""

from core.games import get_spec

from .harness import connect, start_server, table_with


async def test_two_remote_players_trade_and_both_see_it(tmp_path):
    server, port = await start_server(tmp_path)
    try:
        ann, ben = await connect(port, "ann"), await connect(port, "ben")
        await ann.wait_for("You are ann")
        await ben.wait_for("You are ben")
        host = server.host
        table = table_with(server, ["ann", "ben"], bots=0, game="stadium", seed=5)
        await ann.wait_for("Ledger")
        await ben.wait_for("Ledger")
        helper = get_spec("stadium").bots["heuristic"](1)
        state = table.match.state
        while not (state.turn == 0 and state.stage == "roll" and not state.stack
                   and state.round >= 2):
            seat = state.to_act()[0]  # the people's moves until it is ann's turn to roll
            host.act(table.id, table.seats[seat].name,
                     helper.choose(state.view(seat), state.legal_actions(seat)))
            state = table.match.state
        await ann.wait_for("ann (you) to roll")
        await ann.press("o")
        await ann.wait_for("An offer must exchange something.")  # the trade screen is up
        await ann.press("\t", "\t", "2", "5", "0", "0", "0")  # past the partner and the list
        await ann.wait_for("Ready to send")
        await ann.press("\r")
        await ben.wait_for("ann offers a trade:")
        await ben.wait_for("ben gets: $25,000")
        cash = table.match.state.cash(1)
        await ben.press("y")
        for who in (ann, ben):
            await who.wait_for("ben accepts ann's offer.")
        assert table.match.state.cash(1) == cash + 25_000
        await ann.close()
        await ben.close()
    finally:
        await server.stop()
