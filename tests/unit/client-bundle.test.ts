import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, relative, resolve } from "node:path";
import type { AssetManifest } from "../../src/ssr/asset-manifest";
import { buildClientAssets, CLIENT_OUT_DIR } from "../../src/ssr/build-client";
import { islandLoaders } from "../../web/islands/registry";
import { createTestShop, type TestShop } from "../support/test-app";
import { HANG_GUARD_MS } from "../support/wait-until";

const ROOT = resolve(import.meta.dir, "..", "..");

type Metafile = {
  inputs: Record<string, { imports: { path: string; kind: string; original?: string }[] }>;
  outputs: Record<string, { entryPoint?: string; inputs: Record<string, unknown>; imports: { path: string; kind: string }[] }>;
};

/**
 * Everything a browser can end up loading from one entry: its output file and
 * every chunk reachable through its imports, with their inputs. With
 * `staticOnly`, only what loads before any import() runs: a dynamic import is
 * where loading on demand begins.
 */
function reachableFrom(entryPoint: string, { staticOnly = false } = {}): { files: Set<string>; inputs: Set<string> } {
  const start = Object.keys(metafile.outputs).find((file) => metafile.outputs[file]?.entryPoint === entryPoint);
  if (!start) throw new Error(`No output has the entry point ${entryPoint}`);
  const files = new Set<string>();
  const inputs = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    const output = metafile.outputs[file];
    if (!output) continue;
    for (const input of Object.keys(output.inputs)) inputs.add(input);
    for (const imported of output.imports) if (!staticOnly || imported.kind !== "dynamic-import") queue.push(imported.path);
  }
  return { files, inputs };
}

const isThreeJs = (input: string) => /(^|\/)node_modules\/three\//.test(input);

