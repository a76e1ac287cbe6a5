// Offline support: a whole evening without a connection. The rules reference, the judge, the
// referee, the last-seen scoreboard and its hand keypad (for any next hand) open offline.
// Pages go to the network first and fall back to the copy kept from the last visit.
"use strict";
const CACHE = "scorekeeper-v2";  // v2: copies without messages (v1 copies replayed them)
// Every edition's rules page: the server fills this list in from its edition table when it
// serves this file (operations/pwa.py), so a new edition needs no change here.
const RULE_PAGES = ["/rules"];
const PRECACHE = ["/", "/static/app.css", "/static/app.js", ...RULE_PAGES, "/judge",
  "/referee", "/static/referee.js", "/static/board.js", "/static/outbox.js", "/static/keypad.js", "/static/keypad.css",
  "/static/rules.js", "/static/judge.js"];
// A new hand's keypad is one page whatever its address says (?out=, ?outbox=): kept once per
// game, and its script fills in the hand's number, dealer and who went out (keypad.js).
const KEYPAD = /^\/games\/[^/]+\/hands\/new$/;
const keptAs = (url) => (KEYPAD.test(url.pathname) ? url.origin + url.pathname : url.href);
// Never kept: live polls, the API, and the share page (it shows the edit key).
const NEVER = [/\/board$/, /^\/api\//, /\/share$/, /\/keep-score$/, /^\/sw\.js$/, /^\/referee\/form$/];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== location.origin) return;
  if (NEVER.some((pattern) => pattern.test(url.pathname))) return;
  event.respondWith(fetch(request).then((response) => {
    if (request.mode === "navigate") pageLang = response.headers.get("Content-Language") || pageLang;
    if (response.ok && response.type === "basic") {
      const copy = response.clone();
      (request.mode === "navigate" ? withoutMessages(copy) : Promise.resolve(copy))
        .then((kept) => caches.open(CACHE).then((cache) => cache.put(keptAs(url), kept)));
    }
    return response;
  }).catch(() => caches.match(keptAs(url), { ignoreSearch: url.pathname.startsWith("/static/") })
    // The referee opens from any game: its page not kept for this address, the blank one serves.
    .then((cached) => cached || (url.pathname === "/referee" ? caches.match("/referee") : null))
    .then((cached) => cached || offlinePage())));
});

// A message ("Hand 7 saved", Undo) belongs to the visit that caused it: the offline copy of a
// page never replays it (base.html marks where messages stand).
async function withoutMessages(response) {
  const html = (await response.text()).replace(/<!--flash-->[\s\S]*?<!--\/flash-->/g, "");
  const headers = new Headers(response.headers);
  ["Content-Encoding", "Content-Length"].forEach((name) => headers.delete(name));  // the text is plain now
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
}

// Said in the language of the last page this phone opened (its Content-Language), else in the
// phone's own: a worker cannot read the language cookie.
let pageLang = "";
// The site's languages and the offline page's words in each (the server fills both in from
// i18n.LANGUAGES and the catalogues: operations/pwa.py); what stands here is the fallback.
const LANGUAGES = ["en"];
const OFFLINE = {
  en: ["en", "Offline", "No connection, and this page was not opened before on this phone. " +
    "The rules and the last scoreboard you looked at work offline."],
  pl: ["pl", "Brak połączenia", "Brak połączenia, a tej strony nie otwierano wcześniej na tym telefonie. " +
    "Zasady i ostatnio oglądana tablica wyników działają bez internetu."],
};

function offlinePage() {
  const spoken = (self.navigator.languages || []).map((l) => l.slice(0, 2).toLowerCase());
  const phone = spoken.find((l) => LANGUAGES.includes(l));
  const [lang, title, text] = OFFLINE[pageLang] || OFFLINE[phone] || OFFLINE.en;
  return new Response(`<!doctype html><html lang=${lang}><meta charset=utf-8>` +
    `<meta name=viewport content='width=device-width'><title>${title}</title><p>${text}</p>`,
    { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}
