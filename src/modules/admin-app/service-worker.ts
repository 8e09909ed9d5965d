/**
 * The admin's service worker (docs/decisions/0046-owner-alerts.md), served as `/admin/sw.js` with scope `/admin/`:
 * it never controls a storefront page. It shows the owner's push alerts and opens their screen, and keeps the
 * admin usable offline for one thing — the To make queue as last loaded — in a cache of its own:
 *
 * - the admin's page and its hashed scripts and styles: from the network, a copy kept for offline;
 * - `GET /api/admin/orders/to-make` (its first page), `/api/admin/session` and `/api/admin/projects` (the call the
 *   app's session check makes, web/admin/session.tsx): from the network, a copy kept in the admin's cache stamped
 *   with the time (`X-Saved-At`); offline, that copy answers with its stamp, which the queue shows;
 * - every other call: the network only, never kept;
 * - signing out (`POST /api/admin/logout`) deletes the cache, so nothing personal outlives the session.
 *
 * Plain JavaScript text, not a function's source: the server bundle is compiled to bytecode (decision 0008), which
 * keeps no source text to send; it holds no backslash and no "${", so a plain template sends it exactly as written.
 * `tests/api/admin-app.test.ts` runs it in a stand-in worker scope.
 */
const WORKER_SOURCE = `
var KEPT_CALLS = ["/api/admin/orders/to-make", "/api/admin/session", "/api/admin/projects"];

self.addEventListener("install", function () {
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf("strata-admin") === 0 && name !== CACHE;
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); })
  );
});

self.addEventListener("push", function (event) {
  var alert = {};
  try { alert = event.data ? event.data.json() : {}; } catch (error) { alert = { body: event.data ? event.data.text() : "" }; }
  event.waitUntil(self.registration.showNotification(alert.title || "Strata", {
    body: alert.body || "",
    icon: "/admin/icon-192.png",
    badge: "/admin/icon-192.png",
    data: { url: alert.url || "/admin" }
  }));
});

// The screen an alert opens: an /admin address of this shop only, whatever the payload says.
function alertScreen(link) {
  var origin = self.location.origin;
  var target = new URL(link || "/admin", origin);
  return target.origin === origin && target.pathname.indexOf("/admin") === 0 ? target.href : origin + "/admin";
}

// What a tap on an alert does: its screen in the admin's open window, else in a new one. A function of its own so
// the browser story can run it in the installed worker (no browser tooling can tap a notification).
function openAlert(link) {
  var url = alertScreen(link);
  return self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (windows) {
    var open = windows.find(function (window) { return new URL(window.url).pathname.indexOf("/admin") === 0; });
    // navigate() works only in a window this worker controls; "/admin" itself is outside the scope, so a window
    // there gets the alert's screen in a new one.
    if (!open) return self.clients.openWindow(url);
    return open.navigate(url).then(function () { return open.focus(); }, function () { return self.clients.openWindow(url); });
  });
}

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  event.waitUntil(openAlert(event.notification.data && event.notification.data.url));
});

function keepAndAnswer(request, key) {
  return caches.open(CACHE).then(function (cache) {
    return fetch(request).then(function (response) {
      if (!response.ok) return response;
      var headers = new Headers(response.headers);
      headers.set("X-Saved-At", new Date().toISOString());
      return response.clone().blob().then(function (body) {
        return cache.put(key, new Response(body, { status: response.status, headers: headers }));
      }).then(function () { return response; });
    }, function (error) {
      return cache.match(key).then(function (kept) {
        if (kept) return kept;
        throw error;
      });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST" && url.pathname === "/api/admin/logout") {
    event.waitUntil(caches.delete(CACHE));
    return;
  }
  if (request.method !== "GET") return;
  if (request.mode === "navigate" && url.pathname.indexOf("/admin") === 0) {
    // Every admin address is the one app's page: one kept copy serves them all offline.
    event.respondWith(keepAndAnswer(request, "/admin"));
    return;
  }
  var keptCall = KEPT_CALLS.indexOf(url.pathname) >= 0 && !url.searchParams.has("cursor");
  if (url.pathname.indexOf("/assets/") === 0 || keptCall) event.respondWith(keepAndAnswer(request, url.pathname + url.search));
});
`;

/** The worker's script text; the cache's name changes with the admin's scripts, so an update starts a fresh cache. */
export function serviceWorkerScript(version: string): string {
  return `"use strict";\nvar CACHE = ${JSON.stringify(`strata-admin-${version}`)};\n${WORKER_SOURCE}`;
}
