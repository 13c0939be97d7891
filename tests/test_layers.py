"""The packages' imports point one way: `boomtown` (the command) above `net` (the server) above
`tui` (the terminal app) above `play` (the table layer) above `core` (the rules). An arrow
pointing back up would let a change to a front end break the rules, or make the rules unusable
without a terminal."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# What each package may not import, at any depth of the module (imports inside functions too).
FORBIDDEN = {
    "core": {"play", "tui", "net", "boomtown", "textual", "rich", "asyncssh", "psycopg"},
    "play": {"tui", "net", "boomtown", "textual", "rich", "asyncssh", "psycopg"},
    "tui": {"net", "boomtown", "asyncssh", "psycopg"},
    "net": {"boomtown"},
}


def imported_packages(path: Path) -> set[tuple[str, int]]:
    """The top-level packages a module imports, with the line of each import."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found |= {(alias.name.partition(".")[0], node.lineno) for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add((node.module.partition(".")[0], node.lineno))
    return found


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_a_package_imports_nothing_above_it(package):
    wrong = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for path in sorted((ROOT / package).rglob("*.py"))
        for name, line in imported_packages(path)
        if name in FORBIDDEN[package]
    ]
    assert not wrong, "\n".join(wrong)


def test_the_check_sees_an_import_inside_a_function(tmp_path):
    module = tmp_path / "module.py"
    module.write_text("def serve():\n    from net.server import main\n")
    assert ("net", 2) in imported_packages(module)
