import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MIGRATIONS_DIR } from "../../src/db/migrate";
import { healthRoutes } from "../../src/modules/health";
import { createHealthChecks, MIN_FREE_BYTES } from "../../src/modules/health/readiness";
import { createTestShop, TEST_ORIGIN, type TestShop } from "../support/test-app";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

type Readiness = { status: string; error?: string; problems?: string[] };

async function readyz(routes: ReturnType<typeof healthRoutes>): Promise<{ status: number; body: Readiness }> {
  const response = await routes.handle(new Request(`${TEST_ORIGIN}/readyz`));
  return { status: response.status, body: (await response.json()) as Readiness };
}

function appliedMigrations(db: Database): string[] {
  return db
    .query<{ name: string }, []>("SELECT name FROM schema_migrations ORDER BY name")
    .all()
    .map((row) => row.name);
}

describe("/readyz", () => {
  test("answers 200 {status: 'ready'} with migrations applied, a writable database and free disk", async () => {
    const { status, body } = await shop.json<Readiness>("/readyz");
    expect(status).toBe(200);
    expect(body).toEqual({ status: "ready" });
  });

  test("its write probe leaves no trace in the database", async () => {
    const before = appliedMigrations(shop.db);
    await shop.request("/readyz");
    expect(appliedMigrations(shop.db)).toEqual(before);
  });

  test("answers 503 naming the migration not yet applied", async () => {
    const migrations = mkdtempSync(join(tmpdir(), "strata-migrations-"));
    try {
      cpSync(MIGRATIONS_DIR, migrations, { recursive: true });
      writeFileSync(join(migrations, "9999_from_the_future.sql"), "SELECT 1;");
      const { status, body } = await readyz(
        healthRoutes({ ...shop.deps, health: createHealthChecks(shop.db, { dataDir: shop.dataDir, migrationsDir: migrations }) }),
      );
      expect(status).toBe(503);
      expect(body.status).toBe("not ready");
      expect(body.error).toBe("Migrations not applied: 9999_from_the_future.sql.");
    } finally {
      rmSync(migrations, { recursive: true, force: true });
    }
  });

  test("answers 503 when free disk space on the data volume is under 100 MB", async () => {
    expect(MIN_FREE_BYTES).toBe(100 * 1024 * 1024);
    const { status, body } = await readyz(
      healthRoutes({ ...shop.deps, health: createHealthChecks(shop.db, { dataDir: shop.dataDir, freeBytes: () => 42 * 1024 * 1024 }) }),
    );
    expect(status).toBe(503);
    expect(body.error).toBe("Only 42 MB free on the data volume (at least 100 MB needed).");
  });

  test("answers 503 when the database cannot be written", async () => {
    const readOnly = new Database(join(shop.dataDir, "shop.db"), { readonly: true });
    try {
      const { status, body } = await readyz(
        healthRoutes({ ...shop.deps, health: createHealthChecks(readOnly, { dataDir: shop.dataDir }) }),
      );
      expect(status).toBe(503);
      expect(body.error).toBe("The database is not writable.");
    } finally {
      readOnly.close();
    }
  });

  test("answers 503 once the database is closed", async () => {
    const broken = await createTestShop();
    try {
      broken.db.close();
      const { status, body } = await broken.json<Readiness>("/readyz");
      expect(status).toBe(503);
      expect(body.error).toBe("The database is not answering.");
    } finally {
      broken.close();
    }
  });

  test("is never cached", async () => {
    expect((await shop.request("/readyz")).headers.get("cache-control")).toBe("no-store");
    expect((await shop.request("/healthz")).headers.get("cache-control")).toBe("no-store");
  });
});
