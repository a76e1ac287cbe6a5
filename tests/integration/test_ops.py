"""Production serving (issue 7): gunicorn as docs/operating.md says, /healthz, one log line per error."""
import re
import subprocess
import sys

from flask import Flask
from sqlalchemy import create_engine, text
from sqlalchemy.pool import NullPool

import scorekeeper
from scorekeeper import create_app, database
from scorekeeper.models import db
from scorekeeper.operations.logs import LOG_FORMAT, OneLineFormatter

from tests.support.servers import ROOT, Server, readme_gunicorn_command


def test_healthz_checks_the_database(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json == {"status": "ok", "database": "ok", "templates": "ok"}
    assert response.headers["Cache-Control"] == "no-store"


def one_line_records(caplog) -> list[str]:
    """What the app logged, formatted as the server writes it to stderr."""
    formatter = OneLineFormatter(LOG_FORMAT)
    lines = [formatter.format(r) for r in caplog.records if r.name == "scorekeeper"]
    assert all("\n" not in line for line in lines), lines
    return lines


def test_healthz_fails_when_the_database_does_not_answer(make_app, fresh_database, caplog):
    app = make_app(fresh_database(), MIGRATE_ON_START=False)  # no tables at all
    response = app.test_client().get("/healthz")
    assert response.status_code == 503 and response.json["status"] == "error"
    lines = one_line_records(caplog)
    assert len(lines) == 1 and "healthz: database check failed" in lines[0], lines


def test_healthz_fails_when_the_templates_cannot_be_found(make_app, database_url, monkeypatch,
                                                         tmp_path, caplog):
    """An install that lost templates/ (a wheel without them) fails every page: it is not healthy."""
    monkeypatch.setattr(scorekeeper, "ROOT", tmp_path)  # a checkout with no templates/ in it
    response = make_app(database_url).test_client().get("/healthz")
    assert response.status_code == 503
    assert response.json == {"status": "error", "database": "ok", "templates": "unavailable"}
    lines = one_line_records(caplog)
    assert len(lines) == 1 and "healthz: templates check failed" in lines[0], lines
    assert "base.html" in lines[0], lines


def test_an_unexpected_error_is_one_log_line_and_a_plain_page(app, caplog):
    @app.get("/boom")
    def boom():
        return 1 / 0

    response = app.test_client().get("/boom", headers={"Accept": "text/html"})
    assert response.status_code == 500
    page = response.get_data(as_text=True)
    assert "ZeroDivisionError" not in page and "Traceback" not in page and "nothing was changed" in page
    lines = one_line_records(caplog)
    assert len(lines) == 1, lines
    assert "ERROR" in lines[0] and "Unhandled error on GET /boom" in lines[0]
    assert "Traceback" in lines[0] and "ZeroDivisionError: division by zero" in lines[0]


def test_debug_is_off_by_default(monkeypatch, tmp_path):
    monkeypatch.delenv("FLASK_DEBUG", raising=False)
    monkeypatch.setenv("FLASK_SQLALCHEMY_DATABASE_URI", f"sqlite:///{tmp_path / 'x.sqlite3'}")
    monkeypatch.setenv("FLASK_SECRET_KEY", "x")
    app = create_app()
    assert app.debug is False and app.testing is False
    with app.app_context():
        db.engine.dispose()


def test_postgres_urls_use_psycopg_3():
    app = Flask("probe")
    for given in ("postgres://u:p@h/db", "postgresql://u:p@h/db", "postgresql+psycopg://u:p@h/db"):
        app.config["SQLALCHEMY_DATABASE_URI"] = given
        database.configure(app)
        assert app.config["SQLALCHEMY_DATABASE_URI"] == "postgresql+psycopg://u:p@h/db"
        assert app.config["SQLALCHEMY_ENGINE_OPTIONS"]["pool_pre_ping"] is True


def test_the_operating_notes_promise_what_the_tests_check():
    section = (ROOT / "docs" / "operating.md").read_text()
    for promise in ("gunicorn", "/healthz", "PostgreSQL", "Content-Security-Policy", "frame-ancestors",
                    "nosniff", "Referrer-Policy", "HttpOnly", "SameSite=Lax", "Secure", "CSRF",
                    "flask --app scorekeeper backup", "flask --app scorekeeper restore", "WAL"):
        assert promise in section, promise
    argv = readme_gunicorn_command()
    assert argv[-1] == "scorekeeper:create_app()" and "--workers" in argv and "--bind" in argv


def drop_games_table(url: str) -> None:
    engine = create_engine(url, poolclass=NullPool)
    with engine.begin() as conn:
        conn.execute(text("DROP TABLE table_game_seats"))
        conn.execute(text("DROP TABLE held_cards"))
        conn.execute(text("DROP TABLE hand_scores"))
        conn.execute(text("DROP TABLE hands"))
        conn.execute(text("DROP TABLE players"))
        conn.execute(text("DROP TABLE device_games"))
        conn.execute(text("DROP TABLE deleted_hands"))
        conn.execute(text("DROP TABLE games"))
    engine.dispose()


def test_two_gunicorn_servers_share_one_database(fresh_database, tmp_path):
    """The documented gunicorn command, twice at once on one new database (PostgreSQL: several
    machines; SQLite: several servers on one machine): both upgrade safely and serve one truth."""
    url = fresh_database()
    one = Server(url, tmp_path / "one.log", workers=1, threads=4)
    two = Server(url, tmp_path / "two.log", workers=2, threads=2)
    try:
        one.launch(), two.launch()  # both at once: they take turns upgrading the schema
        one.ready(), two.ready()
        status, game = one.request("POST", "/api/games", {"players": ["Ana", "Ben"]})
        assert status == 201
        for i in range(6):
            server = (one, two)[i % 2]
            status, body = server.request("POST", f"/api/games/{game['id']}/hands",
                                          {"held": {"Ana": [], "Ben": [str(i)]}, "request_id": f"r{i}"},
                                          key=game["edit_key"])
            assert status == 201, body
        assert one.request("GET", f"/api/games/{game['id']}") == two.request("GET", f"/api/games/{game['id']}")
        assert one.request("GET", f"/api/games/{game['id']}")[1]["standings"]["winner-takes-points"]["Ana"] == 15
        status, page = two.request("GET", "/")
        assert status == 200 and "Scorekeeper" in page

        # Break the database under them: one plain 500 page, one log line, /healthz says 503.
        drop_games_table(url)
        status, page = one.request("GET", f"/games/{game['id']}")
        assert status == 500 and "Traceback" not in str(page)
        assert one.request("GET", "/healthz")[0] == 503
    finally:
        one.kill()
        two.kill()
    log = one.log_text()
    errors = [line for line in log.splitlines() if f"Unhandled error on GET /games/{game['id']}" in line]
    assert len(errors) == 1, log
    assert not any(line.startswith(("Traceback", "  File ")) for line in log.splitlines()), log
    assert "Booting worker" in log and "[DEBUG]" not in log


def test_the_app_refuses_to_start_on_postgresql_without_a_shared_secret():
    try:
        create_app({"SQLALCHEMY_DATABASE_URI": "postgresql+psycopg://nobody@127.0.0.1:1/none"})
    except RuntimeError as err:
        assert "FLASK_SECRET_KEY" in str(err)
    else:
        raise AssertionError("started on PostgreSQL with a secret made up by this server alone")


def test_a_workers_first_storage_failure_line_is_formatted(tmp_path):
    """In a fresh process, before anything used app.logger: level and logger name from the first line."""
    script = (
        "from scorekeeper import create_app\n"
        "from scorekeeper.services import storage\n"
        f"app = create_app({{'SQLALCHEMY_DATABASE_URI': 'sqlite:///{tmp_path / 'x.sqlite3'}', "
        f"'SECRET_KEY': 'x', 'STORAGE_STATE_DIR': '{tmp_path}'}})\n"
        "with app.test_request_context('/'):\n"
        "    storage.storage_failed(RuntimeError('disk full'))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    lines = [line for line in done.stderr.splitlines() if "storage failure" in line]
    assert len(lines) == 1 and re.search(r" ERROR scorekeeper: storage failure, nothing saved: disk full$",
                                         lines[0]), done.stderr
