"""Accessibility a person can feel, on a phone, in the light and the dark theme.

For each page a family uses at the table (home, new game, hand keypad, scoreboard, rules,
judge, a judge ruling, and the referee with a timeline), with the phone set to light and then to dark:

* every control has an accessible name: Chromium's own accessibility tree is asked, so a
  label, aria-label, aria-labelledby, title or text all count, exactly as a screen reader
  would find them;
* every tap target is at least 48 x 48 CSS px. Targets are links, buttons, summaries,
  selects, text-like inputs, anything with role=button or a tabindex, and for a radio or
  checkbox the label that wraps it (that label is what a thumb hits). Exempt, as WCAG 2.5.5
  and 2.5.8 exempt a target "in a sentence": a link laid out inline (display: inline) whose
  paragraph or list item holds at least three words of text outside its links, i.e. a link
  in running text. A short line that is mostly a link ("Ana dealt · back to the scores")
  is not running text, so its link must be full size;
* text contrast is at least 4.5:1, or 3:1 for large text (24 px, or 18.66 px bold), for
  every visible element with its own text, input values and placeholders, and ::before /
  ::after text. The background is found by walking up the ancestors and compositing
  translucent backgrounds until an opaque one; opacity on the way fades the text toward it.
  Text hidden for screen readers only (clipped to 1 px) has no colour to judge;
* card chips always carry their number or symbol as visible text, so a card never depends on
  colour alone (and that text passes the same contrast check on the card's colour).
"""
import json
import re
import urllib.request

import pytest
from playwright.sync_api import expect

PLAYERS = ["Ana", "Ben", "Cy", "Dee"]
HANDS = [
    ("Ana", {"Ben": ["red-7", "blue-skip", "wild"], "Cy": ["3", "draw2"], "Dee": ["9"]}),
    ("Ben", {"Ana": ["5"], "Cy": ["reverse"], "Dee": ["wild-draw4"]}),
    ("Cy", {"Ana": ["1"], "Ben": ["yellow-2"], "Dee": ["green-3", "4"]}),
]
PAGES = {
    "home": "/",
    "new-game": "/games/new",
    "keypad": "/games/{id}/hands/new",
    "scoreboard": "/games/{id}",
    "rules": "/rules/classic",
    "rules-pl": "/rules/classic-112?lang=pl",
    "judge": "/judge",
    "judge-ruling": "/judge/play?asked=1&top_colour=red&top_kind=7&card_colour=blue&card_kind=7&game={id}",
    "referee": "/referee?game={id}",
    "referee-timeline": "/referee?asked=1&players=Ana,Ben,Cy&start_colour=red&start_kind=7&plays="
                        "Ana+red-3%0ABen+blue-4%0ABen+red-skip%0AAna+draw%0ABen+wild-draw4+green",
}
NAMED_ROLES = {"button", "link", "textbox", "searchbox", "combobox", "checkbox", "radio", "spinbutton",
               "slider", "switch", "listbox", "menuitem", "tab", "DisclosureTriangle"}

