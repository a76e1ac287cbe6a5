"""The family league of a table (issue 22): recomputed here from each game's own API answer
by a second, naive method and compared with the API and the page; seasons."""
from __future__ import annotations

import html
import re
from fractions import Fraction

from .test_tables import keeper_client, new_table, play

# Finished: 1 (Ana, to 30), 2 (lowest total: Cy wins when Ben passes 40), 4 (Ana & Cy as a
# team; lowest total too, the table's last setting). Unfinished: 3.
# Games are played in this order.
GAMES = [
    (["Ana", "Ben", "Cy"], {"target": 30}, [{"Ana": [], "Ben": ["red-7", "9"], "Cy": ["skip"]}]),
    (["Ben", "Cy", "Dee"], {"target": 40, "scoring": "lowest-total"},
     [{"Ben": ["wild"], "Cy": [], "Dee": ["2"]}]),
    (["Ana", "Dee"], {"target": 500}, [{"Ana": [], "Dee": ["4"]}]),
    (["Ana", "Ben", "Cy", "Dee"], {"target": 50, "teams": [["Ana", "Cy"], ["Ben", "Dee"]]},
     [{"Cy": [], "Ana": ["3"], "Ben": ["wild"], "Dee": ["skip"]}]),
]


def naive_league(client, table_json) -> list[dict]:
    rows: dict[str, dict] = {}
    for listed in reversed(table_json["games"]):  # oldest first
        state = client.get(f"/api/games/{listed['id']}").json
        if not state["finished"]:
            continue
        team_score = {name: t["score"] for t in state.get("teams", []) for name in t["players"]}
        for player in state["players"]:
            name = player["name"]
            row = rows.setdefault(name, {"name": name, "games_played": 0, "games_won": 0, "points": 0,
                                         "points_by_system": {}, "streak": 0})
            won = name in state["winners"]
            points = team_score.get(name, player["score"])
            row["games_played"] += 1
            row["games_won"] += won
            row["points"] += points
            row["points_by_system"][state["scoring"]] = row["points_by_system"].get(state["scoring"], 0) + points
            row["streak"] = row["streak"] + 1 if won else 0
    return sorted(rows.values(), key=lambda r: (-r["games_won"], -Fraction(r["games_won"], r["games_played"]),
                                                -r["streak"], r["name"].casefold()))


def league_table(client):
    table = new_table(client)
    for players, options, hands in GAMES:
        play(client, table, players, hands, **options)
    return table


def test_the_league_equals_a_naive_recount_of_the_finished_games(client):
    table = league_table(client)
    state = client.get(f"/api/tables/{table['id']}").json
    league = state["league"]
    expected = naive_league(client, state)
    assert [{k: v for k, v in row.items() if k != "rival"} for row in league] == expected
    assert [r["name"] for r in league][:2] == ["Ana", "Cy"]  # two wins each (one as partners)
    names = {r["name"] for r in league}
    assert all(r["rival"] in names - {r["name"]} for r in league)
    dee = next(r for r in league if r["name"] == "Dee")
    assert dee["games_played"] == 2  # the unfinished game counts for nothing
    stats = {p["name"]: p["games_won"] for p in state["players"]}
    assert stats == {"Ana": 2, "Ben": 0, "Cy": 2, "Dee": 0}  # the team game counts for both partners


def test_the_table_page_shows_the_league_best_first(client):
    table = league_table(client)
    page = html.unescape(client.get(f"/tables/{table['id']}").get_data(as_text=True))
    section = page.split('id="league"', 1)[1].split("</section>", 1)[0]
    shown = re.findall(r"<li><strong>(?:<bdi>)?([^<]+)", section)
    assert shown == [r["name"] for r in client.get(f"/api/tables/{table['id']}").json["league"]]
    assert "won 2 of 2" in section and "Lowest total" in section


def test_a_new_season_starts_from_nothing_and_the_old_one_stays_readable(app, client):
    table = league_table(client)
    before = client.get(f"/api/tables/{table['id']}").json["league"]
    watcher = app.test_client()
    assert watcher.post(f"/tables/{table['id']}/seasons").status_code in (400, 403)
    keeper = keeper_client(app, table)
    started = keeper.post(f"/tables/{table['id']}/seasons")
    assert started.status_code == 302
    assert client.get(f"/api/tables/{table['id']}").json["league"] == []
    old = html.unescape(client.get(f"/tables/{table['id']}/league/1").get_data(as_text=True))
    assert re.findall(r"<li><strong>(?:<bdi>)?([^<]+)", old) == [r["name"] for r in before]
    assert client.get(f"/tables/{table['id']}/league/3").status_code == 404
    play(client, table, ["Ana", "Ben"], [{"Ana": [], "Ben": ["wild"]}], target=40)
    now = client.get(f"/api/tables/{table['id']}").json["league"]
    assert [(r["name"], r["games_won"]) for r in now] == [("Ana", 1), ("Ben", 0)]
    page = client.get(f"/tables/{table['id']}").get_data(as_text=True)
    assert f'/tables/{table["id"]}/league/1' in page


def test_starting_a_season_needs_the_csrf_token(app, client):
    table = league_table(client)
    keeper = keeper_client(app, table)
    app.config["WTF_CSRF_ENABLED"] = True
    assert keeper.post(f"/tables/{table['id']}/seasons").status_code == 400
