import { Elysia } from "elysia";
import { z } from "zod";
import type { Deps } from "../../deps";
import { TooManyRequests, Unauthorized } from "../../errors";
import { clientAddress, createRateLimiter } from "../../http/rate-limit";
import { parseOrBadRequest } from "../validate";
import { refuseCrossSite, requireJsonBody } from "./request-checks";
import { SESSION_ABSOLUTE_MS } from "./sessions";

const loginSchema = z.object(
  { password: z.string({ error: "Admin password required" }).min(1, { error: "Admin password required" }) },
  { error: "Admin password required" },
);

/** Per address: enough for a typo or two, far too few to guess a password. */
const LOGINS_PER_ADDRESS_PER_MINUTE = 10;
/**
 * For the whole shop, so many addresses together cannot guess either. Only
 * attempts an address's own limit let through count here: one address can
 * add at most 10 a minute, so a flood from it never keeps the owner out.
 */
const LOGINS_PER_MINUTE = 60;
/** argon2 is deliberately costly; more checks at once would only queue up memory. */
const CONCURRENT_CHECKS = 2;

/** The cookie's name: the __Host- prefix (https only) pins it to this exact origin and path. */
export function sessionCookieName(publicUrl: string): string {
  return publicUrl.startsWith("https://") ? "__Host-strata_admin" : "strata_admin";
}

/** POST /api/admin/login and /api/admin/logout. Everything else under /api/admin is behind adminGuard. */
export function adminAuthRoutes({ env, adminSessions, adminPassword }: Pick<Deps, "env" | "adminSessions" | "adminPassword">) {
  const cookieName = sessionCookieName(env.PUBLIC_URL);
  const secure = env.PUBLIC_URL.startsWith("https://");
  const perAddress = createRateLimiter({ limit: LOGINS_PER_ADDRESS_PER_MINUTE, windowMs: 60_000 });
  const overall = createRateLimiter({ limit: LOGINS_PER_MINUTE, windowMs: 60_000 });
  let checking = 0;

  return new Elysia({ name: "admin-auth" })
    .post("/api/admin/login", async ({ body, request, server, cookie, set }) => {
      refuseCrossSite(request, env.PUBLIC_URL);
      requireJsonBody(request);
      const { password } = parseOrBadRequest(loginSchema, body);
      refuseWhenOverLimit(perAddress.hit(clientAddress(request, server?.requestIP(request)?.address, env.TRUST_PROXY)));
      refuseWhenOverLimit(overall.hit("all"));
      if (checking >= CONCURRENT_CHECKS) throw new TooManyRequests(1, "Too many sign-in attempts at once. Please try again in a moment.");
      checking++;
      let valid: boolean;
      try {
        valid = await adminPassword.verify(password);
      } finally {
        checking--;
      }
      if (!valid) throw new Unauthorized("Invalid admin password");
      const session = cookie[cookieName]!;
      adminSessions.destroy(session.value); // a fresh id on every sign-in
      session.set({
        value: await adminSessions.create(request.headers.get("user-agent")),
        httpOnly: true,
        sameSite: "strict",
        path: "/",
        secure,
        maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
      });
      set.headers["cache-control"] = "no-store";
      return { ok: true };
    })
    .post("/api/admin/logout", ({ request, cookie }) => {
      refuseCrossSite(request, env.PUBLIC_URL);
      const session = cookie[cookieName]!;
      adminSessions.destroy(session.value);
      session.set({ value: "", httpOnly: true, sameSite: "strict", path: "/", secure, maxAge: 0 });
      return { ok: true };
    });
}

function refuseWhenOverLimit(attempt: { allowed: boolean; retryAfterSeconds: number }): void {
  if (!attempt.allowed) throw new TooManyRequests(attempt.retryAfterSeconds, "Too many sign-in attempts. Please wait a minute and try again.");
}

/**
 * Runs before every other /api/admin/* handler: a live session, a same-site
 * request and, for writes, a JSON body. Only `uploadRoutes` (route patterns)
 * are spared the JSON rule: they read their own multipart body. A form can
 * post multipart cross-site without a preflight, so no other route takes it.
 */
export function adminGuard({ env, adminSessions }: Pick<Deps, "env" | "adminSessions">, uploadRoutes: readonly string[]) {
  const cookieName = sessionCookieName(env.PUBLIC_URL);
  const uploads = new Set(uploadRoutes);
  return async ({ request, route, cookie }: { request: Request; route: string; cookie: Record<string, { value?: unknown } | undefined> }) => {
    if (!(await adminSessions.touch(cookie[cookieName]?.value))) {
      throw new Unauthorized("Sign in to the admin area to continue.");
    }
    refuseCrossSite(request, env.PUBLIC_URL);
    if (!uploads.has(route)) requireJsonBody(request);
  };
}
