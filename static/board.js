// The scoreboard follows the game live and keeps the screen on.
// The hand keypad loads it too, before keypad.js, for keepAwake() (the scoreboard's request
// budget leaves no room for a separate shared script).
"use strict";
document.documentElement.classList.add("js");  // before the first paint: room for the sync line

// Every open scoreboard follows the game: a cheap conditional poll (304 when unchanged).
function setupLiveBoard(board) {
  const status = document.querySelector("[data-sync]");
  let etag = board.dataset.etag;
  let lastSync = new Date();
  const clock = (d) => d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  status.hidden = false;
  status.textContent = "Live: synced " + clock(lastSync);

  async function poll() {
    if (document.hidden) return;
    try {
      const response = await fetch(board.dataset.live, {
        headers: { "If-None-Match": `"${etag}"` }, cache: "no-store", credentials: "same-origin" });
      if (response.status === 200) {
        const html = await response.text();
        etag = (response.headers.get("ETag") || "").replace(/^W\//, "").replaceAll('"', "") || etag;
        board.innerHTML = html;
        linkHands(board);
      } else if (response.status !== 304) {
        throw new Error(String(response.status));
      }
      lastSync = new Date();
      status.classList.remove("lost");
      status.textContent = "Live: synced " + clock(lastSync);
    } catch (error) {
      status.classList.add("lost");
      status.textContent = `Connection lost since ${clock(lastSync)}: retrying…`;
    }
  }
  setInterval(poll, 2000);
  document.addEventListener("visibilitychange", poll);
}

// Earlier hands' numbers become Edit links here, not in the HTML: a long game stays light.
function linkHands(board) {
  board.querySelectorAll("[data-edit] tbody th").forEach((th) => {
    const n = th.textContent;
    th.innerHTML = `<a href="${th.closest("table").dataset.edit}${n}/edit" aria-label="Edit hand ${n}">${n} ✎</a>`;
  });
}

// Share: the phone's share sheet if any (without JS the link opens the share page), and copy.
function setupShare(link) {
  const url = link.dataset.share, copy = document.querySelector("[data-copy]");
  if (navigator.share) {
    document.querySelector("[data-qr]").hidden = false;
    link.onclick = (e) => { e.preventDefault(); navigator.share({ title: document.title, url }).catch(() => {}); };
  }
  if (!navigator.clipboard) return;
  copy.hidden = false;
  copy.onclick = () => navigator.clipboard.writeText(url).then(
    () => { copy.textContent = "Link copied"; }, () => { copy.textContent = "Copy failed: use Share"; });
}

// Keep the screen on while the scoreboard or keypad is open, where the browser can.
function keepAwake() {
  if (!("wakeLock" in navigator)) return;
  const request = () => { if (!document.hidden) navigator.wakeLock.request("screen").catch(() => {}); };
  request();
  document.addEventListener("visibilitychange", request);
}

if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});
document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll("a[data-share]").forEach(setupShare);
  document.querySelectorAll("#board[data-live]").forEach((board) => { linkHands(board); setupLiveBoard(board); keepAwake(); });
});
