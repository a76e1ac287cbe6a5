"""One list of settings (scorekeeper/settings.py): the app reads no other, and the table in
docs/operating.md is that list."""
import re
from pathlib import Path

from flask import Flask

from scorekeeper import settings

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "scorekeeper"


def test_the_operating_notes_table_is_the_settings_module():
    readme = (ROOT / "docs" / "operating.md").read_text()
    assert settings.markdown_table() in readme
    section = readme.split("## Settings\n", 1)[1].split("\n\n")[1]  # the table after the words
    listed = re.findall(r"^\| `([A-Z_]+)` \|", section, re.M)
    assert listed == [s.name for s in settings.SETTINGS]


def test_every_setting_the_code_reads_is_in_the_list():
    names = {s.name for s in settings.SETTINGS}
    read = set()
    for path in PACKAGE.rglob("*.py"):
        read |= set(re.findall(r"""config(?:\.get\(|\[)["']([A-Z_]+)["']""", path.read_text()))
    made_here = {"BABEL_TRANSLATION_DIRECTORIES", "SQLALCHEMY_ENGINE_OPTIONS"}  # derived at start-up
    assert read - made_here <= names, sorted(read - made_here - names)
    assert {"PROXY_FIX", "GC_GUARD", "STORAGE_STATE_DIR", "RATELIMIT_CREATION"} <= read


def test_only_the_settings_module_reads_the_environment():
    readers = [p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*.py")
               if re.search(r"from_prefixed_env|os\.environ|os\.getenv", p.read_text())]
    assert readers == ["settings.py"]


def test_defaults_then_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("FLASK_PROXY_FIX", "1")
    monkeypatch.setenv("FLASK_RATELIMIT_JUDGE", "5 per minute")
    app = Flask("probe", instance_path=str(tmp_path))
    settings.load(app)
    assert app.config["PROXY_FIX"] == 1 and app.config["RATELIMIT_JUDGE"] == "5 per minute"
    assert app.config["RATELIMIT_CREATION"] == "20 per minute; 200 per day"
    assert app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite:///" + str(tmp_path))
    assert len(app.config["SECRET_KEY"]) == 64  # made and kept in the instance folder
