/* The referee page's taps. Each tap is sent to the server (/referee/form), whose answer, the
   same form the page was rendered with, is swapped in: the server is the one engine, and this
   file knows no rule. A play goes as soon as its player and card are tapped. With no
   connection a tap is kept as a line of the plays (and in this phone's storage, with the
   set-up, so a reload keeps it) and the plays are judged as soon as the connection is back.
   Taps are POSTed (a long stretch does not fit in an address); the address shown is the
   server's link to the replay, or, while taps wait, the one this page was opened at (the
   one a phone may have kept for a reload without a connection). */
(function () {
  "use strict";
  var KEY = "referee-kept", TAP_FIELDS = ["who", "colour", "kind", "drew"];
  var queue = [], busy = false, retry = null, RETRY_MS = 3000, OPENED = location.pathname + location.search;

  function form() { return document.querySelector("form.ref"); }
  function picked(f, name) { return f.querySelector("#tap input[name=" + name + "]:checked"); }

  // What one tap says: the picker's choices and the button tapped, read once, then cleared.
  function capture(f, button) {
    var tap = {fields: []};
    TAP_FIELDS.forEach(function (name) {
      var input = picked(f, name);
      if (input) { tap.fields.push([name, input.value]); tap[name] = input; }
    });
    if (button && button.name) { tap.fields.push([button.name, button.value]); tap[button.name] = button.value; }
    var tile = button && button.closest("[data-by]");
    if (tile) tap.by = tile.dataset.by;  // the server said who challenges
    f.querySelectorAll("#tap input").forEach(function (input) { input.checked = false; });
    return tap;
  }

  function body(f, tap) {
    var data = new URLSearchParams(new FormData(f));
    TAP_FIELDS.forEach(function (name) { data.delete(name); });
    tap.fields.forEach(function (pair) { data.append(pair[0], pair[1]); });
    return data;
  }

  function remember(f, waiting) {
    try {
      localStorage.setItem(KEY, JSON.stringify({address: location.pathname + location.search,
        fields: Array.from(new FormData(f)).filter(function (pair) { return pair[0] !== "csrf_token"; }),
        waiting: waiting}));
    } catch (e) { /* storage full or refused: the page still works while it stays open */ }
  }

  // Offline: the tap becomes a line of the plays, in the words the page reads back.
  function keep(f, tap) {
    var plays = f.querySelector("#plays"), lines = linesOf(f);
    if (tap.add === "undo") lines.pop();
    else if (tap.challenge ? tap.by || tap.who : tap.who && ["play", "draw", "draw2"].indexOf(tap.add) >= 0) lines.push(lineOf(f, tap));
    plays.value = lines.join("\n");
    shown(f, lines);
    f.querySelectorAll("details.challenge").forEach(function (tile) { tile.hidden = true; });  // its play is no longer the last
    history.replaceState(null, "", OPENED);
    remember(f, true);
    clearTimeout(retry);  // the connection may come back without an "online" event
    retry = setTimeout(function () { send({fields: []}); }, RETRY_MS);
  }

  function linesOf(f) {
    return f.querySelector("#plays").value.split("\n").filter(function (l) { return l.trim(); });
  }

  // The note, with the plays the server has not judged yet (those past its timeline).
  function shown(f, lines) {
    f.querySelector("#kept").hidden = false;
    f.querySelector("#waiting").textContent = lines.slice(f.querySelectorAll("ol.tl > li[id]").length).join(" · ");
  }

  function lineOf(f, tap) {
    var words = JSON.parse(f.dataset.words), parts = [tap.who ? tap.who.value : ""];
    if (tap.challenge) return [tap.by || parts[0], words[1]].concat(tap.challenge === "none" ? [] : [tap.challenge]).join(" ");
    if (tap.add !== "play") return parts.concat([words[0]], tap.add === "draw2" ? ["2"] : []).join(" ");
    if (tap.drew) parts.push(words[0]);
    var kind = tap.kind ? tap.kind.value : "", needs = tap.kind ? tap.kind.dataset.colour : "";
    var colour = tap.colour ? tap.colour.value : "";
    parts.push(needs === "card" ? colour + "-" + kind : kind);
    if (needs === "called") parts.push(colour);
    return parts.join(" ");
  }

  function swap(old, html) {
    var box = document.createElement("div");
    box.innerHTML = html;
    var fresh = box.querySelector("form.ref");
    if (!fresh) throw new Error("no form");
    TAP_FIELDS.forEach(function (name) {  // tapped while the answer was on its way
      var input = picked(old, name), twin = input && fresh.querySelector("#tap input[name=" + name + "][value='" + CSS.escape(input.value) + "']");
      if (twin) twin.checked = true;
    });
    old.replaceWith(fresh);
    history.replaceState(null, "", fresh.dataset.link);
    remember(fresh, false);
    var result = document.getElementById("result"), box = result && result.getBoundingClientRect();
    if (box && (box.top < 0 || box.bottom > innerHeight)) result.scrollIntoView({block: "start"});
    return fresh;
  }

  function run() {
    if (busy || !queue.length) return;
    var tap = queue.shift(), f = form();
    if (!navigator.onLine) { keep(f, tap); run(); return; }
    busy = true;
    post(f, tap).then(function (response) {
      if (response.status === 400) return newToken(f).then(function () { return post(f, tap); });
      return response;
    }).then(function (response) {
      if (response.status !== 200 && response.status !== 422) throw new Error(response.status);
      return response.text();
    }).then(function (html) {
      busy = false;
      clearTimeout(retry);
      ready(swap(f, html));
      run();
    }).catch(function () {
      busy = false;
      keep(form(), tap);
      run();
    });
  }

  function post(f, tap) {
    return fetch(f.dataset.part, {method: "POST", body: body(f, tap), credentials: "same-origin"});
  }

  // A 400 is a form token from an earlier session (a page kept on the phone): take this one's.
  function newToken(f) {
    return fetch(f.dataset.part, {credentials: "same-origin", cache: "no-store"}).then(function (response) {
      return response.text();
    }).then(function (html) {
      var field = new DOMParser().parseFromString(html, "text/html").querySelector("input[name=csrf_token]");
      if (field) f.querySelector("input[name=csrf_token]").value = field.value;
    });
  }

  function send(tap) { queue.push(tap); run(); }

  // A play goes as soon as its player and its card are known: no confirm tap.
  function ready(f) {
    var kind = picked(f, "kind");
    if (!picked(f, "who") || !kind || (kind.dataset.colour && !picked(f, "colour"))) return;
    send(capture(f, f.querySelector("#tap button[value=play]")));
  }

  function restore(f) {
    var kept;
    try { kept = JSON.parse(localStorage.getItem(KEY) || "null"); } catch (e) { kept = null; }
    if (!kept || kept.address !== location.pathname + location.search) return;
    if (!kept.waiting && f.querySelector("ol.tl")) return;  // the server's page is newer
    kept.fields.forEach(function (pair) {
      var inputs = f.querySelectorAll("[name='" + CSS.escape(pair[0]) + "']");
      if (!inputs.length) {
        var hidden = f.appendChild(document.createElement("input"));
        hidden.type = "hidden"; hidden.name = pair[0]; hidden.value = pair[1];
      }
      inputs.forEach(function (input) {
        if (input.type === "radio" || input.type === "checkbox") input.checked = input.value === pair[1];
        else if (input.type !== "hidden" || input.name !== "asked") input.value = pair[1];
      });
    });
    if (kept.waiting) {
      shown(f, linesOf(f));
      if (navigator.onLine) send({fields: []});
    }
  }

  function setup() {
    var f = form();
    if (!f) return;
    restore(f);
    document.addEventListener("submit", function (event) {
      if (!event.target.matches("form.ref")) return;
      event.preventDefault();
      send(capture(event.target, event.submitter));
    });
    document.addEventListener("change", function (event) {
      if (event.target.closest("#tap")) { if (event.target.name !== "drew") ready(form()); }
      else if (event.target.closest("form.ref")) remember(form(), !form().querySelector("#kept").hidden);  // the set-up
    });
    window.addEventListener("online", function () {
      if (!form().querySelector("#kept").hidden) send({fields: []});
    });
  }

  if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(function () {});
  document.addEventListener("DOMContentLoaded", setup);
})();
