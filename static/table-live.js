// A table's screen follows the table: a conditional poll every 2 s (304 while nothing changed),
// and the screen kept awake where the browser allows. Its texts come from the page (data-*).
"use strict";
document.documentElement.classList.add("js");

document.addEventListener("DOMContentLoaded", () => {
  const live = document.querySelector("[data-live]");
  const status = document.querySelector("[data-sync]");
  if (!live) return;
  let etag = live.dataset.etag;
  let lastSync = new Date();
  const clock = (d) => d.toLocaleTimeString(document.documentElement.lang || [],
    { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  const show = (key, ok) => {
    status.hidden = false;
    status.classList.toggle("lost", !ok);
    status.textContent = status.dataset[key].replace("{t}", clock(lastSync));
  };
  async function poll() {
    if (document.hidden) return;
    try {
      const response = await fetch(live.dataset.live, {
        headers: { "If-None-Match": `"${etag}"` }, cache: "no-store", credentials: "same-origin" });
      if (response.status === 200) {
        etag = (response.headers.get("ETag") || "").replace(/^W\//, "").replaceAll('"', "") || etag;
        live.innerHTML = await response.text();
      } else if (response.status !== 304) {
        throw new Error(String(response.status));
      }
      lastSync = new Date();
      show("synced", true);
    } catch (error) {
      show("lost", false);
    }
  }
  async function keepAwake() {
    try {
      if ("wakeLock" in navigator && !document.hidden) await navigator.wakeLock.request("screen");
    } catch (error) { /* plain http, or refused: the screen may sleep */ }
  }
  show("synced", true);
  keepAwake();
  setInterval(poll, 2000);
  document.addEventListener("visibilitychange", () => { poll(); keepAwake(); });
});
