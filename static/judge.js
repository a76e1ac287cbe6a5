// Judge forms work without JavaScript; this only helps tapping: number tiles take the
// colour picked, the picked card is spelled out, and questions that only matter for a
// Wild (or for another deck) are hidden.
"use strict";
document.addEventListener("DOMContentLoaded", function () {
  var form = document.querySelector(".judge-form");
  if (!form) return;
  var WILD = ["wild", "wild-draw4", "blank", "cheese-touch"];
  function val(name) {
    var el = form.querySelector('input[name="' + name + '"]:checked');
    return el ? el.value : "";
  }
  function update() {
    form.querySelectorAll("[data-picker]").forEach(function (box) {
      var name = box.dataset.picker, kind = val(name + "_kind"), colour = val(name + "_colour");
      var wild = WILD.indexOf(kind) >= 0, out = box.querySelector(".picked");
      box.dataset.colour = wild ? "" : colour;
      box.classList.toggle("wild-picked", wild);
      if (!out) {
        out = document.createElement("p");
        out.className = "picked";
        out.setAttribute("aria-live", "polite");
        box.querySelector("legend").after(out);
      }
      var tile = kind && form.querySelector('input[name="' + name + '_kind"]:checked').parentNode.textContent;
      out.textContent = !kind ? "" : wild || !colour ? tile : colour + " " + tile;
    });
    form.querySelectorAll("[data-needs]").forEach(function (box) {
      var on = box.dataset.kinds.split(" ").indexOf(val(box.dataset.needs + "_kind")) >= 0;
      box.hidden = box.disabled = !on;
    });
    var hand = form.querySelector(".hand"), top = val("top_kind");
    if (hand) hand.dataset.colour = !top || WILD.indexOf(top) >= 0 ? val("color") :
      top == "cheese-touch" ? "yellow" : val("top_colour");
    var ed = form.querySelector('input[name="edition"]:checked'), extra = ed ? ed.dataset.extra : "";
    form.querySelectorAll("label[data-extra]").forEach(function (t) { t.hidden = t.dataset.extra !== extra; });
  }
  form.addEventListener("change", update);
  update();
});
