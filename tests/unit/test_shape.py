"""The shape of the web layer: no import cycles, features that talk through services and
shared modules, and every commit in the service layer.

The import graph is built from the source with ast, counting imports inside functions too
(an import inside a function only hides a cycle, it does not break it)."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "scorekeeper"
FEATURES = {"api", "backup", "judge", "referee", "rules", "scoreboard", "scorepad", "sharing", "tables"}
PAGE_MODULES = ("views", "forms")  # a feature's pages and forms: views.py, end_views.py, forms.py...


def _modules() -> dict[str, Path]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if "migrations" in parts:
            continue
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


MODULES = _modules()


def _resolve(module: str, path: Path, node: ast.ImportFrom) -> list[str]:
    """The project modules an `from ... import ...` names (a package's submodules included)."""
    if node.level:
        package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
        base = ".".join(package[:len(package) - node.level + 1] + ([node.module] if node.module else []))
    else:
        base = node.module or ""
    named = [f"{base}.{alias.name}" for alias in node.names if f"{base}.{alias.name}" in MODULES]
    return named or ([base] if base in MODULES else [])


def imports_of(module: str) -> set[str]:
    path = MODULES[module]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name in MODULES}
        elif isinstance(node, ast.ImportFrom):
            found |= set(_resolve(module, path, node))
    return found - {module}


GRAPH = {module: imports_of(module) for module in MODULES}


def _package(module: str) -> str:
    """A module's package for the package-level picture: scorekeeper.x for scorekeeper.x.y."""
    return ".".join(module.split(".")[:2])


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one node (Tarjan, iterative enough here)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def _without_parents(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """A module importing its own package's __init__ (or the top package) is how Python loads
    a package, not a cycle between concepts: those edges are left out."""
    return {module: {target for target in targets if not module.startswith(target + ".")}
            for module, targets in graph.items()}


def test_the_graph_sees_imports_inside_functions():
    tree = "def f():\n    from .services import games\n"
    node = next(n for n in ast.walk(ast.parse(tree)) if isinstance(n, ast.ImportFrom))
    assert _resolve("scorekeeper.errors", MODULES["scorekeeper.errors"], node) == ["scorekeeper.services.games"]
    assert len(GRAPH) > 80 and "scorekeeper.services.storage" in GRAPH["scorekeeper.services.games"]


def test_the_cycle_finder_finds_a_cycle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_cycle_between_modules():
    assert _cycles(_without_parents(GRAPH)) == []


def test_no_import_cycle_between_packages():
    packages: dict[str, set[str]] = {}
    for module, targets in _without_parents(GRAPH).items():
        if module == "scorekeeper":  # the app factory wires every package in
            continue
        packages.setdefault(_package(module), set()).update(
            _package(target) for target in targets if target != "scorekeeper")
    packages = {package: targets - {package} for package, targets in packages.items()}
    assert _cycles(packages) == []


def _feature(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in FEATURES else None


def test_no_feature_imports_another_features_views_or_forms():
    reaching = sorted(
        (module, target) for module, targets in GRAPH.items() for target in targets
        if _feature(target) and _feature(module) != _feature(target)
        and target.split(".")[-1].endswith(PAGE_MODULES))
    assert reaching == []


def test_no_feature_imports_any_module_of_another_feature():
    """Features talk through services and shared modules (page_cache.py, hand_pages.py,
    translate.py), never through another feature's modules of any kind."""
    reaching = {(module, target) for module, targets in GRAPH.items() for target in targets
                if _feature(module) and _feature(target) and _feature(module) != _feature(target)}
    assert reaching == set()


def _imports_in(module: str, source: str) -> set[str]:
    node = next(n for n in ast.walk(ast.parse(source)) if isinstance(n, (ast.Import, ast.ImportFrom)))
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names if alias.name in MODULES}
    return set(_resolve(module, MODULES[module], node))


def test_the_graph_sees_every_way_to_import_another_features_module():
    """The three ways a feature reached another's module (tables/live_views.py the scoreboard's
    page cache, scorepad/delete_views.py the board, api/judge.py the judge's): a module named
    from its package, a name from inside a module, a module imported whole, inside a function too."""
    delete_views, live_views, judge = ("scorekeeper.scorepad.delete_views", "scorekeeper.tables.live_views",
                                       "scorekeeper.api.judge")
    assert _imports_in(delete_views, "from ..scoreboard import board\n") == {"scorekeeper.scoreboard.board"}
    assert _imports_in(live_views, "def f():\n    from ..scoreboard.board import board_pages\n") \
        == {"scorekeeper.scoreboard.board"}
    assert _imports_in(judge, "import scorekeeper.judge.views\n") == {"scorekeeper.judge.views"}
    for module, source in ((delete_views, "from ..scoreboard import board"),
                           (live_views, "from ..scoreboard.board import board_pages"),
                           (judge, "from ..judge import views")):
        assert any(_feature(target) not in (None, _feature(module)) for target in _imports_in(module, source))


def test_templating_and_shared_modules_import_no_feature():
    shared = [module for module in GRAPH if _feature(module) is None and module.count(".") >= 1
              and not module.startswith("scorekeeper.services") and module != "scorekeeper"]
    reaching = sorted((module, target) for module in shared for target in GRAPH[module] if _feature(target))
    assert reaching == []


def test_every_commit_is_in_the_service_layer():
    services = PACKAGE / "services"
    committing = sorted(
        str(path.relative_to(ROOT)) for path in PACKAGE.rglob("*.py")
        if "migrations" not in path.parts and services not in path.parents
        and ".commit(" in path.read_text())
    assert committing == []


def test_no_store_is_said_one_way():
    """A response that must not be kept calls http_cache.keep_no_copy; nothing else writes the header."""
    by_hand = [path.relative_to(ROOT) for path in MODULES.values()
               if "no-store" in path.read_text() and path.name != "http_cache.py"]
    assert by_hand == [], by_hand
