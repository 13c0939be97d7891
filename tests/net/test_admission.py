"""Who may wait to log in: caps in all, per address and per network; silent ones make room."""

from net.transport.admission import Pending, network_of


class Waiting:
    def __init__(self, ip: str, silent: bool = True) -> None:
        self.ip = ip
        self.silent = silent
        self.dropped = False

    def drop(self) -> None:
        self.dropped = True


def test_networks_are_a_slash_24_or_a_slash_64():
    assert network_of("203.0.113.7") == network_of("203.0.113.250") == "203.0.113.0/24"
    assert network_of("203.0.114.7") != network_of("203.0.113.7")
    assert network_of("2001:db8:1:2::5") == network_of("2001:db8:1:2:ffff::1")
    assert network_of("2001:db8:1:3::5") != network_of("2001:db8:1:2::5")
    assert network_of("::ffff:203.0.113.7") == "203.0.113.0/24"
    assert network_of("fe80::1%eth0") == "fe80::/64"
    assert network_of("?") == "?"


def test_a_newcomer_takes_the_place_of_a_silent_connection_from_the_busiest_address():
    pending = Pending(total=4, per_ip=3, per_net=4)
    lurkers = [Waiting("10.0.0.1") for _ in range(3)]
    quiet = Waiting("10.0.1.1")
    for connection in [*lurkers, quiet]:
        assert pending.admit(connection)
    person = Waiting("10.0.2.1", silent=False)
    assert pending.admit(person)
    assert lurkers[0].dropped and not quiet.dropped  # the flooding address's oldest goes
    assert pending.total == 4 and pending.by_ip["10.0.0.1"] == 2


def test_every_cap_holds_and_talkers_are_never_dropped():
    pending = Pending(total=10, per_ip=2, per_net=3)
    talkers = [Waiting(f"10.0.0.{i}", silent=False) for i in range(1, 4)]
    for connection in talkers:
        assert pending.admit(connection)
    assert not pending.admit(Waiting("10.0.0.9"))  # the /24 is full of people logging in
    assert not any(connection.dropped for connection in talkers)
    assert pending.admit(Waiting("10.0.1.1")) and pending.admit(Waiting("10.0.1.1"))
    third = Waiting("10.0.1.1")
    assert pending.admit(third)  # its own address's oldest silent one made room
    assert pending.by_ip["10.0.1.1"] == 2 and pending.total == 5


def test_leaving_twice_counts_once():
    pending = Pending(total=2, per_ip=2, per_net=2)
    one = Waiting("10.0.0.1")
    pending.admit(one)
    pending.leave(one)
    pending.leave(one)
    assert pending.total == 0 and pending.by_ip == {}