AUDIT = r"""() => {
const problems = {targets: [], contrast: [], cards: []};
const describe = (el) => {
  const text = (el.innerText || el.value || el.getAttribute("aria-label") || "").trim().replace(/\s+/g, " ");
  return el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") +
    (el.className && typeof el.className === "string" ? "." + el.className.trim().replace(/\s+/g, ".") : "") +
    (text ? ` "${text.slice(0, 40)}"` : "");
};
const visible = (el) => {
  if (!el.checkVisibility({checkVisibilityCSS: true})) return false;
  const r = el.getBoundingClientRect();
  return r.width > 1 && r.height > 1;
};

// ---- tap targets
const words = (text) => (text.match(/[\p{L}\p{N}]+/gu) || []).length;
const inRunningText = (a) => {
  if (a.tagName !== "A" || getComputedStyle(a).display !== "inline") return false;
  const block = a.closest("p, li, dd, td, th, blockquote, figcaption");
  if (!block) return false;
  const copy = block.cloneNode(true);
  copy.querySelectorAll("a").forEach((link) => link.remove());
  return words(copy.textContent) >= 3;
};
const targets = new Set();
document.querySelectorAll('a[href], button, summary, select, textarea, input:not([type=hidden]), ' +
                          '[role=button], [tabindex]:not([tabindex="-1"])').forEach((el) => {
  if ((el.type === "radio" || el.type === "checkbox") && el.closest("label")) el = el.closest("label");
  targets.add(el);
});
targets.forEach((el) => {
  if (!visible(el) || inRunningText(el)) return;
  const r = el.getBoundingClientRect();
  if (r.width < 47.5 || r.height < 47.5)
    problems.targets.push(`${describe(el)} is ${Math.round(r.width)}x${Math.round(r.height)}`);
});

// ---- contrast
const parse = (c) => {
  const m = c.match(/rgba?\(([\d.]+),?\s*([\d.]+),?\s*([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\)/);
  if (!m) return null;
  let a = m[4] === undefined ? 1 : parseFloat(m[4]) / (m[4].endsWith("%") ? 100 : 1);
  return [+m[1], +m[2], +m[3], a];
};
const over = (top, bottom) => {  // composite a translucent colour over an opaque one
  const a = top[3];
  return [0, 1, 2].map((i) => top[i] * a + bottom[i] * (1 - a)).concat(1);
};
const background = (el) => {
  const layers = [];
  for (let node = el; node && node.nodeType === 1; node = node.parentElement) {
    const bg = parse(getComputedStyle(node).backgroundColor);
    if (bg && bg[3] > 0) { layers.push(bg); if (bg[3] >= 1) break; }
  }
  const dark = matchMedia("(prefers-color-scheme: dark)").matches;
  let colour = layers.length && layers[layers.length - 1][3] >= 1 ? layers.pop() : (dark ? [18, 18, 18, 1] : [255, 255, 255, 1]);
  while (layers.length) colour = over(layers.pop(), colour);
  return colour;
};
const opacity = (el) => {
  let o = 1;
  for (let node = el; node && node.nodeType === 1; node = node.parentElement) o *= parseFloat(getComputedStyle(node).opacity);
  return o;
};
const luminance = (c) => {
  const [r, g, b] = c.slice(0, 3).map((v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const ratio = (a, b) => { const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
const check = (el, style, what) => {
  const bg = background(el);
  const fg = parse(style.color);
  if (!fg) return;
  const colour = over([fg[0], fg[1], fg[2], fg[3] * opacity(el)], bg);
  const size = parseFloat(style.fontSize), bold = parseInt(style.fontWeight, 10) >= 700;
  const needed = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
  const got = ratio(colour, bg);
  if (got < needed)
    problems.contrast.push(`${what} ${describe(el)}: ${got.toFixed(2)} < ${needed} (${style.color} on rgb(${bg.slice(0, 3).map(Math.round)}))`);
};
document.querySelectorAll("body *").forEach((el) => {
  if (!visible(el) || ["SCRIPT", "STYLE", "OPTION", "PROGRESS"].includes(el.tagName)) return;
  const style = getComputedStyle(el);
  if (el.disabled) return;  // WCAG exempts inactive controls
  const ownText = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
  if (ownText || (["INPUT", "SELECT", "TEXTAREA"].includes(el.tagName) && el.value && el.type !== "radio" && el.type !== "checkbox"))
    check(el, style, "text");
  if (el.placeholder && !el.value) check(el, getComputedStyle(el, "::placeholder"), "placeholder");
  for (const pseudo of ["::before", "::after"]) {
    const ps = getComputedStyle(el, pseudo);
    if (ps.content && /^"[^"]*[\p{L}\p{N}][^"]*"$/u.test(ps.content)) check(el, ps, pseudo);
  }
});

// ---- cards: the number or symbol is always there to read
document.querySelectorAll(".card, .taps label[class^=c-]").forEach((el) => {
  if (!visible(el)) return;
  const face = el.querySelector("[aria-hidden=true]") || el;
  if (!visible(face) || !face.innerText.trim()) problems.cards.push(`${describe(el)} shows no number or symbol`);
});
return problems;
}"""


def _api(base, method, path, body, key=None):
    headers = {"Content-Type": "application/json"}
    if key:
        headers["Authorization"] = f"Bearer {key}"
    request = urllib.request.Request(base + path, json.dumps(body).encode(), headers, method=method)
    with urllib.request.urlopen(request) as response:
        return json.load(response)


@pytest.fixture
def scorekeeping_phone(page, live_server):
    """A game with three hands, and this phone holding its edit key (through the keep-score link)."""
    game = _api(live_server, "POST", "/api/games", {"players": PLAYERS})
    for out, others in HANDS:
        held = {name: others.get(name, []) for name in PLAYERS}
        _api(live_server, "POST", f"/api/games/{game['id']}/hands", {"held": held}, game["edit_key"])
    page.goto(f"{live_server}/games/{game['id']}/keep-score#key={game['edit_key']}")
    page.get_by_role("button", name="Yes, keep score on this phone").tap()
    expect(page).to_have_url(re.compile(rf"/games/{game['id']}$"))
    return game["id"]


def names_missing(page):
    """Controls and links in Chromium's accessibility tree that a screen reader would read without a name."""
    cdp = page.context.new_cdp_session(page)
    missing = []
    for node in cdp.send("Accessibility.getFullAXTree")["nodes"]:
        role = node.get("role", {}).get("value")
        if node.get("ignored") or role not in NAMED_ROLES:
            continue
        if not str(node.get("name", {}).get("value", "")).strip():
            described = cdp.send("DOM.describeNode", {"backendNodeId": node["backendDOMNodeId"]})["node"]
            attrs = described.get("attributes", [])
            missing.append(f"{role} <{described['nodeName'].lower()} {dict(zip(attrs[::2], attrs[1::2]))}>")
    cdp.detach()
    return missing


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("name", list(PAGES))
def test_page_is_usable_by_everyone(page, live_server, scorekeeping_phone, name, scheme):
    page.emulate_media(color_scheme=scheme)
    page.goto(live_server + PAGES[name].format(id=scorekeeping_phone))
    assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") == (scheme == "dark")
    if name == "keypad":  # the states a scorekeeper sees: someone out, a card chip to tap away
        page.locator("#seat-1 .out-toggle").tap()
        page.locator('.key[data-kind="7"]').tap()
        expect(page.locator("#seat-0 .chips .card")).to_have_count(1)
    elif name == "scoreboard":
        expect(page.locator("[data-sync]")).to_contain_text("Live")
    elif name == "judge-ruling":
        expect(page.locator(".ruling .cited a").first).to_be_visible()

    problems = page.evaluate(AUDIT)
    problems["names"] = names_missing(page)
    failures = [f"{kind}: {problem}" for kind, found in problems.items() for problem in found]
    assert not failures, f"{name} ({scheme}):\n" + "\n".join(failures)
