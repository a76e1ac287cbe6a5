"""The judge over HTTP: `POST /api/judge` (the contract in docs/api.md) and the `/judge` pages."""
import re

import pytest

from tests.support.helpers import new_game

from scorekeeper.domain.judge import judge
from tests.unit.test_judge import SCENARIOS

API_KEYS = {"ruling", "draws", "explanation", "rules"}


def ask(client, body):
    return client.post("/api/judge", json=body)


# ---------------------------------------------------------------- the API contract

def test_play_shape_exactly_as_designed(client):
    body = {"question": "play", "edition": "classic", "house_rules": {}, "top": "red-7",
            "color": "red", "card": "blue-7", "hand": ["green-2"], "drawn": "blue-7",
            "pending_draw": 0, "players": 4}
    r = ask(client, body)
    assert r.status_code == 200 and r.is_json
    data = r.json
    assert API_KEYS <= set(data)
    assert data["ruling"] == "legal" and data["draws"] == {}
    assert isinstance(data["explanation"], str) and "blue 7" in data["explanation"]
    assert isinstance(data["rules"], list) and "matching" in data["rules"]
    assert data["edition"] == "classic" and data["verdict"] == "Legal"


# ---------------------------------------------------------------- bad input: a message, never a 500

@pytest.mark.parametrize("raw, status", [
    (b"", 400), (b"{not json", 400), (b"[1, 2", 400), (b"\xff\xfe", 400),
    (b"null", 422), (b"[]", 422), (b"42", 422), (b'"play"', 422), (b"true", 422),
    (b"[" * 5000 + b"]" * 5000, 400),
])
def test_bodies_that_are_not_questions(client, raw, status):
    r = client.post("/api/judge", data=raw, content_type="application/json")
    assert r.status_code == status
    assert r.is_json and r.json["error"]


@pytest.mark.parametrize("body, words", [
    ({"question": "play", "top": "red-7", "card": "purple-7"}, ["not a card"]),
    ({"question": "play", "top": "red-7", "card": "wild-draw4", "hand": ["wild-draw4"] * 4},
     ["'hand'", "'card'", "only 4"]),
    ({"question": "play", "top": "red-0", "card": "wild-draw4", "hand": ["red-0"]},
     ["'top'", "'hand'", "only 1"]),
    ({"question": "two-players", "card": "skip", "players": 3}, ["'players'"]),
    ({"question": "play", "edition": None, "top": "red-7", "card": "red-1"}, ["'edition'"]),
    ({"question": "play", "top": "red-draw2", "card": "red-1", "pending_draw": 5},
     ["'pending_draw'"]),
    ({"question": "stacking", "pending": "wild-draw4", "card": "wild-draw4", "total": 6 + 1},
     ["'total'"]),
    ({"question": "going-out", "card": "red-1", "pending_draw": 2}, ["'pending_draw'"]),
    ({"question": "first-card", "card": "red-1", "hand": []}, ["'hand'"]),
])
def test_what_cannot_be_judged_is_a_422_saying_what_is_missing(client, body, words):
    r = ask(client, body)
    assert r.status_code == 422, r.json
    for word in words:
        assert word.lower() in r.json["error"].lower(), r.json["error"]


ODD_VALUES = [None, 0, -1, 7, 2.5, True, "", "x" * 300, [], [None], ["red-7"] * 200, {}, {"a": 1},
              "red-7", "wild", "blank", "cheese-touch", "🧀", "RED-7", " red-7 "]
FIELDS = ["question", "edition", "house_rules", "top", "color", "colour", "card", "hand", "drawn",
          "pending_draw", "players", "caught", "said_uno_first", "action", "pending", "total",
          "situation", "has_yellow", "by", "challenged", "challenger", "player",
          "cheese_touch_fresh", "by_choice"]
QUESTION_NAMES = ["play", "challenge", "uno", "first-card", "draw", "stacking", "two-players",
                  "going-out", "empty-draw-pile", "cheese-touch", "nope", None, 3]


