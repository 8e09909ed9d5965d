import { afterEach, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildServerBundle, LEFT_IN_NODE_MODULES, SERVER_BUNDLE, serverBundleIsStale } from "../../scripts/server-bundle";
import { libraryBankHolidays } from "../../shared/working-days";
import { gpxRoute } from "../e2e/support/files";
import { binaryStl, cubeTriangles } from "../support/stl";
import { HANG_GUARD_MS } from "../support/wait-until";
import { type ShopProcess, startShop } from "./support/shop-process";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe("bun start runs the pre-compiled server bundle", () => {
  test(
    "the shop answers its pages from dist/server, reads a GPX route and a model in the bundled workers and exports orders in its own",
    async () => {
      const password = "Owner-Passw0rd-for-the-bundle";
      const shop: ShopProcess = await startShop({
        dataDir: tempDir("strata-bundle-"),
        bundle: true,
        env: { SEED_DEMO: "true", ADMIN_PASSWORD: password },
      });
      cleanups.push(() => shop.killAll());

      expect(shop.output()).toContain('"runs":"server bundle"');
      expect(serverBundleIsStale()).toBe(false);
      const page = await fetch(`${shop.origin}/products`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Route relief map");

      const route = gpxRoute();
      const form = new FormData();
      form.append("productId", "route-relief-map");
      form.append("gpx", new File([new Uint8Array(route.buffer)], route.name, { type: route.mimeType }));
      const upload = await fetch(`${shop.origin}/api/gpx/upload`, { method: "POST", body: form });
      const body = (await upload.json()) as { token?: string; details?: { pointCount: number } };
      expect(upload.status).toBe(200);
      expect(body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      // A loop of 60 steps: 61 points, back where it started.
      expect(body.details?.pointCount).toBe(61);

      // A shopper's model is measured in a worker of its own too (docs/decisions/0042-instant-prices-calls-and-checkout.md).
      const modelForm = new FormData();
      modelForm.append("productId", "print-your-own-model");
      modelForm.append("model", new File([binaryStl(cubeTriangles(20)) as Uint8Array<ArrayBuffer>], "cube.stl"));
      const model = await fetch(`${shop.origin}/api/models/upload`, { method: "POST", body: modelForm });
      expect(model.status).toBe(201);
      expect(((await model.json()) as { bbox_mm?: number[] }).bbox_mm).toEqual([20, 20, 20]);

      // The orders export's worker (docs/decisions/0032-exports-off-the-main-thread.md) is found from the bundle too.
      const owner = { "Content-Type": "application/json", "Sec-Fetch-Site": "same-origin" };
      const login = await fetch(`${shop.origin}/api/admin/login`, { method: "POST", headers: owner, body: JSON.stringify({ password }) });
      expect(login.status).toBe(200);
      const cookie = login.headers.get("set-cookie")?.split(";")[0] ?? "";
      const csv = await fetch(`${shop.origin}/api/admin/orders/export.csv?from=2026-01-01&to=2026-12-31`, {
        headers: { Cookie: cookie, "Sec-Fetch-Site": "same-origin" },
      });
      expect(csv.status).toBe(200);
      // The byte-order mark, then the heading (text() would drop the mark: read the bytes).
      const bytes = new Uint8Array(await csv.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(new TextDecoder().decode(bytes.slice(3))).toStartWith("Date,Reference,Customer,");
    },
    HANG_GUARD_MS,
  );
});

describe("what the server bundle holds (decision 0008)", () => {
  /**
   * The packages' files in a bundle built here, as a shell without NODE_ENV builds it, in a folder of
   * its own (never the one `bun start` runs). The bundler heads each file's code with its path.
   */
  async function bundledFiles(): Promise<string[]> {
    const outdir = tempDir("strata-bundle-out-");
    const nodeEnv = process.env.NODE_ENV;
    delete process.env.NODE_ENV;
    try {
      await buildServerBundle(outdir);
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
    const text = readFileSync(join(outdir, "main.js"), "utf8");
    return [...text.matchAll(/^\/\/ (node_modules\/\S+)$/gm)].map((match) => match[1]!);
  }
  let files: Promise<string[]> | undefined;
  const bundled = () => (files ??= bundledFiles());

  test("React and React Router are their production builds even when the building shell sets no NODE_ENV", async () => {
    const react = (await bundled()).filter((file) => /^node_modules\/(react|react-dom|react-router)\//.test(file));
    expect(react).toContain("node_modules/react-dom/cjs/react-dom-server.bun.production.js");
    expect(react).toContain("node_modules/react/cjs/react.production.js");
    expect(react.some((file) => file.startsWith("node_modules/react-router/dist/production/"))).toBe(true);
    expect(react.filter((file) => file.includes("development"))).toEqual([]);
  });

  test("packages used only on first use stay in node_modules, where the bundle's folder finds them", async () => {
    const files = await bundled();
    for (const name of LEFT_IN_NODE_MODULES) {
      expect(files.filter((file) => file.startsWith(`node_modules/${name}/`))).toEqual([]);
      expect(Bun.resolveSync(name, join(SERVER_BUNDLE, ".."))).toContain(join("node_modules", name));
    }
  });
});

describe("bank holidays in the server bundle (decision 0015)", () => {
  test("the bundle carries England and Wales's bank holidays from date-holidays, not the library with every country's data", async () => {
    const outdir = tempDir("strata-bundle-days-");
    await buildServerBundle(outdir);
    const text = readFileSync(join(outdir, "main.js"), "utf8");
    const thisYear = new Date().getUTCFullYear();
    for (const year of [thisYear, thisYear + 1, thisYear + 10]) {
      for (const day of libraryBankHolidays(year)) expect(text).toContain(`"${day}"`);
    }
    // The library's data for other countries (Andorra's "Meritxell") is left in node_modules.
    expect(text).not.toContain("Meritxell");
  });
});

describe("the server bundle is rebuilt when it is older than its sources", () => {
  function checkout(): string {
    const root = tempDir("strata-root-");
    for (const folder of ["src", "web", "shared", "seed", "dist/server"]) mkdirSync(join(root, folder), { recursive: true });
    writeFileSync(join(root, "src", "main.ts"), "");
    writeFileSync(join(root, "package.json"), "{}");
    writeFileSync(join(root, "dist", "server", "built-in.txt"), root);
    return root;
  }
  const at = (path: string, seconds: number) => utimesSync(path, seconds, seconds);

  test("a checkout without a bundle needs one built", () => {
    expect(serverBundleIsStale(checkout())).toBe(true);
  });

  test("a bundle newer than every source is used as it is", () => {
    const root = checkout();
    at(join(root, "src", "main.ts"), 1_000);
    writeFileSync(join(root, "dist", "server", "main.js"), "");
    at(join(root, "dist", "server", "main.js"), 2_000);
    for (const folder of ["src", "web", "shared", "seed", "package.json"]) at(join(root, folder), 1_000);
    expect(serverBundleIsStale(root)).toBe(false);
  });

  test("a bundle built in another folder is stale here: it names that folder's files", () => {
    const root = checkout();
    writeFileSync(join(root, "dist", "server", "main.js"), "");
    at(join(root, "dist", "server", "main.js"), 2_000);
    for (const folder of ["src", "web", "shared", "seed", "package.json"]) at(join(root, folder), 1_000);
    writeFileSync(join(root, "dist", "server", "built-in.txt"), "/srv/old-checkout");
    expect(serverBundleIsStale(root)).toBe(true);
  });

  test("one source file changed after the build makes the bundle stale", () => {
    const root = checkout();
    writeFileSync(join(root, "dist", "server", "main.js"), "");
    at(join(root, "dist", "server", "main.js"), 2_000);
    for (const folder of ["src", "web", "shared", "seed", "package.json"]) at(join(root, folder), 1_000);
    at(join(root, "src", "main.ts"), 3_000);
    expect(serverBundleIsStale(root)).toBe(true);
  });
});
