"""The family league of a table (issue 22): counted here from each game's own API answer by
the tests' plain league (tests/support/league_model.py) and compared with the API and the
page; seasons."""
from __future__ import annotations

import html
import re
from dataclasses import asdict
from datetime import datetime, timedelta

from tests.support.league_model import FinishedGame, league

from .test_tables import keeper_client, new_table, play

START = datetime(2026, 11, 1, 20, 0)

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


def model_league(client, table_json) -> list[dict]:
    """The league counted plainly (tests/support/league_model.py) from each finished game's own
    API answer, as the API words a row."""
    finished = []
    for n, listed in enumerate(reversed(table_json["games"])):  # oldest first: each ended before the next began
        state = client.get(f"/api/games/{listed['id']}").json
        if state["finished"]:
            teams = state.get("teams", [])
            totals = {p["name"]: next((t["score"] for t in teams if p["name"] in t["players"]), p["score"])
                      for p in state["players"]}
            finished.append(FinishedGame(listed["id"], START + timedelta(minutes=n), tuple(totals), state["scoring"],
                                         totals, tuple(state["winners"]), tuple(tuple(t["players"]) for t in teams)))
    return [{"name" if key == "player" else key: value for key, value in asdict(row).items()}
            for row in league(finished)]


def league_table(client):
    table = new_table(client)
    for players, options, hands in GAMES:
        play(client, table, players, hands, **options)
    return table


def test_the_league_equals_a_plain_count_of_the_finished_games(client):
    table = league_table(client)
    state = client.get(f"/api/tables/{table['id']}").json
    league = state["league"]
    assert league == model_league(client, state)
    assert [(r["name"], r["rank"], r["tied"]) for r in league][:2] == [("Ana", 1, False), ("Cy", 2, False)]
    # Ana won 2 of 2, Cy 2 of 3 (one as Ana's partner). Rivals: finished two games or more
    # against each other. Ana met Ben twice (games 1, 4) but Cy only once (game 4 as partners);
    # Dee met Cy twice (games 2, 4), Ben once (game 4 as partners)
    rivals = {r["name"]: r["rival"] for r in league}
    assert (rivals["Ana"], rivals["Dee"]) == ("Ben", "Cy")
    dee = next(r for r in league if r["name"] == "Dee")
    assert dee["games_played"] == 2  # the unfinished game counts for nothing
    stats = {p["name"]: p["games_won"] for p in state["players"]}
    assert stats == {"Ana": 2, "Ben": 0, "Cy": 2, "Dee": 0}  # the team game counts for both partners


def page_blocks(page: str) -> list[tuple[str, list[tuple[str, str, bool]]]]:
    """Each standing on a league page: its heading, and its rows (rank, name, marked tied)."""
    section = page.split('id="league"', 1)[1].split("</section>", 1)[0] if 'id="league"' in page else page
    blocks = []
    for part in section.split('<h3 class="league-system">')[1:]:
        heading = re.sub(r"<[^>]+>", "", part.split("</h3>", 1)[0])
        rows = [(rank, name, "tied" in rest.split("<span>", 1)[0]) for rank, name, rest in
                re.findall(r'<li value="(\d+)"><strong>(?:<bdi>)?([^<]+)(.*?)</li>', part, re.S)]
        blocks.append((heading, rows))
    return blocks


def test_the_table_page_shows_one_standing_per_system_with_its_direction(client):
    table = league_table(client)
    page = html.unescape(client.get(f"/tables/{table['id']}").get_data(as_text=True))
    api = client.get(f"/api/tables/{table['id']}").json["league_by_system"]
    shown = page_blocks(page)
    assert [heading.split(" · ")[0] for heading, _ in shown] == ["Winner takes points", "Lowest total"]
    assert [b["scoring"] for b in api] == ["winner-takes-points", "lowest-total"]
    for (heading, rows), block in zip(shown, api):
        assert rows == [(str(r["rank"]), r["name"], r["tied"]) for r in block["rows"]]
    # winner takes points: game 1 only (Ana won). Lowest total: game 2 (Cy won) and the team
    # game 4 (Ana & Cy won): Cy 2 of 2, Ana 1 of 1, Ben and Dee 0 of 2 (tied, sharing 3rd;
    # Dee's 2 points in game 2 before Ben's 50, fewer being better there)
    lowest = [(r["name"], r["rank"], r["tied"]) for r in api[1]["rows"]]
    assert lowest == [("Cy", 1, False), ("Ana", 2, False), ("Dee", 3, True), ("Ben", 3, True)]
    lowest = {r["name"]: r for r in api[1]["rows"]}
    assert lowest["Ana"]["points_by_system"] == {} and lowest["Cy"]["points_by_system"] == {"lowest-total": 0}
    section = page.split('id="league"', 1)[1]
    assert "lower is better" in section and "higher is better" in section
    assert "Lowest total:" not in section and "Winner takes points:" not in section


