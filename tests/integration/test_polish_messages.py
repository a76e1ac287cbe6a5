"""Messages from the domain, the services and the restore reach Polish pages and the Polish
API through the one translator, card and colour names and the restore's "where" included;
English stays word for word what it was."""
import io
import json

import pytest

from scorekeeper.services.backups import FORMAT, VERSION
from tests.integration.test_polish import PL, lang_of, pad_game
from tests.support.helpers import auth, new_game

EN = {"Accept-Language": "en"}


def backup_with(hand_four: dict) -> bytes:
    hands = [{"held": {"Ana": [], "Ben": ["7"]}} for _ in range(3)] + [hand_four]
    game = {"edition": "classic", "scoring": "winner-takes-points", "target": 500,
            "players": ["Ana", "Ben"], "hands": hands}
    return json.dumps({"format": FORMAT, "version": VERSION, "games": [game]}).encode()


def upload(client, payload: bytes, headers: dict):
    return client.post("/restore", headers=headers, content_type="multipart/form-data",
                       data={"backup": (io.BytesIO(payload), "backup.json")})


@pytest.mark.parametrize("hand_four, english, polish", [
    ({"held": {"Ana": [], "Ben": ["red-wild"]}},
     "Nothing was restored. Game 1, hand 4: Ben: &#39;red-wild&#39;: a Wild card has no colour; "
     "write &#39;wild&#39;.",
     "Gra 1, rozdanie 4: Ben: &#39;red-wild&#39;: karta Zmiana koloru nie ma koloru; "
     "napisz &#39;wild&#39;."),
    ({"held": {"Ana": [], "Ben": ["7"]}, "colour": "red"},
     "Nothing was restored. Game 1, hand 4: unknown field colour in a hand.",
     "Gra 1, rozdanie 4: nieznane pole colour w rozdaniu."),
    ({"held": {"Ana": [], "Ben": ["7"]}, "dealer": "Cy"},
     "Nothing was restored. Game 1, hand 4: the dealer &#39;Cy&#39; is not one of the players.",
     "Gra 1, rozdanie 4: rozdający &#39;Cy&#39; nie jest żadnym z graczy."),
])
def test_a_bad_restore_says_where_and_why_in_polish(csrf_off, client, hand_four, english, polish):
    payload = backup_with(hand_four)
    response = upload(client, payload, EN)
    assert response.status_code == 422 and english in response.get_data(as_text=True)
    response = upload(client, payload, PL)
    html = response.get_data(as_text=True)
    assert response.status_code == 422 and lang_of(html) == "pl"
    assert polish in html, html[html.find("<main"):][:600]
    assert "Game" not in html and "hand 4" not in html


def test_the_cli_restore_still_says_it_in_english(runner, tmp_path):
    path = tmp_path / "bad.json"
    path.write_bytes(backup_with({"held": {"Ana": [], "Ben": ["red-wild"]}}))
    result = runner.invoke(args=["restore", str(path)])
    assert result.exit_code != 0
    assert ("Nothing was restored. Game 1, hand 4: Ben: 'red-wild': a Wild card has no colour; "
            "write 'wild'.") in result.output


@pytest.mark.parametrize("held, english, polish", [
    (["red-skip"] * 3, "Too many red Skip cards: the deck has 2 copies of it.",
     "Za dużo takich kart: czerwona karta Stop — talia ma 2 sztuki."),
    (["blue-0", "blue-0"], "Too many blue 0 cards: the deck has only one of it.",
     "Za dużo takich kart: niebieska 0 — talia ma tylko jedną."),
    (["green-wild-draw4"], "Ben: 'green-wild-draw4': a Wild Draw Four card has no colour; write 'wild-draw4'.",
     "Ben: 'green-wild-draw4': karta Weź cztery nie ma koloru; napisz 'wild-draw4'."),
])
def test_api_card_errors_name_cards_and_colours_in_polish(client, held, english, polish):
    game = new_game(client, players=("Ana", "Ben"))
    body = {"held": {"Ana": [], "Ben": held}}
    answer = client.post(f"/api/games/{game['id']}/hands", json=body, headers={**auth(game), **EN})
    assert answer.status_code == 422 and answer.get_json() == {"error": english}
    answer = client.post(f"/api/games/{game['id']}/hands", json=body, headers={**auth(game), **PL})
    assert answer.status_code == 422 and answer.get_json() == {"error": polish}


def test_api_request_errors_are_polish(client):
    answer = client.post("/api/games", json={"players": ["Ana", "Ben"], "colour": "red"}, headers=PL)
    assert answer.status_code == 400
    assert answer.get_json()["error"].startswith("Nieznane pole colour")
    answer = client.post("/api/judge", data="{", content_type="application/json", headers=PL)
    assert answer.get_json()["error"].startswith("Treść musi być obiektem JSON")


def test_a_hand_form_error_from_the_deck_is_polish_beside_the_form(csrf_off, client):
    game_id = pad_game(client, **{"players-2": "Cy"})
    data = {"out": "0", "request_id": "r1", "p1_wild": "3", "p2_wild": "3"}  # the 5th Wild is one too many
    response = client.post(f"/games/{game_id}/hands/new", data=data, headers=EN)
    assert response.status_code == 422
    assert "Too many Wild cards: the deck has 4, but this hand lists 5." in response.get_data(as_text=True)
    response = client.post(f"/games/{game_id}/hands/new", data=data, headers=PL)
    html = response.get_data(as_text=True)
    assert response.status_code == 422 and lang_of(html) == "pl"
    assert "Za dużo kart Zmiana koloru: w talii jest ich 4, a w tym rozdaniu podano 5." in html


def test_a_flash_from_the_services_is_polish(csrf_off, client):
    game_id = pad_game(client)
    response = client.post(f"/games/{game_id}/rematch", headers=PL)  # nobody has won yet
    assert response.status_code == 302
    html = client.get(response.headers["Location"], headers=PL).get_data(as_text=True)
    assert "This game is still going" not in html
    english = client.post(f"/games/{game_id}/rematch", headers=EN)
    assert "This game is still going: a rematch can start once someone has won." in \
        client.get(english.headers["Location"], headers=EN).get_data(as_text=True)
    assert "Ta gra jeszcze trwa: rewanż można zacząć, gdy ktoś wygra." in html


def test_a_bad_restore_into_a_table_is_polish_beside_the_field(app, client):
    from tests.integration.test_table_rights import keeper_client, new_table

    app.config["WTF_CSRF_ENABLED"] = False
    table = new_table(client)
    keeper = keeper_client(app, table)
    response = keeper.post(f"/tables/{table['id']}/restore", headers=PL,
                           content_type="multipart/form-data",
                           data={"backup": (io.BytesIO(backup_with({"held": {"Ana": [], "Ben": ["7"]},
                                                                   "dealer": "Cy"})), "b.json")})
    html = response.get_data(as_text=True)
    assert response.status_code == 422 and 'id="backup-error"' in html
    assert "Gra 1, rozdanie 4: rozdający &#39;Cy&#39; nie jest żadnym z graczy." in html
    assert "Nothing was restored" not in html
