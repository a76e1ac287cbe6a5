"""Issue 12 finding 8: every response that carries an edit key (in its body, or in the session
cookie it sets) says Cache-Control: no-store, so no browser or proxy cache keeps a copy."""
import re
from io import BytesIO

from tests.support.helpers import post_hand
from tests.support.routes import build, rules


def cookie_keys(app, response) -> set[str]:
    """The edit keys inside the session cookie this response sets, if it sets one."""
    serializer = app.session_interface.get_signing_serializer(app)
    found = set()
    for header in response.headers.getlist("Set-Cookie"):
        name, _, rest = header.partition("=")
        value = rest.split(";", 1)[0]
        if name == app.config["SESSION_COOKIE_NAME"] and value:
            found |= set(serializer.loads(value).get("keys", {}).values())
    return found


class Walker:
    """Sends requests, learns every key it sees, and keeps the responses that carry one."""

    def __init__(self, app, client):
        self.app, self.client, self.keys, self.carriers = app, client, set(), []

    def __call__(self, method, url, **kwargs):
        response = self.client.open(url, method=method, **kwargs)
        body = response.get_data(as_text=True)
        self.keys |= cookie_keys(self.app, response)
        self.keys |= set(re.findall(r'"edit_key": ?"([\w-]+)"', body))
        self.keys |= set(re.findall(r"<code>([\w-]{20,})</code>", body))
        if any(key in body for key in self.keys) or cookie_keys(self.app, response):
            self.carriers.append((method, url, response.status_code, response.headers.get("Cache-Control")))
        return response


def test_every_response_that_carries_a_key_says_no_store(csrf_off, client):
    walk = Walker(csrf_off, client)
    api_game = walk("POST", "/api/games", json={"players": ["Ana", "Ben", "Cy", "Dee"]}).json
    post_hand(client, api_game, {"Ana": [], "Ben": ["7"], "Cy": ["skip"], "Dee": ["wild"]})
    made = walk("POST", "/games/new", data={"players-0": "Mom", "players-1": "Dad", "edition": "classic",
                                            "scoring": "winner-takes-points", "target": "500"})
    page_game = made.headers["Location"].rsplit("/", 1)[1]
    walk("POST", f"/games/{api_game['id']}/keep-score", data={"key": api_game["edit_key"]})
    backup = client.get(f"/games/{api_game['id']}/export.json").data
    walk("POST", "/restore", data={"backup": (BytesIO(backup), "backup.json")},
         content_type="multipart/form-data")
    for game_id in (api_game["id"], page_game):
        for rule in rules(csrf_off, "GET"):
            walk("GET", build(csrf_off, rule, game_id=game_id))
            walk("GET", build(csrf_off, rule, game_id=game_id), headers={"Accept": "application/json"})
    carriers = {(m, re.sub(r"/games/[^/]+", "/games/N", u)) for m, u, *_ in walk.carriers}
    # The API's new game, the restore, the share page (a phone's own rights live on the server,
    # so the new-game form and the keep-score claim send back no key):
    assert {("POST", "/api/games"), ("POST", "/restore"), ("GET", "/games/N/share")} <= carriers, carriers
    leaks = [c for c in walk.carriers if "no-store" not in (c[3] or "")]
    assert not leaks, leaks


def test_pages_without_keys_stay_cacheable(client, game):
    """no-store is kept for key-bearing responses: the live board still revalidates with its ETag."""
    response = client.get(f"/games/{game['id']}/board")
    assert response.headers["Cache-Control"] == "no-cache" and response.headers.get("ETag")
