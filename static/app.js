// Small improvements over pages that already work without JavaScript:
// adding player rows on the new-game form, and claiming a keep-score link.
//
// How the scripts are organised: one plain script per kind of page, no modules and no build
// step, all "use strict" with const/let. Every extra file is one more request, and the
// scoreboard's budget (4 requests: page, manifest, CSS, one script) leaves room for exactly
// one, so most pages load one script: this one (home, new game, judge index, ...), board.js
// (scoreboard), rules.js (rules pages) or judge.js (judge questions). The hand keypad, which
// has no request budget, loads board.js, outbox.js then keypad.js so keepAwake() and the
// outbox live in one place; board.js fetches outbox.js only while a hand waits.
// sw.js is the service worker, not a page script.
"use strict";
document.documentElement.classList.add("js");

function setupPlayerRows(form) {
  const rows = [...form.querySelectorAll(".player-row")];
  const list = form.querySelector(".player-rows");
  if (!rows.length || !list) return;
  const buttons = form.querySelector(".row-buttons");  // shown by CSS once <html> has class js
  if (!buttons) return;
  const shown = () => rows.filter((r) => !r.classList.contains("extra"));
  buttons.addEventListener("click", (event) => {
    if (event.target.matches("[data-add]")) {
      const next = rows.find((r) => r.classList.contains("extra"));
      if (next) { next.classList.remove("extra"); next.querySelector("input").focus(); }
    } else if (event.target.matches("[data-remove]")) {
      const visible = shown();
      if (visible.length <= 2) return;
      const last = visible[visible.length - 1];
      last.querySelector("input").value = "";
      last.classList.add("extra");
    }
  });
}

// A keep-score link carries the edit key after '#': put it in the form and drop it from the
// address. Never submit: a page on another site could open this link, so only the person's
// tap on "Yes, keep score on this phone" may make this phone a scorekeeper (login CSRF).
function claimKey(form) {
  const match = location.hash.match(/^#key=([\w-]+)$/);
  if (!match) return;
  history.replaceState(null, "", location.pathname);
  form.querySelector('input[name="key"]').value = match[1];
  const paste = form.querySelector(".paste-key");
  if (paste) paste.hidden = true;
  form.querySelector('button[type="submit"]').focus();
}

// Family tables: players are ticked in seat order. Number the seats as they are tapped, and
// send the names in that order (a form would send them in page order).
function setupSeats(form) {
  const order = [];
  const renumber = () => form.querySelectorAll("label.seat").forEach((label) => {
    const at = order.indexOf(label.querySelector("input"));
    label.querySelector(".seat-no").textContent = at < 0 ? "" : `${at + 1}.`;
  });
  form.addEventListener("change", (event) => {
    let box = event.target;
    if (box.name.startsWith("team:")) {  // a team tapped for someone not ticked yet ticks them
      const name = box.name.slice(5);
      box = [...form.querySelectorAll('input[name="seat"]')].find((seat) => seat.value === name);
      if (!box || box.checked || !event.target.value) return;
      box.checked = true;
    }
    if (!box.matches('input[name="seat"]')) return;
    const at = order.indexOf(box);
    if (at >= 0) order.splice(at, 1);
    if (box.checked) order.push(box);
    renumber();
  });
  form.addEventListener("submit", () => {
    form.querySelectorAll('input[name="seat"]:checked').forEach((box) => order.includes(box) || order.push(box));
    order.forEach((box) => {
      const hidden = Object.assign(document.createElement("input"), { type: "hidden", name: "seat", value: box.value });
      form.append(hidden);
      box.disabled = true;
    });
  });
}

// A family table's start form: its summary line says what the form holds now. The words are
// the choices' own labels and the patterns the page gave ("to {n}"); nothing is decided here.
function followSettings(details) {
  const line = details.querySelector(".settings-now strong");
  const hint = details.querySelector("summary .hint");
  if (!line) return;
  const names = JSON.parse(line.dataset.houseNames || "{}");  // a house-rule input's words, by name (or name=value)
  const number = (name) => (details.querySelector(`input[name="${name}"]`)?.value || "").trim();
  details.addEventListener("input", () => {
    const checked = [...details.querySelectorAll("input:checked")];
    const houseRule = (input) => input.closest(".house-rules");
    const picked = checked.filter((input) => !houseRule(input)).map((input) => input.closest("label").querySelector("strong").textContent);
    const house = checked.filter(houseRule).map((input) => names[input.type === "radio" ? `${input.name}=${input.value}` : input.name]).filter(Boolean);
    const target = number("target");
    const penalty = number("uno_penalty");
    if (penalty) house.push(line.dataset.uno.replace("{n}", penalty));
    const parts = [...picked, target && line.dataset.target.replace("{n}", target)];
    if (house.length) parts.push(line.dataset.house.replace("{list}", house.join(", ")));
    line.textContent = parts.filter(Boolean).join(" · ");
    hint.textContent = hint.dataset.changed;
  });
}

if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});
// A hand saved on this phone is still waiting: the game pages' script (board.js, its outbox)
// comes along to show it and send it from here. Nothing waits: no extra request.
if (Object.keys(localStorage).some((k) => k.startsWith("outbox:") || k.startsWith("pending:"))) {
  const outbox = document.createElement("script");
  outbox.src = "/static/board.js";
  document.head.append(outbox);
}
document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll("form.new-game").forEach(setupPlayerRows);
  document.querySelectorAll("form.claim").forEach(claimKey);
  document.querySelectorAll("form.table-start").forEach(setupSeats);
  document.querySelectorAll("form.table-start .game-settings").forEach(followSettings);
});
