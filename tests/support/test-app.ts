import type { Database } from "bun:sqlite";
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../../src/app";
import { MIGRATIONS_DIR, migrate } from "../../src/db/migrate";
import { openDatabase } from "../../src/db/open";
import { createDeps, type DepsOptions } from "../../src/deps";
import { parseEnv } from "../../src/env";
import type { PasswordCost } from "../../src/modules/admin-auth/password";
import type { AssetManifest } from "../../src/ssr/asset-manifest";

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
 * `request` goes through app.answer, as the server's requests do: every layer runs except the socket.
 */
export async function createTestShop(
  variables: Record<string, string> = {},
  { now, passwordCost = CHEAP_PASSWORD_COST }: DepsOptions = {},
) {
  const dataDir = mkdtempSync(join(tmpdir(), "strata-test-"));
  const env = parseEnv({ DATA_DIR: dataDir, NODE_ENV: "test", SEED_DEMO: "false", PUBLIC_URL: TEST_ORIGIN, ...variables });
  copyFileSync(migratedTemplate(), join(dataDir, "shop.db"));
  const db: Database = openDatabase(join(dataDir, "shop.db"));
  migrate(db); // nothing left to apply: proves the copy is of every migration
  const deps = createDeps(env, db, TEST_ASSETS, { now, passwordCost });
  const app = createApp(deps);

  return {
    app,
    deps,
    db,
    env,
    dataDir,
    async request(path: string, init?: RequestInit): Promise<Response> {
      return app.answer(new Request(`${TEST_ORIGIN}${path}`, init));
    },
    async json<T = unknown>(path: string, init?: RequestInit): Promise<{ status: number; body: T; response: Response }> {
      const response = await app.answer(new Request(`${TEST_ORIGIN}${path}`, init));
      return { status: response.status, body: (await response.json()) as T, response };
    },
    async html(path: string): Promise<{ status: number; body: string; response: Response }> {
      const response = await app.answer(new Request(`${TEST_ORIGIN}${path}`));
      return { status: response.status, body: await response.text(), response };
    },
    close() {
      // An export a test left unread has a worker with a connection to this folder's file: it ends on its own.
      void deps.ordersExport.stopAll();
      db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let template: string | undefined;

/**
 * A database file with every migration applied, copied for each test shop:
 * running the migrations costs far more than copying their result, and the
 * shop opens the copy exactly as it opens any existing database (the migration
 * tests run them on files of their own). The file is named by what made it
 * (the migrations and their runner), so a changed migration makes a new one,
 * and it is written under another name and renamed, so two test processes
 * starting at once never read a half-written file.
 */
function migratedTemplate(): string {
  if (template) return template;
  const hash = new Bun.CryptoHasher("sha256");
  for (const name of readdirSync(MIGRATIONS_DIR).sort()) hash.update(name).update(readFileSync(join(MIGRATIONS_DIR, name)));
  hash.update(readFileSync(join(import.meta.dir, "..", "..", "src", "db", "migrate.ts")));
  const file = join(tmpdir(), `strata-test-template-${hash.digest("hex").slice(0, 16)}.db`);
  if (!existsSync(file)) {
    const folder = mkdtempSync(join(tmpdir(), "strata-template-"));
    const db = openDatabase(join(folder, "shop.db"));
    migrate(db);
    db.close(); // the last connection's close checkpoints the WAL into the one file
    renameSync(join(folder, "shop.db"), file);
    rmSync(folder, { recursive: true, force: true });
  }
  template = file;
  return file;
}

/** Counts rows, to prove a refused request stored nothing. */
export function countRows(db: Database, table: string): number {
  return db.query<{ n: number }, []>(`SELECT COUNT(*) AS n FROM ${table}`).get()?.n ?? 0;
}
