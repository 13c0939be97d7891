"""Text shown to people, made from the rules' own words."""


def sentence(text: str) -> str:
    """`text` starting with a capital and otherwise as written: names keep their capitals
    (`str.capitalize` would write "Mortgage husky", "Take s1 free")."""
    return text[:1].upper() + text[1:]


def counted(count: int, noun: str) -> str:
    """'1 table', '3 tables'."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def plural(count: int, noun: str) -> str:
    """'1 seat is', '2 seats are'."""
    return f"{counted(count, noun)} {'is' if count == 1 else 'are'}"
