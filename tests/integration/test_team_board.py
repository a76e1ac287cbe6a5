"""A team game's scoreboard, live part, chart and every-hand page: team totals recounted from
the stored cards, the players' cards still shown one by one."""
from __future__ import annotations

import html
import re

import pytest

from .test_team_api import HELD, PLAYERS, TEAMS, play
from .test_team_games import recount


def team_rows(page: str) -> list[tuple[str, int]]:
    body = page.split('class="standings teams"', 1)[1].split("</table>", 1)[0]
    rows = re.findall(r'<th scope="row"><span class="team-no">([^<]+)</span>(.*?)</th>\s*<td class="num">(\d+)</td>', body, re.S)
    return [(re.sub(r"<[^>]+>", "", names).split("leads")[0].split("wins")[0].strip(), int(score))
            for _no, names, score in rows]


@pytest.mark.parametrize("scoring", ["winner-takes-points", "lowest-total"])
def test_the_watch_view_shows_team_totals_recounted_from_the_cards(client, scoring):
    game = client.post("/api/games", json={"players": PLAYERS, "teams": TEAMS, "scoring": scoring,
                                           "target": 10000}).json
    for held in HELD:
        play(client, game, held)
    stored = [(next(n for n, c in h.items() if not c), {n: c for n, c in h.items() if c}) for h in HELD]
    expected = recount(scoring, stored)
    watcher = client.application.test_client()
    page = html.unescape(watcher.get(f"/games/{game['id']}").get_data(as_text=True))
    assert team_rows(page) == [("Ana & Cy", expected[0]), ("Ben & Dee", expected[1])]
    assert 'class="standings">' not in page  # no per-player standings to mistake for the score
    assert "Ana &amp; Cy" in watcher.get(f"/games/{game['id']}").get_data(as_text=True)  # chart label
    live = html.unescape(watcher.get(f"/games/{game['id']}/board").get_data(as_text=True))
    assert team_rows(live) == team_rows(page)
    every = html.unescape(watcher.get(f"/games/{game['id']}/hands").get_data(as_text=True))
    assert f"<b>{expected[0]}</b>" in every and "red-9" not in every  # cards shown as chips


def test_winner_takes_points_shows_the_teams_gain_beside_who_went_out(client):
    game = client.post("/api/games", json={"players": PLAYERS, "teams": TEAMS, "target": 10000}).json
    play(client, game, HELD[0])  # Ana out: her side gains Ben 59 + Dee 20, not Cy's 5
    page = html.unescape(client.get(f"/games/{game['id']}").get_data(as_text=True))
    assert "+79 · <b>79</b>" in page and "+84" not in page


def test_the_winning_team_is_named_together(client):
    game = client.post("/api/games", json={"players": PLAYERS, "teams": TEAMS, "target": 79}).json
    play(client, game, HELD[0])
    page = html.unescape(client.get(f"/games/{game['id']}").get_data(as_text=True))
    assert "Ana and Cy win!" in re.sub(r"<[^>]+>", "", page)


def test_the_keepers_rematch_says_the_teams_stay(app, client):
    game = client.post("/api/games", json={"players": PLAYERS, "teams": TEAMS, "target": 79}).json
    play(client, game, HELD[0])
    app.config["WTF_CSRF_ENABLED"] = False
    assert client.post(f"/games/{game['id']}/keep-score", data={"key": game["edit_key"]}).status_code == 302
    page = re.sub(r"<[^>]+>", "", html.unescape(client.get(f"/games/{game['id']}").get_data(as_text=True)))
    assert "Same players, teams and rules; Ben deals first." in page
    polish = client.get(f"/games/{game['id']}", headers={"Accept-Language": "pl"}).get_data(as_text=True)
    assert "Ci sami gracze, drużyny i zasady" in polish


def test_a_family_table_shows_each_team_games_totals_and_counts_best_hands_by_team(client):
    table = client.post("/api/tables", json={"name": "Kitchen"}).json
    game = client.post("/api/games", json={"players": PLAYERS, "teams": TEAMS, "target": 10000,
                                           "table": table["id"]},
                       headers={"Authorization": f"Bearer {table['edit_key']}"}).json
    for held in HELD:
        assert play(client, game, held).status_code == 201
    stored = [(next(n for n, c in h.items() if not c), {n: c for n, c in h.items() if c}) for h in HELD]
    expected = recount("winner-takes-points", stored)
    page = html.unescape(re.sub(r"<[^>]+>", "", client.get(f"/tables/{table['id']}").get_data(as_text=True)))
    assert f"Ana & Cy {expected[0]}, Ben & Dee {expected[1]}" in page
    # Best hand: what going out won from the other team. Ana's first hand won Ben 59 + Dee 20;
    # her partner Cy's 5 counts for nobody, so not 84. Dee's: Ana 7 + Cy 51, not Ben's 2 too
    # (60); Cy's: Ben 20 + Dee 9, not Ana's 3 too (32).
    best = {p["name"]: p["best_hand"] for p in client.get(f"/api/tables/{table['id']}").json["players"]}
    assert best == {"Ana": 79, "Ben": 0, "Cy": 29, "Dee": 58}
