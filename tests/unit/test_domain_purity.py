"""The domain core imports only the standard library and itself: no Flask, no database."""
import ast
import sys
from pathlib import Path

DOMAIN = Path(__file__).resolve().parents[2] / "scorekeeper" / "domain"


def test_domain_imports_only_the_standard_library():
    files = sorted(DOMAIN.rglob("*.py"))
    assert len(files) > 5
    for path in files:
        tree = ast.parse(path.read_text())
        absolute = {alias.name.split(".")[0] for node in ast.walk(tree)
                    if isinstance(node, ast.Import) for alias in node.names}
        absolute |= {node.module.split(".")[0] for node in ast.walk(tree)
                     if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module}
        assert absolute <= set(sys.stdlib_module_names) | {"__future__"}, (path.name, absolute)
        depth = len(path.relative_to(DOMAIN).parts)  # 1 for domain/x.py, 2 for domain/judge/x.py
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level:
                assert node.level <= depth, f"{path.name} reaches outside the domain core"
