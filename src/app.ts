import { join } from "node:path";
import { Elysia } from "elysia";
import { SHOWN_CLOCK_PERIOD_MS } from "./db/shown-version";
import type { Deps } from "./deps";
import { HttpError, NotFound } from "./errors";
import { compressAnswer } from "./http/compression";
import { createMediaHandler } from "./http/media";
import { newRequestId, type RequestLogger } from "./http/request-log";
import { createResponseCache, type KeepOptions, type ResponseCacheOptions } from "./http/response-cache";
import { createRoutePolicies, declaredRoutes, PUBLIC, routePolicy } from "./http/route-policy";
import { createSecurityHeaders, withHeaders } from "./http/security-headers";
import { IMMUTABLE, serveFile } from "./http/serve-file";
import { errorFields, log } from "./log";
import { adminRoutes } from "./modules/admin";
import { catalogRoutes } from "./modules/catalog";
import { productShownAt } from "./modules/catalog/kept-pages";
import { categoryRoutes } from "./modules/categories";
import { checkoutRoutes } from "./modules/checkout";
import { contentRoutes } from "./modules/content";
import { customRequestRoutes } from "./modules/custom-requests";
import { giftVoucherRoutes } from "./modules/gift-vouchers";
import { healthRoutes } from "./modules/health";
import { holdRoutes } from "./modules/holds";
import { modelPriceRoutes } from "./modules/instant-prices";
import { orderRoutes } from "./modules/orders";
import { ownCheckoutRoutes } from "./modules/own-checkout";
import { quoteRoutes } from "./modules/quotes";
import { seoRoutes } from "./modules/seo";
import { uploadRoutes } from "./modules/uploads";
import { webhookRoutes } from "./modules/webhooks";
import { CLIENT_OUT_DIR } from "./ssr/build-client";
import { pageRoutes } from "./ssr/page-routes";
import { createPageRenderer } from "./ssr/render";

/**
 * Bun.serve's own limit (main.ts): a bigger body is refused with 413 before
 * any handler runs. Above the largest legitimate body, a custom request's five
 * 5 MB files (a photo upload is 15 MB), with room for the multipart framing.
 */
export const MAX_REQUEST_BODY_BYTES = 32 * 1024 * 1024;

export type AppOptions = {
  /** Receives one entry per request; main.ts writes them as JSON lines. Tests leave it out. */
  requestLog?: RequestLogger;
  /** Settings of the kept pages and catalogue JSON (src/http/response-cache.ts); tests shrink it or set its clock. */
  responseCache?: Pick<ResponseCacheOptions, "maxBytes" | "now">;
};

/**
 * The whole shop as one Elysia app. It never listens: main.ts does, and tests
 * call app.handle(request) on an app built over a temporary database.
 */
