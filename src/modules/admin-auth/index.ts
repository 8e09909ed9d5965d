import { Elysia } from "elysia";
import { z } from "zod";
import type { Deps } from "../../deps";
import { Unauthorized } from "../../errors";
import { clientAddressPlugin } from "../../http/rate-limit-plugin";
import { parseOrBadRequest } from "../validate";
import { refuseCrossSite, requireJsonBody } from "./request-checks";
import { SESSION_ABSOLUTE_MS } from "./sessions";

const loginSchema = z.object(
  { password: z.string({ error: "Admin password required" }).min(1, { error: "Admin password required" }) },
  { error: "Admin password required" },
);

/** The cookie's name: the __Host- prefix (https only) pins it to this exact origin and path. */
function sessionCookieName(publicUrl: string): string {
  return publicUrl.startsWith("https://") ? "__Host-strata_admin" : "strata_admin";
}

/** POST /api/admin/login and /api/admin/logout. Everything else under /api/admin is behind adminGuard. */
export function adminAuthRoutes({
  env,
  adminSessions,
  adminPassword,
  rateLimits,
}: Pick<Deps, "env" | "adminSessions" | "adminPassword" | "rateLimits">) {
  const cookieName = sessionCookieName(env.PUBLIC_URL);
  const secure = env.PUBLIC_URL.startsWith("https://");
  return new Elysia({ name: "admin-auth" })
    .use(clientAddressPlugin(env.TRUST_PROXY))
    .post("/api/admin/login", async ({ body, request, address, cookie, set }) => {
      refuseCrossSite(request, env.PUBLIC_URL);
      requireJsonBody(request);
      const { password } = parseOrBadRequest(loginSchema, body);
      // Only a wrong password counts; a try refused before its check (the two-at-a-time cap's 429) counts for nothing (0026).
      const attempt = rateLimits.adminSignIns.admit(address);
      let valid: boolean;
      try {
        valid = await adminPassword.verify(password);
      } catch (error) {
        attempt.uncounted();
        throw error;
      }
      if (!valid) {
        attempt.failed();
        throw new Unauthorized("Invalid admin password");
      }
      attempt.uncounted();
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

/**
 * Whether a request comes from the owner's signed-in browser (a live session, touched like any admin call): for a
 * public route that holds shoppers to a limit the owner's own pages would pass, such as a print of packing slips
 * full of preview pictures (docs/decisions/0026-limits-and-working-days.md).
 */
export function ownerSignedIn({ env, adminSessions }: Pick<Deps, "env" | "adminSessions">) {
  const cookieName = sessionCookieName(env.PUBLIC_URL);
  return (cookie: Record<string, { value?: unknown } | undefined>): Promise<boolean> => adminSessions.touch(cookie[cookieName]?.value);
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
  return async ({
    request,
    route,
    cookie,
  }: {
    request: Request;
    route: string;
    cookie: Record<string, { value?: unknown } | undefined>;
  }) => {
    if (!(await adminSessions.touch(cookie[cookieName]?.value))) {
      throw new Unauthorized("Sign in to the admin area to continue.");
    }
    refuseCrossSite(request, env.PUBLIC_URL);
    if (!uploads.has(route)) requireJsonBody(request);
  };
}
