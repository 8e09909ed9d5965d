import { createHash } from "node:crypto";
import { THEME_BOOT_SCRIPT } from "../../shared/theme";
import type { Env } from "../env";

/**
 * Every inline <script> the server renders that the browser executes. The
 * CSP allows exactly these by hash, so an injected script cannot run. JSON-LD
 * (`type="application/ld+json"`) is data, never executed, and needs no hash.
 * A test renders pages and fails if any other inline script appears.
 */
export const INLINE_SCRIPTS: readonly string[] = [THEME_BOOT_SCRIPT];

/** Cloudflare Turnstile's widget script and its iframe both come from here. */
const TURNSTILE_ORIGIN = "https://challenges.cloudflare.com";

function scriptHash(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

type PolicySettings = Pick<Env, "PUBLIC_URL" | "TURNSTILE_SITE_KEY" | "TURNSTILE_SECRET_KEY"> & Partial<Pick<Env, "STRIPE_SECRET_KEY">>;

/** Where Stripe Checkout's payment pages live. */
const STRIPE_CHECKOUT_ORIGIN = "https://checkout.stripe.com";

/** Turnstile runs only with both keys (src/services/captcha); otherwise the self-hosted ALTCHA does. */
function usesTurnstile(env: PolicySettings): boolean {
  return Boolean(env.TURNSTILE_SITE_KEY && env.TURNSTILE_SECRET_KEY);
}

/**
 * The policy for every response. The basket leaves for Stripe by
 * `window.location`, which CSP does not govern; but the quote page's plain
 * "Accept and pay" form (JavaScript off) posts to ourselves and is redirected
 * to Stripe Checkout, and form-action governs that redirect too, so with Stripe
 * configured its checkout origin is allowed as a form's destination. Neither scripts nor styles get
 * 'unsafe-inline': the server renders no `style` attribute or <style>
 * element (dynamic styles are set through the CSS object model, which CSP
 * allows), and tests/e2e/csp.e2e.ts fails on any violation in Chromium.
 */
export function contentSecurityPolicy(env: PolicySettings): string {
  const turnstile = usesTurnstile(env);
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", ...INLINE_SCRIPTS.map(scriptHash), ...(turnstile ? [TURNSTILE_ORIGIN] : [])],
    ["style-src", "'self'"],
    // Product and project pictures may be https URLs the owner pasted.
    ["img-src", "'self'", "data:", "https:"],
    ["connect-src", "'self'"],
    ...(turnstile
      ? [["frame-src", TURNSTILE_ORIGIN] as [string, string]]
      : // The ALTCHA widget solves its puzzle in a Web Worker: a file of ours, not a blob: URL.
        [["worker-src", "'self'"] as [string, string]]),
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["frame-ancestors", "'none'"],
    ["form-action", "'self'", ...(env.STRIPE_SECRET_KEY ? [STRIPE_CHECKOUT_ORIGIN] : [])],
  ];
  return directives.map((parts) => parts.join(" ")).join("; ");
}

export type SecurityHeaders = (pathname: string) => Record<string, string>;

/**
 * Builds the headers once from the configuration; the result picks per-path
 * extras. `isPersonal` comes from the routes' declared policies
 * (src/http/route-policy.ts): a personal path is never stored by the browser's
 * back/forward cache or a proxy.
 */
export function createSecurityHeaders(env: PolicySettings, isPersonal: (pathname: string) => boolean): SecurityHeaders {
  const always: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy(env),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    // Payment happens on Stripe's own site, so this origin needs none of these.
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
  };
  // HSTS over plain http would be ignored at best; only an https shop sends it.
  if (env.PUBLIC_URL.startsWith("https://")) always["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  const personal = { ...always, "Cache-Control": "no-store" };
  return (pathname) => (isPersonal(pathname) ? personal : always);
}

/**
 * Sets headers on a finished response. A header the handler set itself wins
 * (an SVG preview sends its own, stricter CSP), except Cache-Control on a
 * personal path, where no-store is forced. Some responses
 * (redirects made by Response.redirect, fetched ones) have frozen headers:
 * those are copied into a fresh Response first.
 */
export function withHeaders(response: Response, headers: Record<string, string>): Response {
  let target = response;
  try {
    applyTo(target.headers, headers);
  } catch {
    target = new Response(response.body, response);
    applyTo(target.headers, headers);
  }
  return target;
}

function applyTo(target: Headers, headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) {
    const own = target.get(name);
    if (own !== null && (name !== "Cache-Control" || own.includes("no-store"))) continue;
    target.set(name, value);
  }
}