def test_fuzz_odd_bodies_never_500(client):
    import random
    rng = random.Random(4)
    bodies = [None, [], [1, 2], 3, "play", {"question": None}, {"question": {}},
              {"question": "play", "top": "wild"}, {"question": "play", "edition": "wimpy-kid",
                                                    "top": "cheese-touch", "card": "wild"}]
    for _ in range(600):
        body = {"question": rng.choice(QUESTION_NAMES),
                "edition": rng.choice(["classic", "classic-112", "wimpy-kid", None, "x", 1])}
        for field in rng.sample(FIELDS, rng.randint(0, 8)):
            body[field] = rng.choice(ODD_VALUES)
        bodies.append(body)
    for body in bodies:
        r = client.post("/api/judge", json=body)
        assert r.status_code in (200, 400, 422), (body, r.status_code)
        if r.status_code != 200:
            assert r.json["error"], body
        else:
            assert API_KEYS <= set(r.json), body


# ---------------------------------------------------------------- the web judge

def test_judge_home_lists_the_questions(client):
    page = client.get("/judge").get_data(as_text=True)
    for slug in ("play", "challenge", "uno", "first-card", "draw", "stacking", "two-players",
                 "going-out", "empty-draw-pile", "cheese-touch"):
        assert f'href="/judge/{slug}"' in page


@pytest.mark.parametrize("question", ["play", "challenge", "uno", "first-card", "draw", "stacking",
                                      "two-players", "going-out", "empty-draw-pile", "cheese-touch"])
def test_every_form_renders_with_card_pickers_not_text_boxes(client, question):
    r = client.get(f"/judge/{question}")
    assert r.status_code == 200
    page = r.get_data(as_text=True)
    assert 'method="get"' in page and "<script>" not in page and "style=" not in page
    assert 'type="text"' not in page and "<textarea" not in page


def verdict(response):
    match = re.search(r'class="verdict">([^<]+)<', response.get_data(as_text=True))
    return match and match.group(1)


def test_play_form_gives_a_ruling_with_rule_links(client):
    r = client.get("/judge/play?asked=1&top_colour=red&top_kind=7&card_colour=blue&card_kind=7")
    assert r.status_code == 200 and verdict(r) == "Legal"
    page = r.get_data(as_text=True)
    assert "The blue 7 matches the red 7 by number." in page
    assert 'href="/rules/classic#matching"' in page
    # the form keeps what was tapped
    assert re.search(r'name=top_colour value=red checked', page)
    assert re.search(r'name=card_kind value=7 checked', page)


def test_wild_draw_four_asks_for_the_hand_then_judges(client):
    first = client.get("/judge/play?asked=1&top_colour=red&top_kind=7&card_kind=wild-draw4")
    assert first.status_code == 422 and "other cards" in first.get_data(as_text=True)
    assert "name=hand_kind value=2" in first.get_data(as_text=True)
    ticked = client.get("/judge/play?asked=1&top_colour=red&top_kind=7&card_kind=wild-draw4"
                        "&hand_kind=2&hand_kind=skip")
    assert verdict(ticked).startswith("Illegal") and "red 2 and red Skip" in ticked.get_data(as_text=True)
    assert "name=hand_kind value=skip checked" in ticked.get_data(as_text=True)
    on_wild = client.get("/judge/play?asked=1&top_kind=wild&color=green&card_kind=wild-draw4&hand_kind=5")
    assert "green 5" in on_wild.get_data(as_text=True)
    legal = client.get("/judge/play?asked=1&top_colour=red&top_kind=7&card_kind=wild-draw4"
                       "&hand=blue-7&hand=green-skip")
    assert verdict(legal) == "Legal: the next player draws 4"
    illegal = client.get("/judge/play?asked=1&top_colour=red&top_kind=7&card_kind=wild-draw4"
                         "&hand=red-2")
    assert verdict(illegal).startswith("Illegal")
    last = client.get("/judge/play?asked=1&top_colour=red&top_kind=7&card_kind=wild-draw4&hand_none=on")
    assert verdict(last).startswith("Legal")


