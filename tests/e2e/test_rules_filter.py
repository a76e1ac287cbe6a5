"""The rules filter narrows the page as you type, on a phone, exactly as the server's ?q= does."""
from scorekeeper.domain.rulebook import rules_for, search


def test_filter_as_you_type_on_a_phone(live_server, page):
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(f"{live_server}/rules/classic", wait_until="load")
    assert len(requests) <= 4
    total = len(rules_for("classic"))
    visible = "main article:not([hidden])"
    assert page.locator(visible).count() == total

    page.fill("#q", "wild draw four challenge")
    shown = page.eval_on_selector_all(visible, "els => els.map(e => e.id)")
    assert shown == [r.id for r in search("classic", "wild draw four challenge")]
    assert page.is_hidden("#none") and page.is_visible("#count")
    assert page.is_hidden("#start")  # sections without a match go too
    assert "q=wild" in page.url

    page.fill("#q", "zzzqqq")
    assert page.locator(visible).count() == 0 and page.is_visible("#none")

    page.fill("#q", "")
    assert page.locator(visible).count() == total and page.is_hidden("#none")

    # phone-sized: nothing wider than the screen, thumb-sized targets
    page.click(".toc summary")
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    for selector in (".toc summary", ".toc a", ".eds a", "article h3 a", "#q", ".find button"):
        items = page.locator(selector)
        for i in range(min(items.count(), 10)):
            assert items.nth(i).bounding_box()["height"] >= 47.5, selector
    # a small link icon beside the title says it is the rule's link (the id itself stays out of sight)
    icon = page.eval_on_selector("#deck h3 a", "a => getComputedStyle(a, '::after').content")
    assert icon.startswith('url("data:image/svg+xml') and "#deck" not in icon
    assert page.get_attribute("#deck h3 a", "href") == "#deck"


def test_filter_counts_in_polish_grammar(live_server, page):
    """The count comes from the page's own messages, in the browser's plural rules for Polish."""
    page.goto(f"{live_server}/rules/classic?lang=pl", wait_until="load")
    assert page.get_attribute("html", "lang") == "pl"
    visible = "main article:not([hidden])"
    for query in ("weź cztery", "stop", "sprawdzenie"):
        page.fill("#q", query)
        n = page.locator(visible).count()
        assert 0 < n < len(rules_for("classic")), query
        few = n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14)
        kind = "zasada pasuje" if n == 1 else "zasady pasują" if few else "zasad pasuje"
        assert page.text_content("#count") == f"{n} {kind}.", query


def test_filter_forgives_accents_order_spelling_and_finds_headings(live_server, page):
    """As the server's ?q=: Polish letters folded, words in any order, section headings searched,
    US and UK spellings alike."""
    visible = "main article:not([hidden])"
    shown = lambda: page.eval_on_selector_all(visible, "els => els.map(e => e.id)")
    page.goto(f"{live_server}/rules/classic?lang=pl", wait_until="load")
    page.fill("#q", "weź cztery")
    accented = shown()
    page.fill("#q", "wez cztery")
    assert accented and shown() == accented
    page.fill("#q", "cztery WEZ")
    assert shown() == accented
    page.fill("#q", "pusty stos")
    assert shown() == ["empty-draw-pile"]
    page.goto(f"{live_server}/rules/classic?lang=en", wait_until="load")
    page.fill("#q", "color")
    us = shown()
    page.fill("#q", "colour")
    assert us and shown() == us == [r.id for r in search("classic", "color")]
