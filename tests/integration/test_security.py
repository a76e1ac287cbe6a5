"""Security headers, cookies, CSRF on every form, and hostile names escaped everywhere (issue 7)."""
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.support.helpers import auth, post_hand
from tests.support.routes import build, is_api, rules, snapshot

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = [
    "<script>alert(1)</script>",
    "\"><img src=x onerror=alert(2)>",
    "' onmouseover='alert(3)",
    "</textarea><svg onload=alert(4)>",
    "{{7*7}} &lt;b&gt;",
]
HAND = {HOSTILE[0]: [], HOSTILE[1]: ["7", "red-skip"], HOSTILE[2]: ["wild"],
        HOSTILE[3]: ["blue-0"], HOSTILE[4]: ["green-draw2"]}


def token_of(client, path="/games/new") -> str:
    html = client.get(path).get_data(as_text=True)
    match = re.search(r'<input[^>]*name="csrf_token"[^>]*>', html)
    assert match, f"no CSRF token on {path}"
    return re.search(r'value="([^"]+)"', match.group(0)).group(1)


def start_hostile_game(client) -> dict:
    """A game made through the HTML form (so this browser holds its key), one hand recorded."""
    data = {f"players-{i}": n for i, n in enumerate(HOSTILE)}
    data.update(edition="classic", scoring="winner-takes-points", target="500",
                csrf_token=token_of(client))
    response = client.post("/games/new", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    game_id = response.headers["Location"].rsplit("/", 1)[1]
    share = client.get(f"/games/{game_id}/share").get_data(as_text=True)
    key = re.search(r"#key=([A-Za-z0-9_-]+)", share).group(1)
    game = {"id": game_id, "edit_key": key}
    assert post_hand(client, game, HAND).status_code == 201
    return game


def get_urls(app, game_id: str) -> list[str]:
    return [build(app, rule, game_id=game_id) for rule in rules(app, "GET")]


# ---------------------------------------------------------------- headers and cookies


def policy(response) -> dict[str, list[str]]:
    directives = {}
    for part in response.headers["Content-Security-Policy"].split(";"):
        name, *values = part.split()
        directives[name] = values
    return directives


def test_every_response_carries_the_security_headers(app, client):
    game = start_hostile_game(client)
    urls = get_urls(app, game["id"]) + ["/no/such/page", "/games/999", "/api/games/999"]
    responses = [(url, client.get(url)) for url in urls]
    responses.append(("POST /api/games", client.post("/api/games", json={"players": ["Ana"]})))
    responses.append(("PUT /", client.put("/")))  # 405
    for url, response in responses:
        headers = response.headers
        assert headers.get("X-Content-Type-Options") == "nosniff", url
        assert headers.get("Referrer-Policy") in ("same-origin", "strict-origin", "no-referrer"), url
        csp = policy(response)
        assert csp["frame-ancestors"] == ["'none'"], url
        assert csp["script-src"] == ["'self'"] and csp["style-src"] == ["'self'"], url
        assert csp["default-src"] == ["'self'"] and csp["object-src"] == ["'none'"], url
        assert "unsafe-inline" not in headers["Content-Security-Policy"], url
        assert "unsafe-eval" not in headers["Content-Security-Policy"], url
        assert "Strict-Transport-Security" not in headers, url  # plain HTTP: no HSTS


def test_session_cookie_flags_over_http_and_https(app):
    plain = app.test_client().get("/games/new")
    cookie = plain.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Secure" not in cookie
    secure = app.test_client().get("/games/new", base_url="https://localhost")
    cookie = secure.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Secure" in cookie
    assert secure.headers["Strict-Transport-Security"].startswith("max-age=")


def test_proxy_fix_trusts_the_proxy_scheme_only_when_told(make_app, database_url):
    headers = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9"}
    untrusting = make_app(database_url).test_client().get("/games/new", headers=headers)
    assert "Secure" not in untrusting.headers["Set-Cookie"]
    trusting = make_app(database_url, PROXY_FIX=1).test_client().get("/games/new", headers=headers)
    assert "Secure" in trusting.headers["Set-Cookie"]


class InlineCode(HTMLParser):
    """Finds what the policy forbids: inline scripts and styles, handlers, javascript: URLs."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "script" and not attrs.get("src"):
            self.found.append("an inline <script>")
        if tag == "style":
            self.found.append("a <style> element")
        if tag in ("img", "svg") and any(name.startswith("on") for name in attrs):
            self.found.append(f"an injected <{tag}>")
        for name, value in attrs.items():
            if name.startswith("on"):
                self.found.append(f"a {name} handler on <{tag}>")
            if name == "style":
                self.found.append(f"a style attribute on <{tag}>")
            if name in ("href", "src", "action", "formaction") and (value or "").strip().lower().startswith("javascript:"):
                self.found.append(f"a javascript: URL on <{tag}>")


def inline_code(html: str) -> list[str]:
    parser = InlineCode()
    parser.feed(html)
    parser.close()
    return parser.found


def test_pages_have_no_inline_script_or_style(app, client):
    """The policy forbids them, so a page that used them would break: none may."""
    game = start_hostile_game(client)  # hostile names are escaped, so they cannot trip this either
    for url in get_urls(app, game["id"]):
        response = client.get(url)
        if response.mimetype == "text/html":
            assert inline_code(response.get_data(as_text=True)) == [], url


INLINE_SOURCE = {
    # A JSON data block (type="application/json") is data the browser never runs, not code.
    "inline script": re.compile(r"<script(?![^>]*\b(?:src=|type=\"application/json\"))[^>]*>", re.I),
    "style attribute": re.compile(r"<[^>{]+\sstyle\s*=", re.I),
    "style element": re.compile(r"<style[\s>]", re.I),
    "event handler attribute": re.compile(r"<[a-z][^>{]*\son[a-z]+\s*=", re.I),
    "javascript: URL": re.compile(r"""(?:href|src|action)\s*=\s*["']?\s*javascript:""", re.I),
}


