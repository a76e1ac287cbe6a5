"""The README's two opening commands stay true (CI runs the test one verbatim), and its links
lead to files that are in the repository."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def readme_commands() -> list[str]:
    return re.findall(r"```(?:sh|bash)\n(.+?)\n```", (ROOT / "README.md").read_text())


def test_readme_opens_with_run_and_test_commands():
    run, test = readme_commands()[:2]
    assert "pip install -e ." in run and "flask --app scorekeeper run" in run
    assert "pytest" in test


def test_a_parent_is_told_how_to_get_the_code_and_start_it_on_windows_too():
    text = (ROOT / "README.md").read_text()
    start = text.split("```sh", 1)[0] + text.split("```sh", 2)[1]  # what comes before and around the first command
    assert "Download ZIP" in start and "git clone" in start and "terminal" in start
    windows = re.findall(r"`([^`]*\\Scripts\\[^`]*)`", text)
    assert "py -m venv .venv" in text and any("pip install -e ." in line for line in windows)
    assert any("flask --app scorekeeper run" in line for line in windows)
    # "next time" for the phones keeps the host, on both kinds of computer
    next_time = text.split("Next time", 1)[1].split("\n\n", 1)[0]
    assert next_time.count("flask --app scorekeeper run --host 0.0.0.0") == 2 and "\\Scripts\\" in next_time


def test_ci_runs_the_readme_test_command():
    test = readme_commands()[1]
    ci_lines = (ROOT / ".ci" / "run").read_text().splitlines()
    assert test in ci_lines


def test_every_relative_link_in_the_docs_is_a_file_in_the_repository():
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    checked = 0
    for page in pages:
        for target in re.findall(r"\]\(([^)\s]+)\)", page.read_text()):
            if re.match(r"^([a-z]+:|#)", target):
                continue  # a web address or a place on the same page
            checked += 1
            assert (page.parent / target.split("#")[0]).exists(), f"{page.name} links to {target}"
    assert checked >= 3  # the screenshot, the API contract, the judge's API
