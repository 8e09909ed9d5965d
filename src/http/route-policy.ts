import { Elysia } from "elysia";
import type { RouteObject } from "react-router";
import { createPathRedactor } from "./request-log";

/**
 * What a route's answers are, declared where the route is defined: a page in
 * its `handle` (`RouteHandle.policy`, web/routes), an API route in its Elysia
 * options (`{ policy }`, after `.use(routePolicy)`), a whole group through
 * `.guard({ policy }, …)` (every /api/admin route, src/modules/admin). Nothing
 * else lists paths: which are never kept and always `no-store`, which path
 * segments the log hides, and which pages the sitemap names are all derived
 * from these declarations (createRoutePolicies, sitemapPages), and
 * tests/api/route-policy.test.ts names any route that declares none.
 */
export type RoutePolicy =
  /** The same answer for anyone asking for the URL: it may be kept (where the route asks) and cached as its own headers say. */
  | (Secrets & { audience: "public" /** A page without parameters that /sitemap.xml lists. */; sitemap?: boolean })
  /**
   * One person's details or secrets (an order, a payment, the owner's session,
   * a new upload's token): never kept, always `Cache-Control: no-store`, and so
   * is every path under the route's fixed part ("/order/:orderId" → "/order/…").
   */
  | (Secrets & { audience: "personal" });

type Secrets = {
  /** Path parameters that are secrets whatever they look like (an upload token, a payment session id): logged as ":redacted". */
  secretParams?: readonly string[];
};

/** The two plain declarations; a route with secret parameters or a sitemap page spells out its own. */
export const PUBLIC: RoutePolicy = { audience: "public" };
export const PERSONAL: RoutePolicy = { audience: "personal" };

/** Lets every Elysia route take `{ policy }`: a declaration only, read back from `app.routes`. */
export const routePolicy = new Elysia({ name: "route-policy" }).macro({ policy: (_policy: RoutePolicy) => ({}) });

/** One route of the shop as declared: a page of the route table or a route the Elysia app registered. */
export type DeclaredRoute = { kind: "page" | "api"; name: string; path: string; policy: RoutePolicy | undefined };

type ElysiaRoute = { method: string; path: string; hooks?: unknown };

/** Every page of the route table (the leaves, with their full paths) and every Elysia route. */
export function declaredRoutes(pages: RouteObject[], apiRoutes: readonly ElysiaRoute[]): DeclaredRoute[] {
  const api = apiRoutes.map(
    ({ method, path, hooks }): DeclaredRoute => ({
      kind: "api",
      name: `${method} ${path}`,
      path,
      // Elysia keeps a macro's value in the route's hooks. Were an upgrade to drop it, every API
      // route would read as undeclared: treated as personal, and named by the route-policy test.
      policy: (hooks as { policy?: RoutePolicy } | undefined)?.policy,
    }),
  );
  return [...pageRoutes(pages), ...api];
}

function pageRoutes(routes: RouteObject[], parent = ""): DeclaredRoute[] {
  return routes.flatMap((route) => {
    const path = route.path === undefined ? parent || "/" : joinPath(parent, route.path);
    if (route.children?.length) return pageRoutes(route.children, path);
    return [{ kind: "page", name: `page ${path}`, path, policy: (route.handle as { policy?: RoutePolicy } | undefined)?.policy }];
  });
}

function joinPath(parent: string, path: string): string {
  if (path.startsWith("/")) return path;
  return parent.endsWith("/") ? `${parent}${path}` : `${parent}/${path}`;
}

/** The paths /sitemap.xml lists, in route-table order: the public pages that ask for it. */
export function sitemapPages(pages: RouteObject[]): string[] {
  return pageRoutes(pages)
    .filter(({ policy }) => policy?.audience === "public" && policy.sitemap)
    .map(({ path }) => path);
}

const isParameter = (segment: string) => segment.startsWith(":") || segment === "*";
const parameterName = (segment: string) => segment.slice(1).replace(/\?$/, "");

/** What is wrong with the declarations, one line per route: empty when every route declares a usable policy. */
export function policyProblems(routes: readonly DeclaredRoute[]): string[] {
  const problems: string[] = [];
  for (const { kind, name, path, policy } of routes) {
    if (policy?.audience !== "public" && policy?.audience !== "personal") {
      problems.push(`${name} declares no policy: say whether it is "public" or "personal" where the route is defined.`);
      continue;
    }
    const segments = path.split("/");
    for (const secret of policy.secretParams ?? []) {
      if (!segments.some((segment) => segment.startsWith(":") && parameterName(segment) === secret)) {
        problems.push(`${name} names "${secret}" as a secret, but its path has no such parameter.`);
      }
    }
    if (policy.audience === "public" && policy.sitemap && (kind !== "page" || segments.some(isParameter))) {
      problems.push(`${name} asks for the sitemap, which lists only pages without parameters.`);
    }
  }
  return problems;
}

/**
 * The rules derived from the declarations. A route that declares nothing is
 * taken as personal: forgetting costs a little speed, never a shopper's page.
 */
export function createRoutePolicies(routes: readonly DeclaredRoute[]) {
  const personal = new Set(routes.filter(({ policy }) => policy?.audience !== "public").map(({ path }) => fixedPart(path)));
  const covers = (path: string) => {
    for (const prefix of personal) if (prefix === "/" || path === prefix || path.startsWith(`${prefix}/`)) return true;
    return false;
  };
  const secretAfter = new Map<string, RegExp>();
  for (const { path, policy } of routes) {
    for (const secret of policy?.secretParams ?? []) {
      const pattern = segmentsBefore(path, secret);
      if (pattern) secretAfter.set(pattern.source, pattern);
    }
  }

  return {
    /**
     * True for a path about one person. The page router matches paths decoded and
     * case-insensitively ("/ORDER/…" and "/%6Frder/…" show an order too), so the
     * check does the same: such a page is then neither kept nor cacheable.
     */
    isPersonal(pathname: string): boolean {
      if (covers(pathname)) return true;
      let normalised: string;
      try {
        normalised = decodeURIComponent(pathname).toLowerCase();
      } catch {
        return true; // Malformed escapes: treated as personal, so nothing about them is kept.
      }
      return normalised !== pathname && covers(normalised);
    },
    /** The path as it may be logged: declared secrets and anything that looks like a token replaced by ":redacted". */
    redactPath: createPathRedactor([...secretAfter.values()]),
  };
}

/** "/order/:orderId" → "/order": the part of a route's path before its first parameter, lower case. */
function fixedPart(path: string): string {
  const segments = path.split("/");
  const first = segments.findIndex(isParameter);
  const fixed = (first < 0 ? segments : segments.slice(0, first)).join("/").toLowerCase();
  return fixed === "" ? "/" : fixed;
}

/** What the logged path holds before the secret parameter: "/api/uploads/:token/…" → /^\/api\/uploads\/$/i. */
function segmentsBefore(path: string, secret: string): RegExp | null {
  const segments = path.split("/");
  const at = segments.findIndex((segment) => segment.startsWith(":") && parameterName(segment) === secret);
  if (at < 0) return null;
  const before = segments.slice(1, at).map((segment) => (isParameter(segment) ? "[^/]+" : escapeRegExp(segment)));
  return new RegExp(`^/${before.map((part) => `${part}/`).join("")}$`, "i");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