export function createApp(deps: Deps, { requestLog, responseCache }: AppOptions = {}) {
  const serveMedia = createMediaHandler(join(deps.env.DATA_DIR, "media"));
  // A source map carries the full sources, the admin's included: never public in production,
  // even when a development build (`bun run dev`) left some in dist/client.
  const servesSourceMaps = deps.env.NODE_ENV !== "production";
  // `policies`, `securityHeaders` and `cache` are made below from the finished app's routes
  // (each route declares its policy where it is defined); everything here uses them per request.
  const loggedPaths = new Map<string, string>();
  const loggedPath = (pathname: string) => {
    let path = loggedPaths.get(pathname);
    if (path === undefined) {
      if (loggedPaths.size >= 1000) loggedPaths.clear();
      path = policies.redactPath(pathname);
      loggedPaths.set(pathname, path);
    }
    return path;
  };
  const renderPage = createPageRenderer(deps, loggedPath);
  /** The request's one log line, however it was answered. */
  const logRequest = (method: string, pathname: string, status: number, started: number, requestId: string) =>
    requestLog?.({
      method,
      path: loggedPath(pathname),
      status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      requestId,
    });
  // A personal path (orders, payments, admin) is never kept, whoever asks; every other page is the same for everyone.
  const keep = (request: Request, produce: () => Response | Promise<Response>, options?: KeepOptions) =>
    policies.isPersonal(new URL(request.url).pathname) ? produce() : cache.respond(request, pathAndQuery(request.url), produce, options);
  // Pages show stock capped (src/modules/catalog/shown-stock.ts): a sale that leaves more than the cap keeps them.
  const page = (request: Request) => keep(request, () => renderPage(request), { exactStock: false });
  /** Any answer that was not kept: routed by Elysia, then compressed, given the security headers and logged. */
  const routed = async (handle: () => unknown, request: Request, started: number, requestId: string) => {
    const pathname = new URL(request.url).pathname;
    let status = 500;
    try {
      const answer: unknown = await handle();
      if (!(answer instanceof Response)) return answer;
      status = answer.status;
      const compressed = await compressAnswer(answer, request);
      return withHeaders(compressed, { ...securityHeaders(pathname), "X-Request-Id": requestId });
    } finally {
      logRequest(request.method, pathname, status, started, requestId);
    }
  };

  const app = new Elysia()
    // Around everything routed, errors and 404s included: security headers, the
    // request id, and the request's log line once its response is ready.
    .wrap(
      (handle, request) =>
        (...args: unknown[]) =>
          routed(() => handle(...args), request, performance.now(), newRequestId()),
    )
    .onError(({ code, error, request }) => errorResponse(code, error, request, loggedPath))
    .use(routePolicy)
    .use(healthRoutes(deps))
    .use(catalogRoutes(deps, keep))
    .use(categoryRoutes(deps))
    .use(contentRoutes(deps))
    .use(seoRoutes(deps))
    .use(checkoutRoutes(deps))
    .use(giftVoucherRoutes(deps))
    .use(orderRoutes(deps, renderPage))
    .use(webhookRoutes(deps))
    .use(ownCheckoutRoutes(deps, renderPage))
    .use(uploadRoutes(deps))
    .use(customRequestRoutes(deps))
    .use(modelPriceRoutes(deps))
    .use(quoteRoutes(deps))
    .use(holdRoutes(deps))
    .use(adminRoutes(deps))
    .get(
      "/assets/:name",
      ({ params, request }) => {
        if (!servesSourceMaps && params.name.endsWith(".map")) throw new NotFound("File not found.");
        return serveFile(CLIENT_OUT_DIR, params.name, IMMUTABLE, request);
      },
      { policy: PUBLIC },
    )
    // Media names carry a content hash too (see the seed and image uploads).
    .get("/media/:name", ({ params }) => serveMedia(params.name), { policy: PUBLIC })
    // Every page: its own policy (its handle in web/routes) is what `keep` goes by.
    .get("/", ({ request }) => page(request), { policy: PUBLIC })
    .get(
      "/*",
      ({ request }) => {
        if (new URL(request.url).pathname.startsWith("/api/")) throw new NotFound(apiNotFound(request));
        return page(request);
      },
      { policy: PUBLIC },
    );

  const policies = createRoutePolicies(declaredRoutes(pageRoutes, app.routes));
  const securityHeaders = createSecurityHeaders(deps.env, policies.isPersonal);
  // Kept answers carry the security headers from the start, so the fast path above adds only the request id.
  // Pages and the catalogue JSON promise a dispatch date, which moves with the clock alone.
  const cache = createResponseCache({
    now: () => deps.now().getTime(),
    ...responseCache,
    forgetEveryMs: SHOWN_CLOCK_PERIOD_MS,
    db: deps.db,
    headersFor: (key) => securityHeaders(pathOf(key)),
    productShownAt,
  });
  /**
   * The shop's answer to any request, as the server gives it (`listen`) and tests ask for it: a kept page
   * or catalogue answer goes out from memory before Elysia sees the request, without a promise, carrying
   * the headers it was kept with, its own request id and its log line; anything else is routed by Elysia
   * (the `.wrap` above). See docs/decisions/0039-kept-answers-before-routing.md.
   */
  const answer = (request: Request): Response | Promise<Response> => {
    if (request.method === "GET") {
      const started = performance.now();
      const key = pathAndQuery(request.url);
      const requestId = newRequestId();
      const kept = cache.lookup(request, key, requestId);
      if (kept) {
        logRequest("GET", pathOf(key), kept.status, started, requestId);
        return kept;
      }
    }
    return app.fetch(request);
  };
  // The cache's counters and the derived policies, for tests.
  return Object.assign(app, { responseCache: cache, routePolicies: policies, answer });
}

export type ShopApp = ReturnType<typeof createApp>;

export type ListenOptions = { port: number; hostname: string; maxRequestBodySize?: number };

/**
 * The shop on a socket, every request through `app.answer`: Bun.serve is called here rather than by
 * Elysia's `listen`, whose own fetch and route table would send requests to Elysia before the kept
 * answers could be looked up (docs/decisions/0039-kept-answers-before-routing.md). Elysia's handlers
 * still reach the server (a caller's address, a long upload's idle time) through `app.server`.
 */
export function listen(app: ShopApp, { port, hostname, maxRequestBodySize }: ListenOptions): Bun.Server<undefined> {
  const server = Bun.serve({
    port,
    hostname,
    maxRequestBodySize,
    // A taken port must stop a start, not share the traffic with another shop (SO_REUSEPORT, which Elysia turned on).
    reusePort: false,
    // As Elysia's listen had it: a connection idle this long is closed; heavy work extends its own request's.
    idleTimeout: 30,
    development: false,
    fetch: app.answer,
  });
  app.server = server;
  return server;
}

function pathOf(key: string): string {
  const query = key.indexOf("?");
  return query < 0 ? key : key.slice(0, query);
}

/** "/products?cat=basic" from a full URL: the host is left out, pages never depend on it. */
function pathAndQuery(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  const hash = url.indexOf("#");
  return start < 0 ? "/" : url.slice(start, hash < 0 ? undefined : hash);
}

function apiNotFound(request: Request): string {
  return `There is no API endpoint at ${request.method} ${new URL(request.url).pathname}.`;
}

/** The one error path: typed errors keep their status and message, anything else is a logged 500. */
function errorResponse(code: string | number, error: unknown, request: Request, redactPath: (pathname: string) => string): Response {
  const isApi = new URL(request.url).pathname.startsWith("/api/");
  let status = 500;
  let message = "Something went wrong on our side. Please try again in a moment.";
  let headers: Record<string, string> = {};

  if (error instanceof HttpError) {
    ({ status, message, headers } = error);
  } else if (code === "NOT_FOUND") {
    status = 404;
    message = isApi ? apiNotFound(request) : "Not found.";
  } else if (code === "PARSE") {
    status = 400;
    message = "The request body could not be read. Send valid JSON or form data.";
  } else if (code === "VALIDATION") {
    status = 400;
    message = "The request is not valid.";
  } else {
    log("error", "unhandled error", { method: request.method, path: redactPath(new URL(request.url).pathname), ...errorFields(error) });
  }

  if (isApi) {
    return Response.json({ error: message }, { status, headers: { ...headers, "Cache-Control": "no-store" } });
  }
  return new Response(message, { status, headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" } });
}
