"""Text shown to people, made from the rules' own words."""


def sentence(text: str) -> str:
    """`text` starting with a capital and otherwise as written: names keep their capitals
    (`str.capitalize` would write "Mortgage husky", "Take s1 free")."""
    return text[:1].upper() + text[1:]
