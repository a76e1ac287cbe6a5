// Rules page (deferred): as you type, hide the rules and sections that do not match. Folds
// text as rulebook.fold: no case, accents, curly apostrophes or UK spellings.
"use strict";
const fold = (t) => t.toLowerCase().replace(/\u0142/g, "l").replace(/[\u2018\u2019]/g, "'")
  .normalize("NFKD").replace(/[\u0300-\u036f]/g, "").replace(/colour/g, "color");

function setupFilter(q, count, none) {
  const rules = [...document.querySelectorAll("article")];
  const sections = document.querySelectorAll("main section");
  const texts = rules.map((r) => fold(r.id + " " + r.parentNode.querySelector("h2").textContent + " " + r.textContent));
  q.oninput = () => {
    const words = fold(q.value).split(/\s+/).filter(Boolean);
    let n = 0;
    rules.forEach((r, i) => { r.hidden = !words.every((w) => texts[i].includes(w)); n += !r.hidden; });
    sections.forEach((s) => { s.hidden = !s.querySelector("article:not([hidden])"); });
    none.hidden = n > 0;
    count.hidden = !words.length || !n;
    // A message per plural category of the page's language (data-one, -few, -many).
    const kind = new Intl.PluralRules(document.documentElement.lang).select(n);
    count.textContent = (count.dataset[kind] || count.dataset.many).replace("{n}", n);
    const url = new URL(location.href);
    url.searchParams[words.length ? "set" : "delete"]("q", q.value);
    history.replaceState(null, "", url);
  };
  q.form.onsubmit = (e) => { e.preventDefault(); q.blur(); };
}

const [q, count, none] = ["q", "count", "none"].map((id) => document.getElementById(id));
if (q && count && none) setupFilter(q, count, none);
