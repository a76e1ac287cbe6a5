"""Two times a family feels at the table, in a real browser against gunicorn on loopback:

- board back after Save: from the keeper's tap on Save to their scoreboard showing the hand;
- watcher follows: from the keeper's board showing the hand to a watching phone's board
  showing it (the watcher polls; board.js's interval decides most of it).

Both phones are Debian's chromium at iPhone size through Playwright; hands are entered at
random moments against the watcher's poll, as at a table. Prints the median and the spread of
each, and the watcher's median as a share of the poll interval (a ratio within one run).

    .venv/bin/python -m benchmarks.save_and_follow [hands]
"""
from __future__ import annotations

import random
import re
import statistics
import sys
import time

from playwright.sync_api import expect, sync_playwright

from benchmarks.harness import gunicorn

CHROMIUM = "/usr/bin/chromium"
POLL_MS = int(re.search(r"setInterval\(poll, (\d+)\)",
                        open("static/board.js", encoding="utf-8").read()).group(1))


def start_game(page, base: str) -> str:
    page.goto(base + "/")
    page.locator("text=New game").first.click()
    for n, name in enumerate(["Ana", "Ben", "Cy", "Dee"]):
        page.fill(f"#players-{n}", name)
    page.fill("#target", "100000")
    page.locator("text=Start the game").first.click()
    expect(page).to_have_url(re.compile(r"/games/[A-Za-z0-9_-]{16}$"))
    return page.url


def enter_hand(page, n: int) -> None:
    out = n % 4
    page.locator('a.button.primary[href$="/hands/new"]').click()  # "Record hand n"
    page.locator(f"#seat-{out} .out-toggle").click()
    for seat in range(4):
        if seat != out:
            page.locator(f"#seat-{seat} legend").click()
            page.locator(f'.key[data-kind="{(n + seat) % 10}"]').click()


def run(hands: int) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {"board back after Save": [], "watcher follows": []}
    with gunicorn() as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        size = {k: v for k, v in p.devices["iPhone 13"].items() if k != "default_browser_type"}
        keeper = browser.new_context(**size).new_page()
        board = start_game(keeper, base)
        watcher = browser.new_context(**size).new_page()
        watcher.goto(board)
        for n in range(1, hands + 1):
            time.sleep(random.uniform(0, POLL_MS / 1000))  # any moment of the watcher's poll
            enter_hand(keeper, n)
            tapped = time.monotonic()
            keeper.locator("button[type=submit].primary").click()
            keeper.wait_for_selector(f"#hand-{n}", timeout=10000)
            back = time.monotonic()
            watcher.wait_for_selector(f"#hand-{n}", timeout=10000)
            followed = time.monotonic()
            times["board back after Save"].append(back - tapped)
            times["watcher follows"].append(followed - back)
        browser.close()
    return times


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    times = run(hands)
    print(f"{hands} hands, board.js polls every {POLL_MS} ms")
    for name, values in times.items():
        q = statistics.quantiles(values, n=10)
        print(f"{name:>22}: median {statistics.median(values):.2f} s, "
              f"10th {q[0]:.2f} s, 90th {q[-1]:.2f} s")
    share = statistics.median(times["watcher follows"]) / (POLL_MS / 1000)
    print(f"watcher follows, median / poll interval: {share:.2f}")


if __name__ == "__main__":
    main()
