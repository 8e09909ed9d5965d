import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { PUBLIC, routePolicy, sitemapPages } from "../../http/route-policy";
import { IMMUTABLE } from "../../http/serve-file";
import { pageRoutes as routes } from "../../ssr/page-routes";

/** The pages that declare `sitemap: true` in their handle (web/routes). */
const FIXED_PAGES = sitemapPages(routes);

function xmlEscape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** sitemap.xml, robots.txt and the favicon: what crawlers and browsers ask for first. */
export function seoRoutes({ env, catalog, categories }: Pick<Deps, "env" | "catalog" | "categories">) {
  return new Elysia({ name: "seo" })
    .use(routePolicy)
    .get(
      "/sitemap.xml",
      () => {
        const paths = [
          ...FIXED_PAGES,
          ...categories.listCategories().map((category) => `/products?cat=${encodeURIComponent(category.id)}`),
          ...catalog.listProducts().map((product) => `/products/${encodeURIComponent(product.id)}`),
        ];
        const urls = paths.map((path) => `  <url><loc>${xmlEscape(env.PUBLIC_URL + path)}</loc></url>`).join("\n");
        const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
        return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
      },
      { policy: PUBLIC },
    )
    .get(
      "/robots.txt",
      () => {
        const body = `User-agent: *\nDisallow: /admin\nDisallow: /api\n\nSitemap: ${env.PUBLIC_URL}/sitemap.xml\n`;
        return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
      },
      { policy: PUBLIC },
    )
    .get(
      "/favicon.svg",
      () =>
        new Response(FAVICON, {
          headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=86400" },
        }),
      { policy: PUBLIC },
    )
    .get("/favicon.ico", () => new Response(null, { status: 301, headers: { Location: "/favicon.svg", "Cache-Control": IMMUTABLE } }), {
      policy: PUBLIC,
    });
}

const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#1c1917"/><path d="M16 5 28 11.5 16 18 4 11.5Z" fill="#f97316"/><path d="M4 16.5l12 6.5 12-6.5" fill="none" stroke="#14b8a6" stroke-width="2.5" stroke-linejoin="round"/><path d="M4 21.5 16 28l12-6.5" fill="none" stroke="#e7e5e4" stroke-width="2.5" stroke-linejoin="round" opacity=".6"/></svg>`;
