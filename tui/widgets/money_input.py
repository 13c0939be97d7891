"""A box for a sum of money, written as the game writes money while it is typed: "$50,000",
"£1,200". Only digits go in (typed or pasted; anything else is refused, as Input refuses what its
`restrict` does not match); the currency sign and the thousands commas are the box's own, and
deleting a comma deletes the digit beside it."""

from __future__ import annotations

from textual.widgets import Input


def _digits(text: str) -> str:
    return "".join(ch for ch in text if ch.isascii() and ch.isdigit())


class MoneyInput(Input):
    def __init__(self, amount: int, symbol: str, digits: int, **kwargs) -> None:
        """A box holding `amount` (0: empty), in `symbol` money, of at most `digits` digits."""
        self.symbol, self.digits = symbol, digits
        super().__init__(self._written(str(amount) if amount else ""), **kwargs)

    @property
    def amount(self) -> int:
        """The sum in the box (0 when it is empty)."""
        digits = _digits(self.value)
        return int(digits) if digits else 0

    def _written(self, digits: str) -> str:
        return f"{self.symbol}{int(digits):,}" if digits else ""

    def replace(self, text: str, start: int, end: int) -> None:
        """Every way text comes in or goes out (a key, a paste, a deletion) passes here."""
        if _digits(text) != text:
            self.restricted()
            return
        value = self.value
        start, end = sorted((max(0, start), min(len(value), end)))
        if not text and start < end and not _digits(value[start:end]):  # a comma or the sign
            if start == self.cursor_position:  # Delete: the digit after it goes
                while end < len(value) and not value[end - 1].isdigit():
                    end += 1
            else:  # Backspace: the digit before it goes
                while start > 0 and not value[start].isdigit():
                    start -= 1
        before = _digits(value[:start]) + text  # the digits left of the cursor afterwards
        digits = (before + _digits(value[end:])).lstrip("0") or ("0" if before or text else "")
        if len(digits) > self.digits:
            self.restricted()
            return
        self.value = written = self._written(digits)
        kept = len(before.lstrip("0")) if digits != "0" else len(digits)
        self.cursor_position = self._position_after(written, kept)

    @staticmethod
    def _position_after(written: str, digits: int) -> int:
        """Where in `written` the cursor stands after its first `digits` digits."""
        if not digits:
            return next((i for i, ch in enumerate(written) if ch.isdigit()), len(written))
        seen = 0
        for i, ch in enumerate(written):
            seen += ch.isdigit()
            if seen == digits:
                return i + 1
        return len(written)
