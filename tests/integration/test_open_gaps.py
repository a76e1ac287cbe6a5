"""Issue 30, gaps left open: each attack reproduced, each answered as a person would expect."""
from __future__ import annotations

import json
import re
from html import unescape
from html.parser import HTMLParser

import pytest

from scorekeeper import create_app
from scorekeeper.models import db

from tests.integration.test_team_forms import games, keeper
from tests.support.helpers import keep_score, new_game, post_hand

OPENS_ISOLATE, OPENS_EMBEDDING = set("\u2066\u2067\u2068"), set("\u202a\u202b\u202d\u202e")
PDI, PDF = "\u2069", "\u202c"


class BdiTexts(HTMLParser):
    """The text of every <bdi> element, whole."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.depth, self.texts = 0, []

    def handle_starttag(self, tag, attrs):
        if tag == "bdi":
            self.depth += 1
            self.texts.append("")

    def handle_endtag(self, tag):
        if tag == "bdi":
            self.depth -= 1

    def handle_data(self, data):
        if self.depth:
            self.texts[-1] += data


def closes_only_what_it_opens(text: str) -> bool:
    """No PDI or PDF without its opener (UAX #9 pairing); the isolate's end closes the rest."""
    opened: list[str] = []
    for ch in text:
        if ch in OPENS_ISOLATE or ch in OPENS_EMBEDDING:
            opened.append(ch)
        elif ch == PDI:
            if not any(c in OPENS_ISOLATE for c in opened):
                return False
            while opened.pop() not in OPENS_ISOLATE:
                pass
        elif ch == PDF:
            if not opened or opened.pop() in OPENS_ISOLATE:
                return False
    return True


@pytest.mark.parametrize("name", ["\u2069\u202eAna", "Ben\u2069\u2069\u202e", "\u202c\u2067Cy"])
def test_a_name_with_stray_bidi_controls_cannot_close_the_pages_isolate(client, name):
    game = new_game(client, players=[name, "Dee"])
    keep_score(client, game)
    post_hand(client, game, {name: [], "Dee": ["7"]})
    for path in (f"/games/{game['id']}", f"/games/{game['id']}/hands/new"):
        page = client.get(path).get_data(as_text=True)
        bdis = BdiTexts()
        bdis.feed(page)
        assert bdis.texts and all(closes_only_what_it_opens(t) for t in bdis.texts), bdis.texts
        title = re.search(r"<title>(.*?)</title>", page, re.S)[1]
        assert closes_only_what_it_opens(unescape(title)), title
    assert client.get(f"/api/games/{game['id']}").json["players"][0]["name"] == name  # kept as typed


def test_team_names_on_the_keypad_are_escaped_once(client):
    game = new_game(client, players=["O'Brien", "Ana", "B<b>en", "Dee"],
                    teams=[["O'Brien", "B<b>en"], ["Ana", "Dee"]])
    keep_score(client, game)
    keypad = client.get(f"/games/{game['id']}/hands/new").get_data(as_text=True)
    names = json.loads(unescape(re.search(r'data-team-names="([^"]+)"', keypad)[1]))
    assert names == ["O'Brien & B<b>en", "Ana & Dee"]


@pytest.mark.parametrize("value", ["²", "①", "١"])
def test_a_table_start_with_a_unicode_digit_for_a_team_is_a_clear_error(app, client, value):
    table = keeper(app, client)
    before = games(app)
    page = client.post(f"/tables/{table['id']}/games",
                       data={"seat": ["Ana", "Ben", "Cy"], "team:Ana": "1", "team:Ben": "2", "team:Cy": value})
    assert page.status_code == 422 and games(app) == before
    assert "Cy is in no team" in page.get_data(as_text=True)


def test_a_secret_key_made_only_of_digits_signs_forms(monkeypatch, tmp_path):
    monkeypatch.setenv("FLASK_SQLALCHEMY_DATABASE_URI", f"sqlite:///{tmp_path / 'digits.sqlite3'}")
    monkeypatch.setenv("FLASK_SECRET_KEY", "12345678901234567890")
    monkeypatch.setenv("FLASK_GC_FREEZE", "false")
    app = create_app()
    try:
        assert app.config["SECRET_KEY"] == "12345678901234567890"
        client = app.test_client()
        for path in ("/games/new", "/tables/new", "/judge"):
            assert client.get(path).status_code == 200, path
    finally:
        with app.app_context():
            db.engine.dispose()


def test_a_phone_on_https_never_adopts_a_planted_plain_device_cookie(app, csrf_off):
    """An attacker gets an id from the server over plain HTTP and plants it as `device` in a
    phone that uses HTTPS: what the phone then creates must not open to the attacker's id."""
    attacker, phone = app.test_client(), app.test_client()
    attacker.get(f"/games/{new_game(attacker)['id']}")  # a first look: the server issues an id
    planted = attacker.get_cookie("device").value
    phone.set_cookie("device", planted)
    made = phone.post("/games/new", base_url="https://localhost",
                      data={"players-0": "Ana", "players-1": "Ben", "edition": "classic",
                            "scoring": "winner-takes-points", "target": "500"})
    assert made.status_code == 302
    game_id = made.headers["Location"].rstrip("/").split("/")[-1]
    own = phone.get_cookie("__Host-device", domain="localhost")
    assert own is not None and own.value.split(".")[0] != planted.split(".")[0]
    assert phone.get(f"/games/{game_id}/hands/new", base_url="https://localhost").status_code == 200
    assert attacker.get(f"/games/{game_id}/hands/new").status_code == 403
    assert attacker.get(f"/games/{game_id}/hands/new", base_url="https://localhost",
                        headers={"Cookie": f"device={planted}"}).status_code == 403
