"""Million at an SSH table: two people in their own terminals, one driving, both seeing it."""

from core.games import get_spec

from .harness import connect, start_server, table_with


async def test_a_remote_player_rolls_and_drives_and_the_other_sees_it(tmp_path):
    server, port = await start_server(tmp_path)
    try:
        ann, ben = await connect(port, "ann"), await connect(port, "ben")
        await ann.wait_for("You are ann")
        await ben.wait_for("You are ben")
        host = server.host
        table = table_with(server, ["ann", "ben"], bots=0, game="million", seed=5)
        await ann.wait_for("Ledger")
        await ben.wait_for("Ledger")
        helper = get_spec("million").bots["heuristic"](1)
        state = table.match.state
        while not (state.turn == 0 and state.stage == "roll" and not state.stack
                   and state.round >= 2):
            seat = state.to_act()[0]  # the people's moves until it is ann's turn to roll
            host.act(table.id, table.seats[seat].name,
                     helper.choose(state.view(seat), state.legal_actions(seat)))
            state = table.match.state
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
