const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * True for a state-changing request another site made the browser send
 * (a form post, a fetch). Browsers say where a request comes from in
 * Sec-Fetch-Site; older ones only in Origin. A request with neither (curl,
 * tests, a proxy's health check) is not a browser riding a visitor's page.
 */
export function isCrossSite(request: Request, publicUrl: string): boolean {
  if (!WRITE_METHODS.has(request.method)) return false;
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return true;
  const origin = request.headers.get("origin");
  return Boolean(origin && origin !== new URL(publicUrl).origin && origin !== new URL(request.url).origin);
}
