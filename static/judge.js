// Judge forms work without JavaScript; this only helps tapping: number tiles take the
// colour picked, the picked card is spelled out, and questions that only matter for a
// Wild (or for another deck) are hidden.
"use strict";
const WILD = ["wild", "wild-draw4", "blank", "cheese-touch"];

function setupJudgeForm(form) {
  const val = (name) => {
    const el = form.querySelector(`input[name="${name}"]:checked`);
    return el ? el.value : "";
  };

  function showPicked(box) {
    const name = box.dataset.picker;
    const kind = val(name + "_kind");
    const colour = val(name + "_colour");
    const wild = WILD.includes(kind);
    let out = box.querySelector(".picked");
    box.dataset.colour = wild ? "" : colour;
    box.classList.toggle("wild-picked", wild);
    if (!out) {
      out = document.createElement("p");
      out.className = "picked";
      out.setAttribute("aria-live", "polite");
      box.querySelector("legend").after(out);
    }
    const label = (part) => form.querySelector(`input[name="${name}_${part}"]:checked`).parentNode.textContent;
    // The tiles' own words, so the page's language (not the token) names the card.
    out.textContent = !kind ? "" : wild || !colour ? label("kind") : label("colour") + " " + label("kind");
  }

  function update() {
    form.querySelectorAll("[data-picker]").forEach(showPicked);
    form.querySelectorAll("[data-needs]").forEach((box) => {
      const on = box.dataset.kinds.split(" ").includes(val(box.dataset.needs + "_kind"));
      box.hidden = box.disabled = !on;
    });
    const hand = form.querySelector(".hand");
    const top = val("top_kind");
    if (hand) hand.dataset.colour = !top || WILD.includes(top) ? val("color") :
      top === "cheese-touch" ? "yellow" : val("top_colour");
    const edition = form.querySelector('input[name="edition"]:checked');
    const extra = edition ? edition.dataset.extra : "";
    form.querySelectorAll("label[data-extra]").forEach((t) => { t.hidden = t.dataset.extra !== extra; });
  }
  form.addEventListener("change", update);
  update();
}

document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll(".judge-form").forEach(setupJudgeForm);
});
