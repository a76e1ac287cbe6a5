// The scoreboard follows the game live, counts the hands waiting in this phone's outbox into
// the next hand, and keeps the screen on. Every page of a game loads it: the hand keypad
// (before outbox.js and keypad.js, which share keepAwake and the outbox's keys) and the hands
// pages; app.js loads it when a hand waits. outbox.js, which sends what waits, comes along only
// when something waits (the scoreboard's request budget leaves room for one script).
"use strict";
document.documentElement.classList.add("js");  // before the first paint: room for the sync line

// Texts: English; another language's arrive as JSON in data-t.
const T = { s: "Live: synced {t}", l: "Connection lost since {t}: retrying…", c: "Link copied",
  f: "Copy failed: use Share", e: "Edit hand {t}", w: "Hands waiting to be sent from this phone: {t}.",
  r: "One needs a look before it can be saved:", n: "Not in step yet: a hand from this phone is waiting.",
  x: "Not saved: {t}", fix: "Fix it", drop: "Discard" };
const say = (k, v) => T[k].replace("{t}", v);

// Every open scoreboard follows the game: a cheap conditional poll (304 when unchanged).
function setupLiveBoard(board) {
  const status = document.querySelector("[data-sync]");
  let etag = board.dataset.etag;
  let lastSync = new Date();
  const clock = (d) => d.toLocaleTimeString(document.documentElement.lang || [], { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  const showSynced = () => {
    // a refused hand waits for the keeper (Fix it / Discard), not for the connection
    const waiting = outboxKeys(board.dataset.game).filter((k) => !(stored(k) || {}).refused).length;
    status.classList.toggle("lost", waiting > 0);  // never "synced" while a hand waits here
    status.textContent = waiting ? say("n") : say("s", clock(lastSync));
  };
  status.hidden = false;
  showSynced();

  async function poll() {
    if (document.hidden) return;
    try {
      const response = await fetch(board.dataset.live, {
        headers: { "If-None-Match": `"${etag}"` }, cache: "no-store", credentials: "same-origin" });
      if (response.status === 200) {
        const html = await response.text();
        etag = (response.headers.get("ETag") || "").replace(/^W\//, "").replaceAll('"', "") || etag;
        board.innerHTML = html;
        linkHands(board);
        showNextHand(board);
      } else if (response.status !== 304) {
        throw new Error(String(response.status));
      }
      lastSync = new Date();
      showSynced();
      const ready = (k) => { const entry = stored(k); return entry && !entry.refused && !entry.review; };
      if (typeof sendOutbox === "function" && outboxKeys().some(ready)) sendOutbox();  // the Wi-Fi is back
    } catch (error) {
      status.classList.add("lost");
      status.textContent = say("l", clock(lastSync));
    }
  }
  setInterval(poll, 2000);
  document.addEventListener("visibilitychange", poll);
  document.addEventListener("outbox", (event) => { if (event.detail.sent) poll(); else showSynced(); });
}

// The game as the server last showed this phone ({version, hands, dealers}: scorepad/waiting.py),
// the newest of what this page holds and what any page of the game kept on the phone.
function knownGame(game, holder) {
  let known = stored("known:" + game);
  try {
    const here = holder && JSON.parse(holder.dataset.known);
    if (here && (!known || here.version >= known.version)) {
      localStorage.setItem("known:" + game, JSON.stringify(here));
      known = here;
    }
  } catch (err) { /* no data on this page */ }
  return known;
}

// This phone's new hands of the game still to be stored, oldest first: not a refused one
// (until fixed), nor one the server shows stored (`known.ids`: its answer was lost); `before`:
// only those queued before that outbox key.
function waitingHands(game, before = null) {
  const keys = outboxKeys(game);
  const upTo = before && keys.includes(before) ? keys.indexOf(before) : keys.length;
  const storedIds = new Set((stored("known:" + game) || {}).ids || []);
  return keys.slice(0, upTo).map(stored).filter((e) => e && !e.refused && /\/hands\/new(\?|$)/.test(e.url) &&
    !storedIds.has(new Map(e.fields).get("request_id")));
}

// The next hand's number and dealer with `waiting` hands ahead of it: the server's count and
// its round of dealers, looked up (the deal goes round the table).
function nextHand(known, waiting) {
  return { number: known.hands + 1 + waiting, dealer: known.dealers[waiting % known.dealers.length] };
}

// The scoreboard's "Record hand n" and "… deals hand n" count this phone's waiting hands.
function showNextHand(board) {
  const line = board.querySelector(".dealer[data-known]");
  const known = line && knownGame(board.dataset.game, line);
  if (!known) return;
  const next = nextHand(known, waitingHands(board.dataset.game).length);
  line.textContent = line.dataset.say.replace("{name}", next.dealer).replace("{n}", next.number);
  const record = board.querySelector(".record-hand");
  if (record) record.textContent = record.dataset.say.replace("{n}", next.number);
}

// A keeper's board keeps the keypad on the phone too (the service worker stores what is
// fetched), in the board's language: the next hand can then be recorded without a connection.
async function keepKeypad(board) {
  const record = board.querySelector(".record-hand");
  if (!record || !navigator.serviceWorker || !navigator.serviceWorker.controller || !window.caches) return;
  const url = new URL(record.href, location.href).pathname;
  try {
    const kept = await caches.match(url);
    if (!kept || !(await kept.text()).includes(`<html lang="${document.documentElement.lang}"`)) {
      await fetch(url, { credentials: "same-origin" });
    }
  } catch (err) { /* offline: next time */ }
}

// The outbox: every save made on this phone that the server has not answered for, each under
// its own key "outbox:<game>:<request id or hand id>-<time>" = {url, page, fields, at, game,
// said, review}. Any number wait; they are sent oldest first, one at a time, from any page
// (home and table pages load this script when something waits). A resend is harmless: a new
// hand carries its request id, an edit its hand id and revision, so a lost answer is
// recognised by the server and answered "already saved".
const OUTBOX = "outbox:";
function stored(key) {  // an outbox entry or a draft, as keypad.js keeps them
  try { return JSON.parse(localStorage.getItem(key)); } catch (err) { return null; }
}
function outboxKeys(game = "") {
  adoptOldOutbox();
  return Object.keys(localStorage).filter((k) => k.startsWith(OUTBOX + (game && game + ":")))
    .map((k) => [k, (stored(k) || {}).at || 0]).sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1))
    .map(([k]) => k);
}
function putInOutbox(entry) {
  const fields = new Map(entry.fields);
  const key = `${OUTBOX}${entry.game}:${fields.get("request_id") || fields.get("hand_id") || "hand"}-${Date.now()}`;
  localStorage.setItem(key, JSON.stringify({ at: Date.now(), ...entry }));
  return key;
}
// A save kept by the one-slot outbox of earlier versions ("pending:<game>:<hand>") joins the queue.
function adoptOldOutbox() {
  Object.keys(localStorage).filter((k) => k.startsWith("pending:")).forEach((k) => {
    const entry = stored(k);
    localStorage.removeItem(k);
    if (entry && entry.fields) putInOutbox({ ...entry, game: k.split(":")[1], at: 0 });
  });
}

// Earlier hands' numbers become Edit links here, not in the HTML: a long game stays light.
function linkHands(board) {
  board.querySelectorAll("[data-edit] tbody th").forEach((th) => {
    const n = th.textContent;
    th.innerHTML = `<a href="${th.closest("table").dataset.edit}${n}/edit" aria-label="${say("e", n)}">${n} ✎</a>`;
  });
}

// Share: the phone's share sheet if any (without JS the link opens the share page), and copy.
function setupShare(link) {
  const url = link.dataset.share, copy = document.querySelector("[data-copy]");
  if (navigator.share) {
    document.querySelector("[data-qr]").hidden = false;
    link.onclick = (e) => { e.preventDefault(); navigator.share({ title: document.title, url }).catch(() => {}); };
  }
  if (!navigator.clipboard) return;
  copy.hidden = false;
  copy.onclick = () => navigator.clipboard.writeText(url).then(
    () => { copy.textContent = say("c"); }, () => { copy.textContent = say("f"); });
}

// Keep the screen on while the scoreboard or keypad is open, where the browser can.
function keepAwake() {
  if (!("wakeLock" in navigator)) return;
  const request = () => { if (!document.hidden) navigator.wakeLock.request("screen").catch(() => {}); };
  request();
  document.addEventListener("visibilitychange", request);
}

if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});
function setupBoardPage() {
  const texts = document.querySelector("[data-t]");
  if (texts) Object.assign(T, JSON.parse(texts.dataset.t));
  document.querySelectorAll("a[data-share]").forEach(setupShare);
  document.querySelectorAll("#board[data-live]").forEach((board) => {
    linkHands(board); showNextHand(board); setupLiveBoard(board); keepAwake(); keepKeypad(board);
    document.addEventListener("outbox", () => showNextHand(board));
  });
  if (!document.querySelector("form.hand")) {
    loadOutbox();
    window.addEventListener("storage", loadOutbox);  // a hand saved in another tab
  }
}

function loadOutbox() {
  if (typeof sendOutbox === "function" || document.querySelector("script[data-outbox-js]") || !outboxKeys().length) return;
  document.head.append(Object.assign(document.createElement("script"), { src: "/static/outbox.js" }));
  document.head.lastChild.dataset.outboxJs = "";
}
// app.js loads this script late on the home and table pages when something waits in the outbox.
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setupBoardPage);
else setupBoardPage();
