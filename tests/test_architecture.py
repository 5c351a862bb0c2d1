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
    """Module -> the package's modules it imports (at any depth of its code, TYPE_CHECKING too;
    a package's own submodules are not counted as its imports)."""
    pkg = next(iter(mods)).split(".")[0]

    def resolve(name: str) -> str | None:
        while name and name not in mods:
            name = name.rpartition(".")[0]
        return name or None

    edges: dict[str, set[str]] = {m: set() for m in mods}
    for m, path in mods.items():
        is_init = path.name == "__init__.py"
        here = m if is_init else m.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = here.split(".")[: len(here.split(".")) - node.level + 1]
                    base = ".".join(parts + ([base] if base else []))
                names = [f"{base}.{a.name}" for a in node.names] + [base]
            for name in names:
                target = resolve(name) if name.startswith(pkg) else None
                if target and target != m and not (is_init and target.startswith(m + ".")):
                    edges[m].add(target)
    return edges


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


def test_no_import_cycle_in_the_package() -> None:
    assert cycles(imports(modules(PACKAGE))) == []


def test_nothing_below_the_cli_imports_it() -> None:
    assert upward(imports(modules(PACKAGE))) == []


def test_no_private_name_is_imported_across_modules() -> None:
    assert private_imports(modules(PACKAGE)) == []


def test_the_shared_import_graph_tool_agrees() -> None:
    if not SHARED_TOOL.exists():
        pytest.skip(f"{SHARED_TOOL} is absent (the material beside the project)")
    done = subprocess.run([sys.executable, str(SHARED_TOOL), str(PACKAGE)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout
    assert "0 cycles, 0 upward imports of cli" in done.stdout
