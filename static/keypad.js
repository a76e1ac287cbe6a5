// The card keypad: tap cards for each player, live totals, undo; a draft kept on the phone and
// offered (never applied unasked); a Save kept on the phone until the server acknowledges it.
// Loaded after board.js, whose keepAwake() it shares.
"use strict";
document.documentElement.classList.add("js");

function setupKeypad(form) {
  const keypad = form.querySelector(".keypad");
  const seats = [...form.querySelectorAll(".player")];
  const taps = new Map();  // seat -> kinds in the order they were tapped, for undo
  let active = null;

  const input = (seat, kind) => seat.querySelector(`input[data-kind="${kind}"]`);
  const isOut = (seat) => seat.querySelector('input[name="out"]').checked;
  const typed = (seat) => seat.querySelector('input[name$="_typed"]');
  const keyCard = (kind) => keypad.querySelector(`.key[data-kind="${kind}"] .card`);
  const nameOf = (seat) => seat.querySelector("legend").textContent;

  function points(seat) {
    const typedValue = typed(seat).value.trim();
    if (typedValue !== "") return Number(typedValue) || 0;
    return taps.get(seat).reduce((sum, kind) => sum + Number(input(seat, kind).dataset.points), 0);
  }

  function render(seat) {
    const kinds = taps.get(seat);
    seat.querySelector(".chips").replaceChildren(...kinds.map((kind) => {
      const chip = keyCard(kind).cloneNode(true);
      chip.dataset.kind = kind;
      chip.setAttribute("role", "button");
      chip.tabIndex = 0;
      chip.title = "Tap to remove";
      return chip;
    }));
    const typedValue = typed(seat).value.trim();
    seat.querySelector(".total").textContent = typedValue === "" ? points(seat) : typedValue + " (typed)";
    seat.querySelector(".ncards").textContent = kinds.length;
    seat.querySelector(".nword").textContent = kinds.length === 1 ? "card" : "cards";
    seat.classList.toggle("is-out", isOut(seat));
    if (seat === active) showActive();
    sayWhatSaveDoes();
  }

  // The active player's total and count sit in the keypad itself, and their chips are
  // scrolled above it: nothing being tapped hides behind the sticky keypad.
  function showActive() {
    keypad.querySelector(".active-name").textContent = active ? nameOf(active) : "…";
    keypad.querySelector(".active-total").textContent = active ? points(active) : 0;
    const n = active ? taps.get(active).length : 0;
    keypad.querySelector(".active-ncards").textContent = n;
    keypad.querySelector(".active-nword").textContent = n === 1 ? "card" : "cards";
    if (!active) return;
    document.documentElement.style.scrollPaddingBottom = keypad.offsetHeight + 8 + "px";
    active.querySelector(".tally").scrollIntoView({ block: "nearest" });
  }

  function sayWhatSaveDoes() {
    const out = seats.find(isOut);
    const others = seats.filter((s) => s !== out);
    let text = "Tap who went out.";
    if (out && form.dataset.scoring === "winner-takes-points") {
      text = `Saving gives ${nameOf(out)} +${others.reduce((sum, s) => sum + points(s), 0)}.`;
    } else if (out) {
      text = "Saving charges " + others.map((s) => `${nameOf(s)} +${points(s)}`).join(" · ") + ".";
    }
    form.querySelector(".save-says").textContent = text;
  }

  function activate(seat) {
    active = seat;
    seats.forEach((s) => s.classList.toggle("active", s === seat));
    showActive();
  }

  function firstWaiting() {
    return seats.find((s) => !isOut(s) && taps.get(s).length === 0 && typed(s).value === "")
      || seats.find((s) => !isOut(s));
  }

  function nextPlayer() {
    const from = Math.max(seats.indexOf(active), 0);
    const order = [...seats.slice(from + 1), ...seats.slice(0, from + 1)];
    activate(order.find((s) => !isOut(s)) || null);
  }

  function inDeck(kind) {
    const max = Number(input(seats[0], kind).max);
    const used = seats.reduce((sum, s) => sum + Number(input(s, kind).value || 0), 0);
    return used < max;
  }

  function add(kind) {
    if (!active || isOut(active)) activate(firstWaiting());
    if (!active) return;
    const message = keypad.querySelector(".keypad-msg");
    message.textContent = inDeck(kind) ? "" : "The deck has no more of that card.";
    if (message.textContent) return;
    const field = input(active, kind);
    field.value = Number(field.value || 0) + 1;
    taps.get(active).push(kind);
    render(active);
  }

  function remove(seat, kind) {
    const kinds = taps.get(seat);
    const at = kind ? kinds.lastIndexOf(kind) : kinds.length - 1;
    if (at < 0) return;
    const [gone] = kinds.splice(at, 1);
    const field = input(seat, gone);
    const left = Number(field.value || 0) - 1;
    field.value = left > 0 ? left : "";
    render(seat);
  }

  // (Re)reads every count box: on load, and after a draft is resumed.
  function reload() {
    seats.forEach((seat) => {
      const kinds = [];
      seat.querySelectorAll("input[data-kind]").forEach((field) => {
        for (let i = 0; i < Number(field.value || 0); i++) kinds.push(field.dataset.kind);
      });
      taps.set(seat, kinds);
    });
    seats.forEach(render);
    activate(seats.some(isOut) ? firstWaiting() : null);
  }

  seats.forEach((seat) => {
    seat.addEventListener("click", (event) => {
      const chip = event.target.closest(".chips .card");
      if (chip) { remove(seat, chip.dataset.kind); return; }
      if (!isOut(seat) && seat !== active) activate(seat);
    });
    seat.addEventListener("keydown", (event) => {
      const chip = event.target.closest(".chips .card");
      if (chip && (event.key === "Enter" || event.key === " ")) { event.preventDefault(); remove(seat, chip.dataset.kind); }
    });
    typed(seat).addEventListener("input", () => render(seat));
    seat.querySelector('input[name="out"]').addEventListener("change", () => {
      seats.forEach(render);
      if (!active || isOut(active)) activate(firstWaiting());
    });
  });

  keypad.addEventListener("click", (event) => {
    if (event.target.closest(".next-player")) { nextPlayer(); return; }
    const key = event.target.closest(".key");
    if (!key) return;
    if (key.classList.contains("undo")) { if (active) remove(active); } else add(key.dataset.kind);
  });
  keypad.append(form.querySelector(".save-row"));  // Save always in reach, under the keys
  keypad.hidden = false;
  reload();
  return { reload };
}