/** A module only the server may load: our src/, SQLite, the web framework, Node built-ins. */
function isServerOnly(specifier: string): boolean {
  if (/^(bun|node):/.test(specifier) || specifier === "elysia" || specifier.startsWith("elysia/")) return true;
  if (/(^|\/)node_modules\/elysia\//.test(specifier)) return true;
  if (specifier.includes("node_modules")) return false;
  return relative(ROOT, resolve(ROOT, specifier)).startsWith(`src${"/"}`);
}

/**
 * What is in dist/client, file by file, down to each file's identity: the
 * folder `bun start` serves. Compared before and after this file's build.
 * Source maps are left out: a production build writes none, and the assets
 * test puts one there for its own while the test files run side by side.
 */
function servedFolder(): string[] {
  if (!existsSync(CLIENT_OUT_DIR)) return ["(no dist/client)"];
  return readdirSync(CLIENT_OUT_DIR)
    .filter((name) => !name.endsWith(".map"))
    .sort()
    .map((name) => {
      const stat = statSync(join(CLIENT_OUT_DIR, name));
      return `${name} ino=${stat.ino} mtime=${stat.mtimeMs} size=${stat.size}`;
    });
}

let manifest: AssetManifest;
let metafile: Metafile;
let servedBefore: string[];
// This file's own build: a running `bun start` (or a browser story) keeps serving dist/client untouched.
const BUILD_DIR = mkdtempSync(join(tmpdir(), "strata-client-bundle-"));

beforeAll(async () => {
  servedBefore = servedFolder();
  manifest = await buildClientAssets({ outDir: BUILD_DIR });
  metafile = JSON.parse(readFileSync(join(BUILD_DIR, "metafile.json"), "utf8")) as Metafile;
}, HANG_GUARD_MS);
afterAll(() => rmSync(BUILD_DIR, { recursive: true, force: true }));

describe("the bundle test's own build", () => {
  test("goes into a folder of its own and leaves dist/client, the folder `bun start` serves, exactly as it was", () => {
    expect(existsSync(join(BUILD_DIR, "manifest.json"))).toBe(true);
    expect(servedFolder()).toEqual(servedBefore);
  });
});

describe("the browser bundle (Architecture habit 2: server code never reaches the browser)", () => {
  test("bundles the storefront's own browser code from web/", () => {
    const inputs = Object.keys(metafile.inputs);
    expect(inputs).toContain("web/client.tsx");
    expect(inputs).toContain("web/islands/registry.ts");
  });

  test("has no input file from src/", () => {
    expect(Object.keys(metafile.inputs).filter(isServerOnly)).toEqual([]);
  });

  test("has neither the holiday library nor the working-day rule (dispatch dates are worked out on the server)", () => {
    const inputs = Object.keys(metafile.inputs);
    expect(inputs.filter((input) => input.includes("date-holidays") || input.endsWith("shared/working-days.ts"))).toEqual([]);
  });

  test("no bundled file imports bun:sqlite, elysia or a node: module", () => {
    const offending = Object.entries(metafile.inputs).flatMap(([file, input]) =>
      input.imports
        .filter((entry) => isServerOnly(entry.original ?? "") || isServerOnly(entry.path))
        .map((entry) => `${file} imports ${entry.original ?? entry.path}`),
    );
    expect(offending).toEqual([]);
  });

  test("the manifest's client script and stylesheet exist on disk", () => {
    expect(manifest.clientScript).toStartWith("/assets/");
    expect(manifest.stylesheet).toStartWith("/assets/");
    expect(manifest.clientScript).toEndWith(".js");
    expect(manifest.stylesheet).toEndWith(".css");
    expect(existsSync(join(BUILD_DIR, basename(manifest.clientScript)))).toBe(true);
    expect(existsSync(join(BUILD_DIR, basename(manifest.stylesheet)))).toBe(true);
  });

  test("the manifest written to disk matches the one the build returned", () => {
    expect(JSON.parse(readFileSync(join(BUILD_DIR, "manifest.json"), "utf8"))).toEqual(manifest);
  });
});

describe("source maps (they carry the full sources, the admin's included)", () => {
  test("the build that production serves (`bun run build`, the Docker image, `bun start`) writes no source map and links none", () => {
    const files = readdirSync(BUILD_DIR);
    expect(files.filter((name) => name.endsWith(".map"))).toEqual([]);
    const linking = files
      .filter((name) => name.endsWith(".js") || name.endsWith(".css"))
      .filter((name) => readFileSync(join(BUILD_DIR, name), "utf8").includes("sourceMappingURL"));
    expect(linking).toEqual([]);
  });
});

describe("the admin app (its own entry and chunks, never on a storefront page)", () => {
  test("is its own script and stylesheet in the manifest, both on disk", () => {
    for (const url of [manifest.adminScript, manifest.adminStylesheet]) {
      expect(url).toStartWith("/assets/admin-");
      expect(existsSync(join(BUILD_DIR, basename(url)))).toBe(true);
    }
    expect(manifest.adminScript).toEndWith(".js");
    expect(manifest.adminStylesheet).toEndWith(".css");
  });

  test("bundles web/admin/main.tsx and its screens, with no runtime code from src/", () => {
    const { inputs } = reachableFrom("web/admin/main.tsx");
    expect(inputs).toContain("web/admin/main.tsx");
    expect(inputs).toContain("web/admin/orders/OrdersPage.tsx");
    expect([...inputs].filter(isServerOnly)).toEqual([]);
  });

  test("the storefront's script cannot reach any admin code, and shares no file with the admin app", () => {
    const storefront = reachableFrom("web/client.tsx");
    const admin = reachableFrom("web/admin/main.tsx");
    expect([...storefront.inputs].filter((input) => input.startsWith("web/admin/"))).toEqual([]);
    expect([...storefront.files].filter((file) => admin.files.has(file))).toEqual([]);
  });
});

describe("three.js, for the 3D model viewer (the owner's requests and the shopper's own model)", () => {
  /** Every output of either build whose entry is `entryPoint` (the storefront and the admin are built apart). */
  const outputsOf = (entryPoint: string) =>
    Object.entries(metafile.outputs)
      .filter(([, output]) => output.entryPoint === entryPoint)
      .map(([file]) => file);

  test("is part of the admin build and of the storefront build", () => {
    expect([...reachableFrom("web/admin/main.tsx").inputs].filter(isThreeJs).length).toBeGreaterThan(0);
    expect([...reachableFrom("web/client.tsx").inputs].filter(isThreeJs).length).toBeGreaterThan(0);
  });

  test("is in nothing a storefront page loads up front, not even the model product's own chunks", () => {
    for (const entry of [
      "web/client.tsx",
      "web/islands/ProductPurchase.tsx",
      "web/islands/parts/ModelPurchase.tsx",
      "web/islands/parts/ModelPreview.tsx",
    ]) {
      expect([...reachableFrom(entry, { staticOnly: true }).inputs].filter(isThreeJs), entry).toEqual([]);
    }
  });

  test("is not in the admin entry chunk or anything it loads up front", () => {
    const initial = reachableFrom("web/admin/main.tsx", { staticOnly: true });
    expect([...initial.inputs].filter(isThreeJs)).toEqual([]);
    expect(initial.inputs).not.toContain("web/admin/requests/ModelViewer.tsx");
  });

  test("loads only when a model is shown: not with the orders page, not even with the viewer's own chunk", () => {
    for (const entry of ["web/admin/orders/OrdersPage.tsx", "web/admin/requests/ModelViewer.tsx"]) {
      expect([...reachableFrom(entry, { staticOnly: true }).inputs].filter(isThreeJs), entry).toEqual([]);
    }
    // The scene module is the one door to three.js, a chunk of its own in each build.
    const scenes = outputsOf("web/lib/model-viewer-scene.ts");
    expect(scenes.length).toBe(2);
    const sceneFiles = new Set<string>();
    const queue = [...scenes];
    while (queue.length > 0) {
      const file = queue.pop() as string;
      if (sceneFiles.has(file)) continue;
      sceneFiles.add(file);
      for (const imported of metafile.outputs[file]?.imports ?? []) if (imported.kind !== "dynamic-import") queue.push(imported.path);
    }
    const holdingThree = Object.entries(metafile.outputs)
      .filter(([, output]) => Object.keys(output.inputs).some(isThreeJs))
      .map(([file]) => file);
    expect(holdingThree.length).toBeGreaterThan(0);
    expect(holdingThree.filter((file) => !sceneFiles.has(file))).toEqual([]);
  });

  test("the model product page's first JavaScript (the islands' script, the purchase and the model's own chunk) stays within 80 kB gzip", () => {
    const files = new Set<string>();
    for (const entry of ["web/client.tsx", "web/islands/ProductPurchase.tsx", "web/islands/parts/ModelPurchase.tsx"]) {
      for (const file of reachableFrom(entry, { staticOnly: true }).files) files.add(file);
    }
    const gzipBytes = [...files].reduce((sum, file) => sum + statSync(join(BUILD_DIR, `${basename(file)}.gz`)).size, 0);
    expect(gzipBytes).toBeLessThanOrEqual(80_000);
  });
});

describe("the basket's first script (docs/decisions/0053-the-loop-the-memory-and-the-first-script.md)", () => {
  /** What /basket loads before any import() runs: the islands' script, the header and the basket island. */
  const firstScript = () => {
    const files = new Set<string>();
    const inputs = new Set<string>();
    for (const entry of ["web/client.tsx", "web/islands/SiteHeader.tsx", "web/islands/BasketView.tsx"]) {
      const reached = reachableFrom(entry, { staticOnly: true });
      for (const file of reached.files) files.add(file);
      for (const input of reached.inputs) inputs.add(input);
    }
    return { files, inputs };
  };

  test("has none of what only a basket with lines uses: the checkout client, the code field, the gift field, the key dates", () => {
    const { inputs } = firstScript();
    const filledOnly = [
      "web/islands/parts/FilledBasket.tsx",
      "web/lib/checkout-client.ts",
      "web/lib/basket-checkout.ts",
      "web/components/DiscountCodeField.tsx",
      "web/components/GiftField.tsx",
      "shared/key-dates.ts",
    ];
    expect(filledOnly.filter((input) => inputs.has(input))).toEqual([]);
    // They are still in the build: the filled basket's own chunk brings them.
    const filled = reachableFrom("web/islands/parts/FilledBasket.tsx", { staticOnly: true }).inputs;
    expect(filledOnly.filter((input) => !filled.has(input))).toEqual([]);
  });

  test("stays within 80 kB gzip", () => {
    const gzipBytes = [...firstScript().files].reduce((sum, file) => sum + statSync(join(BUILD_DIR, `${basename(file)}.gz`)).size, 0);
    expect(gzipBytes).toBeLessThanOrEqual(80_000);
  });
});

describe("a plain product page's first script (docs/decisions/0053-the-loop-the-memory-and-the-first-script.md)", () => {
  const UPLOAD_PARTS = [
    "web/islands/parts/RouteUpload.tsx",
    "web/islands/parts/PhotoUpload.tsx",
    "web/islands/parts/UploadFrame.tsx",
    "web/lib/upload-request.ts",
    "web/islands/parts/ModelPurchase.tsx",
  ];
  const firstScript = () => {
    const files = new Set<string>();
    const inputs = new Set<string>();
    for (const entry of [
      "web/client.tsx",
      "web/islands/SiteHeader.tsx",
      "web/islands/ProductGallery.tsx",
      "web/islands/ProductPurchase.tsx",
    ]) {
      const reached = reachableFrom(entry, { staticOnly: true });
      for (const file of reached.files) files.add(file);
      for (const input of reached.inputs) inputs.add(input);
    }
    return { files, inputs };
  };

  test("has none of the route, photo or model upload: each loads on the product that takes it", () => {
    const { inputs } = firstScript();
    expect(UPLOAD_PARTS.filter((input) => inputs.has(input))).toEqual([]);
    for (const part of ["web/islands/parts/RouteUpload.tsx", "web/islands/parts/PhotoUpload.tsx"]) {
      expect(reachableFrom("web/islands/ProductPurchase.tsx").inputs, part).toContain(part);
    }
  });

  test("stays within 80 kB gzip, as every storefront page's", () => {
    const gzipBytes = [...firstScript().files].reduce((sum, file) => sum + statSync(join(BUILD_DIR, `${basename(file)}.gz`)).size, 0);
    expect(gzipBytes).toBeLessThanOrEqual(80_000);
  });
});

describe("the route reader and drawing (docs/decisions/0028-route-trim-in-the-browser.md)", () => {
  const ROUTE_CODE = ["shared/gpx-reader.ts", "shared/route-details.ts", "shared/route-trim.ts", "shared/route-drawing.ts"];

  test("are not in the product page's first JavaScript: they load when a shopper chooses a GPX file", () => {
    const first = reachableFrom("web/islands/ProductPurchase.tsx", { staticOnly: true });
    expect(ROUTE_CODE.filter((input) => first.inputs.has(input))).toEqual([]);
  });

  test("are what the product page loads then, with the drawing and the trim", () => {
    const chosen = reachableFrom("web/islands/parts/ChosenRoute.tsx", { staticOnly: true });
    expect(ROUTE_CODE.filter((input) => !chosen.inputs.has(input))).toEqual([]);
    expect([...reachableFrom("web/islands/ProductPurchase.tsx").files].filter((file) => chosen.files.has(file)).length).toBeGreaterThan(0);
  });
});

describe("the captcha widget's own files (the CSP allows no inline style and no blob: worker)", () => {
  test("its stylesheet and its proof-of-work worker are built, hashed files of ours", () => {
    expect(manifest.captchaStylesheet).toMatch(/^\/assets\/captcha-[a-z0-9]+\.css$/);
    expect(manifest.captchaWorker).toMatch(/^\/assets\/altcha-pbkdf2-[a-z0-9]+\.js$/);
    const css = readFileSync(join(BUILD_DIR, basename(manifest.captchaStylesheet)), "utf8");
    expect(css).toContain(".altcha");
    const worker = readFileSync(join(BUILD_DIR, basename(manifest.captchaWorker)), "utf8");
    expect(worker).toContain("PBKDF2");
  });
});

describe("the packing slips' own stylesheet (their pages link nothing else, and the CSP allows no inline style)", () => {
  test("is a built, hashed file of ours that starts each slip after the first on a new printed page", () => {
    expect(manifest.packingSlipStylesheet).toMatch(/^\/assets\/packing-slips-[a-z0-9]+\.css$/);
    const css = readFileSync(join(BUILD_DIR, basename(manifest.packingSlipStylesheet)), "utf8");
    expect(css).toContain("@page");
    expect(css).toMatch(/@media print\s*\{[\s\S]*\.slip~\.slip\s*\{[^}]*break-before:\s*page/);
    // A gift order's note card is an A6 card on a printed page of its own (docs/decisions/0049-gift-orders.md).
    expect(css).toMatch(/\.gift-note\s*\{[^}]*width:\s*105mm;height:\s*148mm/);
    expect(css).toMatch(/@media print\s*\{\s*\.gift-note\s*\{[^}]*break-before:\s*page/);
  });
});

describe("which script each page loads", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(() => shop.close());

  test("no page links the captcha's stylesheet up front: the widget fetches it when a form first shows it", async () => {
    const { captchaStylesheet } = shop.deps.assets;
    for (const path of ["/", "/custom-request", "/products", "/basket", "/contact", "/admin"]) {
      expect((await shop.html(path)).body, path).not.toContain(captchaStylesheet);
    }
  });

  test("storefront pages load the island script and never the admin app", async () => {
    const { clientScript, adminScript, adminStylesheet } = shop.deps.assets;
    for (const path of ["/", "/products", "/basket", "/custom-request", "/contact", "/policies", "/success", "/no-such-page"]) {
      const { body } = await shop.html(path);
      expect(body, path).toContain(clientScript);
      expect(body, path).not.toContain(adminScript);
      expect(body, path).not.toContain(adminStylesheet);
    }
  });

  test("/admin and its pages load only the admin app, start at 'Checking session...' and are not indexed", async () => {
    const { clientScript, adminScript, adminStylesheet, stylesheet } = shop.deps.assets;
    for (const path of [
      "/admin",
      "/admin/orders",
      "/admin/products",
      "/admin/projects",
      "/admin/configuration",
      "/admin/vouchers",
      "/admin/pricing",
      "/admin/money",
      "/admin/payouts",
    ]) {
      const { status, body } = await shop.html(path);
      expect(status, path).toBe(200);
      expect(body, path).toContain(`<script type="module" src="${adminScript}">`);
      expect(body, path).toContain(adminStylesheet);
      expect(body, path).toContain(stylesheet);
      expect(body, path).not.toContain(clientScript);
      expect(body, path).toContain("Checking session...");
      expect(body, path).toContain('<meta name="robots" content="noindex"/>');
    }
  });
});

describe("the island registry", () => {
  const islandFiles = readdirSync(join(ROOT, "web", "islands"), { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".tsx"))
    .map((entry) => entry.name.replace(/\.tsx$/, ""))
    .sort();

  test("every island file in web/islands has a loader, and every loader has a file", () => {
    expect(islandFiles.length).toBeGreaterThan(0);
    expect(Object.keys(islandLoaders).sort()).toEqual(islandFiles);
  });

  test("every loader resolves to the island's component", async () => {
    for (const [name, load] of Object.entries(islandLoaders)) {
      const component = await load();
      expect(typeof component, `${name} loader`).toBe("function");
      expect(component.name).toBe(name);
    }
  });
});
