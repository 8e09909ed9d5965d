import { renderToReadableStream } from "react-dom/server";
import { createStaticHandler, createStaticRouter, RouterContextProvider, StaticRouterProvider } from "react-router";
import { depsContext, type LookedUpOrder, lookedUpOrderContext, type RefusedForm, refusedFormContext } from "../../web/routes/context";
import { productsShownFrom } from "../../web/routes/meta";
import type { Deps } from "../deps";
import { showsProducts } from "../http/response-cache";
import { errorFields, log } from "../log";
import { pageRoutes as routes } from "./page-routes";

/**
 * `refusedForm`: a form post the server refused, for the page to show again; `lookedUpOrder`: an order a form
 * post proved, for the order page to show (both in web/routes/context.ts).
 */
export type PageRenderer = (request: Request, refusedForm?: RefusedForm, lookedUpOrder?: LookedUpOrder) => Promise<Response>;

/**
 * Server-side rendering through React Router's data router: match the URL,
 * run the matched loaders (which read SQLite directly), then stream the HTML.
 * The router is not hydrated in the browser; only islands are.
 */
export function createPageRenderer(deps: Deps, redactPath: (pathname: string) => string): PageRenderer {
  const handler = createStaticHandler(routes);

  return async function renderPage(request, refusedForm, lookedUpOrder) {
    const requestContext = new RouterContextProvider();
    requestContext.set(depsContext, deps);
    if (refusedForm) requestContext.set(refusedFormContext, refusedForm);
    if (lookedUpOrder) requestContext.set(lookedUpOrderContext, lookedUpOrder);
    const context = await handler.query(request, { requestContext });
    if (context instanceof Response) return context; // a loader redirected

    const router = createStaticRouter(handler.dataRoutes, context);
    let renderFailed = false;
    const stream = await renderToReadableStream(<StaticRouterProvider router={router} context={context} hydrate={false} />, {
      onError(error) {
        renderFailed = true;
        // The path only, secrets redacted: a query string may hold a payment session id.
        log("error", "page render failed", { path: redactPath(new URL(request.url).pathname), ...errorFields(error) });
      },
    });
    const response = new Response(stream, {
      status: renderFailed ? 500 : context.statusCode,
      headers: { "Content-Type": "text/html; charset=utf-8" },
    });
    const shown = productsShownFrom(context.matches, context.loaderData);
    return shown ? showsProducts(response, shown) : response;
  };
}