def test_playing_from_the_hand_after_drawing_is_illegal_on_the_form(client):
    r = client.get("/judge/play?asked=1&top_colour=red&top_kind=7&card_colour=red&card_kind=3&drew=other")
    assert verdict(r) == "Illegal" and "no-play-after-draw" in r.get_data(as_text=True)
    drawn = client.get("/judge/play?asked=1&top_colour=red&top_kind=7&card_colour=red&card_kind=3&drew=this")
    assert verdict(drawn) == "Legal"


@pytest.mark.parametrize("url, expected", [
    ("/judge/challenge?asked=1&color=red&hand=red-2", "Guilty: the challenged player draws 4"),
    ("/judge/challenge?asked=1&color=red&hand=blue-7", "Innocent: the challenger draws 6"),
    ("/judge/challenge?asked=1&color=red&hand_kind=4", "Guilty: the challenged player draws 4"),
    ("/judge/challenge?asked=1&color=red&hand_none=on", "Innocent: the challenger draws 6"),
    ("/judge/uno?asked=1&caught=before-next-turn&said_uno_first=no&edition=classic-112",
     "Penalty: the player draws 4"),
    ("/judge/uno?asked=1&caught=before-next-turn&said_uno_first=yes", "No penalty: the player said UNO first"),
    ("/judge/uno?asked=1&caught=before-next-turn&uno_penalty=3", "Penalty: the player draws 3"),
    ("/judge/first-card?asked=1&card_kind=reverse&edition=classic-112",
     "First: the player to the dealer's right"),
    ("/judge/first-card?asked=1&card_kind=reverse&edition=classic", "First: the dealer"),
    ("/judge/draw?asked=1&action=draw-instead-of-playing", "Legal"),
    ("/judge/draw?asked=1&action=keep-drawn&edition=classic-112&by_choice=no",
     "Illegal: the drawn card must be played"),
    ("/judge/draw?asked=1&action=play-drawn&top_colour=red&top_kind=7&drawn_colour=red&drawn_kind=1", "Legal"),
    ("/judge/stacking?asked=1&pending_kind=draw2&card_colour=blue&card_kind=draw2",
     "Illegal: the player draws 2"),
    ("/judge/stacking?asked=1&pending_kind=draw2&card_colour=blue&card_kind=draw2&stacking=on",
     "Legal: the next player draws 4"),
    ("/judge/two-players?asked=1&card_kind=reverse", "Play again: Reverse acts as Skip"),
    ("/judge/going-out?asked=1&card_kind=wild-draw4", "The next player draws 4"),
    ("/judge/empty-draw-pile?asked=1", "Reshuffle the discards"),
    ("/judge/cheese-touch?asked=1&situation=play&top_colour=yellow&top_kind=3",
     "Legal: the next player draws 2"),
    ("/judge/cheese-touch?asked=1&situation=next-player&has_yellow=no", "Draw 2, then 2 more"),
])
def test_forms_give_rulings(client, url, expected):
    r = client.get(url)
    assert r.status_code == 200, r.get_data(as_text=True)[-800:]
    assert verdict(r).replace("&#39;", "'") == expected


