"""The same-hand question is the first thing on the screen (issue 27): under the number of the
hand it is about, with both versions and both answers in view without scrolling, at 320 x 568
and 390 x 844, and no sticky keypad over them."""
import pytest
from playwright.sync_api import expect


@pytest.mark.parametrize("width, height", [(320, 568), (390, 844)])
def test_the_question_and_both_answers_fit_the_first_screen(browser, live_server, width, height):
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=True,
                                  has_touch=True, service_workers="block")
    try:
        page = context.new_page()
        game = page.request.post(f"{live_server}/api/games", data={"players": ["Ana", "Ben", "Cy", "Dee"]}).json()
        key = {"Authorization": f"Bearer {game['edit_key']}"}
        page.goto(f"{live_server}/games/{game['id']}/keep-score")
        page.fill("input[name=key]", game["edit_key"])
        page.locator("form button[type=submit]").first.click()
        page.goto(f"{live_server}/games/{game['id']}/hands/new")
        held = {"Ana": ["7"], "Ben": ["7"], "Cy": [], "Dee": ["7"]}
        assert page.request.post(f"{live_server}/api/games/{game['id']}/hands", data={"held": held},
                                 headers=key).status == 201  # another phone, first
        page.locator("#seat-2 .out-toggle").tap()
        for seat in (0, 1, 3):
            page.locator(f"#seat-{seat} legend").tap()
            page.locator('.key[data-kind="7"]').tap()
        page.locator("text=Save hand").tap()
        expect(page.locator(".conflict h2")).to_contain_text("Hand 1 was just saved on another phone")
        expect(page.locator("h1")).to_have_text("Hand 1")
        expect(page.locator(".keypad")).to_be_hidden()
        assert page.evaluate("scrollY") == 0
        for part in (".conflict h2", ".conflict table", ".conflict button[value=same]", ".conflict button[value=new]"):
            box = page.locator(part).bounding_box()
            assert box["y"] >= 0 and box["y"] + box["height"] <= height, (part, box)
        page.locator(".conflict button[value=new]").tap()
        expect(page.locator(".flash-ok")).to_contain_text("Hand 2 saved")
    finally:
        context.close()
