import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { readShopIdentity } from "../content/service";
import { ICON_BACKGROUND, ICON_SIZES, iconPng } from "./icon";
import { serviceWorkerScript } from "./service-worker";

/** The shop's name may change: the manifest and icons are asked for again within the hour. */
const FRESH_FOR_AN_HOUR = "private, max-age=3600";

/**
 * The installable admin (docs/decisions/0046-owner-alerts.md): its web app manifest, service worker and icons.
 * None holds anything personal, and a browser asks for the manifest and icons without the session cookie, so
 * they answer without one; they sit under /admin, which is personal, so they are never kept by the shop's
 * cache. Mounted by src/modules/admin before the guard.
 */
export function adminAppRoutes({ db, assets }: Pick<Deps, "db" | "assets">) {
  const worker = serviceWorkerScript(
    new Bun.CryptoHasher("sha256").update(`${assets.adminScript} ${assets.adminStylesheet}`).digest("hex").slice(0, 12),
  );
  return new Elysia({ name: "admin-app" })
    .get("/admin/manifest.webmanifest", () => {
      const shop = readShopIdentity(db);
      const manifest = {
        // Inside the worker's scope, /admin/ (the address /admin itself is not under it), so the installed app opens
        // controlled by the worker: offline, it still opens.
        id: "/admin/",
        name: `${shop.name} admin`,
        short_name: shop.name.length <= 12 ? shop.name : "Shop admin",
        description: `Orders, quotes and alerts for ${shop.name}.`,
        start_url: "/admin/",
        scope: "/admin/",
        display: "standalone",
        orientation: "portrait",
        background_color: ICON_BACKGROUND,
        theme_color: ICON_BACKGROUND,
        lang: "en-GB",
        icons: [
          { src: "/admin/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/admin/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/admin/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      };
      return new Response(JSON.stringify(manifest), {
        headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": FRESH_FOR_AN_HOUR },
      });
    })
    .get(
      "/admin/sw.js",
      () =>
        new Response(worker, {
          // no-cache: the browser checks for a new worker on each visit, as it must to pick up an update.
          headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache", "Service-Worker-Allowed": "/admin/" },
        }),
    )
    .use(iconRoutes(db));
}

/** One fixed route per icon: a parameter here would also catch the admin's own pages (/admin/orders). */
function iconRoutes(db: Deps["db"]) {
  const routes = new Elysia({ name: "admin-app-icons" });
  for (const size of ICON_SIZES) {
    for (const maskable of [false, true]) {
      routes.get(`/admin/icon-${maskable ? "maskable-" : ""}${size}.png`, async () => {
        const png = await iconPng(readShopIdentity(db).name, size, maskable);
        return new Response(png as Uint8Array<ArrayBuffer>, {
          headers: { "Content-Type": "image/png", "Cache-Control": FRESH_FOR_AN_HOUR },
        });
      });
    }
  }
  return routes;
}
