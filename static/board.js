// The scoreboard follows the game live, sends hands waiting in this phone's outbox, and keeps
// the screen on. Every page of a game loads it: the hand keypad (before keypad.js, which shares
// keepAwake, postForm and the outbox) and the hands pages (the scoreboard's request budget
// leaves no room for a separate shared script).
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
  document.addEventListener("outbox", poll);
}

// A form post as a plain submit would send it; null when offline or after 15 s without answer.
async function postForm(url, fields) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 15000);
  try {
    return await fetch(url, { method: "POST", body: new URLSearchParams(fields),
      redirect: "manual", credentials: "same-origin", signal: controller.signal });
  } catch (err) {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

// The outbox: saves of this game the server has not acknowledged, kept in localStorage as
// "pending:<game>:<hand>" = {url, page, fields} (the keypad puts them there). Any page of the
// game shows them and sends them when the connection is back; their request id (or hand id
// and revision) makes a resend harmless, and an acknowledged one is forgotten at once.
const outboxKeys = (game) => Object.keys(localStorage).filter((k) => k.startsWith(`pending:${game}:`));
function stored(key) {  // an outbox entry or a draft, as keypad.js keeps them
  try { return JSON.parse(localStorage.getItem(key)); } catch (err) { return null; }
}
const acknowledged = (response) => response && (response.type === "opaqueredirect" || response.redirected);

function setupOutbox(box) {
  const game = box.dataset.outbox, own = box.dataset.own;
  let sending = false;
  function show() {
    const keys = outboxKeys(game).filter((k) => k !== own);
    const entries = keys.map(stored);
    const review = entries.find((entry) => entry && entry.review);
    box.hidden = !keys.length;
    box.querySelector(".outbox-text").textContent = say("w", keys.length) + (review ? " " + say("r") : "");
    const link = box.querySelector(".outbox-open");
    link.hidden = !review;
    if (review) link.href = review.page;
    box.querySelector(".outbox-send").hidden = entries.every((entry) => (entry || {}).review);
  }
  async function send() {
    if (sending) return;
    sending = true;
    let sent = false;
    for (const key of outboxKeys(game).filter((k) => k !== own)) {
      const entry = stored(key);
      if (!entry || entry.review) continue;
      const response = await postForm(entry.url, entry.fields);
      if (acknowledged(response)) {
        localStorage.removeItem(key);
        localStorage.removeItem(key.replace(/^pending:/, "draft:"));
        sent = true;
      } else if (response && response.status < 500) {  // a question only a person can answer
        localStorage.setItem(key, JSON.stringify({ ...entry, review: true }));
      }
    }
    sending = false;
    show();
    if (sent) document.dispatchEvent(new Event("outbox"));
  }
  box.querySelector(".outbox-send").addEventListener("click", send);
  window.addEventListener("online", send);
  window.addEventListener("storage", show);
  setInterval(send, 20000);
  show();
  send();
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
document.addEventListener("DOMContentLoaded", () => {
  const texts = document.querySelector("[data-t]");
  if (texts) Object.assign(T, JSON.parse(texts.dataset.t));
  document.querySelectorAll("a[data-share]").forEach(setupShare);
  document.querySelectorAll("[data-outbox]").forEach(setupOutbox);
  document.querySelectorAll("#board[data-live]").forEach((board) => { linkHands(board); setupLiveBoard(board); keepAwake(); });
});