// The form's fields as [name, value] pairs (what a plain submit would send).
function formFields(form) {
  return [...new FormData(form).entries()].map(([name, value]) => [name, String(value)]);
}

function fillForm(form, fields) {
  const values = new Map(fields.filter(([name]) => name !== "csrf_token"));
  [...form.elements].forEach((el) => {
    if (!el.name || el.name === "csrf_token") return;
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

function stored(key) {
  try { return JSON.parse(localStorage.getItem(key)); } catch (err) { return null; }
}

// A Save goes by fetch and stays in localStorage until the server answers with its redirect;
// offline, a timeout or a 5xx keeps it (same request_id) for the `online` event or Retry.
function keepSaves(form, keypad, state) {
  const key = "pending:" + form.dataset.game + ":" + form.dataset.hand;
  const status = form.querySelector(".save-status");
  let sending = false;
  const say = (text, retry = true) => {
    status.hidden = !text;
    status.querySelector(".save-status-text").textContent = text;
    status.querySelector(".retry").hidden = !retry;
  };

  async function post(pending) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 15000);
    try {
      return await fetch(pending.url, { method: "POST", body: new URLSearchParams(pending.fields),
        redirect: "manual", credentials: "same-origin", signal: controller.signal });
    } catch (err) {
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  async function send() {
    const pending = stored(key);
    if (!pending || sending) return;
    sending = true;
    say("Saving…", false);
    const response = await post(pending);
    sending = false;
    if (response && (response.type === "opaqueredirect" || response.redirected)) {
      localStorage.removeItem(key);
      localStorage.removeItem(state.draftKey);
      state.leaving = true;
      location.assign(form.dataset.board);
    } else if (!response || response.status >= 500) {
      say("Not saved yet: will retry.");
    } else if (response.status === 409 && form.dataset.hand === "new") {
      localStorage.removeItem(key);  // the game ended meanwhile: the cards stay on screen
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      const why = page.querySelector("form .error[role=alert]");
      say("Not saved: " + (why ? why.textContent : "this game is over."), false);
    } else {
      localStorage.removeItem(key);  // the server's own page shows what is wrong, beside each box
      state.leaving = true;
      form.submit();
    }
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!sending) localStorage.setItem(key, JSON.stringify({ url: form.action, fields: formFields(form) }));
    send();
  });
  status.querySelector(".retry").addEventListener("click", send);
  window.addEventListener("online", send);
  const pending = stored(key);
  if (pending) {  // tapped Save earlier and never heard back: show those cards and try again
    fillForm(form, pending.fields);
    keypad.reload();
    send();
  }
  state.pending = () => localStorage.getItem(key) !== null;
  return Boolean(pending);
}

function draftWords(form, draft) {
  const n = cardCount(draft.fields);
  const cards = `${n} card${n === 1 ? "" : "s"}`;
  if (form.dataset.hand === "new" && draft.number !== form.dataset.number) {
    return [`A hand you started (${cards}) was never saved, and hand ${draft.number} has since been ` +
      "saved on another phone. It may be that hand.", `Use it as hand ${form.dataset.number}`];
  }
  if (draft.stamp !== form.dataset.stamp) {
    return [`Your unsaved changes (${cards}) were made before this hand was changed on another phone.`,
      "Use my changes anyway"];
  }
  return ["You started this hand earlier and did not save it.", `Resume the hand you started (${cards})`];
}

// A half-entered hand survives a reload or a "Leave?" on this phone, but only comes back when
// asked: it belongs to one game, one hand number and the version it started from.
function keepDraft(form, keypad, state, offer) {
  const key = state.draftKey;
  const values = () => JSON.stringify(formFields(form).filter(([name]) => name !== "csrf_token"));
  const box = document.querySelector(".draft-offer");
  const draft = stored(key);
  const start = values();
  let dirty = false;
  if (offer && draft && Array.isArray(draft.fields)) {
    const [text, resume] = draftWords(form, draft);
    box.querySelector(".draft-text").textContent = text;
    box.querySelector(".draft-resume").textContent = resume;
    box.hidden = false;
    box.querySelector(".draft-resume").addEventListener("click", () => {
      const keep = new Set(["request_id", "revision"]);  // this page's own, not the old page's
      fillForm(form, [...draft.fields.filter(([name]) => !keep.has(name)),
        ...formFields(form).filter(([name]) => keep.has(name))]);
      keypad.reload();
      box.hidden = true;
      store();
    });
    box.querySelector(".draft-discard").addEventListener("click", () => {
      localStorage.removeItem(key);
      box.hidden = true;
    });
  }
  function store() {
    if (state.leaving || values() === start && !dirty) return;
    box.hidden = true;  // entering a new hand replaces the one that was offered
    localStorage.setItem(key, JSON.stringify({ number: form.dataset.number, stamp: form.dataset.stamp,
      fields: formFields(form).filter(([name]) => name !== "csrf_token") }));
    dirty = true;
  }
  form.addEventListener("input", store);
  form.addEventListener("click", () => setTimeout(store));
  window.addEventListener("beforeunload", (event) => {
    if ((dirty || state.pending()) && !state.leaving) { event.preventDefault(); event.returnValue = ""; }
  });
}

document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll("form.hand").forEach((form) => {
    const keypad = setupKeypad(form);
    const fresh = form.dataset.fresh === "yes";
    if (fresh && form.dataset.hand === "new") form.elements.request_id.value = newRequestId();
    const state = { leaving: false, draftKey: "draft:" + form.dataset.game + ":" + form.dataset.hand };
    const resumed = keepSaves(form, keypad, state);
    keepDraft(form, keypad, state, fresh && !resumed);
    keepAwake();
  });
});
