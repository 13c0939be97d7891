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
    module.write_text("def serve():\n    from net.transport.server import main\n")
    assert ("net", 2) in imported_packages(module)


# Modules that import inside functions, and why (nowhere to dodge an import cycle).
IMPORTS_ON_FIRST_USE = {
    "boomtown/cli.py": "each command imports what it runs, so `boomtown play` starts fast",
}
PROJECT = ("core", "play", "tui", "net", "boomtown")


def _module_imports(path: Path, modules: set[str]) -> tuple[set[str], list[int]]:
    """The project's modules `path` imports (outside `if TYPE_CHECKING:`, whose imports never
    run; `from package import module` imports the module), and the lines of those it imports
    inside a function."""
    name = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found, inner = set(), []

    def imported(node: ast.Import | ast.ImportFrom) -> set[str]:
        if isinstance(node, ast.Import):
            return {a.name for a in node.names if a.name in modules}
        if node.level:
            parts = package.split(".")
            base = ".".join(parts[: len(parts) - node.level + 1] + [node.module or ""]).strip(".")
        else:
            base = node.module or ""
        names = {f"{base}.{a.name}" for a in node.names}
        return {n if n in modules else base for n in names} & modules

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                ours = imported(child)
                found.update(ours)
                if in_function and ours:
                    inner.append(child.lineno)
            visit(child, in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)))

    visit(ast.parse(path.read_text()), False)
    return found, inner


def test_no_import_cycles_and_no_import_hidden_in_a_function():
    """Issue 71: a 9-file cycle in net/ was held apart by imports written inside functions."""
    modules = {
        ".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__"): p
        for package in PROJECT
        for p in (ROOT / package).rglob("*.py")
    }
    graph, hidden = {}, []
    for name, path in modules.items():
        found, inner = _module_imports(path, set(modules))
        graph[name] = {m for m in found if m in modules and m != name}
        where = str(path.relative_to(ROOT))
        hidden += [f"{where}:{line}" for line in inner if where not in IMPORTS_ON_FIRST_USE]
    assert not hidden, "imports inside functions: " + ", ".join(hidden)
    seen, done, cycles = set(), set(), []

    def walk(module: str, trail: list[str]) -> None:
        seen.add(module)
        for other in sorted(graph[module]):
            if other in trail:
                cycles.append(trail[trail.index(other) :] + [other])
            elif other not in seen:
                walk(other, [*trail, other])
        done.add(module)

    for module in sorted(graph):
        if module not in seen:
            walk(module, [module])
    assert not cycles, "\n".join(" -> ".join(cycle) for cycle in cycles)
