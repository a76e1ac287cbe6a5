// The outbox: sending the hands waiting on this phone, what a refusal or a question says,
// and the outbox line on every page. Loaded by the keypad (after board.js, before keypad.js),
// and by board.js only when something waits: the scoreboard's budget stays one script.
"use strict";

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
    rememberSent(entry);
    return "sent";
  }
  return !response || response.status >= 500 ? "offline" : readAnswer(response);
}

// The request ids of the last hands this phone stored in a game: a hand sent later (a fixed
// one, or one behind a question) never asks whether they were "saved on another phone".
const MOST_MINE = 100;  // the server reads at most this many (scorepad/hand_views.py MOST_WAITING)
function rememberSent(entry) {
  const id = new Map(entry.fields).get("request_id");
  if (!id || !entry.game) return;
  const ids = (stored("mine:" + entry.game) || []).filter((other) => other !== id);
  localStorage.setItem("mine:" + entry.game, JSON.stringify([...ids, id].slice(-MOST_MINE)));
}

// What a refusal says, from the server's page: a question (another phone's save: its words, its
// answer buttons and the game's version it was asked at), or a refusal with the reason in words.
async function readAnswer(response) {
  const page = new DOMParser().parseFromString(await response.text(), "text/html");
  const question = page.querySelector(".conflict");
  const form = page.querySelector("form.hand");
  if (question) {
    return { status: response.status, question: (question.querySelector("h2") || question).textContent.trim(),
      answers: [...question.querySelectorAll("button")].map((b) => [b.value || "", b.textContent.trim()]),
      version: form && !form.dataset.hand.match(/\d/) ? Number(form.dataset.stamp) : null };
  }
  const why = ["form .error[role=alert]", "form .error", ".error[role=alert]", "main h1"]
    .map((selector) => page.querySelector(selector)).find((el) => el && el.textContent.trim());
  return { status: response.status, why: why ? why.textContent.trim() : String(response.status) };
}

// Sends what waits, oldest first. A hand that needs a person holds back the later hands of its
// game (they keep their order); a lost connection stops the round. `own`: the key of the save
// the current page made (its answer is the page's to show: onAnswer(response)).
let outboxRound = null;
let outboxOwn = null, outboxAnswer = null;  // the keypad's own save, and who hears its answer (keypad.js)
function sendOutbox(own = null, onAnswer = null) {
  if (outboxRound) return outboxRound.then(() => sendOutbox(own, onAnswer));
  const mine = outboxOwn && stored(outboxOwn);
  if (!own && mine && !mine.review && !mine.refused) [own, onAnswer] = [outboxOwn, outboxAnswer];  // its page hears it
  outboxRound = (async () => {
    const held = new Set();
    let sent = 0, answer = "waiting";  // for `own`: still waiting unless it was sent or answered
    for (const key of outboxKeys()) {
      const entry = stored(key);
      if (!entry || held.has(entry.game)) continue;
      if (entry.refused && key !== own) continue;  // never sent again until fixed; holds nothing back
      if (entry.review && key !== own) { held.add(entry.game); continue; }
      const result = await sendEntry(key, key === own);
      if (result === "sent") { sent += 1; if (key === own) answer = "sent"; continue; }
      if (result === "offline") break;
      if (key === own) { answer = result; held.add(entry.game); continue; }
      if (result.question) {  // asked before it is stored: the later hands keep their places behind it
        held.add(entry.game);
        localStorage.setItem(key, JSON.stringify({ ...stored(key), review: true, refused: null,
          question: result.question, answers: result.answers, version: result.version }));
      } else {
        localStorage.setItem(key, JSON.stringify({ ...stored(key), review: false, refused: result.why }));
      }
    }
    document.dispatchEvent(new CustomEvent("outbox", { detail: { sent } }));
    if (own && onAnswer) await onAnswer(answer);
  })().finally(() => { outboxRound = null; });
  return outboxRound;
}

