"""Browser tests: Debian's chromium driven by Playwright, phone-sized, against a real server."""
import os
import threading

import pytest
from werkzeug.serving import make_server

from scorekeeper import create_app

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="session", autouse=True)
def _chromium_present():
    if not os.path.exists(CHROMIUM):
        if os.environ.get("SCOREKEEPER_REQUIRE_BROWSER"):
            pytest.fail(f"{CHROMIUM} is missing but SCOREKEEPER_REQUIRE_BROWSER is set")
        pytest.skip("Debian's chromium is not installed (apt-get install -y chromium); .ci/run installs it")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_FLAGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args, playwright):
    return {**browser_context_args, **playwright.devices["iPhone 13"]}


@pytest.fixture
def live_server(tmp_path):
    app = create_app({"SECRET_KEY": "e2e", "GC_FREEZE": False,  # the suite freezes its heap once (tests/conftest.py)
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'e2e.sqlite3'}"})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join()


class Taps:
    """Every tap goes through here, so a test can count them."""

    def __init__(self, page):
        self.page = page
        self.count = 0

    def __call__(self, selector: str) -> None:
        self.page.locator(selector).first.tap()
        self.count += 1


@pytest.fixture
def taps(page):
    return Taps(page)


@pytest.fixture
def phone(browser, playwright):
    """New phones (browser contexts, each with its own storage), iPhone-sized, service workers
    off: the outbox must work where browsers give none (plain http on the home Wi-Fi)."""
    contexts = []
    size = {k: v for k, v in playwright.devices["iPhone 13"].items() if k != "default_browser_type"}

    def make(**extra):
        contexts.append(browser.new_context(**size, service_workers="block", **extra))
        return contexts[-1]

    yield make
    for context in contexts:
        context.close()
