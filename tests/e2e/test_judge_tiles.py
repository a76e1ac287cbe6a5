"""Issue 20: the judge's card tiles are readable in every state, light and dark, and its
selects fit a 320 px phone."""
import pytest

TILES = "#f-top .taps:not(.cols) label:not([class])"  # 0-9, Skip, Reverse, +2
# Text colour, and the first non-transparent background behind it (the tile's, else the page's).
LOOK = """els => els.map(e => {
  const text = getComputedStyle(e).color;
  for (let n = e; n; n = n.parentElement) {
    const bg = getComputedStyle(n).backgroundColor;
    if (bg !== 'rgba(0, 0, 0, 0)') return [text, bg];
  }
  return [text, 'rgb(255, 255, 255)'];
})"""


def luminance(rgb: str) -> float:
    r, g, b = (int(v) / 255 for v in rgb[rgb.index("(") + 1:].rstrip(")").split(",")[:3])
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def assert_readable(page, state):
    for text, bg in page.eval_on_selector_all(TILES, LOOK):
        assert contrast(text, bg) >= 4.5, (state, text, bg)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_number_and_action_tiles_are_readable_in_every_state(live_server, page, scheme):
    page.emulate_media(color_scheme=scheme)
    page.goto(f"{live_server}/judge/play", wait_until="load")
    assert_readable(page, "nothing tapped")
    page.click("#f-top label:has(input[value='7'])")
    assert_readable(page, "a number tapped before a colour")
    for colour in ("red", "yellow", "green", "blue"):
        page.click(f"#f-top label:has(input[value={colour}])")
        assert_readable(page, colour)
    page.click("#f-top label:has(input[value=wild])")
    assert_readable(page, "a Wild on top")


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_uno_penalty_select_fits_a_320_px_phone(live_server, page, lang):
    page.set_viewport_size({"width": 320, "height": 800})
    page.goto(f"{live_server}/judge/uno?lang={lang}", wait_until="load")
    box = page.locator("#i-uno_penalty").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 320
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