// The keeper's answer to a waiting hand's question, from whichever page asked it: sent with the
// hand (same request id). The later hands of the game were entered before the question too:
// what it showed counts as seen for them, so it is never asked again.
function answerQuestion(key, answer) {
  const entry = stored(key);
  if (!entry) return;
  const fields = entry.fields.filter(([name]) => name !== "answer");
  if (answer) fields.push(["answer", answer]);
  localStorage.setItem(key, JSON.stringify({ ...entry, fields, review: false, question: null, answers: null }));
  if (entry.version != null) seenUpTo(entry.game, entry.version, key);
  sendOutbox();
}

function seenUpTo(game, version, except) {
  outboxKeys(game).filter((k) => k !== except).forEach((k) => {
    const entry = stored(k);
    if (!entry || !entry.fields) return;
    entry.fields = entry.fields.map(([name, value]) =>
      [name, name === "seen" && Number(value) < version ? String(version) : value]);
    localStorage.setItem(k, JSON.stringify(entry));
  });
}

// A refused hand's way out: Discard forgets it; Fix it opens it on the keypad (keypad.js).
function discard(key) {
  localStorage.removeItem(key);
  document.dispatchEvent(new CustomEvent("outbox", { detail: { sent: 0 } }));
}

// What waits, in words: on every page of the game, and on the home and table pages (all games).
// The keypad's own save is not listed: its page speaks for it.
function setupOutbox(box) {
  const game = box.dataset.outbox;
  function show() {
    const keys = outboxKeys(game).filter((k) => k !== outboxOwn && stored(k));
    const entries = keys.map(stored);
    const reviewKey = keys.find((k) => stored(k).review);
    const review = reviewKey && stored(reviewKey);
    const waiting = entries.filter((entry) => !entry.refused).length;  // a refused hand is not sent
    box.hidden = !entries.length;
    box.querySelector(".outbox-text").textContent = (waiting ? say("w", waiting) : "") +
      (review ? ` ${say("r")} ${review.question || ""}` : "");
    const list = box.querySelector(".outbox-list");
    if (list) list.replaceChildren(...keys.map((key) => outboxItem(key, stored(key))));
    const link = box.querySelector(".outbox-open");
    link.hidden = !review;
    if (review) link.href = `${review.page.split("?")[0]}?outbox=${encodeURIComponent(reviewKey)}`;
    const answers = box.querySelector(".outbox-answers");
    answers.replaceChildren(...(review && review.answers || []).map(([value, label]) =>
      button(label, () => answerQuestion(reviewKey, value), value === (review.answers[0] || [])[0])));
    // nothing to send by hand while a question holds the game's hands back, or only refused ones wait
    box.querySelector(".outbox-send").hidden = !!review || entries.every((entry) => entry.refused);
  }
  box.querySelector(".outbox-send").addEventListener("click", () => sendOutbox());
  window.addEventListener("storage", show);
  document.addEventListener("outbox", show);
  show();
}

function button(label, onClick, primary = false) {
  const b = Object.assign(document.createElement("button"), { type: "button", textContent: label });
  if (primary) b.className = "primary";
  b.addEventListener("click", onClick);
  return b;
}

// One waiting hand in words; a refused one says why, with Fix it and Discard beside it.
function outboxItem(key, entry) {
  const item = document.createElement("li");
  item.textContent = (entry.refused && entry.hand) || entry.said || "";
  if (!entry.refused) return item;
  item.classList.add("refused");
  const why = Object.assign(document.createElement("strong"), { textContent: " " + say("x", entry.refused) });
  const fix = Object.assign(document.createElement("a"), { className: "button", textContent: say("fix"),
    href: `${entry.page.split("?")[0]}?outbox=${encodeURIComponent(key)}` });
  item.append(why, " ", fix, button(say("drop"), () => discard(key)));
  return item;
}

// When the connection is back, every 10 s while something waits, and once on load. The keypad
// sends the outbox its own way (keypad.js), so as to hear the answer to its own Save.
function startOutbox(send = () => sendOutbox(), now = true) {
  window.addEventListener("online", send);
  setInterval(() => { if (outboxKeys().length) send(); }, 10000);
  if (now && outboxKeys().length) send();
}


function setupOutboxPage() {
  document.querySelectorAll("[data-outbox]").forEach(setupOutbox);
  if (!document.querySelector("form.hand")) startOutbox();
}
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setupOutboxPage);
else setupOutboxPage();