@pytest.mark.parametrize("url, words", [
    ("/judge/play?asked=1&card_colour=red&card_kind=7", "Tap the top card"),
    ("/judge/play?asked=1&top_colour=red&top_kind=7", "Tap the card played"),
    ("/judge/play?asked=1&top_kind=wild&card_colour=red&card_kind=7", "which colour was called"),
    ("/judge/play?asked=1&top_kind=7&card_colour=red&card_kind=7", "say the colour of the 7"),
    ("/judge/play?asked=1&top=purple-7&card_colour=red&card_kind=7", "not a card"),
    ("/judge/play?asked=1&edition=deluxe&top_colour=red&top_kind=7&card_colour=red&card_kind=1",
     "Unknown edition"),
    ("/judge/uno?asked=1", "when the catch came"),
    ("/judge/cheese-touch?asked=1&situation=later&edition=classic", "only in the Diary of a Wimpy Kid deck"),
    ("/judge/play?asked=1&top_colour=red&top_kind=7&card_colour=red&card_kind=1&players=x", "whole number"),
])
def test_forms_say_what_is_missing(client, url, words):
    r = client.get(url)
    assert r.status_code == 422
    message = re.search(r'class="error" role="alert"[^>]*>([^<]+)<', r.get_data(as_text=True)).group(1)
    assert words.lower() in message.replace("&#39;", "'").lower()


def test_opened_from_a_game_preselects_its_edition_and_house_rules(client):
    game = new_game(client, players=["Ana", "Ben", "Cy"], edition="classic-112",
                    house_rules={"stacking": True, "uno_penalty": 3})
    home = client.get(f"/judge?game={game['id']}").get_data(as_text=True)
    assert f'href="/judge/play?game={game["id"]}"' in home
    play = client.get(f"/judge/play?game={game['id']}").get_data(as_text=True)
    assert re.search(r'name="edition" value="classic-112"[^>]*checked', play)
    assert re.search(r'name="stacking" value="on" checked', play)
    assert re.search(r'<option value="3" selected>3</option>', play)  # players at the table
    assert f'name="game" value="{game["id"]}"' in play
    uno = client.get(f"/judge/uno?game={game['id']}").get_data(as_text=True)
    assert re.search(r'<option value="3" selected>House rule: 3 cards', uno)
    assert "<option>Ana</option>" in uno  # who forgot: tapped, not typed
    ruling = client.get(f"/judge/uno?game={game['id']}&asked=1&caught=before-next-turn"
                        "&edition=classic-112&uno_penalty=3&player=Ana")
    assert verdict(ruling) == "Penalty: Ana draws 3"
    stacked = client.get(f"/judge/play?game={game['id']}&asked=1&edition=classic-112&stacking=on"
                         "&top_colour=red&top_kind=draw2&card_colour=blue&card_kind=draw2&pending_draw=2")
    assert verdict(stacked) == "Legal: the next player draws 4"
    assert "House rule: stacking is on" in stacked.get_data(as_text=True)


def test_unknown_game_is_404(client):
    assert client.get("/judge?game=999999").status_code == 404
    assert client.get("/judge/play?game=999999").status_code == 404


def test_scoreboard_links_to_the_judge_for_that_game(client, game):
    board = client.get(game["url"]).get_data(as_text=True)
    assert f'/judge?game={game["id"]}' in board


PAGES = ["/judge", "/judge/play", "/judge/challenge", "/judge/draw", "/judge/cheese-touch",
         "/judge/play?asked=1&top_colour=red&top_kind=7&card_kind=wild-draw4&hand=blue-7"]


@pytest.mark.parametrize("path", PAGES)
def test_judge_pages_stay_under_30_kb_with_their_css_and_js(client, path):
    page = client.get(path)
    html = page.get_data(as_text=True)
    assets = re.findall(r'<(?:link rel="stylesheet"[^>]+href|script[^>]+src)="(/[^"]+)"', html)
    assert any(a.endswith(".css") for a in assets)
    assert path == "/judge" or any(a.endswith("judge.js") for a in assets)
    total = len(page.data) + sum(len(client.get(a).data) for a in assets)
    assert total < 30_000, (total, len(page.data))


