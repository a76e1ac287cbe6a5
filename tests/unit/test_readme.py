"""The README's two opening commands stay true: CI runs the test one verbatim."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def readme_commands() -> list[str]:
    return re.findall(r"```(?:sh|bash)\n(.+?)\n```", (ROOT / "README.md").read_text())


def test_readme_opens_with_run_and_test_commands():
    run, test = readme_commands()[:2]
    assert "pip install -e ." in run and "flask --app scorekeeper run" in run
    assert "pytest" in test


def test_ci_runs_the_readme_test_command():
    test = readme_commands()[1]
    ci_lines = (ROOT / ".ci" / "run").read_text().splitlines()
    assert test in ci_lines
