"""Po polsku (issue 14): the language from the browser or the switch, remembered on the phone;
the rules pages in Polish with the same rule ids."""
import json
import re
from html import unescape

import pytest

from scorekeeper.domain.rulebook import rules_for
from tests.support.helpers import new_game

EDITION_SLUGS = ["classic", "classic-112", "wimpy-kid"]
PL = {"Accept-Language": "pl-PL,pl;q=0.9,en;q=0.5"}
# English that must not be left on a Polish rules page (whole words, as written).
ENGLISH = ["the", "and", "of", "or", "card", "cards", "player", "dealer", "Wild", "Skip", "Reverse",
           "Draw", "Two", "Four", "Blank", "Blanks", "turn", "Rules", "Find", "Contents", "Editions",
           "differ", "Sheets", "Sheet", "Game", "House", "rule", "rules", "match", "points", "Classic",
           "Deck", "deck", "Tap", "Judge", "edition", "Diary"]
POLISH_SECTIONS = ["Talia", "Wybór rozdającego", "Pierwsza karta", "Dobieranie", "Punktacja",
                   "Zasady domowe"]


def lang_of(html: str) -> str:
    return re.search(r'<html lang="([a-z]+)">', html)[1]


def visible_main(html: str) -> str:
    """The text a reader sees in <main> and the title, without the #rule-id link texts."""
    title = re.search(r"<title>(.*?)</title>", html, re.S)[1]
    main = re.search(r'<main id="main">(.*)</main>', html, re.S)[1]
    text = unescape(re.sub(r"<[^>]+>", " ", title + " " + main))
    return re.sub(r"#[a-z0-9]+(?:-[a-z0-9]+)*", " ", text)


def english_left(text: str) -> list[str]:
    return [w for w in ENGLISH if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]


def get(client, url, **headers):
    response = client.get(url, headers=headers)
    assert response.status_code == 200, url
    return response, response.get_data(as_text=True)


@pytest.mark.parametrize("edition", EDITION_SLUGS)
def test_rules_page_in_polish_has_no_english_and_the_same_rule_ids(client, edition):
    _, html = get(client, f"/rules/{edition}", **PL)
    assert lang_of(html) == "pl"
    text = visible_main(html)
    for title in POLISH_SECTIONS:
        assert f"<h2>{title}</h2>" in html, title
    assert not english_left(text)
    assert re.findall(r'<article id="?([a-z0-9-]+)', html) == [r.id for r in rules_for(edition)]
    assert "Weź cztery" in text and "Zmiana kierunku" in text


def test_the_english_word_check_would_catch_english():
    _, html = "", '<title>T</title><main id="main"><p>Take the #wild-draw-four card</p></main>'
    assert english_left(visible_main(html)) == ["the", "card"]


def test_english_rules_page_is_unchanged_and_says_so(client):
    _, html = get(client, "/rules/classic")
    assert lang_of(html) == "en"
    assert "<h2>The deck</h2>" in html and "Wild Draw Four" in html


@pytest.mark.parametrize("header, expected", [
    ("", "en"), ("pl", "pl"), ("pl-PL", "pl"), ("de, pl;q=0.5", "pl"), ("de, fr", "en"),
    ("en-GB, pl;q=0.8", "en"), ("pl;q=0.4, en;q=0.9", "en"),
])
def test_language_follows_accept_language(client, header, expected):
    headers = {"Accept-Language": header} if header else {}
    response, html = get(client, "/rules/classic", **headers)
    assert lang_of(html) == expected
    assert {"Accept-Language", "Cookie"} <= set(response.vary)
    assert "Set-Cookie" not in response.headers or "lang=" not in response.headers["Set-Cookie"]


def test_the_switch_is_remembered_on_this_phone(client):
    response, html = get(client, "/rules/classic?lang=pl", **{"Accept-Language": "en"})
    assert lang_of(html) == "pl"
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith("lang=pl;") and "Max-Age=31536000" in cookie and "SameSite=Lax" in cookie
    _, html = get(client, "/rules/wimpy-kid", **{"Accept-Language": "en"})
    assert lang_of(html) == "pl"  # the cookie beats the browser's language
    _, html = get(client, "/rules/wimpy-kid?lang=en", **PL)
    assert lang_of(html) == "en"
    _, html = get(client, "/rules/wimpy-kid", **PL)
    assert lang_of(html) == "en"


def test_an_unknown_language_changes_nothing(client):
    response, html = get(client, "/rules/classic?lang=xx")
    assert lang_of(html) == "en" and "lang=" not in response.headers.get("Set-Cookie", "")


@pytest.mark.parametrize("url", ["/", "/games/new", "/judge", "/rules/classic?q=skip"])
def test_every_page_links_to_itself_in_the_other_language(client, url):
    _, html = get(client, url)
    link = re.search(r'<a href="([^"]+)" hreflang="pl" lang="pl"[^>]*>Polski</a>', html)
    assert link, url
    href = unescape(link[1])
    assert href.split("?")[0] == url.split("?")[0] and "lang=pl" in href
    if "q=skip" in url:
        assert "q=skip" in href  # the rest of the address stays
    _, polish = get(client, href)
    assert re.search(r'<a href="[^"]+" hreflang="en" lang="en"[^>]*>English</a>', polish)


