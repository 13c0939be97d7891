"""A box for a sum of money, written as the game writes money while it is typed: "$50,000",
"£1,200". Only digits go in (typed or pasted; anything else is refused, as Input refuses what its
`restrict` does not match); the currency sign and the thousands commas are the box's own, and
deleting a comma deletes the digit beside it. A game that counts money in thousands (Stadium's
bids) has its boxes typed in thousands too: "95" is "$95,000", the ",000" the box's own."""

from __future__ import annotations

from textual.widgets import Input


def _digits(text: str) -> str:
    return "".join(ch for ch in text if ch.isascii() and ch.isdigit())


class MoneyInput(Input):
    def __init__(self, amount: int, symbol: str, digits: int, thousands: bool = False, **kwargs):
        """A box holding `amount` (0: empty; in `thousands`, the nearest thousand), in `symbol`
        money, of at most `digits` digits typed."""
        self.symbol, self.digits = symbol, digits
        self.unit, self.suffix = (1000, ",000") if thousands else (1, "")
        shown = round(amount / self.unit)
        super().__init__(self._written(str(shown) if shown else ""), **kwargs)

    @property
    def amount(self) -> int:
        """The sum in the box, in money (0 when it is empty)."""
        digits = _digits(self._typed())
        return int(digits) * self.unit if digits else 0

    def _typed(self) -> str:
        """The box's text without the thousands it adds."""
        value = self.value
        return value[: -len(self.suffix)] if self.suffix and value.endswith(self.suffix) else value

    def _written(self, digits: str) -> str:
        return f"{self.symbol}{int(digits):,}{self.suffix}" if digits else ""

    def replace(self, text: str, start: int, end: int) -> None:
        """Every way text comes in or goes out (a key, a paste, a deletion) passes here."""
        if _digits(text) != text:
            self.restricted()
            return
        value = self._typed()  # (an edit among the thousands the box adds acts at their left)
        if not text and start < end and start >= len(value) > 0:
            start, end = len(value) - 1, len(value)
        start, end = sorted((max(0, min(len(value), start)), min(len(value), end)))
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
