// The card keypad: tap cards for each player, live totals, undo; a draft kept on the phone and
// offered (never applied unasked); a Save kept on the phone until the server acknowledges it.
// Loaded after board.js, whose keepAwake(), postForm(), stored() and acknowledged() it shares.
"use strict";
document.documentElement.classList.add("js");

// The page's words, from the form's data-text (JSON): plain texts with {name} slots, and plurals
// as one text per Intl.PluralRules category of the page's language (1 karta, 2 karty, 5 kart).
let WORDS = {};
function t(name, values = {}) {
  let text = WORDS[name] || name;
  if (typeof text === "object") {
    text = text[new Intl.PluralRules(document.documentElement.lang).select(values.n)] || text.other;
  }
  return text.replace(/\{(\w+)\}/g, (slot, key) => (key in values ? values[key] : slot));
}

class Keypad {
  constructor(form) {
    this.form = form;
    this.pad = form.querySelector(".keypad");
    this.seats = [...form.querySelectorAll(".player")];
    this.taps = new Map();  // seat -> kinds in the order they were tapped, for undo
    this.active = null;
  }

  input(seat, kind) { return seat.querySelector(`input[data-kind="${kind}"]`); }
  isOut(seat) { return seat.querySelector('input[name="out"]').checked; }
  typed(seat) { return seat.querySelector('input[name$="_typed"]'); }
  nameOf(seat) { return seat.querySelector("legend .who").textContent; }

  points(seat) {
    const typedValue = this.typed(seat).value.trim();
    if (typedValue !== "") return Number(typedValue) || 0;
    return this.taps.get(seat).reduce((sum, kind) => sum + Number(this.input(seat, kind).dataset.points), 0);
  }

  chip(kind) {
    const chip = this.pad.querySelector(`.key[data-kind="${kind}"] .card`).cloneNode(true);
    chip.dataset.kind = kind;
    chip.setAttribute("role", "button");
    chip.tabIndex = 0;
    chip.title = t("remove");
    return chip;
  }

  render(seat) {
    const kinds = this.taps.get(seat);
    seat.querySelector(".chips").replaceChildren(...kinds.map((kind) => this.chip(kind)));
    const typedValue = this.typed(seat).value.trim();
    const total = typedValue === "" ? this.points(seat) : Number(typedValue) || 0;
    seat.querySelector(".total").textContent = typedValue === "" ? total : t("typed", { total: typedValue });
    seat.querySelector(".pword").textContent = t("point", { n: total });
    seat.querySelector(".ncards").textContent = kinds.length;
    seat.querySelector(".nword").textContent = t("card", { n: kinds.length });
    seat.classList.toggle("is-out", this.isOut(seat));
    if (seat === this.active) this.showActive();
    this.sayWhatSaveDoes();
  }

  // The active player's total and count sit in the keypad itself, and their chips are
  // scrolled above it: nothing being tapped hides behind the sticky keypad.
  showActive() {
    const active = this.active;
    const n = active ? this.taps.get(active).length : 0;
    this.pad.classList.toggle("idle", !active); // no "…: 0 points" before anyone is chosen
    this.pad.querySelector(".active-name").textContent = active ? this.nameOf(active) : "…";
    const total = active ? this.points(active) : 0;
    this.pad.querySelector(".active-total").textContent = total;
    this.pad.querySelector(".active-pword").textContent = t("point", { n: total });
    this.pad.querySelector(".active-ncards").textContent = n;
    this.pad.querySelector(".active-nword").textContent = t("card", { n });
    if (!active || this.form.dataset.asking) return;  // a question on screen stays where it is
    document.documentElement.style.scrollPaddingBottom = this.pad.offsetHeight + 8 + "px";
    active.querySelector(".tally").scrollIntoView({ block: "nearest" });
  }

