// The card keypad: tap cards for each player, live totals, undo, and a draft kept on the phone.
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

  function render(seat) {
    const kinds = taps.get(seat);
    const chips = seat.querySelector(".chips");
    chips.replaceChildren(...kinds.map((kind) => {
      const chip = keyCard(kind).cloneNode(true);
      chip.dataset.kind = kind;
      chip.setAttribute("role", "button");
      chip.tabIndex = 0;
      chip.title = "Tap to remove";
      return chip;
    }));
    const points = kinds.reduce((sum, kind) => sum + Number(input(seat, kind).dataset.points), 0);
    const typedValue = typed(seat).value.trim();
    seat.querySelector(".total").textContent = typedValue === "" ? points : typedValue + " (typed)";
    seat.querySelector(".ncards").textContent = kinds.length;
    seat.classList.toggle("is-out", isOut(seat));
  }

  function activate(seat) {
    active = seat;
    seats.forEach((s) => s.classList.toggle("active", s === seat));
    keypad.querySelector(".active-name").textContent = seat ? seat.querySelector("legend").textContent : "…";
  }

  function firstWaiting() {
    return seats.find((s) => !isOut(s) && taps.get(s).length === 0 && typed(s).value === "")
      || seats.find((s) => !isOut(s));
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
    field.value = Math.max(0, Number(field.value || 0) - 1);
    render(seat);
  }

  seats.forEach((seat) => {
    const kinds = [];
    seat.querySelectorAll("input[data-kind]").forEach((field) => {
      for (let i = 0; i < Number(field.value || 0); i++) kinds.push(field.dataset.kind);
    });
    taps.set(seat, kinds);
    render(seat);
    seat.addEventListener("click", (event) => {
      const chip = event.target.closest(".chips .card");
      if (chip) { remove(seat, chip.dataset.kind); return; }
      if (!isOut(seat)) activate(seat);
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
    const key = event.target.closest(".key");
    if (!key) return;
    if (key.classList.contains("undo")) { if (active) remove(active); } else add(key.dataset.kind);
  });
  keypad.hidden = false;
  const out = seats.find(isOut);
  activate(out ? firstWaiting() : null);
}

// A half-entered hand survives a reload on this phone, and leaving it asks first.
function keepDraft(form) {
  const key = "draft:" + location.pathname;
  const fields = () => [...form.elements].filter((el) => el.name && el.name !== "csrf_token");
  const saved = localStorage.getItem(key);
  if (saved && form.dataset.fresh === "yes") {
    const values = JSON.parse(saved);
    fields().forEach((el) => {
      if (!(el.name in values)) return;
      if (el.type === "radio") el.checked = el.value === values[el.name];
      else el.value = values[el.name];
    });
  }
  let dirty = false;
  let leaving = false;
  const save = () => {
    if (leaving) return;
    const values = {};
    fields().forEach((el) => {
      if (el.type === "radio") { if (el.checked) values[el.name] = el.value; } else values[el.name] = el.value;
    });
    localStorage.setItem(key, JSON.stringify(values));
    dirty = true;
  };
  form.addEventListener("input", save);
  form.addEventListener("click", () => setTimeout(save));
  form.addEventListener("submit", () => { leaving = true; localStorage.removeItem(key); });
  window.addEventListener("beforeunload", (event) => {
    if (dirty && !leaving) { event.preventDefault(); event.returnValue = ""; }
  });
  return saved && form.dataset.fresh === "yes";
}

document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll("form.hand").forEach((form) => { keepDraft(form); setupKeypad(form); keepAwake(); });
});
