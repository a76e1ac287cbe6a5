"""Issue 20: the judge refuses a question that contradicts itself, names fields in the page's
language, counts cards in its grammar, and its JSON says the language decides its words."""


def test_a_cheese_touch_question_that_says_no_yellow_yet_answers_yellow_is_refused(client):
    asked = {"question": "cheese-touch", "edition": "wimpy-kid", "situation": "next-player",
             "card": "yellow-3", "has_yellow": False}
    r = client.post("/api/judge", json=asked)
    assert r.status_code == 422 and "no yellow card" in r.get_json()["error"]
    r = client.post("/api/judge", json={**asked, "has_yellow": True})
    assert r.status_code == 200 and r.get_json()["ruling"] == "legal"


def test_json_answers_vary_on_the_language(client):
    r = client.post("/api/judge", json={"question": "play", "top": "red-7", "card": "red-3"})
    assert r.status_code == 200 and "Accept-Language" in r.headers["Vary"]


def test_the_deck_limit_error_joins_field_names_in_polish(client):
    asked = {"question": "play", "top": "red-7", "card": "red-7", "hand": ["red-7"]}
    r = client.post("/api/judge", json=asked, headers={"Accept-Language": "pl"})
    error = r.get_json()["error"]
    assert r.status_code == 422 and "'top' i 'card' i 'hand'" in error and " and " not in error


def test_two_cards_that_match_only_by_number_are_plural(client):
    asked = {"question": "play", "top": "red-6", "card": "wild-draw4", "color": None,
             "hand": ["green-6", "blue-6"]}
    r = client.post("/api/judge", json=asked)
    assert r.status_code == 200, r.get_json()
    assert "only match the red 6" in r.get_json()["explanation"]
