"""The fast inner loop stays fast: tests that drive pokerkit, a Dask cluster, kill a
process or run the README's examples are marked ``slow``, so ``pytest -m "not slow"``
leaves them to CI (which runs everything)."""

from __future__ import annotations

import ast

from tests.corpus import ROOT

# What makes a test slow: the oracle engine, a cluster, a killed process, every README example.
HEAVY_NAMES = {"pokerkit", "LocalCluster", "SIGKILL", "README"}
HEAVY_STRINGS = {"dask"}


def _is_slow_mark(node: ast.expr) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "slow"


def _module_marked_slow(tree: ast.Module) -> bool:
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets
        ):
            marks = node.value.elts if isinstance(node.value, ast.List) else [node.value]
            return any(_is_slow_mark(m) for m in marks)
    return False


def _heavy(function: ast.FunctionDef, module_heavy: set[str]) -> set[str]:
    """What in ``function`` (or the fixtures it asks for) makes it heavy."""
    used: set[str] = set()
    for node in ast.walk(function):
        if isinstance(node, ast.Name) and node.id in HEAVY_NAMES:
            used.add(node.id)
        elif isinstance(node, ast.Attribute) and node.attr in HEAVY_NAMES:
            used.add(node.attr)
        elif isinstance(node, ast.Constant) and node.value in HEAVY_STRINGS:
            used.add(str(node.value))
    for arg in function.args.args:
        if arg.arg == "cluster":  # the Dask cluster fixture
            used.add("LocalCluster")
    return used | module_heavy


def _unmarked_heavy_tests(source: str, name: str) -> list[str]:
    tree = ast.parse(source)
    if _module_marked_slow(tree):
        return []
    module_heavy = {
        alias.name
        for node in tree.body
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in (
            node.names if isinstance(node, ast.Import) else [ast.alias(node.module or "")]
        )
        if alias.name.split(".")[0] == "pokerkit"
    }
    found = []
    for node in tree.body:
        if not isinstance(node, ast.FunctionDef) or not node.name.startswith("test_"):
            continue
        if any(_is_slow_mark(d) for d in node.decorator_list):
            continue
        heavy = _heavy(node, module_heavy)
        if heavy:
            found.append(f"{name}::{node.name} uses {sorted(heavy)}")
    return found


def test_heavy_tests_are_marked_slow() -> None:
    unmarked = [
        name
        for path in sorted((ROOT / "tests").rglob("test_*.py"))
        if path.name != "test_suite_shape.py"
        for name in _unmarked_heavy_tests(
            path.read_text(encoding="utf-8"), str(path.relative_to(ROOT))
        )
    ]
    assert unmarked == []


def test_the_check_sees_unmarked_heavy_tests() -> None:
    oracle = "from pokerkit import State\n\ndef test_x() -> None:\n    State\n"
    assert _unmarked_heavy_tests(oracle, "o.py") == ["o.py::test_x uses ['pokerkit']"]
    marked = "import pytest\npytestmark = pytest.mark.slow\n" + oracle
    assert _unmarked_heavy_tests(marked, "o.py") == []
    cluster = "def test_y(cluster: str) -> None:\n    pass\n"
    assert _unmarked_heavy_tests(cluster, "c.py") == ["c.py::test_y uses ['LocalCluster']"]
    decorated = "import pytest\n\n@pytest.mark.slow\n" + cluster
    assert _unmarked_heavy_tests(decorated, "c.py") == []
