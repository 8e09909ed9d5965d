import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createApp } from "../../src/app";
import { createDeps } from "../../src/deps";
import { parseEnv } from "../../src/env";
import { ADMIN_PASSWORD, adminCall, signIn } from "../support/admin";
import { type ListeningShop, listenOnLoopback } from "../support/listening";
import { CHEAP_PASSWORD_COST, countRows, createTestShop, TEST_ORIGIN, type TestShop } from "../support/test-app";
import { HANG_GUARD_MS } from "../support/wait-until";

// Who may use /api/admin: only a browser holding a live session from the
// owner's password, on the shop's own site, sending JSON.

let shop: TestShop;
beforeEach(async () => {
  shop = await createTestShop({ ADMIN_PASSWORD });
});
afterEach(() => shop.close());

function login(password: string, headers: Record<string, string> = {}) {
  return shop.request("/api/admin/login", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify({ password }),
  });
}

/** A sign-in over a real socket from 127.0.0.1, as a proxy on loopback passes it on for `forwardedFor`. */
function loginThrough(server: ListeningShop, password: string, forwardedFor: string) {
  return server.request("/api/admin/login", {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": forwardedFor },
    body: JSON.stringify({ password }),
  });
}

/** A shop with the owner's password behind a proxy on loopback, listening on a real socket, closed after `run`. */
async function behindProxy(run: (server: ListeningShop) => Promise<void>): Promise<void> {
  const proxied = await createTestShop({ ADMIN_PASSWORD, TRUST_PROXY: "true" });
  const server = listenOnLoopback(proxied);
  try {
    await run(server);
  } finally {
    await server.stop();
    proxied.close();
  }
}

/** Every guarded admin route the app has, read from the app itself so none can be forgotten. */
function guardedRoutes(): { method: string; path: string }[] {
  const routes = shop.app.routes
    .filter((route) => route.path.startsWith("/api/admin/"))
    .filter((route) => route.path !== "/api/admin/login" && route.path !== "/api/admin/logout")
    .map((route) => ({ method: route.method, path: route.path.replace(/:[A-Za-z]+/g, "x") }));
  return routes;
}

function callAs(route: { method: string; path: string }, cookie: string | null) {
  const write = route.method !== "GET" && route.method !== "HEAD";
  return shop.request(route.path, {
    method: route.method,
    headers: {
      ...(cookie ? { Cookie: cookie } : {}),
      "Sec-Fetch-Site": "same-origin",
      ...(write ? { "Content-Type": "application/json" } : {}),
    },
    body: write ? "{}" : undefined,
  });
}

describe("every /api/admin route needs a live session", () => {
  test("the app has guarded admin routes to check (the list is read from the app)", () => {
    expect(guardedRoutes().length).toBeGreaterThan(0);
    expect(guardedRoutes()).toContainEqual({ method: "GET", path: "/api/admin/session" });
  });

  test("without a session cookie each answers 401", async () => {
    for (const route of guardedRoutes()) {
      const response = await callAs(route, null);
      expect({ ...route, status: response.status }).toEqual({ ...route, status: 401 });
      expect(await response.json()).toEqual({ error: "Sign in to the admin area to continue." });
    }
  });

  test("with a tampered session cookie each answers 401", async () => {
    const cookie = await signIn(shop);
    const tampered = cookie.slice(0, -2) + (cookie.endsWith("A") ? "BB" : "AA");
    for (const route of guardedRoutes()) {
      const response = await callAs(route, tampered);
      expect({ ...route, status: response.status }).toEqual({ ...route, status: 401 });
    }
  });

  test("with a session past its absolute end each answers 401", async () => {
    const cookie = await signIn(shop);
    shop.db.query("UPDATE admin_sessions SET expires_at = ?").run(new Date(Date.now() - 1000).toISOString());
    for (const route of guardedRoutes()) {
      const response = await callAs(route, cookie);
      expect({ ...route, status: response.status }).toEqual({ ...route, status: 401 });
    }
  });

  test("a session idle for more than 8 hours answers 401", async () => {
    const cookie = await signIn(shop);
    shop.db.query("UPDATE admin_sessions SET last_seen_at = ?").run(new Date(Date.now() - 9 * 3600_000).toISOString());
    expect((await adminCall(shop, cookie, "/api/admin/session")).status).toBe(401);
  });

  test("a live session is let through", async () => {
    const cookie = await signIn(shop);
    expect(await adminCall(shop, cookie, "/api/admin/session")).toMatchObject({ status: 200, body: { signedIn: true } });
  });
});