def test_scoreboard_pages_are_kept_per_language(client, game):
    url = f"/games/{game['id']}"
    _, english = get(client, url)
    _, polish = get(client, url, **PL)
    _, english_again = get(client, url)
    assert (lang_of(english), lang_of(polish), lang_of(english_again)) == ("en", "pl", "en")
    live_en, _ = get(client, url + "/board")
    live_pl, _ = get(client, url + "/board", **PL)
    assert live_en.headers["ETag"] != live_pl.headers["ETag"]


def test_polish_search_finds_polish_words_and_counts_in_polish(client):
    _, html = get(client, "/rules/classic?q=we%C5%BA+cztery", **PL)
    shown = re.findall(r'<article id="?([a-z0-9-]+)', html)
    assert "wild-draw-four" in shown and "skip" not in shown
    assert re.search(rf">{len(shown)} zasad(y pasują|a pasuje| pasuje) do „weź cztery”\.<", html)
    assert 'data-few="{n} zasady pasują."' in html and 'data-many="{n} zasad pasuje."' in html


@pytest.mark.parametrize("penalty, words", [(2, "2 karty"), (5, "5 kart"), (12, "12 kart"), (1, "1 karta")])
def test_house_uno_penalty_counts_cards_in_polish(client, penalty, words):
    game = new_game(client, ("Ana", "Ben"), house_rules={"uno_penalty": penalty})["id"]
    _, html = get(client, f"/rules/classic?game={game}", **PL)
    assert f"Obowiązuje w tej grze: {words}." in html


@pytest.mark.parametrize("points, words", [(22, "22 punkty"), (25, "25 punktów")])
def test_blank_points_in_polish(client, points, words):
    game = new_game(client, ("Ana", "Ben"), edition="classic-112", house_rules={"blank_points": points})["id"]
    _, html = get(client, f"/rules/classic-112?game={game}", **PL)
    assert f"Czysta karta liczy się za {words}." in html


# --- the score pad in Polish (home, new game, hand keypad, delete, errors, API errors) ---
# English a Polish score pad page must not show, in its text or in what a screen reader says.
PAD_ENGLISH = ["the", "and", "of", "or", "to", "card", "cards", "point", "points", "hand", "hands",
               "Hand", "New", "game", "games", "Game", "Save", "Delete", "Keep", "Player", "player",
               "Players", "Tap", "Deck", "Scoring", "House", "rules", "Restore", "backup", "Your",
               "Went", "out", "Next", "undo", "Retry", "Resume", "Discard", "Play", "target",
               "Start", "Add", "Remove", "There", "nothing", "Go", "home", "Skip", "Reverse",
               "Draw", "Wild", "Blank", "Classic", "Stacking", "penalty", "Enter", "number",
               "Choose", "dealt", "back", "scores", "In", "progress", "Finished", "Winner", "edition"]
SAID = re.compile(r'(?:aria-label|placeholder|title)="([^"]*)"')


def pad_english_left(html: str) -> list[str]:
    text = visible_main(html) + " " + " ".join(unescape(s) for s in SAID.findall(html))
    return [w for w in PAD_ENGLISH if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]


def pad_game(client, **fields) -> str:
    """A game started on the new-game form (so this phone keeps score); its id."""
    data = {"players-0": "Ana", "players-1": "Ben", "edition": "classic",
            "scoring": "winner-takes-points", "target": "500", **fields}
    response = client.post("/games/new", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)[:300]
    return response.headers["Location"].rstrip("/").split("/")[-1]


def save_hand(client, game_id, **extra):
    data = {"out": "0", "request_id": "r1", "p1_7": "1", "p1_skip": "2", **extra}
    response = client.post(f"/games/{game_id}/hands/new", data=data, headers=PL)
    assert response.status_code == 302, response.get_data(as_text=True)[:300]
    return response


def polish_page(client, url, status=200):
    response = client.get(url, headers=PL)
    assert response.status_code == status, url
    html = response.get_data(as_text=True)
    assert lang_of(html) == "pl", url
    # The hand shown on the delete page is the scoreboard's own markup (hands.html), translated
    # with the scoreboard.
    own = re.sub(r'<ol class="hands".*?</ol>', "", html, flags=re.S)
    assert not pad_english_left(own), (url, pad_english_left(own))
    return html


def test_the_pad_word_check_would_catch_english_in_text_and_labels():
    html = '<title>T</title><main id="main"><button aria-label="Skip, 20 points">⊘</button></main>'
    assert pad_english_left(html) == ["points", "Skip"]


