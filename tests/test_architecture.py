"""The package's shape, read from its own source (ast; nothing is imported): no import cycle,
nothing below `autobot.cli` imports it, no private name imported from another module."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "autobot"
SHARED_TOOL = ROOT.parent / "shared" / "tools" / "import_graph.py"


def modules(root: Path) -> dict[str, Path]:
    """Dotted module name -> file, for every module of the package at `root`."""
    out = {}
    for path in root.rglob("*.py"):
        name = ".".join(path.relative_to(root.parent).with_suffix("").parts)
        out[name.removesuffix(".__init__")] = path
    return out


def imports(mods: dict[str, Path]) -> dict[str, set[str]]:
    """Module -> the package's modules it imports (at any depth of its code: inside functions
    and under TYPE_CHECKING too). A package face's imports of its own submodules count
    (importing the package runs them); `from P import m` ties to the submodule m if there is
    one, else to P's face (a name defined there)."""
    pkg = next(iter(mods)).split(".")[0]

    def resolve(name: str) -> str | None:
        while name and name not in mods:
            name = name.rpartition(".")[0]
        return name or None

    edges: dict[str, set[str]] = {m: set() for m in mods}
    for m, path in mods.items():
        here = m if path.name == "__init__.py" else m.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = here.split(".")[: len(here.split(".")) - node.level + 1]
                    base = ".".join(parts + ([base] if base else []))
                names = [f"{base}.{a.name}" if f"{base}.{a.name}" in mods else base
                         for a in node.names]
            for name in names:
                target = resolve(name) if name.startswith(pkg) else None
                if target and target != m:
                    edges[m].add(target)
    return edges


def imports_inside_functions(mods: dict[str, Path]) -> list[str]:
    """'module:line' of every import of the package's own modules inside a function."""
    pkg = next(iter(mods)).split(".")[0]
    out = []
    for m, path in mods.items():
        for fn in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for node in ast.walk(fn):
                own = (isinstance(node, ast.ImportFrom)
                       and (node.level > 0 or (node.module or "").startswith(pkg))) or (
                    isinstance(node, ast.Import)
                    and any(a.name.startswith(pkg) for a in node.names))
                if own:
                    out.append(f"{m}:{node.lineno}")
    return sorted(set(out))


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Groups of modules that import each other (strongly connected, two or more), Tarjan's."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10000))
    for v in edges:
        if v not in index:
            visit(v)
    return out


def upward(edges: dict[str, set[str]]) -> list[str]:
    """'a -> autobot.cli.b' for every module outside the CLI that imports it."""
    return sorted(f"{m} -> {t}" for m, ts in edges.items() for t in ts
                  if t.startswith("autobot.cli") and not m.startswith("autobot.cli")
                  and m != "autobot.__main__")


def private_imports(mods: dict[str, Path]) -> list[str]:
    """'file:line name' for every `from autobot.x import _name` (a module's private name used
    by another)."""
    out = []
    for path in mods.values():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (
                    node.level or (node.module or "").startswith("autobot")):
                out += [f"{path.name}:{node.lineno} {a.name}" for a in node.names
                        if a.name.startswith("_") and not a.name.startswith("__")]
    return out


def test_the_checks_see_a_cycle_an_upward_import_and_a_private_name(tmp_path: Path) -> None:
    pkg = tmp_path / "autobot"
    (pkg / "cli").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "cli" / "__init__.py").write_text("")
    (pkg / "cli" / "play.py").write_text("from autobot.cli import bench\n")
    (pkg / "cli" / "bench.py").write_text("def run():\n    from autobot.cli.play import x\n")
    (pkg / "loop.py").write_text("from autobot.cli.play import _helper\n")
    mods = modules(pkg)
    edges = imports(mods)
    assert cycles(edges) == [["autobot.cli.bench", "autobot.cli.play"]]
    assert upward(edges) == ["autobot.loop -> autobot.cli.play"]
    assert [p.split()[-1] for p in private_imports(mods)] == ["_helper"]
    assert imports_inside_functions(mods) == ["autobot.cli.bench:2"]


def test_the_checks_see_a_cycle_through_a_package_face_and_a_function(tmp_path: Path) -> None:
    """The games <-> solver cycle as it was: a package face imports its submodule, which
    imports another package inside a function, whose submodule imports the first package's
    face; and `from P import m` of a submodule is not read as an import of P's face."""
    pkg = tmp_path / "autobot"
    for sub in ("games", "solver"):
        (pkg / sub).mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "games" / "__init__.py").write_text("from autobot.games import wordle\n")
    (pkg / "games" / "wordle.py").write_text("def solver():\n    from autobot.solver import x\n")
    (pkg / "solver" / "__init__.py").write_text("from autobot.solver.tree import x\n")
    (pkg / "solver" / "tree.py").write_text(
        "from autobot.solver import helper\ndef f():\n    from autobot.games import find\n")
    (pkg / "solver" / "helper.py").write_text("")
    found = cycles(imports(modules(pkg)))
    assert found == [["autobot.games", "autobot.games.wordle", "autobot.solver",
                      "autobot.solver.tree"]]


def test_no_import_cycle_in_the_package() -> None:
    assert cycles(imports(modules(PACKAGE))) == []


def test_nothing_below_the_cli_imports_it() -> None:
    assert upward(imports(modules(PACKAGE))) == []


# Imports of the package's own modules inside functions: only where one defers a heavy or
# optional library at start-up (selenium, pyautogui, mss, numba, cv2), so that `autobot --help`
# and a command that needs none of them start quickly. The bound only goes down.
MOST_IMPORTS_INSIDE_FUNCTIONS = 28


def test_imports_inside_functions_are_few() -> None:
    lazy = imports_inside_functions(modules(PACKAGE))
    assert len(lazy) <= MOST_IMPORTS_INSIDE_FUNCTIONS, (
        f"{len(lazy)} imports of the package inside functions: import at module level "
        "unless the import defers a heavy or optional library")


def test_no_private_name_is_imported_across_modules() -> None:
    assert private_imports(modules(PACKAGE)) == []


def test_the_shared_import_graph_tool_agrees() -> None:
    if not SHARED_TOOL.exists():
        pytest.skip(f"{SHARED_TOOL} is absent (the material beside the project)")
    done = subprocess.run([sys.executable, str(SHARED_TOOL), str(PACKAGE)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout
    assert "0 cycles, 0 upward imports of cli" in done.stdout