describe("signing in and out", () => {
  test("the session cookie is HttpOnly, SameSite=Strict, Path=/ and not Secure over plain http", async () => {
    const response = await login(ADMIN_PASSWORD);
    expect(response.status).toBe(200);
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^strata_admin=[A-Za-z0-9_-]{43}; /);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Strict");
    expect(cookie).toContain("Path=/");
    expect(cookie).not.toContain("Secure");
    expect(cookie).not.toContain("Domain");
  });

  test("under https the cookie is __Host- prefixed and Secure", async () => {
    const secureShop = await createTestShop({ ADMIN_PASSWORD, PUBLIC_URL: "https://shop.example" });
    try {
      const response = await secureShop.request("/api/admin/login", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ password: ADMIN_PASSWORD }),
      });
      const cookie = response.headers.get("set-cookie") ?? "";
      expect(cookie).toMatch(/^__Host-strata_admin=[A-Za-z0-9_-]{43}; /);
      expect(cookie).toContain("Secure");
      expect(cookie).toContain("HttpOnly");
      expect(cookie).toContain("SameSite=Strict");
      expect(cookie).toContain("Path=/");
    } finally {
      secureShop.close();
    }
  });

  test("only a hash of the session id is stored", async () => {
    const cookie = await signIn(shop);
    const id = cookie.split("=")[1] ?? "";
    const stored = shop.db.query<{ id_hash: string }, []>("SELECT id_hash FROM admin_sessions").get();
    expect(stored?.id_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.id_hash).not.toContain(id);
  });

  test("a cookie from before logout is refused", async () => {
    const cookie = await signIn(shop);
    const logout = await adminCall(shop, cookie, "/api/admin/logout", { method: "POST" });
    expect(logout.status).toBe(200);
    expect(logout.response.headers.get("set-cookie")).toMatch(/^strata_admin=; Max-Age=0/);
    expect(countRows(shop.db, "admin_sessions")).toBe(0);
    expect((await adminCall(shop, cookie, "/api/admin/session")).status).toBe(401);
  });

  test("each sign-in gets a new session id", async () => {
    const first = await signIn(shop);
    const second = await signIn(shop);
    expect(second).not.toBe(first);
  });

  test("a wrong password answers 401 'Invalid admin password' and sets no cookie", async () => {
    const response = await login("not the password");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Invalid admin password" });
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(countRows(shop.db, "admin_sessions")).toBe(0);
  });

  test("an empty password answers 400 'Admin password required'", async () => {
    const response = await login("");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Admin password required" });
  });

  test("with no admin password configured nobody can sign in", async () => {
    const openShop = await createTestShop();
    try {
      const response = await openShop.request("/api/admin/login", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ password: "anything at all" }),
      });
      expect(response.status).toBe(401);
    } finally {
      openShop.close();
    }
  });

  test("ADMIN_PASSWORD_HASH from `bun run hash-password` signs in with the password it was made from", async () => {
    const hashShop = await createTestShop({ ADMIN_PASSWORD_HASH: await Bun.password.hash("a hashed owner password", "argon2id") });
    try {
      expect(await signIn(hashShop, "a hashed owner password")).toMatch(/^strata_admin=/);
    } finally {
      hashShop.close();
    }
  });
});