def test_templates_and_scripts_have_no_inline_code():
    for path in sorted((ROOT / "templates").glob("*.html")):
        text = path.read_text()
        for what, pattern in INLINE_SOURCE.items():
            assert not pattern.search(text), f"{path.name} has an {what}"
    for path in sorted((ROOT / "static").glob("*.js")):
        text = path.read_text()
        assert not re.search(r"""setAttribute\(\s*["'](style|on[a-z]+)["']""", text), path.name
        assert not re.search(r"\beval\(|new Function\(", text), path.name
        assert not re.search(r"""innerHTML\s*[+]?=\s*[^;]*\b(style|on[a-z]+)=""", text), path.name


# ---------------------------------------------------------------- CSRF


def test_every_post_form_carries_a_csrf_token(app, client):
    game = start_hostile_game(client)
    forms = 0
    for url in get_urls(app, game["id"]):
        response = client.get(url)
        if response.mimetype != "text/html":
            continue
        html = response.get_data(as_text=True)
        for form in re.findall(r"<form\b[^>]*>.*?</form>", html, re.S | re.I):
            if re.search(r'method="post"', form, re.I):
                forms += 1
                assert 'name="csrf_token"' in form, f"a form on {url} has no CSRF token"
    assert forms >= 5  # new game, target, hand, delete, restore, keep score...


def test_every_html_post_without_a_token_is_400_and_changes_nothing(app, client):
    game = start_hostile_game(client)
    other = app.test_client()
    foreign_token = token_of(other)  # valid, but for another browser's session
    posts = [r for r in rules(app, "POST") if not is_api(r)]
    assert {r.endpoint for r in posts} >= {"scorepad.new_game", "scorepad.delete_hand",
                                            "scoreboard.change_target", "backup.restore_upload"}
    before = snapshot(app)
    for rule in posts:
        url = build(app, rule, game_id=game["id"])
        for token in (None, "forged", foreign_token):
            data = {"out": "0", "target": "900", "players-0": "X", "players-1": "Y",
                    "key": game["edit_key"]}
            if token:
                data["csrf_token"] = token
            response = client.post(url, data=data)
            assert response.status_code == 400, (url, token, response.status_code)
    assert snapshot(app) == before
    # ...while the same form with this browser's own token works:
    response = client.post(f"/games/{game['id']}/target",
                           data={"target": "900", "csrf_token": token_of(client)})
    assert response.status_code == 302 and client.get(f"/api/games/{game['id']}").json["target"] == 900


