"""Po polsku (issue 14): the language from the browser or the switch, remembered on the phone;
the rules pages in Polish with the same rule ids."""
import re
from html import unescape

import pytest

from scorekeeper.domain.rulebook import rules_for

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
    assert re.findall(r'<article id="([^"]+)"', html) == [r.id for r in rules_for(edition)]
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
    shown = re.findall(r'<article id="([^"]+)"', html)
    assert "wild-draw-four" in shown and "skip" not in shown
    assert re.search(rf">{len(shown)} zasad(y pasują|a pasuje| pasuje) do „weź cztery”\.<", html)
    assert 'data-few="{n} zasady pasują."' in html and 'data-many="{n} zasad pasuje."' in html


def new_game(client, **body) -> int:
    response = client.post("/api/games", json={"players": ["Ana", "Ben"], **body})
    assert response.status_code == 201, response.get_json()
    return response.get_json()["id"]


@pytest.mark.parametrize("penalty, words", [(2, "2 karty"), (5, "5 kart"), (12, "12 kart"), (1, "1 karta")])
def test_house_uno_penalty_counts_cards_in_polish(client, penalty, words):
    game = new_game(client, house_rules={"uno_penalty": penalty})
    _, html = get(client, f"/rules/classic?game={game}", **PL)
    assert f"Obowiązuje w tej grze: {words}." in html


@pytest.mark.parametrize("points, words", [(22, "22 punkty"), (25, "25 punktów")])
def test_blank_points_in_polish(client, points, words):
    game = new_game(client, edition="classic-112", house_rules={"blank_points": points})
    _, html = get(client, f"/rules/classic-112?game={game}", **PL)
    assert f"Czysta karta liczy się za {words}." in html