describe("guessing the password", () => {
  test(
    "50 wrong passwords in a minute from one address: at least 40 are answered 429 with Retry-After",
    async () => {
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (let i = 0; i < 50; i++) {
        const response = await login(`guess ${i}`);
        statuses.push(response.status);
        if (response.status === 429) retryAfter ??= response.headers.get("retry-after");
      }
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(40);
      expect(Number(retryAfter)).toBeGreaterThan(0);
    },
    HANG_GUARD_MS,
  );

  test(
    "the right password is refused too while the address is throttled (no way round the limit)",
    async () => {
      for (let i = 0; i < 10; i++) await login(`guess ${i}`);
      const response = await login(ADMIN_PASSWORD);
      expect(response.status).toBe(429);
      expect(await response.json()).toEqual({ error: "Too many sign-in attempts. Please wait a minute and try again." });
    },
    HANG_GUARD_MS,
  );

  test(
    "a changed X-Forwarded-For does not reset the count when no proxy is trusted",
    async () => {
      for (let i = 0; i < 10; i++) await login(`guess ${i}`, { "X-Forwarded-For": `198.51.100.${i}` });
      const response = await login("guess again", { "X-Forwarded-For": "203.0.113.99" });
      expect(response.status).toBe(429);
    },
    HANG_GUARD_MS,
  );

  test(
    "with TRUST_PROXY=true each address forwarded by the proxy on loopback has its own count",
    async () => {
      await behindProxy(async (server) => {
        const attempt = (address: string) => loginThrough(server, "wrong", address);
        for (let i = 0; i < 10; i++) await attempt("198.51.100.1");
        expect((await attempt("198.51.100.1")).status).toBe(429);
        expect((await attempt("203.0.113.99")).status).toBe(401);
      });
    },
    HANG_GUARD_MS,
  );

  test(
    "password checks running at once are capped: the surplus is answered 429 at once",
    async () => {
      const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => login(`parallel guess ${i}`)));
      const capped = answers.filter((answer) => answer.status === 429);
      expect(capped.length).toBeGreaterThan(0);
      expect(await capped[0]?.json()).toEqual({ error: "Too many sign-in attempts at once. Please try again in a moment." });
    },
    HANG_GUARD_MS,
  );
});

describe("requests a signed-in browser did not mean to make are refused", () => {
  test("a cross-site write (Sec-Fetch-Site: cross-site) is refused with 403", async () => {
    const cookie = await signIn(shop);
    const response = await adminCall(shop, cookie, "/api/admin/logout", { method: "POST", headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: "Cross-site requests to the admin area are refused." });
    expect(countRows(shop.db, "admin_sessions")).toBe(1);
  });

  test("a write from a foreign Origin is refused with 403", async () => {
    const cookie = await signIn(shop);
    const response = await shop.request("/api/admin/session", {
      method: "GET",
      headers: { Cookie: cookie, Origin: "https://evil.example" },
    });
    expect(response.status).toBe(200); // reads are not state-changing
    const write = await shop.request("/api/admin/logout", { method: "POST", headers: { Cookie: cookie, Origin: "https://evil.example" } });
    expect(write.status).toBe(403);
    expect(countRows(shop.db, "admin_sessions")).toBe(1);
  });

  test("a cross-site login attempt is refused with 403 before the password is checked", async () => {
    const response = await login(ADMIN_PASSWORD, { "Sec-Fetch-Site": "cross-site" });
    expect(response.status).toBe(403);
    expect(countRows(shop.db, "admin_sessions")).toBe(0);
  });

  test("a text/plain body to a JSON endpoint is refused with 415", async () => {
    const cookie = await signIn(shop);
    const response = await shop.request("/api/admin/categories", {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "text/plain" },
      body: JSON.stringify({ id: "lamps", name: "Lamps", sort: 0 }),
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ error: "Send the data as JSON (Content-Type: application/json)." });
    expect(countRows(shop.db, "categories")).toBe(0);
  });

  test("a text/plain login is refused with 415", async () => {
    const response = await shop.request("/api/admin/login", {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: JSON.stringify({ password: ADMIN_PASSWORD }),
    });
    expect(response.status).toBe(415);
    expect(countRows(shop.db, "admin_sessions")).toBe(0);
  });
});

/** An argon2id hash with the least work argon2 allows, so tests that make dozens of checks stay quick. */
function cheapHashOf(password: string): Promise<string> {
  return Bun.password.hash(password, { algorithm: "argon2id", memoryCost: 8, timeCost: 1 });
}

