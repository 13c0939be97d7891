"""How many may be let in: connections counted by address and by network (who they are is
net.identity's to say).

Limits per address alone are dodged by anyone holding a few addresses, so connections are also
counted per network: a /24 for IPv4, a /64 for IPv6 (what one home or one cloud machine usually
has). Connections still logging in wait in `Pending`, oldest first: one that has not yet said
which SSH it speaks (its version line) holds a place nobody is using, and gives it up to a
newcomer when the room is full: the oldest of those from the address that holds the most.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol


def network_of(address: str) -> str:
    """The network an address belongs to for the limits: its /24 (IPv4) or /64 (IPv6)."""
    try:
        ip = ipaddress.ip_address(address.split("%")[0])  # a scoped IPv6 address: its scope
    except ValueError:
        return address
    if ip.version == 6 and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    prefix = 24 if ip.version == 4 else 64
    return str(ipaddress.ip_network(f"{ip}/{prefix}", strict=False))


@dataclass
class Counter:
    """Open connections (or sessions), in total and per address."""

    total: int = 0
    by_ip: dict[str, int] = field(default_factory=dict)

    def add(self, ip: str) -> None:
        self.total += 1
        _count(self.by_ip, ip, 1)

    def remove(self, ip: str) -> None:
        self.total -= 1
        _count(self.by_ip, ip, -1)


def _count(counts: dict[str, int], key: str, change: int) -> None:
    counts[key] = counts.get(key, 0) + change
    if not counts[key]:
        del counts[key]


class Waiting(Protocol):
    """A connection still logging in, as `Pending` sees it."""

    ip: str

    @property
    def silent(self) -> bool: ...  # it has not sent its SSH version line yet

    def drop(self) -> None: ...  # close it, to make room


class Pending:
    """Connections logging in, oldest first, within caps in all, per address and per network."""

    def __init__(self, total: int, per_ip: int, per_net: int) -> None:
        self.caps = (total, per_ip, per_net)
        self.count = Counter()
        self._waiting: dict[Waiting, None] = {}  # in the order they came

    @property
    def total(self) -> int:
        return self.count.total

    @property
    def by_ip(self) -> dict[str, int]:
        return self.count.by_ip

    def admit(self, newcomer: Waiting) -> bool:
        """Count `newcomer` in, dropping the oldest silent connection from wherever it finds
        no room; False (nothing dropped) if some room is full of connections logging in."""
        total, per_ip, per_net = self.caps
        net = network_of(newcomer.ip)
        scopes: list[tuple[int, Callable[[Waiting], bool]]] = [
            (total, lambda _: True),
            (per_ip, lambda other: other.ip == newcomer.ip),
            (per_net, lambda other: network_of(other.ip) == net),
        ]
        to_drop: list[Waiting] = []
        for cap, within in scopes:
            members = [other for other in self._waiting if within(other) and other not in to_drop]
            if len(members) >= cap:
                silent = [other for other in members if other.silent]
                if not silent:
                    return False
                # from the address holding most places (the oldest of those): a flood gives
                # up its own places first, not a newcomer's in its first milliseconds
                to_drop.append(max(silent, key=lambda other: self.count.by_ip[other.ip]))
        for dropped in to_drop:
            self.leave(dropped)
            dropped.drop()
        self._waiting[newcomer] = None
        self.count.add(newcomer.ip)
        return True

    def drop_all(self) -> None:
        """Close every connection still logging in (the server stops)."""
        for connection in list(self._waiting):
            self.leave(connection)
            connection.drop()

    def leave(self, connection: Waiting) -> None:
        """It logged in or went; harmless if it was not (or no longer) counted."""
        if connection in self._waiting:
            del self._waiting[connection]
            self.count.remove(connection.ip)
