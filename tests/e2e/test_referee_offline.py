"""The referee on a phone once the page is loaded: taps build the timeline with no network,
a reload with no network serves the page kept by the service worker, and the address the
page keeps while online renders the same timeline on the server."""
from playwright.sync_api import expect

START = "/referee?asked=1&players=Ana,Ben,Cy&start_colour=red&start_kind=7"


def tap_play(page, taps, colour, kind, button="Play the card"):
    if colour:
        taps(f"#tap label.c-{colour}")
    if kind:
        taps(f"#tap label:has(input[name=kind][value='{kind}'])")
    taps(f"#tap button:has-text('{button}')")


def marks(page):
    return page.locator("ol.tl li[id]").evaluate_all(
        "rows => rows.map(r => [r.id, r.className, r.querySelector('.mark').textContent.trim()[0], "
        "r.querySelector('.mark').textContent.split('→').pop().trim()])")


def test_taps_replay_offline_and_a_reload_offline_serves_the_kept_page(context, page,
                                                                        live_server, taps):
    page.goto(live_server + START)
    page.evaluate("navigator.serviceWorker.ready")
    page.reload()  # through the service worker now
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    context.set_offline(True)
    try:
        tap_play(page, taps, "red", "3")  # Ana: legal
        tap_play(page, taps, None, None, "Draw one, keep it")  # Ben draws: one tap
        tap_play(page, taps, "blue", "4")  # Cy: blue 4 on red 3, illegal
        tap_play(page, taps, "red", "skip")  # Cy again: red Skip, Ana skipped
        expect(page.locator("ol.tl li[id]")).to_have_count(4)
        expect(page.locator("#p3")).to_have_class("bad first")
        expect(page.locator("#p3")).to_contain_text("✗ Card not allowed here")
        expect(page.locator("#p3")).to_contain_text("The first illegal play")
        expect(page.locator("#p2")).to_contain_text("Ben +1")
        expect(page.locator("#result")).to_contain_text("Now: Ben to play.")
        expect(page.locator("#result")).to_contain_text("Ana 6 · Ben 8 · Cy 6")
        expect(page.locator("#p4 a").first).to_have_attribute("href", "/rules/classic#matching")
        expect(page.locator("#plays")).to_have_value("Ana red-3\nBen draw\nCy blue-4\nCy red-skip")
        assert not [u for u in requests if "/referee?" in u]  # no round trip for a tap
        page.reload()  # with no network: the page kept by the service worker
        expect(page.locator("h1")).to_have_text("Referee")
        tap_play(page, taps, "red", "5")  # and taps still replay
        expect(page.locator("#p1")).to_contain_text("✓ Legal")
    finally:
        context.set_offline(False)


def test_the_address_kept_online_renders_the_same_timeline(browser, page, live_server, taps):
    page.goto(live_server + START)
    tap_play(page, taps, "red", "draw2")  # Ana: Ben draws 2 and loses the turn
    tap_play(page, taps, "green", "draw2")  # Ben was charged: Cy stacks nothing, matches by symbol
    tap_play(page, taps, "red", "reverse")
    tap_play(page, taps, None, None, "Draw one, keep it")
    in_phone = marks(page)
    assert "plays=Ana+red-draw2" in page.url
    server = browser.new_context(java_script_enabled=False).new_page()
    server.goto(page.url)
    assert marks(server) == in_phone
    assert server.locator("#result").inner_text().split("\n")[0] == \
        page.locator("#result").inner_text().split("\n")[0]


def test_a_polish_page_replays_in_polish(page, live_server, taps):
    page.goto(live_server + START + "&lang=pl")
    expect(page.locator("html")).to_have_attribute("lang", "pl")
    taps("#tap label.c-blue")  # Ana: blue 4 on red 7, illegal
    taps("#tap label:has(input[name=kind][value='4'])")
    taps("#tap button[value=play]")
    expect(page.locator("#p1")).to_contain_text("✗ Tej karty nie wolno tu zagrać")
    expect(page.locator("#result")).to_contain_text("Teraz gra: Ana.")
    expect(page.locator("#result")).to_contain_text("Zostało kart: Ana 7")
    assert "Card not allowed" not in page.locator("main, body").first.inner_text()