describe("a flood of sign-ins cannot keep the owner out", () => {
  test(
    "200 wrong passwords from one address leave the owner's correct password from another address working",
    async () => {
      await behindProxy(async (server) => {
        const flood: number[] = [];
        for (let i = 0; i < 200; i++) flood.push((await loginThrough(server, `guess ${i}`, "198.51.100.66")).status);
        expect(flood.filter((status) => status === 401).length).toBe(10);
        expect(flood.filter((status) => status === 429).length).toBe(190);

        const owner = await loginThrough(server, ADMIN_PASSWORD, "203.0.113.10");
        expect(owner.status).toBe(200);
        expect(owner.headers.get("set-cookie")).toMatch(/^strata_admin=[A-Za-z0-9_-]{43}; /);
      });
    },
    HANG_GUARD_MS,
  );

  test(
    "wrong passwords from many addresses together still meet the shop-wide limit: once 60 in a minute have failed, a second try from any failing address is answered 429",
    async () => {
      await behindProxy(async (server) => {
        for (let i = 0; i < 60; i++) expect((await loginThrough(server, "wrong", `198.51.100.${i + 1}`)).status).toBe(401);
        const again = await loginThrough(server, "wrong again", "198.51.100.1");
        expect(again.status).toBe(429);
        expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(await again.json()).toEqual({ error: "Too many sign-in attempts. Please wait a minute and try again." });
        // An address that has not been failing has its password checked once; wrong, it is failing too.
        expect((await loginThrough(server, "wrong", "203.0.113.61")).status).toBe(401);
        expect((await loginThrough(server, "wrong", "203.0.113.61")).status).toBe(429);
      });
    },
    HANG_GUARD_MS,
  );

  test(
    "wrong passwords from several IPv4 addresses spend the shop-wide limit, and the owner's correct password from an address that has not been failing still signs in",
    async () => {
      await behindProxy(async (server) => {
        const statuses: number[] = [];
        for (let address = 1; address <= 8; address++) {
          for (let i = 0; i < 15; i++) statuses.push((await loginThrough(server, `guess ${i}`, `198.51.100.${address}`)).status);
        }
        // Each address is held to its own 10 a minute and all of them together to the shop's 60; the seventh and
        // eighth, not failing until then, have one password each checked after the 60.
        expect(statuses.filter((status) => status === 401).length).toBe(62);
        expect(statuses.filter((status) => status === 429).length).toBe(58);

        const owner = await loginThrough(server, ADMIN_PASSWORD, "203.0.113.10");
        expect(owner.status).toBe(200);
        expect(owner.headers.get("set-cookie")).toMatch(/^strata_admin=[A-Za-z0-9_-]{43}; /);
      });
    },
    HANG_GUARD_MS,
  );

  test(
    "one IPv6 allocation (/48) guessing from many /64s is limited as one address, and the owner in another /48 still signs in",
    async () => {
      await behindProxy(async (server) => {
        for (let subnet = 0; subnet < 10; subnet++) {
          expect((await loginThrough(server, `guess ${subnet}`, `2001:db8:77:${subnet.toString(16)}::1`)).status).toBe(401);
        }
        const eleventh = await loginThrough(server, "guess 10", "2001:db8:77:ff00::9");
        expect(eleventh.status).toBe(429);
        expect(await eleventh.json()).toEqual({ error: "Too many sign-in attempts. Please wait a minute and try again." });

        expect((await loginThrough(server, ADMIN_PASSWORD, "2001:db8:78::1")).status).toBe(200);
      });
    },
    HANG_GUARD_MS,
  );

  test(
    "many /64s of one IPv6 allocation spending the shop-wide limit do not stop the owner's correct password from another address",
    async () => {
      await behindProxy(async (server) => {
        // Six allocations, each trying from 20 of its /64s.
        for (let allocation = 1; allocation <= 6; allocation++) {
          for (let subnet = 0; subnet < 20; subnet++) await loginThrough(server, "wrong", `2001:db8:${allocation}:${subnet}::1`);
        }
        expect((await loginThrough(server, "wrong", "2001:db8:1:99::1")).status).toBe(429);
        expect((await loginThrough(server, ADMIN_PASSWORD, "2001:db8:ab::1")).status).toBe(200);
      });
    },
    HANG_GUARD_MS,
  );
});

