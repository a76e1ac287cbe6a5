"""Offline, a page never opened before says so in the language of the pages this phone reads
(issue 14): the Polish family switched to Polish on an English phone gets it in Polish."""
from playwright.sync_api import expect

from tests.e2e.test_evening_without_wifi import wifi_off


def test_the_offline_page_speaks_the_language_of_the_last_page(context, page, live_server):
    page.goto(live_server + "/?lang=pl")  # the switch, on an English phone
    page.evaluate("navigator.serviceWorker.ready")
    page.reload()  # now through the service worker
    expect(page.locator("html")).to_have_attribute("lang", "pl")
    wifi_off(context, live_server)
    try:
        page.goto(live_server + "/tables/new")  # never opened on this phone
        expect(page.locator("html")).to_have_attribute("lang", "pl")
        expect(page.locator("p")).to_contain_text("Brak połączenia, a tej strony nie otwierano")
    finally:
        context.unroute_all()
