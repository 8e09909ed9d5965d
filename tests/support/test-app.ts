import type { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../../src/app";
import { migrate } from "../../src/db/migrate";
import { openDatabase } from "../../src/db/open";
import { createDeps, type DepsOptions } from "../../src/deps";
import { parseEnv } from "../../src/env";
import type { PasswordCost } from "../../src/modules/admin-auth/password";
import type { AssetManifest } from "../../src/ssr/assets";

export const TEST_ORIGIN = "http://shop.test";

/** Pages only link to these; API and page tests never fetch them. */
const TEST_ASSETS: AssetManifest = {
  clientScript: "/assets/client-test.js",
  stylesheet: "/assets/main-test.css",
  adminScript: "/assets/admin-test.js",
  adminStylesheet: "/assets/admin-test.css",
  captchaStylesheet: "/assets/captcha-test.css",
  captchaWorker: "/assets/altcha-pbkdf2-test.js",
  packingSlipStylesheet: "/assets/packing-slips-test.css",
};

export type TestShop = Awaited<ReturnType<typeof createTestShop>>;

/**
 * The least work argon2 allows: test shops check the owner's password at this
 * cost, so signing in is quick however busy the machine; the production cost
 * is proved on its own (tests/api/admin-password-cost.test.ts).
 */
export const CHEAP_PASSWORD_COST: PasswordCost = { memoryCost: 8, timeCost: 1 };

/**
 * The real app over a real, migrated SQLite file in a fresh temp folder.
 * `request` goes through app.handle: every layer runs except the socket.
 */
export async function createTestShop(
  variables: Record<string, string> = {},
  { now, passwordCost = CHEAP_PASSWORD_COST }: DepsOptions = {},
) {
  const dataDir = mkdtempSync(join(tmpdir(), "strata-test-"));
  const env = parseEnv({ DATA_DIR: dataDir, NODE_ENV: "test", SEED_DEMO: "false", PUBLIC_URL: TEST_ORIGIN, ...variables });
  const db: Database = openDatabase(join(dataDir, "shop.db"));
  migrate(db);
  const deps = createDeps(env, db, TEST_ASSETS, { now, passwordCost });
  const app = createApp(deps);

  return {
    app,
    deps,
    db,
    env,
    dataDir,
    request(path: string, init?: RequestInit): Promise<Response> {
      return app.handle(new Request(`${TEST_ORIGIN}${path}`, init));
    },
    async json<T = unknown>(path: string, init?: RequestInit): Promise<{ status: number; body: T; response: Response }> {
      const response = await app.handle(new Request(`${TEST_ORIGIN}${path}`, init));
      return { status: response.status, body: (await response.json()) as T, response };
    },
    async html(path: string): Promise<{ status: number; body: string; response: Response }> {
      const response = await app.handle(new Request(`${TEST_ORIGIN}${path}`));
      return { status: response.status, body: await response.text(), response };
    },
    close() {
      db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Counts rows, to prove a refused request stored nothing. */
export function countRows(db: Database, table: string): number {
  return db.query<{ n: number }, []>(`SELECT COUNT(*) AS n FROM ${table}`).get()?.n ?? 0;
}
