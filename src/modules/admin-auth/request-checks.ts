import { Forbidden, HttpError } from "../../errors";
import { isCrossSite } from "../../http/cross-site";

/** Refuses a state-changing admin call sent from another site (src/http/cross-site.ts). */
export function refuseCrossSite(request: Request, publicUrl: string): void {
  if (isCrossSite(request, publicUrl)) throw new Forbidden("Cross-site requests to the admin area are refused.");
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
