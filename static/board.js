// The scoreboard follows the game live, sends hands waiting in this phone's outbox, and keeps
// the screen on. Every page of a game loads it: the hand keypad (before keypad.js, which shares
// keepAwake, postForm and the outbox) and the hands pages (the scoreboard's request budget
// leaves no room for a separate shared script); app.js loads it when a hand waits.
"use strict";
document.documentElement.classList.add("js");  // before the first paint: room for the sync line

// Texts: English; another language's arrive as JSON in data-t.
const T = { s: "Live: synced {t}", l: "Connection lost since {t}: retrying…", c: "Link copied",
  f: "Copy failed: use Share", e: "Edit hand {t}", w: "Hands waiting to be sent from this phone: {t}.",
  r: "One needs a look before it can be saved:", n: "Not in step yet: a hand from this phone is waiting." };
const say = (k, v) => T[k].replace("{t}", v);

// Every open scoreboard follows the game: a cheap conditional poll (304 when unchanged).
function setupLiveBoard(board) {
  const status = document.querySelector("[data-sync]");
  let etag = board.dataset.etag;
  let lastSync = new Date();
  const clock = (d) => d.toLocaleTimeString(document.documentElement.lang || [], { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  const showSynced = () => {
    const waiting = outboxKeys(board.dataset.game).length;
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
      } else if (response.status !== 304) {
        throw new Error(String(response.status));
      }
      lastSync = new Date();
      showSynced();
    } catch (error) {
      status.classList.add("lost");
      status.textContent = say("l", clock(lastSync));
    }
  }
  setInterval(poll, 2000);
  document.addEventListener("visibilitychange", poll);
  document.addEventListener("outbox", (event) => { if (event.detail.sent) poll(); else showSynced(); });
}

// A form post as a plain submit would send it; null when offline or after 15 s without answer.
// `headers`: the outbox marks a send made from another page (the server then flashes nothing).
async function postForm(url, fields, headers = {}) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 15000);
  try {
    return await fetch(url, { method: "POST", body: new URLSearchParams(fields), headers,
      redirect: "manual", credentials: "same-origin", signal: controller.signal });
  } catch (err) {
    return null;
  } finally {
    clearTimeout(timer);
  }
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
const acknowledged = (response) => response && (response.type === "opaqueredirect" || response.redirected);

// The form token of this session, read from the page the save was made on (a closed browser
// starts a new session, and the token stored with the hand no longer counts).
async function freshToken(page) {
  try {
    const html = await (await fetch(page, { credentials: "same-origin", cache: "no-store" })).text();
    const field = new DOMParser().parseFromString(html, "text/html").querySelector('input[name="csrf_token"]');
    return field ? field.value : null;
  } catch (err) {
    return null;
  }
}

// Sends one entry: "sent", "offline" (no answer, or a server error: try again later), or the
// answer itself when only a person can settle it (the same hand saved elsewhere, a deleted hand,
// a finished game, a mistake in the cards).
async function sendEntry(key, own) {
  const entry = stored(key);
  const headers = own ? {} : { "X-Outbox-Background": "1" };
  let response = await postForm(entry.url, entry.fields, headers);
  if (response && response.status === 400) {  // a form token from an earlier session
    const token = await freshToken(entry.page);
    if (token) {
      entry.fields = entry.fields.map(([name, value]) => [name, name === "csrf_token" ? token : value]);
      localStorage.setItem(key, JSON.stringify(entry));
      response = await postForm(entry.url, entry.fields, headers);
    }
  }
  if (acknowledged(response)) {
    localStorage.removeItem(key);
    return "sent";
  }
  return !response || response.status >= 500 ? "offline" : response;
}

// Sends what waits, oldest first. A hand that needs a person holds back the later hands of its
// game (they keep their order); a lost connection stops the round. `own`: the key of the save
// the current page made (its answer is the page's to show: onAnswer(response)).
let outboxRound = null;
let outboxOwn = null, outboxAnswer = null;  // the keypad's own save, and who hears its answer (keypad.js)
function sendOutbox(own = null, onAnswer = null) {
  if (outboxRound) return outboxRound.then(() => sendOutbox(own, onAnswer));
  const mine = outboxOwn && stored(outboxOwn);
  if (!own && mine && !mine.review) [own, onAnswer] = [outboxOwn, outboxAnswer];  // its page hears it
  outboxRound = (async () => {
    const held = new Set();
    let sent = 0, answer = "waiting";  // for `own`: still waiting unless it was sent or answered
    for (const key of outboxKeys()) {
      const entry = stored(key);
      if (!entry || held.has(entry.game)) continue;
      if (entry.review && key !== own) { held.add(entry.game); continue; }
      const result = await sendEntry(key, key === own);
      if (result === "sent") { sent += 1; if (key === own) answer = "sent"; continue; }
      if (result === "offline") break;
      held.add(entry.game);
      if (key === own) answer = result;
      else localStorage.setItem(key, JSON.stringify({ ...entry, review: true }));
    }
    document.dispatchEvent(new CustomEvent("outbox", { detail: { sent } }));
    if (own && onAnswer) await onAnswer(answer);
  })().finally(() => { outboxRound = null; });
  return outboxRound;
}

// What waits, in words: on every page of the game, and on the home and table pages (all games).
// The keypad's own save is not listed: its page speaks for it.
function setupOutbox(box) {
  const game = box.dataset.outbox;
  function show() {
    const entries = outboxKeys(game).filter((k) => k !== outboxOwn).map(stored).filter(Boolean);
    const review = entries.find((entry) => entry.review);
    box.hidden = !entries.length;
    box.querySelector(".outbox-text").textContent = say("w", entries.length) + (review ? " " + say("r") : "");
    const list = box.querySelector(".outbox-list");
    if (list) list.replaceChildren(...entries.filter((e) => e.said).map((e) => {
      const item = document.createElement("li");
      item.textContent = e.said;
      return item;
    }));
    const link = box.querySelector(".outbox-open");
    link.hidden = !review;
    if (review) link.href = `${review.page.split("?")[0]}?outbox=${encodeURIComponent(outboxKeys(game).find((k) => k !== outboxOwn && stored(k).review))}`;
    box.querySelector(".outbox-send").hidden = entries.every((entry) => entry.review);
  }
  box.querySelector(".outbox-send").addEventListener("click", () => sendOutbox());
  window.addEventListener("storage", show);
  document.addEventListener("outbox", show);
  show();
}

// When the connection is back, every 10 s while something waits, and once on load. The keypad
// sends the outbox its own way (keypad.js), so as to hear the answer to its own Save.
function startOutbox(send = () => sendOutbox(), now = true) {
  window.addEventListener("online", send);
  setInterval(() => { if (outboxKeys().length) send(); }, 10000);
  if (now && outboxKeys().length) send();
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
  document.querySelectorAll("[data-outbox]").forEach(setupOutbox);
  document.querySelectorAll("#board[data-live]").forEach((board) => { linkHands(board); setupLiveBoard(board); keepAwake(); });
  if (!document.querySelector("form.hand")) startOutbox();
}
// app.js loads this script late on the home and table pages when something waits in the outbox.
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setupBoardPage);
else setupBoardPage();