  // In a team game (data-team on each seat) partners score together: the out player's team
  // gets the other teams' cards, or each team is charged its players' cards.
  sayWhatSaveDoes() {
    const out = this.seats.find((s) => this.isOut(s));
    const others = this.seats.filter((s) => s !== out);
    const teams = this.form.dataset.teamNames ? JSON.parse(this.form.dataset.teamNames) : null;
    const sum = (seats) => seats.reduce((total, s) => total + this.points(s), 0);
    let text = t("tapOut");
    if (out && this.form.dataset.winnerTakes === "yes") {
      const scored = teams ? others.filter((s) => s.dataset.team !== out.dataset.team) : others;
      text = t("gives", { name: teams ? teams[out.dataset.team] : this.nameOf(out), points: sum(scored) });
    } else if (out) {
      const charged = teams
        ? teams.map((name, n) => `${name} +${sum(this.seats.filter((s) => s.dataset.team === String(n)))}`)
        : others.map((s) => `${this.nameOf(s)} +${this.points(s)}`);
      text = t("charges", { list: charged.join(" · ") });
    }
    this.form.querySelector(".save-says").textContent = text;
  }

  // The hand in one line, for the outbox: "Hand 31: Ola went out, +12, waiting to be sent"
  // (`refused`: the same without "waiting", for a hand the server refused).
  summary(refused = false) {
    const number = this.form.dataset.number;
    const [edit, made] = refused ? ["refusedEdit", "refusedNew"] : ["waitingEdit", "waitingNew"];
    const out = this.seats.find((s) => this.isOut(s));
    if (this.form.dataset.hand !== "new" || !out) return t(edit, { number });
    const others = this.seats.filter((s) => s !== out);
    const points = others.reduce((total, s) => total + this.points(s), 0);
    return t(made, { number, name: this.nameOf(out), points });
  }

  activate(seat) {
    this.active = seat;
    this.seats.forEach((s) => s.classList.toggle("active", s === seat));
    this.showActive();
  }

  firstWaiting() {
    const waiting = (s) => !this.isOut(s) && this.taps.get(s).length === 0 && this.typed(s).value === "";
    return this.seats.find(waiting) || this.seats.find((s) => !this.isOut(s));
  }

  nextPlayer() {
    const from = Math.max(this.seats.indexOf(this.active), 0);
    const order = [...this.seats.slice(from + 1), ...this.seats.slice(0, from + 1)];
    this.activate(order.find((s) => !this.isOut(s)) || null);
  }

  inDeck(kind) {
    const max = Number(this.input(this.seats[0], kind).max);
    const used = this.seats.reduce((sum, s) => sum + Number(this.input(s, kind).value || 0), 0);
    return used < max;
  }

  add(kind) {
    if (!this.active || this.isOut(this.active)) this.activate(this.firstWaiting());
    if (!this.active) return;
    const message = this.pad.querySelector(".keypad-msg");
    message.textContent = this.inDeck(kind) ? "" : t("noMore");
    if (message.textContent) return;
    const field = this.input(this.active, kind);
    field.value = Number(field.value || 0) + 1;
    this.taps.get(this.active).push(kind);
    this.render(this.active);
  }

  remove(seat, kind) {
    const kinds = this.taps.get(seat);
    const at = kind ? kinds.lastIndexOf(kind) : kinds.length - 1;
    if (at < 0) return;
    const [gone] = kinds.splice(at, 1);
    const field = this.input(seat, gone);
    const left = Number(field.value || 0) - 1;
    field.value = left > 0 ? left : "";
    this.render(seat);
  }

  // (Re)reads every count box: on load, and after a draft or a pending Save is put back.
  reload() {
    this.seats.forEach((seat) => {
      const kinds = [];
      seat.querySelectorAll("input[data-kind]").forEach((field) => {
        for (let i = 0; i < Number(field.value || 0); i++) kinds.push(field.dataset.kind);
      });
      this.taps.set(seat, kinds);
    });
    this.seats.forEach((seat) => this.render(seat));
    this.activate(this.seats.some((s) => this.isOut(s)) ? this.firstWaiting() : null);
  }

  listenTo(seat) {
    seat.addEventListener("click", (event) => {
      const chip = event.target.closest(".chips .card");
      if (chip) { this.remove(seat, chip.dataset.kind); return; }
      if (!this.isOut(seat) && seat !== this.active) this.activate(seat);
    });
    seat.addEventListener("keydown", (event) => {
      const chip = event.target.closest(".chips .card");
      if (chip && (event.key === "Enter" || event.key === " ")) { event.preventDefault(); this.remove(seat, chip.dataset.kind); }
    });
    this.typed(seat).addEventListener("input", () => this.render(seat));
    seat.querySelector('input[name="out"]').addEventListener("change", () => {
      this.seats.forEach((s) => this.render(s));
      if (!this.active || this.isOut(this.active)) this.activate(this.firstWaiting());
    });
  }