describe("tries refused before their password was checked count toward nothing", () => {
  test(
    "tries the two-at-a-time cap refused at once do not count toward the address's 10 a minute",
    async () => {
      const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => login(`parallel guess ${i}`)));
      const checked = answers.filter((answer) => answer.status === 401).length;
      expect(answers.filter((answer) => answer.status === 429).length).toBeGreaterThan(0);
      expect(checked).toBeLessThan(6);
      // What is left of the address's 10 is exactly what was not checked.
      for (let i = 0; i < 10 - checked; i++) expect((await login(`later guess ${i}`)).status).toBe(401);
      expect((await login("one guess too many")).status).toBe(429);
    },
    HANG_GUARD_MS,
  );

  test(
    "tries an address's own limit refused do not count toward the shop-wide limit",
    async () => {
      await behindProxy(async (server) => {
        // 10 checked and 90 refused from one address: only the 10 are wrong passwords the shop counts.
        for (let i = 0; i < 100; i++) await loginThrough(server, `guess ${i}`, "198.51.100.66");
        // The shop-wide 60 therefore has 50 left, every one of them checked.
        expect((await loginThrough(server, "wrong", "203.0.113.9")).status).toBe(401);
        for (let address = 1; address <= 4; address++) {
          for (let i = 0; i < 10; i++) expect((await loginThrough(server, "wrong", `203.0.113.${address}`)).status).toBe(401);
        }
        for (let i = 0; i < 9; i++) expect((await loginThrough(server, "wrong", "203.0.113.5")).status).toBe(401);
        // Now the 60 are spent: an address that has been failing is refused though its own 10 are not.
        const refused = await loginThrough(server, "wrong", "203.0.113.9");
        expect(refused.status).toBe(429);
        expect(await refused.json()).toEqual({ error: "Too many sign-in attempts. Please wait a minute and try again." });
      });
    },
    HANG_GUARD_MS,
  );

  test(
    "the owner's correct password does not count toward the address's limit",
    async () => {
      const quick = await createTestShop({ ADMIN_PASSWORD_HASH: await cheapHashOf(ADMIN_PASSWORD) });
      const attempt = (password: string) =>
        quick.request("/api/admin/login", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ password }),
        });
      try {
        for (let i = 0; i < 11; i++) expect((await attempt(ADMIN_PASSWORD)).status).toBe(200);
        for (let i = 0; i < 10; i++) expect((await attempt(`guess ${i}`)).status).toBe(401);
        expect((await attempt("guess 10")).status).toBe(429);
      } finally {
        quick.close();
      }
    },
    HANG_GUARD_MS,
  );
});

/** The same data folder started again with other settings, as a restart after editing the environment. */
function restartWith(variables: Record<string, string>, target: TestShop = shop) {
  const env = parseEnv({ DATA_DIR: target.dataDir, NODE_ENV: "test", SEED_DEMO: "false", PUBLIC_URL: TEST_ORIGIN, ...variables });
  const app = createApp(createDeps(env, target.db, target.deps.assets, { passwordCost: CHEAP_PASSWORD_COST }));
  return async (path: string, init?: RequestInit) => app.answer(new Request(`${TEST_ORIGIN}${path}`, init));
}

describe("sessions end when the configured password changes", () => {
  test("a session made before ADMIN_PASSWORD changed answers 401 after the restart, and its row is gone", async () => {
    const cookie = await signIn(shop);
    const restarted = restartWith({ ADMIN_PASSWORD: "a brand new owner password" });
    const answer = await restarted("/api/admin/session", { headers: { Cookie: cookie } });
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({ error: "Sign in to the admin area to continue." });
    expect(countRows(shop.db, "admin_sessions")).toBe(0);
  });

  test("a session made before ADMIN_PASSWORD_HASH changed answers 401 after the restart", async () => {
    const hashed = await createTestShop({ ADMIN_PASSWORD_HASH: await cheapHashOf("the first owner password") });
    try {
      const cookie = await signIn(hashed, "the first owner password");
      const restarted = restartWith({ ADMIN_PASSWORD_HASH: await cheapHashOf("the second owner password") }, hashed);
      expect((await restarted("/api/admin/session", { headers: { Cookie: cookie } })).status).toBe(401);
    } finally {
      hashed.close();
    }
  });

  test("changing from ADMIN_PASSWORD to an ADMIN_PASSWORD_HASH of another password ends the session too", async () => {
    const cookie = await signIn(shop);
    const restarted = restartWith({ ADMIN_PASSWORD_HASH: await cheapHashOf("a hashed new password") });
    expect((await restarted("/api/admin/session", { headers: { Cookie: cookie } })).status).toBe(401);
  });

  test("a restart with the same ADMIN_PASSWORD keeps the owner signed in", async () => {
    const cookie = await signIn(shop);
    const restarted = restartWith({ ADMIN_PASSWORD });
    expect((await restarted("/api/admin/session", { headers: { Cookie: cookie } })).status).toBe(200);
  });

  test("the database holds neither the password nor, in the session rows, its hash: only a fingerprint", async () => {
    await signIn(shop);
    const kept = shop.db.query<{ argon2id: string }, []>("SELECT argon2id FROM admin_password_hash").get()?.argon2id ?? "";
    expect(kept).toStartWith("$argon2id$");
    expect(kept).not.toContain(ADMIN_PASSWORD);
    const row = shop.db.query<{ password_fingerprint: string }, []>("SELECT password_fingerprint FROM admin_sessions").get();
    expect(row?.password_fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.password_fingerprint).not.toContain(kept);
  });
});

