"""What people said at a table or in the lobby: the last lines, numbered, kept across restarts."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from net.store.storage import Storage

CHAT_KEPT = 100
LOBBY = 0  # the lobby's place in storage; tables are numbered from 1


@dataclass(frozen=True)
class ChatLine:
    position: int  # how many lines the game's log had when this was said (0 in the lobby)
    text: str


class ChatLog:
    """The last lines said in one place, numbered so a reader can ask for what it has not seen."""

    def __init__(self, place: int, storage: Storage) -> None:
        self.place = place
        self.storage = storage
        self.lines: deque[ChatLine] = deque(maxlen=CHAT_KEPT)
        self.total = 0

    @classmethod
    def load(cls, place: int, storage: Storage) -> ChatLog:
        chat = cls(place, storage)
        for n, position, text in storage.chat(place):
            chat.lines.append(ChatLine(position, text))
            chat.total = n + 1
        return chat

    async def say(self, text: str, position: int = 0) -> None:
        """A person says a line. On a database other processes share, it is shown once heard
        back (in the order the database numbered the lines), and StorageError if it cannot be
        saved; else shown at once, and kept if it can be."""
        if self.storage.shared:
            await self.storage.soon(self.storage.add_chat, self.place, position, text, CHAT_KEPT)
        else:
            self.tell(text, position)

    def tell(self, text: str, position: int = 0) -> None:
        """The server says a line, without waiting for it to be kept (on a shared database,
        shown once heard back; else at once)."""
        if not self.storage.shared:
            self.lines.append(ChatLine(position, text))
            self.total += 1
        self.storage.later(self.storage.add_chat, self.place, position, text, CHAT_KEPT)

    def heard(self, n: int, position: int, text: str) -> bool:
        """Line `n`, said at any process; False if it was shown already."""
        if n < self.total:
            return False
        self.lines.append(ChatLine(position, text))
        self.total = n + 1
        return True

    def since(self, seen: int) -> list[ChatLine]:
        """Lines after the first `seen` ever said (as many as are still kept)."""
        fresh = min(self.total - seen, len(self.lines))
        return list(self.lines)[len(self.lines) - fresh :] if fresh > 0 else []