def test_a_new_season_starts_from_nothing_and_the_old_one_stays_readable(app, client):
    table = league_table(client)
    before_blocks = client.get(f"/api/tables/{table['id']}").json["league_by_system"]
    watcher = app.test_client()
    assert watcher.post(f"/tables/{table['id']}/seasons").status_code in (400, 403)
    keeper = keeper_client(app, table)
    started = keeper.post(f"/tables/{table['id']}/seasons")
    assert started.status_code == 302
    assert client.get(f"/api/tables/{table['id']}").json["league"] == []
    old = html.unescape(client.get(f"/tables/{table['id']}/league/1").get_data(as_text=True))
    assert [name for _, rows in page_blocks(old) for _, name, _ in rows] == [
        r["name"] for b in before_blocks for r in b["rows"]]
    assert client.get(f"/tables/{table['id']}/league/3").status_code == 404
    play(client, table, ["Ana", "Ben"], [{"Ana": [], "Ben": ["wild"]}], target=40)
    now = client.get(f"/api/tables/{table['id']}").json["league"]
    assert [(r["name"], r["games_won"]) for r in now] == [("Ana", 1), ("Ben", 0)]
    page = client.get(f"/tables/{table['id']}").get_data(as_text=True)
    assert f'/tables/{table["id"]}/league/1' in page


def test_a_new_season_asks_first_for_a_keeper_only_and_not_before_a_finished_game(app, client):
    empty = new_table(client)
    keeper = keeper_client(app, empty)
    page = keeper.get(f"/tables/{empty['id']}").get_data(as_text=True)
    assert "/seasons/new" not in page  # no finished game: nothing to close
    assert keeper.post(f"/tables/{empty['id']}/seasons").status_code == 302
    assert len(client.get(f"/api/tables/{empty['id']}").json["league"]) == 0
    assert "league/2" not in keeper.get(f"/tables/{empty['id']}").get_data(as_text=True)

    table = league_table(client)
    keeper = keeper_client(app, table)
    assert "/seasons/new" not in client.get(f"/tables/{table['id']}").get_data(as_text=True)  # a watcher
    assert app.test_client().get(f"/tables/{table['id']}/seasons/new").status_code == 403
    assert f"/tables/{table['id']}/seasons/new" in keeper.get(f"/tables/{table['id']}").get_data(as_text=True)
    ask = keeper.get(f"/tables/{table['id']}/seasons/new")
    assert ask.status_code == 200 and "Start season 2?" in ask.get_data(as_text=True)
    assert len(client.get(f"/api/tables/{table['id']}").json["league"]) == 4  # asking changed nothing
    assert keeper.post(f"/tables/{table['id']}/seasons", data={"number": "2"}).status_code == 302
    # the same confirmation sent twice (a double tap, a second phone) starts one season
    assert keeper.post(f"/tables/{table['id']}/seasons", data={"number": "2"}).status_code == 302
    assert client.get(f"/tables/{table['id']}/league/2").status_code == 200
    assert client.get(f"/tables/{table['id']}/league/3").status_code == 404


def test_head_to_head_counts_partners_as_partners_and_only_finished_games(client):
    table = new_table(client)
    # Ana and Cy together against Ben and Dee (Ana's team wins), then Ana against Cy alone
    play(client, table, ["Ana", "Ben", "Cy", "Dee"], [{"Cy": [], "Ana": ["3"], "Ben": ["wild"], "Dee": ["skip"]}],
         target=50, teams=[["Ana", "Cy"], ["Ben", "Dee"]])
    play(client, table, ["Ana", "Cy"], [{"Ana": [], "Cy": ["wild"]}], target=40)
    play(client, table, ["Ana", "Cy"], [{"Cy": [], "Ana": ["1"]}], target=500)  # still going
    page = client.get(f"/tables/{table['id']}").get_data(as_text=True)
    ana = re.search(r'/players/([^"]+)">(?:<bdi>)?Ana', page)[1]
    mine = html.unescape(client.get(f"/tables/{table['id']}/players/{ana}").get_data(as_text=True))
    rows = {name: cells for name, cells in re.findall(
        r'<tr><th scope="row">(?:<bdi>)?(\w+)(?:</bdi>)?</th>(.*?)</tr>', mine, re.S)}
    numbers = {name: re.findall(r"<td>([^<]*)</td>", cells) for name, cells in rows.items()}
    # against Cy: one finished game (the second), Ana won it; once partners; the unfinished
    # third game counts for nothing
    assert numbers["Cy"] == ["1", "1", "0", "1 / 0", "1"]
    # against Ben: the team game, won by Ana's team; never partners
    assert numbers["Ben"] == ["1", "1", "0", "0 / 0", "0"]
