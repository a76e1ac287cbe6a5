"""Issue 39 where a family meets it: the new-game and table start forms (checkboxes and one
stacking choice, each with its meaning and a link to its rule), a table remembering them for its
next game, the scoreboard naming them, the rules page marking them."""
import re

from tests.integration.test_scorepad import start_game
from tests.integration.test_tables import keeper_client, new_table


def test_the_new_game_form_offers_each_rule_with_its_meaning_and_link(client):
    page = client.get("/games/new").get_data(as_text=True)
    for name, anchor in [("seven_o", "house-seven-o"), ("jump_in", "house-jump-in"),
                         ("draw_to_match", "house-draw-to-match"), ("force_play", "house-force-play"),
                         ("wild_draw4_any_time", "house-wild-draw4-any-time")]:
        assert f'name="{name}"' in page and f'#{anchor}"' in page
    assert page.count('name="stacking"') == 4 and "#house-stacking" in page
    assert "Progressive" in page and "a Wild Draw Four only on a Wild Draw Four" in page


def test_a_game_started_with_seven_o_and_jump_in_keeps_and_names_them(csrf_off, client):
    r = start_game(client, seven_o="y", jump_in="y", stacking="same-kind")
    assert r.status_code == 302
    game_id = r.headers["Location"].split("/games/")[1].split("/")[0].split("?")[0]
    rules = client.get(f"/api/games/{game_id}").json["house_rules"]
    assert rules["seven_o"] is True and rules["jump_in"] is True
    assert rules["stacking"] == "same-kind" and "force_play" not in rules
    board = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "house rules: progressive stacking, Seven-O, Jump-In" in board
    assert "the keypad still records the cards each player holds" in board
    rules_page = client.get(f"/rules/classic?game={game_id}").get_data(as_text=True)
    for anchor in ("house-seven-o", "house-jump-in"):
        article = re.search(rf"<article id={anchor}>.*?</article>", rules_page, re.S).group(0)
        assert "In force in this game." in article, anchor
    stacking = re.search(r"<article id=house-stacking>.*?</article>", rules_page, re.S).group(0)
    assert "In force in this game: progressive stacking." in stacking
    force = re.search(r"<article id=house-force-play>.*?</article>", rules_page, re.S).group(0)
    assert "not used in this game" in force


def test_a_plain_new_game_stays_as_today(csrf_off, client):
    r = start_game(client)
    game_id = r.headers["Location"].split("/games/")[1].split("/")[0].split("?")[0]
    assert client.get(f"/api/games/{game_id}").json["house_rules"] == {
        "zero_counts_ten": False, "stacking": False, "uno_penalty": None}


def test_a_table_remembers_its_house_rules_for_the_next_game(app, client):
    table = new_table(client)
    keeper = keeper_client(app, table)
    started = keeper.post(f"/tables/{table['id']}/games", data={
        "new": "Ana, Ben, Cy", "edition": "classic", "scoring": "winner-takes-points",
        "target": "500", "seven_o": "y", "wild_draw4_any_time": "y", "stacking": "equal-or-higher"})
    assert started.status_code == 302
    page = keeper.get(f"/tables/{table['id']}").get_data(as_text=True)
    assert re.search(r'<input checked[^>]*name="seven_o"|name="seven_o"[^>]*checked', page)
    assert re.search(r'<input checked[^>]*name="wild_draw4_any_time"|'
                     r'name="wild_draw4_any_time"[^>]*checked', page)
    assert re.search(r'<input checked[^>]*value="equal-or-higher"|value="equal-or-higher"[^>]*checked',
                     page)
    assert "stacking equal or higher, Seven-O, No bluffing" in page
    again = keeper.post(f"/tables/{table['id']}/games", data={
        "seat": ["Ana", "Ben", "Cy"], "edition": "classic", "scoring": "winner-takes-points",
        "target": "500", "seven_o": "y", "stacking": "equal-or-higher"})
    game = client.get("/api/games/" + again.headers["Location"].rsplit("/", 1)[1]).json
    assert game["house_rules"]["seven_o"] is True
    assert game["house_rules"]["stacking"] == "equal-or-higher"
    assert "wild_draw4_any_time" not in game["house_rules"]


def test_the_referee_page_from_a_game_asks_whom_a_7_swaps_with_in_one_tap(client):
    from tests.support.helpers import new_game
    game = new_game(client, players=["Ann", "Ben", "Cy"],
                    house_rules={"seven_o": True, "jump_in": True})
    opened = client.get(f"/referee?game={game['id']}").get_data(as_text=True)
    assert re.search(r"name=seven_o value=on checked", opened)
    assert re.search(r"name=jump_in value=on checked", opened)
    base = {"game": game["id"], "asked": "1", "players": "Ann, Ben, Cy", "dealer": "Cy",
            "start_colour": "red", "start_kind": "5", "seven_o": "on", "jump_in": "on"}
    asked = client.get("/referee/form", query_string={**base, "add": "play", "who": "Ann",
                                                      "colour": "red", "kind": "7"})
    html = asked.get_data(as_text=True)
    assert asked.status_code == 200 and "Seven-O: Ann swaps hands with whom?" in html
    tiles = re.findall(r'<button name=swap value="([^"]+)"', html)
    assert tiles == ["Ben", "Cy"]
    tap = re.search(r'name=swap_tap value="([^"]+)"', html).group(1)
    swapped = client.get("/referee/form", query_string={**base, "swap": "Cy", "swap_tap": tap})
    html = swapped.get_data(as_text=True)
    assert "Ann red-7 swap Cy" in html, re.findall(r"class=error[^>]*>([^<]*)", html)  # the tapped play, as a line
    assert "Seven-O: Ann swaps hands with Cy; Ann now holds 7, Cy 6." in html  # the timeline
    # a jump-in is tapped like any play: the jumper, then the card
    jumped = client.get("/referee/form", query_string={
        **base, "plays": "Ann red-7 swap Cy", "add": "play", "who": "Cy", "colour": "red",
        "kind": "7", "swap": "Ann"})
    html = jumped.get_data(as_text=True)
    assert "Cy jumps in out of turn with an identical card" in html


def test_the_keypad_says_seven_o_changes_no_scoring(client):
    from tests.support.helpers import keep_score, new_game
    game = new_game(client, players=["Ann", "Ben"], house_rules={"seven_o": True})
    keep_score(client, game)
    page = client.get(f"/games/{game['id']}/hands/new").get_data(as_text=True)
    assert "Seven-O moves hands, not points" in page
    plain = new_game(client, players=["Ann", "Ben"])
    keep_score(client, plain)
    assert "Seven-O" not in client.get(f"/games/{plain['id']}/hands/new").get_data(as_text=True)