def test_home_new_game_and_hand_pages_are_polish(csrf_off, client):
    game_id = pad_game(client)
    html = polish_page(client, "/games/new")
    assert "Zacznij grę" in html and "Weź cztery" in html and "Zmiana kierunku" in html
    html = polish_page(client, f"/games/{game_id}/hands/new")
    assert "Zapisz rozdanie" in html and 'aria-label="Stop, 20 punktów"' in html
    assert 'aria-label="Czysta karta' not in html  # a classic deck has no Blank key
    words = json.loads(unescape(re.search(r'data-text="([^"]+)"', html)[1]))
    assert words["card"] == {"one": "karta", "few": "karty", "many": "kart", "other": "kart"}
    assert words["nCards"]["few"] == "{n} karty" and words["point"]["many"] == "punktów"
    flash = client.get(save_hand(client, game_id).headers["Location"], headers=PL).get_data(as_text=True)
    assert "Zapisano rozdanie 1." in flash
    html = polish_page(client, "/")
    assert "1 rozdanie" in html and "prowadzi Ana" in html
    polish_page(client, f"/games/{game_id}/hands/1/edit")
    html = polish_page(client, f"/games/{game_id}/hands/1/delete")
    assert "Usunąć rozdanie 1?" in html


@pytest.mark.parametrize("hands, words", [(1, "1 rozdanie"), (2, "2 rozdania"), (5, "5 rozdań")])
def test_the_home_page_counts_hands_in_polish(csrf_off, client, hands, words):
    game_id = pad_game(client, target="5000")
    for n in range(hands):
        save_hand(client, game_id, request_id=f"r{n}")
    assert words in polish_page(client, "/")


def test_form_errors_and_problems_are_polish_beside_their_fields(csrf_off, client):
    response = client.post("/games/new", headers=PL, data={
        "players-0": "Ana", "players-1": "ana", "target": "abc", "uno_penalty": "99",
        "edition": "classic", "scoring": "winner-takes-points"})
    html = response.get_data(as_text=True)
    assert "Wpisz liczbę całkowitą." in html and "Od 0 do 20 kart." in html
    assert not pad_english_left(html)
    response = client.post("/games/new", headers=PL, data={
        "players-0": "Ana", "players-1": "ana", "edition": "classic",
        "scoring": "winner-takes-points", "target": "500"})  # the domain refuses the names
    html = response.get_data(as_text=True)
    assert "Dwóch graczy nazywa się „ana”: daj każdemu inne imię." in html
    game_id = pad_game(client)
    response = client.post(f"/games/{game_id}/hands/new", headers=PL,
                           data={"out": "0", "request_id": "r9", "p0_7": "1"})
    html = response.get_data(as_text=True)
    assert response.status_code == 422 and lang_of(html) == "pl"
    assert "Ana kończy rozdanie, więc Ana nie ma już kart." in html
    assert "Stuknij karty, które zostały w ręce (Ben), albo wpisz ich sumę." in html
    assert not pad_english_left(html)


def test_error_pages_are_polish(client):
    html = polish_page(client, "/games/no-such-game", status=404)
    assert "Nic tu nie ma" in html and "Przejdź na stronę główną" in html


def test_api_errors_follow_accept_language_with_machine_values_unchanged(client):
    english = client.post("/api/games", json={"players": ["Ana", "Ana"]})
    polish = client.post("/api/games", json={"players": ["Ana", "Ana"]}, headers=PL)
    assert english.status_code == polish.status_code == 422
    assert english.get_json()["error"] == "Two players are called 'Ana': give each player a different name."
    assert polish.get_json() == {"error": "Dwóch graczy nazywa się „Ana”: daj każdemu inne imię."}
    assert "Accept-Language" in polish.vary
    game = new_game(client, ("Ana", "Ben"))["id"]
    body = client.post(f"/api/games/{game}/hands", json={"held": {}}, headers=PL).get_json()
    assert body == {"error": "Do tego potrzebny jest klucz zapisu gry: wyślij 'Authorization: Bearer <edit_key>'."}
    body = client.post("/api/games", data="x", headers=PL).get_json()
    assert body == {"error": "Wyślij obiekt JSON w treści żądania."}
    assert client.get("/api/games/nope", headers=PL).get_json() == {
        "error": "Nic tu nie ma: gra lub strona mogła zostać usunięta."}


def test_a_nested_card_error_is_translated_in_both_parts(client):
    game = client.post("/api/games", json={"players": ["Ana", "Ben"]}).get_json()
    body = client.post(f"/api/games/{game['id']}/hands", headers={**PL, "Authorization": f"Bearer {game['edit_key']}"},
                       json={"held": {"Ana": [], "Ben": ["purple-7"]}}).get_json()
    assert body["error"].startswith("Ben: Nie znamy karty 'purple-7'"), body


def test_the_manifest_is_chosen_by_language(client):
    html = client.get("/", headers=PL).get_data(as_text=True)
    assert '<link rel="manifest" href="/static/manifest-pl.webmanifest">' in html
    manifest = json.loads(client.get("/static/manifest-pl.webmanifest").data)
    english = json.loads(client.get("/static/manifest.webmanifest").data)
    assert manifest["lang"] == "pl" and "sędzia" in manifest["name"]
    assert {k: v for k, v in manifest.items() if k not in ("name", "description", "lang")} == \
        {k: v for k, v in english.items() if k not in ("name", "description")}
