"""Counts in Polish grammar on the pages (issue 14): 1 punkt, 2 punkty, 5 punktów; 1 karta,
2 karty, 5 kart; 1 rozdanie, 2 rozdania, 5 rozdań; 22 punkty, 12 kart. (The hand list,
hands.html, shows bare numbers: its counts are the keypad's and the tables'.)"""
import re
from html import unescape

import pytest

from tests.support.helpers import post_hand

PL = {"Accept-Language": "pl-PL,pl;q=0.9"}


def page(client, url: str) -> str:
    response = client.get(url, headers=PL)
    assert response.status_code == 200, url
    return unescape(response.get_data(as_text=True))


def test_the_keypad_says_each_cards_points_in_polish_grammar(csrf_off, client):
    response = client.post("/games/new", data={"players-0": "Ana", "players-1": "Ben", "edition": "classic",
                                              "scoring": "winner-takes-points", "target": "500"})
    game_id = response.headers["Location"].rstrip("/").split("/")[-1]
    labels = set(re.findall(r'aria-label="([^"]*)"', page(client, f"/games/{game_id}/hands/new")))
    assert {"0, 0 punktów", "1, 1 punkt", "2, 2 punkty", "4, 4 punkty", "5, 5 punktów",
            "Stop, 20 punktów", "Zmiana koloru, 50 punktów"} <= labels


def test_the_judge_counts_penalty_cards_in_polish_grammar(client):
    options = re.findall(r'<option value="\d+"[^>]*>([^<]*)', page(client, "/judge/uno"))
    assert {"Zasada domowa: 1 karta", "Zasada domowa: 2 karty", "Zasada domowa: 4 karty",
            "Zasada domowa: 5 kart", "Zasada domowa: 12 kart", "Zasada domowa: 0 kart"} <= set(options)


@pytest.mark.parametrize("hands, words", [(1, "1 rozdanie"), (2, "2 rozdania"), (5, "5 rozdań"),
                                          (12, "12 rozdań"), (22, "22 rozdania")])
def test_the_table_counts_each_games_hands_in_polish_grammar(csrf_off, client, hands, words):
    table = client.post("/api/tables", json={"name": "Kuchnia"}).json
    game = client.post("/api/games", json={"players": ["Ana", "Ben"], "table": table["id"], "target": 9999},
                       headers={"Authorization": f"Bearer {table['edit_key']}"}).json
    for _ in range(hands):
        assert post_hand(client, game, {"Ana": [], "Ben": ["1"]}).status_code == 201
    text = re.sub(r"<[^>]+>", " ", page(client, f"/tables/{table['id']}"))
    assert re.search(rf"·\s+{words}\b", text), words