/** Cookie values a browser, a proxy or an attacker may send that were never a session id. */
const MALFORMED_COOKIES: [string, string][] = [
  ["a JSON object", '{"id":"x"}'],
  ["a JSON array", "[1,2,3]"],
  ["a number", "12345678901234567890"],
  ["an over-long value", "A".repeat(4000)],
  ["odd characters", "%00%0A%3Cscript%3E%E2%9C%93.$!"],
  ["bad percent-encoding", "%E0%A4%A"],
  ["an empty value", ""],
];

describe("a malformed session cookie is simply no session", () => {
  for (const [kind, value] of MALFORMED_COOKIES) {
    test(`${kind} as the session cookie: every admin route answers 401 'Sign in…', and the correct password still signs in`, async () => {
      const cookie = `strata_admin=${value}`;
      for (const route of guardedRoutes()) {
        const response = await callAs(route, cookie);
        expect({ ...route, status: response.status }).toEqual({ ...route, status: 401 });
        expect(await response.json()).toEqual({ error: "Sign in to the admin area to continue." });
      }
      const signedIn = await login(ADMIN_PASSWORD, { Cookie: cookie });
      expect(signedIn.status).toBe(200);
      const fresh = signedIn.headers.get("set-cookie")?.split(";")[0] ?? "";
      expect(fresh).toMatch(/^strata_admin=[A-Za-z0-9_-]{43}$/);
      expect((await adminCall(shop, fresh, "/api/admin/session")).status).toBe(200);
      const logout = await shop.request("/api/admin/logout", { method: "POST", headers: { Cookie: cookie } });
      expect(logout.status).toBe(200);
      expect(countRows(shop.db, "admin_sessions")).toBe(1);
    });
  }
});

function multipartForm(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

describe("multipart bodies only on the upload route", () => {
  test("a multipart form to POST /api/admin/categories is refused with 415 and stores nothing", async () => {
    const cookie = await signIn(shop);
    const response = await shop.request("/api/admin/categories", {
      method: "POST",
      headers: { Cookie: cookie },
      body: multipartForm({ id: "lamps", name: "Lamps", sort: "0" }),
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ error: "Send the data as JSON (Content-Type: application/json)." });
    expect(countRows(shop.db, "categories")).toBe(0);
  });

  test("a multipart form to POST /api/admin/configuration is refused with 415 and changes nothing", async () => {
    const cookie = await signIn(shop);
    const before = shop.db.query("SELECT key, value FROM configuration ORDER BY key").all();
    const response = await shop.request("/api/admin/configuration", {
      method: "POST",
      headers: { Cookie: cookie },
      body: multipartForm({ key: "hero_description", value: "Posted by a cross-site form" }),
    });
    expect(response.status).toBe(415);
    expect(shop.db.query("SELECT key, value FROM configuration ORDER BY key").all()).toEqual(before);
  });

  test("every guarded write route except the two uploads (image, sliced job) answers a multipart body with 415", async () => {
    const cookie = await signIn(shop);
    const uploads = ["/api/admin/upload-image", "/api/admin/pricing/calibration"];
    const writes = guardedRoutes().filter((route) => ["POST", "PUT", "PATCH"].includes(route.method) && !uploads.includes(route.path));
    expect(writes.length).toBeGreaterThan(5);
    for (const route of writes) {
      const response = await shop.request(route.path, {
        method: route.method,
        headers: { Cookie: cookie },
        body: multipartForm({ id: "x" }),
      });
      expect({ ...route, status: response.status }).toEqual({ ...route, status: 415 });
    }
  });

  test("the image upload still takes multipart: a form without the image answers 400 'Choose an image to upload.', not 415", async () => {
    const cookie = await signIn(shop);
    const response = await shop.request("/api/admin/upload-image", {
      method: "POST",
      headers: { Cookie: cookie },
      body: multipartForm({ other: "x" }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Choose an image to upload." });
  });

  test("the sliced-job upload takes multipart too: a form without the model answers 400 with what to choose, not 415", async () => {
    const cookie = await signIn(shop);
    const response = await shop.request("/api/admin/pricing/calibration", {
      method: "POST",
      headers: { Cookie: cookie },
      body: multipartForm({ other: "x" }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Choose the model (STL, OBJ or 3MF) you sliced." });
  });
});
