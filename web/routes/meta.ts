import type { UIMatch } from "react-router";
import type { ShopIdentity } from "../../shared/shop-info";
import type { RoutePolicy } from "../../src/http/route-policy";

/** What each page says about itself to browsers, search engines and link previews. */
export type PageMeta = {
  title: string;
  description: string;
  /** Canonical path, e.g. "/products/planter"; null for pages that should not be indexed. */
  path: string | null;
  image?: string | null;
  type?: "website" | "product";
  jsonLd?: Record<string, unknown>;
};

/**
 * `data` is undefined when the route's loader threw (a 404, say): the meta
 * function must then describe the error page rather than the missing data.
 */
export type RouteHandle<Data = unknown> = {
  /** `shop` is the identity configured in /admin, so titles name the shop as it is today. */
  meta: (data: Data | undefined, shop: ShopIdentity) => PageMeta;
  /**
   * Whether the page is about one person (never kept, no-store), which of its
   * path parameters are secrets in the log, and whether the sitemap lists it
   * (src/http/route-policy.ts). Required: a page that forgets it fails to compile.
   */
  policy: RoutePolicy;
  /** "admin": the page loads the owner's client app (web/admin) instead of the storefront's island script. */
  clientApp?: "admin";
  /**
   * The products the page shows, by id, from its loader's data: a kept page is then kept through a sale of
   * any other product (`showsProducts`, src/http/response-cache.ts). Without it, or when it returns null,
   * the page counts as showing every product. It must name every product whose card, stock or link the
   * page shows. See docs/decisions/0038-the-crowd-at-a-large-shop.md.
   */
  shows?: (data: Data | undefined) => readonly string[] | null;
};

/** The products the page at the deepest matched route says it shows, or null (any): see RouteHandle's `shows`. */
export function productsShownFrom(
  matches: readonly { route: { handle?: unknown; id: string } }[],
  loaderData: Record<string, unknown>,
): readonly string[] | null {
  const page = matches.at(-1);
  const handle = page?.route.handle as RouteHandle | undefined;
  return page && handle?.shows ? handle.shows(loaderData[page.route.id]) : null;
}

/** Which browser script the page loads: the storefront's islands unless a matched route asks for the admin app. */
export function clientAppFrom(matches: UIMatch[]): "storefront" | "admin" {
  return matches.some((match) => (match.handle as RouteHandle | undefined)?.clientApp === "admin") ? "admin" : "storefront";
}

/** The deepest matched route that describes itself wins. */
export function pageMetaFrom(matches: UIMatch[], shop: ShopIdentity): PageMeta | null {
  for (let index = matches.length - 1; index >= 0; index--) {
    const match = matches[index];
    const handle = match?.handle as RouteHandle | undefined;
    if (handle?.meta) return handle.meta(match?.loaderData, shop);
  }
  return null;
}
