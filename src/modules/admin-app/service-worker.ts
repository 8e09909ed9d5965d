/**
 * The admin's service worker (docs/decisions/0046-owner-alerts.md), served as `/admin/sw.js` with scope `/admin/`:
 * it never controls a storefront page. It shows the owner's push alerts and opens their screen, and keeps the
 * admin usable offline for one thing — the To make queue as last loaded — in a cache of its own:
 *
 * - the admin's page and its hashed scripts and styles: from the network, a copy kept for offline;
 * - `GET /api/admin/orders/to-make` and `/api/admin/session`: from the network, a copy kept in the admin's cache
 *   stamped with the time (`X-Saved-At`); offline, that copy answers with its stamp, which the queue shows;
 * - every other call: the network only, never kept;
 * - signing out (`POST /api/admin/logout`) deletes the cache, so nothing personal outlives the session.
 *
 * Written as one self-contained function and sent as its source text, so no build step is needed for it.
 */
function adminServiceWorker(config: { cache: string }) {
  // biome-ignore lint/suspicious/noExplicitAny: the worker's global scope has no types in this project's DOM lib.
  const worker = self as any;
  const KEPT_CALLS = ["/api/admin/orders/to-make", "/api/admin/session"];

  worker.addEventListener("install", () => worker.skipWaiting());
  worker.addEventListener("activate", (event: { waitUntil(p: Promise<unknown>): void }) => {
    event.waitUntil(
      caches
        .keys()
        .then((names) =>
          Promise.all(names.filter((name) => name.startsWith("strata-admin") && name !== config.cache).map((name) => caches.delete(name))),
        )
        .then(() => worker.clients.claim()),
    );
  });

  worker.addEventListener("push", (event: { data: { json(): unknown } | null; waitUntil(p: Promise<unknown>): void }) => {
    const alert = (event.data?.json() ?? {}) as { title?: string; body?: string; url?: string | null };
    event.waitUntil(
      worker.registration.showNotification(alert.title ?? "Strata", {
        body: alert.body ?? "",
        icon: "/admin/icon-192.png",
        badge: "/admin/icon-192.png",
        data: { url: alert.url ?? "/admin" },
      }),
    );
  });

  worker.addEventListener(
    "notificationclick",
    (event: { notification: { close(): void; data?: { url?: string } }; waitUntil(p: Promise<unknown>): void }) => {
      event.notification.close();
      const target = new URL(event.notification.data?.url ?? "/admin", worker.location.origin);
      // Only an /admin screen of this shop is opened, whatever the payload says.
      const url =
        target.origin === worker.location.origin && target.pathname.startsWith("/admin") ? target.href : `${worker.location.origin}/admin`;
      event.waitUntil(
        worker.clients
          .matchAll({ type: "window", includeUncontrolled: true })
          .then((windows: { url: string; focus(): Promise<unknown>; navigate(u: string): Promise<unknown> }[]) => {
            const open = windows.find((window) => new URL(window.url).pathname.startsWith("/admin"));
            return open ? open.navigate(url).then(() => open.focus()) : worker.clients.openWindow(url);
          }),
      );
    },
  );

  async function keepAndAnswer(request: Request, key: string): Promise<Response> {
    const cache = await caches.open(config.cache);
    try {
      const response = await fetch(request);
      if (response.ok) {
        const headers = new Headers(response.headers);
        headers.set("X-Saved-At", new Date().toISOString());
        await cache.put(key, new Response(await response.clone().blob(), { status: response.status, headers }));
      }
      return response;
    } catch (error) {
      const kept = await cache.match(key);
      if (kept) return kept;
      throw error;
    }
  }

  worker.addEventListener("fetch", (event: { request: Request; respondWith(r: Promise<Response>): void }) => {
    const { request } = event;
    const url = new URL(request.url);
    if (url.origin !== worker.location.origin) return;
    if (request.method === "POST" && url.pathname === "/api/admin/logout") {
      caches.delete(config.cache);
      return;
    }
    if (request.method !== "GET") return;
    if (request.mode === "navigate" && url.pathname.startsWith("/admin")) {
      // Every admin address is the one app's page: one kept copy serves them all offline.
      event.respondWith(keepAndAnswer(request, "/admin"));
      return;
    }
    if (url.pathname.startsWith("/assets/") || (KEPT_CALLS.includes(url.pathname) && !url.searchParams.has("cursor"))) {
      event.respondWith(keepAndAnswer(request, url.pathname + url.search));
    }
  });
}

/** The worker's script text; the cache's name changes with the admin's scripts, so an update starts a fresh cache. */
export function serviceWorkerScript(version: string): string {
  return `"use strict";\n(${adminServiceWorker.toString()})(${JSON.stringify({ cache: `strata-admin-${version}` })});\n`;
}