  start() {
    this.seats.forEach((seat) => this.listenTo(seat));
    this.pad.addEventListener("click", (event) => {
      if (event.target.closest(".next-player")) { this.nextPlayer(); return; }
      const key = event.target.closest(".key");
      if (!key) return;
      if (key.classList.contains("undo")) { if (this.active) this.remove(this.active); } else this.add(key.dataset.kind);
    });
    if (!this.form.dataset.asking) {  // while the page asks a question, nothing covers its answers
      this.pad.append(this.form.querySelector(".save-row"));  // Save always in reach, under the keys
      this.pad.hidden = false;
    }
    this.reload();
    return this;
  }
}

// The form's fields as [name, value] pairs (what a plain submit would send, with the button tapped).
function formFields(form, submitter) {
  return [...new FormData(form, submitter || undefined).entries()].map(([name, value]) => [name, String(value)]);
}

function fillForm(form, fields) {
  const values = new Map(fields.filter(([name]) => name !== "csrf_token"));
  [...form.elements].forEach((el) => {
    if (!el.name || el.name === "csrf_token" || el.type === "submit") return;
    if (el.type === "radio") el.checked = values.get(el.name) === el.value;
    else if (values.has(el.name)) el.value = values.get(el.name);
    else if (el.dataset.kind || el.name.endsWith("_typed")) el.value = "";
  });
}

function cardCount(fields) {
  return fields.filter(([name]) => /^p\d+_/.test(name) && !name.endsWith("_typed"))
    .reduce((sum, [, value]) => sum + (Number(value) || 0), 0);
}

function newRequestId() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));  // works on plain-http LAN hosts too
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// What the server's answer to this page's Save means: its redirect is the acknowledgement.
// `answer`: "sent", "waiting", or what a refusal said (board.js readAnswer).
async function settle(form, state, say, answer) {
  if (answer === "sent") {
    localStorage.removeItem(state.draftKey);
    state.leaving = true;
    location.replace(form.dataset.board);  // Back never lands on a used keypad
  } else if (answer === "waiting") {
    // Kept in the outbox: sent from whichever page is open when the Wi-Fi is back. The board
    // kept on this phone counts it and opens the next hand's keypad; without one, stay here.
    if (await boardKept(form)) { state.leaving = true; location.replace(form.dataset.board); }
    else say(t("retrying"));
  } else if (answer.question) {
    showServerPage(form, state, { review: true });  // same hand? both versions side by side
  } else if (answer.status === 409 && form.dataset.hand === "new") {
    localStorage.removeItem(state.own);  // the game ended meanwhile: the cards stay on screen
    state.own = null;
    say(t("notSaved", { why: answer.why || t("over") }), false);
  } else {
    showServerPage(form, state, { refused: answer.why });
  }
}

async function boardKept(form) {
  try {
    return !!(navigator.serviceWorker && navigator.serviceWorker.controller && await caches.match(form.dataset.board));
  } catch (err) {
    return false;
  }
}

// The server's own page shows what is wrong beside each box, or asks which version is right.
// The hand stays in the outbox (a question holds the later hands back; a refusal does not, and
// is never sent again unasked) until it is answered or fixed there: the page's address names
// it, so the answer is this hand's.
function showServerPage(form, state, mark) {
  const entry = stored(state.own);
  if (entry) {
    localStorage.setItem(state.own, JSON.stringify({ ...entry, review: false, refused: null, ...mark }));
    form.action = form.action.split("?")[0] + "?outbox=" + encodeURIComponent(state.own);
  }
  state.leaving = true;
  form.submit();
}

// What the server would refuse, said before anything is queued (on and off line alike), in
// the server's words: nobody marked out, or a player whose cards are not tapped.
function missing(form, keypad) {
  const out = keypad.seats.find((s) => keypad.isOut(s));
  if (!out) return [t("needOut"), null];
  const empty = keypad.seats.find((s) => s !== out && !keypad.taps.get(s).length && keypad.typed(s).value.trim() === "");
  return empty ? [t("needCards", { name: keypad.nameOf(empty) }), empty] : null;
}