def test_the_api_needs_the_key_not_a_cookie(client):
    game = start_hostile_game(client)  # this browser's session holds the key...
    response = client.post(f"/api/games/{game['id']}/hands", json={"held": HAND})
    assert response.status_code == 401  # ...but the API only takes the Bearer key
    assert client.post(f"/api/games/{game['id']}/hands", json={"held": HAND},
                       headers=auth(game)).status_code == 201


# ---------------------------------------------------------------- escaping


def escaped(text: str) -> str:
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&#34;").replace("'", "&#39;"))


def test_hostile_names_are_escaped_on_every_page(app, client):
    game = start_hostile_game(client)
    gid = game["id"]
    urls = get_urls(app, gid) + [
        f"/games/{gid}?system=lowest-total", f"/rules/classic?game={gid}",
        f"/judge?game={gid}", f"/games/{gid}/hands/9/edit", f"/games/{gid}/board",
    ]
    for hostile in HOSTILE:  # typed text reflected by search boxes and judge forms
        for name in ("q", "top", "card", "color", "hand", "drawn", "players", "player", "system",
                     "question", "edition"):
            urls += [f"/rules/classic?{name}={hostile}", f"/judge/play?{name}={hostile}",
                     f"/judge/uno?{name}={hostile}"]
    urls.append("/rules/" + HOSTILE[0])
    dangerous = [n for n in HOSTILE if set(n) & set("<>\"'")]
    pages = 0
    for url in urls:
        response = client.get(url)
        assert response.status_code < 500, url
        if response.mimetype != "text/html":
            continue
        pages += 1
        html = response.get_data(as_text=True)
        for name in dangerous:
            assert name not in html, f"{url} shows {name!r} unescaped"
        assert inline_code(html) == [], url  # nothing a name could have smuggled in
    board = client.get(f"/games/{gid}").get_data(as_text=True)
    for name in HOSTILE:
        assert escaped(name) in board, name
    assert "{{7*7}} &amp;lt;b&amp;gt;" in board and "49 " not in board  # shown, never evaluated
    assert pages > 20


def test_hostile_names_survive_the_api_and_exports_as_data(client):
    game = start_hostile_game(client)
    state = client.get(f"/api/games/{game['id']}").json
    assert [p["name"] for p in state["players"]] == HOSTILE
    csv_export = client.get(f"/games/{game['id']}/export.csv")
    assert csv_export.mimetype == "text/csv" and csv_export.headers["X-Content-Type-Options"] == "nosniff"
    assert "attachment" in csv_export.headers["Content-Disposition"]


# ---------------------------------------------------------------- input no database can store


@pytest.mark.parametrize("raw", [
    '{"players": ["A\\u0000na", "Ben"]}',
    '{"players": ["\\ud800", "Ben"]}',
    '{"players": ["Ana", "Ben"], "house_rules": {"\\u0000": 1}}',
    "[" * 50_000 + "]" * 50_000,
])
def test_json_no_database_can_store_is_400_and_changes_nothing(app, client, raw):
    before = snapshot(app)
    response = client.post("/api/games", data=raw, content_type="application/json")
    assert response.status_code == 400 and "error" in response.json
    assert snapshot(app) == before


def test_forms_and_queries_with_nul_are_400(app, client):
    data = {"players-0": "A\x00na", "players-1": "Ben", "edition": "classic",
            "scoring": "winner-takes-points", "target": "500", "csrf_token": token_of(client)}
    before = snapshot(app)
    assert client.post("/games/new", data=data).status_code == 400
    assert client.get("/rules/classic?q=a%00b").status_code == 400
    game = start_hostile_game(client)
    response = client.post(f"/api/games/{game['id']}/hands", headers=auth(game),
                           json={"held": HAND, "request_id": "tap\x00"})
    assert response.status_code == 400
    assert len(client.get(f"/api/games/{game['id']}").json["hands"]) == 1
    assert before["games"] == []
