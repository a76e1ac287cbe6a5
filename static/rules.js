// Rules page: as you type, hide the rules (and sections) that do not match.
"use strict";
function setupFilter(q, count, none) {
  const rules = document.querySelectorAll("article");
  const sections = document.querySelectorAll("main section");
  q.oninput = () => {
    const words = q.value.toLowerCase().replace(/'/g, "\u2019").split(/\s+/).filter(Boolean);
    let n = 0;
    rules.forEach((r) => {
      const text = (r.id + " " + r.textContent).toLowerCase();
      r.hidden = !words.every((w) => text.includes(w));
      n += !r.hidden;
    });
    sections.forEach((s) => { s.hidden = !s.querySelector("article:not([hidden])"); });
    none.hidden = n > 0;
    count.hidden = !words.length || !n;
    count.textContent = countText(count, n);
    const url = new URL(location.href);
    url.searchParams[words.length ? "set" : "delete"]("q", q.value);
    history.replaceState(null, "", url);
  };
  q.form.onsubmit = (e) => { e.preventDefault(); q.blur(); };
}

// The page carries the message for each plural category of its language (data-one, data-few,
// data-many); the browser knows which category a number falls in.
function countText(count, n) {
  const kind = new Intl.PluralRules(document.documentElement.lang).select(n);
  return (count.dataset[kind] || count.dataset.many).replace("{n}", n);
}

document.addEventListener("DOMContentLoaded", () => {
  const q = document.getElementById("q");
  const count = document.getElementById("count");
  const none = document.getElementById("none");
  if (q && count && none) setupFilter(q, count, none);
});