def test_fuzz_odd_form_parameters_never_500(client):
    import random
    from urllib.parse import urlencode
    rng = random.Random(7)
    names = ["asked", "edition", "top", "top_colour", "top_kind", "card_colour", "card_kind", "color",
             "hand", "hand_kind", "hand_none", "drew", "drawn_colour", "drawn_kind", "pending_draw",
             "players", "stacking", "uno_penalty", "caught", "said_uno_first", "action", "by_choice",
             "pending_kind", "total", "situation", "has_yellow", "by", "challenged", "player",
             "cheese_touch_fresh", "game"]
    values = ["", "1", "0", "-3", "99", "x", "red", "purple", "7", "wild", "wild-draw4", "draw2",
              "cheese-touch", "blank", "on", "yes", "no", "red-7", "classic-112", "wimpy-kid",
              "before-next-turn", "play-drawn", "next-player", "🧀", "a" * 200]
    for _ in range(300):
        question = rng.choice(["play", "challenge", "uno", "first-card", "draw", "stacking",
                               "two-players", "going-out", "empty-draw-pile", "cheese-touch"])
        params = [("asked", "1")] + [(rng.choice(names), rng.choice(values))
                                     for _ in range(rng.randint(0, 10))]
        r = client.get(f"/judge/{question}?{urlencode(params)}")
        assert r.status_code in (200, 404, 422), (question, params, r.status_code)


# ---------------------------------------------------------------- issue 11: the judge's findings

def test_a_wild_on_a_pending_draw_two_is_not_a_draw_card_on_the_form(client):
    r = client.get("/judge/play?asked=1&top_colour=red&top_kind=draw2&card_kind=wild&pending_draw=2")
    assert r.status_code == 200 and verdict(r) == "Illegal: the player draws 2"
    page = r.get_data(as_text=True)
    assert "not a draw card" in page and "official rules have no stacking" not in page


def test_a_cheese_touch_answering_a_cheese_touch_says_the_sheet_is_silent(client):
    r = ask(client, {"question": "play", "edition": "wimpy-kid", "top": "cheese-touch",
                     "card": "cheese-touch"}).json
    assert r["ruling"] == "illegal" and "does not say" in r["explanation"]


def test_the_play_form_after_drawing_another_card_still_judges(client):
    """The form moves the question to `draw`, leaving out the fields `draw` does not use."""
    r = client.get("/judge/play?asked=1&top_colour=red&top_kind=7&card_colour=red&card_kind=3"
                   "&drew=other&pending_draw=0&cheese_touch_fresh=yes&stacking=on")
    assert r.status_code == 200 and verdict(r) == "Illegal"


# ---------------------------------------------------------------- the judge in Polish

ENGLISH_WORDS = ("the", "draws", "draw", "player", "players", "card", "cards", "must", "plays",
                 "turn", "colour", "next", "and", "may", "not", "edition", "sheet", "legal",
                 "illegal", "penalty", "dealer", "red", "yellow", "green", "blue", "skip",
                 "reverse", "wild", "blank", "four", "two", "with", "only")


def english_in(text):
    return sorted({w for w in re.findall(r"[A-Za-z]+", text.lower()) if w in ENGLISH_WORDS})


def test_every_scenario_rules_the_same_in_polish_with_polish_words(client):
    for param in SCENARIOS:
        body = param.values[0]
        en = client.post("/api/judge", json=body, headers={"Accept-Language": "en"}).json
        pl = client.post("/api/judge", json=body, headers={"Accept-Language": "pl"}).json
        assert en == judge(body).as_json(), param.id  # in English, the domain's ruling as it is
        for key in ("ruling", "draws", "rules", "edition"):
            assert pl[key] == en[key], (param.id, key)
        for key in ("explanation", "verdict"):
            assert pl[key] != en[key], (param.id, key, pl[key])
            assert not english_in(pl[key]), (param.id, key, pl[key])
        assert len(pl["explanation"].split("\n")) == 2, param.id
        for note in pl.get("depends_on", []):
            assert not english_in(note), (param.id, note)


