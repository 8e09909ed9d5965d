import { Forbidden, HttpError } from "../../errors";

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Refuses a state-changing admin call sent from another site. Browsers say
 * where a request comes from in Sec-Fetch-Site; older ones only in Origin. A
 * request with neither (curl, tests) is not a browser riding a session.
 */
export function refuseCrossSite(request: Request, publicUrl: string): void {
  if (!WRITE_METHODS.has(request.method)) return;
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") throw new Forbidden("Cross-site requests to the admin area are refused.");
  const origin = request.headers.get("origin");
  if (origin && origin !== new URL(publicUrl).origin && origin !== new URL(request.url).origin) {
    throw new Forbidden("Cross-site requests to the admin area are refused.");
  }
}

/**
 * A JSON endpoint takes JSON only. A form or text/plain body is what a
 * cross-site form post can send without a preflight, so it never gets in.
 */
export function requireJsonBody(request: Request): void {
  if (request.method !== "POST" && request.method !== "PUT" && request.method !== "PATCH") return;
  // A body always comes with its type; a bodiless call (logout) has none to check.
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== undefined && type !== "application/json") {
    throw new HttpError(415, "Send the data as JSON (Content-Type: application/json).");
  }
}
