"""A table's screen (/tables/<id>/live, issue 28): a watcher's large view of the table's current
game that polls with an ETag and follows the table to its next game; the scoreboard's links
to its table and, once over, to the game that came next. Runs on SQLite and PostgreSQL."""
import re

from tests.support.helpers import post_hand

from .test_tables import count_statements, keeper_client, new_table, play


def poll(client, table, etag=None):
    headers = {"If-None-Match": etag} if etag else {}
    return client.get(f"/tables/{table['id']}/live/board", headers=headers)


def totals(page: str) -> dict[str, int]:
    rows = re.findall(r'<th scope="row">(?:<bdi>)?([^<]+?)(?:</bdi>)?(?: <span class="lead-mark">.*?</span>)?</th>\s*'
                      r"<td>(\d+)</td>", page, re.S)
    return {name.strip(): int(total) for name, total in rows}


def test_the_screen_follows_the_table_from_game_to_game_for_a_watcher(app, client):
    table = new_table(client)
    watcher = app.test_client()  # no key, no cookie
    empty = watcher.get(f"/tables/{table['id']}/live")
    assert empty.status_code == 200 and "No game at this table yet." in empty.get_data(as_text=True)
    first = poll(watcher, table)
    etag = first.headers["ETag"]
    assert poll(watcher, table, etag).status_code == 304

    game = play(client, table, ["Ana", "Ben", "Cy"], [{"Ana": [], "Ben": ["7"], "Cy": ["wild"]}], target=100)
    moved = poll(watcher, table, etag)
    assert moved.status_code == 200
    page = moved.get_data(as_text=True)
    # winner takes points: Ana takes 7 + 50; Ben deals hand 2 (the first player dealt hand 1)
    assert totals(page) == {"Ana": 57, "Ben": 0, "Cy": 0}
    assert "Ben deals hand 2." in page and "Hand 1: Ana went out." in page and "+57" in page
    etag = moved.headers["ETag"]
    assert poll(watcher, table, etag).status_code == 304

    post_hand(client, game, {"Ana": [], "Ben": ["wild"], "Cy": ["skip"]})  # Ana 127: over
    over = poll(watcher, table, etag)
    assert over.status_code == 200 and "Ana wins!" in over.get_data(as_text=True)
    assert totals(over.get_data(as_text=True))["Ana"] == 127

    keeper = keeper_client(app, table)
    rematch = keeper.post(f"/tables/{table['id']}/rematch?scoring=lowest-total", data={"game": game["id"]})
    new_id = rematch.headers["Location"].rsplit("/", 1)[1]
    followed = poll(watcher, table, over.headers["ETag"])
    page = followed.get_data(as_text=True)
    assert followed.status_code == 200 and f"/games/{new_id}" in page and "Lowest total" in page
    assert totals(page) == {"Ana": 0, "Ben": 0, "Cy": 0}
    full = watcher.get(f"/tables/{table['id']}/live").get_data(as_text=True)
    assert f"/games/{new_id}" in full and 'data-live="/tables/' in full
    assert watcher.get("/tables/no-such-table-here/live").status_code == 404


def test_a_team_game_shows_one_line_per_team(app, client):
    table = new_table(client)
    play(client, table, ["Ana", "Ben", "Cy", "Dee"], [{"Ana": [], "Ben": ["7"], "Cy": ["9"], "Dee": ["skip"]}],
         teams=[["Ana", "Cy"], ["Ben", "Dee"]])
    page = poll(client, table).get_data(as_text=True)
    # Ana's team takes the other team's cards: 7 + 20 (Cy's 9 counts for nobody)
    rows = [(re.sub(r"<[^>]+>", "", name).split("★")[0].strip(), int(total)) for name, total in
            re.findall(r'<th scope="row">(.*?)</th>\s*<td>(\d+)</td>', page, re.S)]
    assert rows == [("Ana & Cy", 27), ("Ben & Dee", 0)]


def test_the_screens_poll_costs_the_same_for_1_or_12_games(app, client):
    small, big = new_table(client), new_table(client)
    for table, count in ((small, 1), (big, 12)):
        for _ in range(count):
            play(client, table, ["Ana", "Ben"], [{"Ana": [], "Ben": ["5"]}])
    etags = {t["id"]: poll(client, t).headers["ETag"] for t in (small, big)}
    costs = [count_statements(app, lambda t=t: poll(client, t, etags[t["id"]])) for t in (small, big)]
    # one statement (run as a PlainSelect, outside the engine's events), then a bodiless 304
    assert costs[0] == costs[1] <= 1, costs


def test_a_table_games_scoreboard_links_its_table_its_screen_and_the_game_that_came_next(app, client):
    table = new_table(client)
    game = play(client, table, ["Ana", "Ben"], [{"Ana": [], "Ben": ["wild"]}], target=40)
    board = client.get(game["url"]).get_data(as_text=True)
    assert f'href="/tables/{table["id"]}"' in board and f'href="/tables/{table["id"]}/live"' in board
    next_link = f"/tables/{table['id']}/after/{game['id']}"
    assert next_link in board  # finished: where its rematch will be
    waiting = client.get(next_link)
    assert waiting.status_code == 302 and waiting.headers["Location"].endswith(game["url"])
    rematch = keeper_client(app, table).post(f"/tables/{table['id']}/rematch", data={"game": game["id"]})
    new_url = rematch.headers["Location"]
    assert client.get(next_link).headers["Location"].endswith(new_url.rsplit("/", 2)[-2] + "/" + new_url.rsplit("/", 1)[1])
    loose = client.post("/api/games", json={"players": ["X", "Y"]}).json
    assert 'href="/tables/' not in client.get(loose["url"]).get_data(as_text=True)
    assert client.get(f"/tables/{table['id']}/after/{loose['id']}").status_code == 404


def test_nobody_leads_before_the_first_hand(app, client):
    table = new_table(client)
    game = play(client, table, ["Ana", "Ben", "Cy"], [])
    fresh = poll(client, table).get_data(as_text=True)
    assert totals(fresh) == {"Ana": 0, "Ben": 0, "Cy": 0}
    assert "lead-mark" not in fresh and 'class="leads"' not in fresh
    post_hand(client, game, {"Ana": ["7"], "Ben": [], "Cy": ["wild"]})
    after = poll(client, table).get_data(as_text=True)
    assert after.count('class="lead-mark"') == 1 and re.search(r'class="leads"><th scope="row">(<bdi>)?Ben', after)
    other = new_table(client)
    play(client, other, ["Ana", "Ben", "Cy", "Dee"], [], teams=[["Ana", "Cy"], ["Ben", "Dee"]])
    teams = poll(client, other).get_data(as_text=True)
    assert teams.count("<th scope=\"row\">") == 2 and "lead-mark" not in teams