// A Save joins the outbox (board.js) under its own key, and the outbox is sent in order; this
// page's Save is answered here. Offline, a timeout or a 5xx keeps it for the `online` event, a
// tap of Retry, or any other page of the app. Saving again before it went corrects the same
// hand (same request id), never another one.
function keepSaves(form, keypad, state, drafts) {
  const status = form.querySelector(".save-status");
  const say = (text, retry = true) => {
    status.hidden = !text;
    status.querySelector(".save-status-text").textContent = text;
    status.querySelector(".retry").hidden = !retry;
  };
  const send = () => {
    const own = state.own && stored(state.own);
    if (!own || own.review || own.refused) return sendOutbox();  // others' hands waiting, if any; a question waits for its answer
    say(t("saving"), false);
    return sendOutbox(state.own, outboxAnswer);
  };
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const answering = event.submitter && event.submitter.name === "answer";
    const gap = !answering && missing(form, keypad);
    if (gap) {
      say(gap[0], false);
      if (gap[1]) keypad.activate(gap[1]);
      return;
    }
    // This phone's own earlier hands still waiting: the server never asks whether they were
    // "saved on another phone" (they go first, in order).
    const waitingIds = outboxKeys(form.dataset.game).filter((k) => k !== state.own)
      .map((k) => new Map((stored(k) || {}).fields || []).get("request_id")).filter(Boolean);
    const mine = [...new Set([...(stored("mine:" + form.dataset.game) || []), ...waitingIds])].slice(-MOST_MINE);
    const entry = { url: form.action, page: location.pathname + location.search, game: form.dataset.game,
      fields: [...formFields(form, event.submitter), ...mine.map((id) => ["mine", id])], said: keypad.summary(),
      hand: keypad.summary(true) };
    if (state.own && stored(state.own)) {  // the same hand corrected (or fixed): same key, same request id
      localStorage.setItem(state.own, JSON.stringify({ ...stored(state.own), ...entry, review: false, refused: null }));
    }
    else state.own = outboxOwn = putInOutbox(entry);
    drafts.saved();
    send();
  });
  outboxAnswer = (answer) => settle(form, state, say, answer);
  status.querySelector(".retry").addEventListener("click", send);
  startOutbox(send, false);  // first sent when the page is shown (rebuild)
  return { send, quiet: () => say(""), refused: (why) => say(t("notSaved", { why }), false) };
}

function draftWords(form, draft) {
  const n = cardCount(draft.fields);
  const cards = t("nCards", { n });
  if (form.dataset.hand === "new" && draft.number !== form.dataset.number) {
    return [t("otherPhone", { cards, old: draft.number }), t("useAs", { number: form.dataset.number })];
  }
  if (draft.stamp !== form.dataset.stamp) return [t("changed", { cards }), t("useMine")];
  return [t("earlier"), t("resume", { cards })];
}

// A half-entered hand survives a reload or a "Leave?" on this phone, but only comes back when
// asked: it belongs to one game, one hand number and the version it started from.
function keepDraft(form, keypad, state) {
  const box = document.querySelector(".draft-offer");
  const fields = () => formFields(form).filter(([name]) => name !== "csrf_token");
  let start = "", dirty = false, offered = null;
  function store() {
    if (state.leaving || JSON.stringify(fields()) === start && !dirty) return;
    box.hidden = true;  // a new hand replaces the one offered
    localStorage.setItem(state.draftKey, JSON.stringify({ number: form.dataset.number,
      stamp: form.dataset.stamp, fields: fields() }));
    dirty = true;
  }
  box.querySelector(".draft-resume").addEventListener("click", () => {
    const own = new Set(["request_id", "revision", "hand_id", "after", "seen"]);  // this page's, not the old page's
    fillForm(form, [...offered.fields.filter(([name]) => !own.has(name)),
      ...formFields(form).filter(([name]) => own.has(name))]);
    keypad.reload();
    box.hidden = true;
    store();
  });
  box.querySelector(".draft-discard").addEventListener("click", () => {
    localStorage.removeItem(state.draftKey);  // and nothing of it stays in the boxes
    box.hidden = true;
    form.reset();
    keypad.reload();
    start = JSON.stringify(fields());
    dirty = false;
  });
  form.addEventListener("input", store);
  form.addEventListener("click", () => setTimeout(store));
  // A tap's store waits a turn (the keypad updates the boxes first): leaving right after a tap
  // must not drop it from the draft.
  window.addEventListener("pagehide", store);
  window.addEventListener("beforeunload", (event) => {
    store();
    if (dirty && !state.leaving) { event.preventDefault(); event.returnValue = ""; }
  });
  return {
    saved() {  // the hand is in the outbox now: no draft of it is offered again
      localStorage.removeItem(state.draftKey);
      start = JSON.stringify(fields());
      dirty = false;
    },
    begin(offer) {  // the page (re)shown: offer the draft in words; fill nothing until asked
      start = JSON.stringify(fields());
      dirty = false;
      offered = stored(state.draftKey);
      box.hidden = !(offer && offered && Array.isArray(offered.fields));
      if (box.hidden) return;
      const [text, resume] = draftWords(form, offered);
      box.querySelector(".draft-text").textContent = text;
      box.querySelector(".draft-resume").textContent = resume;
    },
  };
}

