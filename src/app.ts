import { Elysia } from "elysia";
import { join } from "node:path";
import type { Deps } from "./deps";
import { HttpError, NotFound } from "./errors";
import { IMMUTABLE, serveFile } from "./http/serve-file";
import { adminRoutes } from "./modules/admin";
import { catalogRoutes } from "./modules/catalog";
import { categoryRoutes } from "./modules/categories";
import { checkoutRoutes } from "./modules/checkout";
import { contentRoutes } from "./modules/content";
import { customRequestRoutes } from "./modules/custom-requests";
import { demoCheckoutRoutes } from "./modules/demo-checkout";
import { healthRoutes } from "./modules/health";
import { orderRoutes } from "./modules/orders";
import { seoRoutes } from "./modules/seo";
import { uploadRoutes } from "./modules/uploads";
import { webhookRoutes } from "./modules/webhooks";
import { CLIENT_OUT_DIR } from "./ssr/build-client";
import { createPageRenderer } from "./ssr/render";

/**
 * The whole shop as one Elysia app. It never listens: main.ts does, and tests
 * call app.handle(request) on an app built over a temporary database.
 */
export function createApp(deps: Deps) {
  const renderPage = createPageRenderer(deps);
  const mediaDir = join(deps.env.DATA_DIR, "media");

  return new Elysia()
    .onError(({ code, error, request }) => errorResponse(code, error, request))
    .use(healthRoutes(deps))
    .use(catalogRoutes(deps))
    .use(categoryRoutes(deps))
    .use(contentRoutes(deps))
    .use(seoRoutes(deps))
    .use(checkoutRoutes(deps))
    .use(orderRoutes(deps))
    .use(webhookRoutes(deps))
    .use(demoCheckoutRoutes(deps))
    .use(uploadRoutes(deps))
    .use(customRequestRoutes(deps))
    .use(adminRoutes(deps))
    .get("/assets/:name", ({ params }) => serveFile(CLIENT_OUT_DIR, params.name, IMMUTABLE))
    // Media names carry a content hash too (see the seed and image uploads).
    .get("/media/:name", ({ params }) => serveFile(mediaDir, params.name, IMMUTABLE))
    .get("/", ({ request }) => renderPage(request))
    .get("/*", ({ request }) => {
      if (new URL(request.url).pathname.startsWith("/api/")) throw new NotFound(apiNotFound(request));
      return renderPage(request);
    });
}

export type App = ReturnType<typeof createApp>;

function apiNotFound(request: Request): string {
  return `There is no API endpoint at ${request.method} ${new URL(request.url).pathname}.`;
}

/** The one error path: typed errors keep their status and message, anything else is a logged 500. */
function errorResponse(code: string | number, error: unknown, request: Request): Response {
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
    console.error("Unhandled error", request.method, new URL(request.url).pathname, error);
  }

  if (isApi) {
    return Response.json({ error: message }, { status, headers: { ...headers, "Cache-Control": "no-store" } });
  }
  return new Response(message, { status, headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" } });
}