def test_api_errors_follow_accept_language(client):
    def error(body, lang):
        r = client.post("/api/judge", json=body, headers={"Accept-Language": lang})
        assert r.status_code == 422
        return r.json["error"]
    assert error({"question": "cheat"}, "en").startswith("Unknown question 'cheat'")
    assert error({"question": "cheat"}, "pl").startswith("Nieznane pytanie 'cheat'")
    assert "'top'" in error({"question": "play", "card": "red-2"}, "pl")  # field names stay
    wd4 = error({"question": "play", "top": "red-7", "card": "wild-draw4"}, "pl")
    assert not english_in(wd4), wd4


def visible_words(html):
    text = re.sub(r"<(script|style)[^>]*>.*?</\1>|<[^>]+>", " ", html, flags=re.S)
    return text


QUESTION_SLUGS = ["play", "challenge", "uno", "first-card", "draw", "stacking", "two-players",
                  "going-out", "empty-draw-pile", "cheese-touch"]
ENGLISH_LABELS = ("Top card", "Card played", "Colour called", "None", "Deck", "Judge",
                  "Can this card be played", "Tap a card", "Players at the table", "(if any)",
                  "Who challenges", "When did the catch come", "What does the player want",
                  "Did they", "House rule", "UNO penalty", "Not sure", "All questions", "Skip",
                  "Reverse", "Red", "Yellow", "Green", "Blue")


@pytest.mark.parametrize("path", ["/judge"] + [f"/judge/{slug}" for slug in QUESTION_SLUGS])
def test_judge_pages_in_polish(client, path):
    r = client.get(path + "?lang=pl")
    assert r.status_code == 200
    page = r.get_data(as_text=True)
    assert '<html lang="pl"' in page
    text = visible_words(page)
    found = [w for w in ENGLISH_LABELS if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]
    assert not found, found
    english = client.get(path + "?lang=en").get_data(as_text=True)
    assert "Judge" in visible_words(english)  # the same check finds English when it is there


def test_a_ruling_and_an_error_on_the_polish_page(client):
    r = client.get("/judge/play?lang=pl&asked=1&top_colour=red&top_kind=7&card_colour=blue&card_kind=7")
    page = r.get_data(as_text=True)
    assert verdict(r) == "Dozwolone"
    assert "mają tę samą liczbę" in page and "Zasady, na których się opiera" in page
    wd4 = client.get("/judge/play?lang=pl&asked=1&top_colour=red&top_kind=7&card_kind=wild-draw4")
    assert wd4.status_code == 422 and "Weź cztery zależy od pozostałych kart" in wd4.get_data(as_text=True)
    missing = client.get("/judge/play?lang=pl&asked=1&card_colour=red&card_kind=2")
    assert missing.status_code == 422
    error = re.search(r'class="error"[^>]*>([^<]+)<', missing.get_data(as_text=True)).group(1)
    assert "Stuknij" in error and "'top'" not in error and not english_in(error), error


def test_card_and_edition_errors_reach_the_judge_in_polish(client):
    def error(body):
        r = client.post("/api/judge", json=body, headers={"Accept-Language": "pl"})
        assert r.status_code == 422
        return r.json["error"]
    assert error({"question": "play", "top": "red-77", "card": "red-2"}).startswith(
        "'top': Nie znamy karty 'red-77'")
    assert error({"question": "play", "edition": "deluxe"}).startswith("Nieznana edycja 'deluxe'")
    assert "musi mieć wartość true" in error(
        {"question": "play", "top": "red-7", "card": "red-2", "house_rules": {"stacking": 1}})


def test_polish_ruling_page_names_rules_and_deck_in_polish(client):
    page = client.get("/judge/play?lang=pl&asked=1&top_colour=red&top_kind=7&card_colour=blue"
                      "&card_kind=7").get_data(as_text=True)
    cited = re.search(r"<ul class=cited>(.*?)</ul>", page, re.S).group(1)
    assert "Matching" not in cited and "href=" in cited
    assert "Talia: Classic (108 cards)" not in page