// A new hand is numbered after this phone's hands waiting ahead of it, with their dealer, from
// the game as the server last showed this phone (data-known): the same on and off line.
function numberAfterWaiting(form, state, blank) {
  const known = knownGame(form.dataset.game, form);
  if (!known) return;
  const next = nextHand(known, waitingHands(form.dataset.game, state.own).length);
  form.dataset.number = next.number;
  const title = document.querySelector("h1.hand-no");
  if (title) title.textContent = title.dataset.say.replace("987654321", next.number);
  const dealt = document.querySelector(".dealt");
  dealt.textContent = dealt.dataset.say.replace("{name}", next.dealer);
  if (blank) {  // written against the game as this phone last saw it
    form.elements.after.value = known.hands;
    form.elements.seen.value = known.version;
  }
}

// Every time the page is shown (a load, a reload, Back from the bfcache) the boxes are rebuilt
// from what the server sent: a new hand's keypad always opens blank (what waits is named in the
// outbox line above it), an edit shows this phone's own unsent changes to that hand if any,
// else offers a draft in words. Never whatever the browser refilled.
function rebuild(form, keypad, state, saves, drafts) {
  form.reset();
  const fresh = form.dataset.fresh === "yes";
  state.own = null;
  const query = new URLSearchParams(location.search);
  const asked = query.get("outbox");  // "Open it" or "Fix it" on a waiting hand
  if (asked && stored(asked)) {
    state.own = asked;
  } else if (form.dataset.hand === "new") {
    if (fresh) {
      form.elements.request_id.value = newRequestId();
      // "Went out: <name>" (?out=): one kept copy of this page serves every address
      form.querySelectorAll('input[name="out"]').forEach((box) => { box.checked = box.value === query.get("out"); });
    }
  } else {
    const handId = form.elements.hand_id.value;
    state.own = outboxKeys(form.dataset.game).find((k) => new Map((stored(k) || {}).fields || []).get("hand_id") === handId) || null;
  }
  state.leaving = false;
  saves.quiet();
  const waiting = state.own && stored(state.own);
  if (waiting && fresh) {  // sent again from this page, with this session's form token
    fillForm(form, waiting.fields);
    localStorage.setItem(state.own, JSON.stringify({ ...waiting, review: false, fields: formFields(form) }));
  }
  outboxOwn = state.own;
  if (form.dataset.hand === "new") numberAfterWaiting(form, state, fresh && !waiting);
  document.dispatchEvent(new CustomEvent("outbox", { detail: { sent: 0 } }));
  keypad.reload();
  if (waiting && waiting.refused) saves.refused(waiting.refused);  // "Fix it": what to fix, in words
  drafts.begin(fresh && !waiting);
  if (waiting && fresh || outboxKeys().length) saves.send();
}

document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll("form.hand").forEach((form) => {
    WORDS = JSON.parse(form.dataset.text || "{}");
    const keypad = new Keypad(form).start();
    const key = form.dataset.game + ":" + form.dataset.hand;
    const state = { leaving: false, own: null, draftKey: "draft:" + key };
    const drafts = keepDraft(form, keypad, state);
    const saves = keepSaves(form, keypad, state, drafts);
    window.addEventListener("pageshow", () => rebuild(form, keypad, state, saves, drafts));
    keepAwake();
  });
});
