// The referee's form works without JavaScript; this only helps tapping: the number tiles
// take the colour tapped, so the card reads as it looks.
"use strict";
document.documentElement.classList.add("js");

document.addEventListener("DOMContentLoaded", () => {
  const tint = (box) => {
    const colour = box.querySelector(".cols input:checked");
    box.dataset.colour = colour ? colour.value : "";
  };
  document.querySelectorAll("[data-tint]").forEach((box) => {
    box.addEventListener("change", () => tint(box));
    tint(box);
  });
});
