import { beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, join, relative, resolve } from "node:path";
import type { AssetManifest } from "../../src/ssr/assets";
import { buildClientAssets, CLIENT_OUT_DIR } from "../../src/ssr/build-client";
import { islandLoaders } from "../../web/islands/registry";

const ROOT = resolve(import.meta.dir, "..", "..");

type Metafile = {
  inputs: Record<string, { imports: { path: string; kind: string; original?: string }[] }>;
};

/** A module only the server may load: our src/, SQLite, the web framework, Node built-ins. */
function isServerOnly(specifier: string): boolean {
  if (/^(bun|node):/.test(specifier) || specifier === "elysia" || specifier.startsWith("elysia/")) return true;
  if (/(^|\/)node_modules\/elysia\//.test(specifier)) return true;
  if (specifier.includes("node_modules")) return false;
  return relative(ROOT, resolve(ROOT, specifier)).startsWith(`src${"/"}`);
}

let manifest: AssetManifest;
let metafile: Metafile;

beforeAll(async () => {
  manifest = await buildClientAssets();
  metafile = JSON.parse(readFileSync(join(CLIENT_OUT_DIR, "metafile.json"), "utf8")) as Metafile;
}, 60_000);

describe("the browser bundle (Architecture habit 2: server code never reaches the browser)", () => {
  test("bundles the storefront's own browser code from web/", () => {
    const inputs = Object.keys(metafile.inputs);
    expect(inputs).toContain("web/client.tsx");
    expect(inputs).toContain("web/islands/registry.ts");
  });

  test("has no input file from src/", () => {
    expect(Object.keys(metafile.inputs).filter(isServerOnly)).toEqual([]);
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
    expect(existsSync(join(CLIENT_OUT_DIR, basename(manifest.clientScript)))).toBe(true);
    expect(existsSync(join(CLIENT_OUT_DIR, basename(manifest.stylesheet)))).toBe(true);
  });

  test("the manifest written to disk matches the one the build returned", () => {
    expect(JSON.parse(readFileSync(join(CLIENT_OUT_DIR, "manifest.json"), "utf8"))).toEqual(manifest);
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
