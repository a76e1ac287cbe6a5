"""In a real browser, under the real Content-Security-Policy: nothing is blocked (no page
relies on inline script or style), and hostile player names run nothing (issue 7)."""
import json
import re
import urllib.request

from playwright.sync_api import expect

HOSTILE = ["<img src=x onerror=alert(1)>", "<script>alert(2)</script>", "\"><svg onload=alert(3)>",
           "' onfocus='alert(4)' autofocus='"]


def api(live_server, method, path, body=None, key=None):
    headers = {"Content-Type": "application/json"}
    if key:
        headers["Authorization"] = f"Bearer {key}"
    request = urllib.request.Request(live_server + path, method=method, headers=headers,
                                     data=json.dumps(body).encode() if body is not None else None)
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def watch(page):
    """Collect what the browser blocked or ran: CSP reports, console errors, dialogs."""
    seen = {"violations": [], "dialogs": [], "errors": []}
    page.on("dialog", lambda d: (seen["dialogs"].append(d.message), d.dismiss()))
    page.on("console", lambda m: m.type == "error" and seen["errors"].append(m.text))
    page.on("pageerror", lambda e: seen["errors"].append(str(e)))
    page.add_init_script("""
        document.addEventListener("securitypolicyviolation", (e) => {
          (window.__csp = window.__csp || []).push(e.violatedDirective + " " + e.blockedURI);
        });
    """)
    return seen


def violations(page):
    return page.evaluate("window.__csp || []")


def test_pages_run_under_the_policy_and_hostile_names_stay_text(page, live_server, taps):
    seen = watch(page)
    game = api(live_server, "POST", "/api/games", {"players": HOSTILE})
    api(live_server, "POST", f"/api/games/{game['id']}/hands",
        {"held": {HOSTILE[0]: [], HOSTILE[1]: ["7", "wild"], HOSTILE[2]: ["red-skip"], HOSTILE[3]: ["0"]}},
        key=game["edit_key"])
    pages = ["/", "/games/new", f"/games/{game['id']}", f"/games/{game['id']}/hands", "/rules/classic",
             "/judge"]
    for path in pages:
        response = page.goto(live_server + path)
        assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
        page.wait_for_load_state("load")
        assert violations(page) == [], (path, violations(page))
    # The scripts did run (the policy allows our own files): the keypad page is interactive.
    page.goto(live_server + "/games/new")
    expect(page.locator("html")).to_have_class(re.compile(r"\bjs\b"))
    assert violations(page) == []
    # The hostile names show as text, and nothing they contain ran.
    page.goto(live_server + f"/games/{game['id']}")
    for name in HOSTILE:
        expect(page.get_by_text(name, exact=False).first).to_be_attached()
    assert page.locator("main img[src='x'], main svg[onload], main script").count() == 0
    assert seen["dialogs"] == []
    assert not [e for e in seen["errors"] if "Content Security Policy" in e], seen["errors"]


def test_a_keep_score_link_grants_nothing_until_the_button_is_tapped(page, live_server):
    """Issue 12 finding 7 (login CSRF): another site can send a phone to a keep-score link;
    the page asks first, naming the players, and only the tap makes this phone a scorekeeper."""
    game = api(live_server, "POST", "/api/games", {"players": ["Mom", "Dad", "Zoe"]})
    hand_form = f"{live_server}/games/{game['id']}/hands/new"
    page.goto(f"{live_server}/games/{game['id']}/keep-score#key={game['edit_key']}")
    expect(page.locator("h1")).to_have_text("Keep score for Mom, Dad, Zoe's game on this phone?")
    page.wait_for_timeout(1500)  # the old script posted the key by itself at once
    expect(page).to_have_url(re.compile(rf"/games/{game['id']}/keep-score$"))  # fragment dropped
    assert page.request.get(hand_form).status == 403
    expect(page.locator("input[name=key]")).to_be_hidden()  # filled from the link, not shown
    page.get_by_role("button", name="Yes, keep score on this phone").tap()
    expect(page).to_have_url(re.compile(rf"/games/{game['id']}$"))
    assert page.request.get(hand_form).status == 200
