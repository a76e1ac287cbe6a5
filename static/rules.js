// Rules page: as you type, hide the rules (and sections) that do not match.
document.addEventListener("DOMContentLoaded", function () {
  var q = document.getElementById("q"), count = document.getElementById("count"),
    none = document.getElementById("none");
  if (!q || !count || !none) return;
  var rules = document.querySelectorAll("article"), sections = document.querySelectorAll("main section");
  q.oninput = function () {
    var words = q.value.toLowerCase().replace(/'/g, "\u2019").split(/\s+/).filter(Boolean), n = 0;
    rules.forEach(function (r) {
      var text = (r.id + " " + r.textContent).toLowerCase();
      r.hidden = !words.every(function (w) { return text.indexOf(w) >= 0; });
      n += !r.hidden;
    });
    sections.forEach(function (s) { s.hidden = !s.querySelector("article:not([hidden])"); });
    none.hidden = n > 0;
    count.hidden = !words.length || !n;
    count.textContent = n + (n == 1 ? " rule matches." : " rules match.");
    var url = new URL(location.href);
    url.searchParams[words.length ? "set" : "delete"]("q", q.value);
    history.replaceState(null, "", url);
  };
  q.form.onsubmit = function (e) { e.preventDefault(); q.blur(); };
});
