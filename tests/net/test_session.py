"""What a session makes of a watcher's input."""

from net.transport.session import wants_to_leave


def test_a_watcher_leaves_with_q_esc_or_ctrl_c_but_not_with_the_mouse_or_arrows():
    for leave in (b"q", b"Q", b"\x1b", b"\x03", b"\x1b[<64;10;5Mq"):
        assert wants_to_leave(leave), leave
    for stay in (b"\x1b[<64;10;5M", b"\x1b[<0;3;4m", b"\x1b[A", b"\x1bOB", b"x", b" "):
        assert not wants_to_leave(stay), stay
