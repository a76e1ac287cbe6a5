"""The outbox queue of static/board.js, run in chromium (issue 27): saves are sent oldest first,
each until the server has answered for it; a lost connection stops the round and the rest wait;
a lost answer is recognised by its request id; a question (409) in the middle waits for a person
and holds back the later hands of its game only; a refused hand (422) is never retried and holds
nothing back (issue 37); a form token from an old session is renewed.

The "server" is a route that answers by the rules of the real one (a request id it has stored
answers "already saved", a redirect), so each case is exact and cheap."""
import json
from urllib.parse import parse_qs

import pytest


@pytest.fixture
def queue(page, live_server):
    """A page with board.js loaded and nothing waiting; `server` decides each answer."""
    server = {"seen": [], "stored": [], "plan": {}}

    def answer(route):
        request = route.request
        if request.method == "GET":  # the keypad page a renewed form token is read from
            route.fulfill(status=200, content_type="text/html",
                          body='<form><input name="csrf_token" value="fresh"></form>')
            return
        fields = {k: v[0] for k, v in parse_qs(request.post_data or "").items()}
        rid = fields["request_id"]
        server["seen"].append(rid)
        plan = server["plan"].get(rid, [])
        what = plan.pop(0) if plan else "save"
        if what == "offline":
            route.abort("internetdisconnected")
        elif what == "lost":  # stored, but the answer never reaches the phone
            server["stored"].append(rid)
            route.abort("connectionreset")
        elif what == "token" and fields.get("csrf_token") != "fresh":
            route.fulfill(status=400, body="The CSRF token is missing.")
        elif isinstance(what, int):
            body = ("<section class=conflict><h2>Same hand?</h2><button name=answer value=same>Same</button></section>"
                    if what == 409 else "<h1>That could not be recorded.</h1>")
            route.fulfill(status=what, content_type="text/html", body=body)
        else:
            if rid not in server["stored"]:
                server["stored"].append(rid)
            route.fulfill(status=302, headers={"Location": "/"})

    page.context.route("**/fake/**", answer)  # the service worker's fetches too
    page.goto(live_server + "/")
    page.add_script_tag(url="/static/board.js")
    page.add_script_tag(url="/static/outbox.js")
    page.wait_for_function("typeof sendOutbox === 'function'")
    return page, server


def put(page, *entries):
    """Entries (game, request id) in the outbox, oldest first."""
    for n, (game, rid) in enumerate(entries):
        page.evaluate("""([game, rid, n]) => localStorage.setItem(`outbox:${game}:${rid}`, JSON.stringify({
            url: `/fake/${game}/hands/new`, page: `/fake/${game}/hands/new`, game, at: 1000 + n,
            fields: [["csrf_token", "old"], ["request_id", rid], ["out", "0"]]}))""", [game, rid, n])


def send(page):
    page.evaluate("sendOutbox()")


def waiting(page):
    return page.evaluate("""outboxKeys().map((k) => [JSON.parse(localStorage.getItem(k)).fields
        .find(([n]) => n === 'request_id')[1], !!JSON.parse(localStorage.getItem(k)).review])""")


def test_every_waiting_hand_is_sent_in_order_once(queue):
    page, server = queue
    put(page, *[("g", f"h{n}") for n in range(1, 6)])
    send(page)
    assert server["seen"] == ["h1", "h2", "h3", "h4", "h5"] and server["stored"] == server["seen"]
    assert waiting(page) == []
    send(page)  # nothing left: nothing sent twice
    assert len(server["seen"]) == 5


def test_a_lost_connection_stops_the_round_and_the_rest_wait_in_order(queue):
    page, server = queue
    put(page, ("g", "h1"), ("g", "h2"), ("g", "h3"))
    server["plan"] = {"h2": ["offline", "offline"]}
    send(page)
    assert server["seen"] == ["h1", "h2"] and waiting(page) == [["h2", False], ["h3", False]]
    send(page)
    assert server["seen"][2:] == ["h2"] and server["stored"] == ["h1"]
    send(page)  # the Wi-Fi is back
    assert server["seen"][3:] == ["h2", "h3"] and server["stored"] == ["h1", "h2", "h3"]
    assert waiting(page) == []


def test_a_lost_answer_is_recognised_by_its_request_id(queue):
    page, server = queue
    put(page, ("g", "h1"), ("g", "h2"))
    server["plan"] = {"h1": ["lost"]}
    send(page)
    assert server["stored"] == ["h1"] and waiting(page) == [["h1", False], ["h2", False]]
    send(page)  # resent with the same request id: "already saved", then the next one
    assert server["seen"] == ["h1", "h1", "h2"] and server["stored"] == ["h1", "h2"]
    assert waiting(page) == []


def test_a_question_holds_back_its_game_only(queue):
    page, server = queue
    put(page, ("g", "h1"), ("g", "h2"), ("g", "h3"), ("other", "o1"))
    server["plan"] = {"h2": [409]}
    send(page)
    assert server["seen"] == ["h1", "h2", "o1"] and server["stored"] == ["h1", "o1"]
    assert waiting(page) == [["h2", True], ["h3", False]]  # h3 keeps its place behind h2
    send(page)  # still waiting for a person: nothing is sent again on its own
    assert server["seen"] == ["h1", "h2", "o1"]
    text = page.evaluate("document.body.textContent")
    assert "h2" not in text  # nothing of the question leaks onto this page


@pytest.mark.parametrize("status", [422, 403])
def test_a_refused_hand_is_never_retried_and_holds_nothing_back(queue, status):
    """Issue 37: one empty Save by mistake must not block the phone."""
    page, server = queue
    put(page, ("g", "h1"), ("g", "h2"), ("g", "h3"))
    server["plan"] = {"h2": [status]}
    send(page)
    assert server["seen"] == ["h1", "h2", "h3"] and server["stored"] == ["h1", "h3"]
    assert waiting(page) == [["h2", False]]
    assert page.evaluate("JSON.parse(localStorage.getItem(outboxKeys()[0])).refused")  # why, in words
    send(page)  # never sent again unasked
    assert server["seen"] == ["h1", "h2", "h3"]


def test_a_form_token_from_a_closed_browser_is_renewed_not_asked_about(queue):
    page, server = queue
    put(page, ("g", "h1"))
    server["plan"] = {"h1": ["token", "token"]}
    send(page)
    assert server["seen"] == ["h1", "h1"] and server["stored"] == ["h1"] and waiting(page) == []


def test_a_save_from_an_older_version_joins_the_queue(queue):
    page, server = queue
    page.evaluate("""localStorage.setItem('pending:g:new', JSON.stringify({url: '/fake/g/hands/new',
        page: '/fake/g/hands/new', fields: [['request_id', 'old-slot'], ['out', '0']]}))""")
    put(page, ("g", "h1"))
    send(page)
    assert server["seen"] == ["old-slot", "h1"] and waiting(page) == []
    keys = json.loads(page.evaluate("JSON.stringify(Object.keys(localStorage))"))
    assert [k for k in keys if k.startswith(("outbox:", "pending:"))] == []
