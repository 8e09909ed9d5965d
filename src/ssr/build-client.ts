import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import type { AssetManifest } from "./assets";

const ROOT = join(import.meta.dir, "..", "..");
export const CLIENT_SOURCE_DIR = join(ROOT, "web");
export const CLIENT_OUT_DIR = join(ROOT, "dist", "client");
export const ASSET_URL_PREFIX = "/assets";

/**
 * Bundles the browser code: one small entry that hydrates islands, each island
 * split into its own chunk (loaded only on pages that use it), and one CSS
 * file. Names carry a content hash so they can be cached for a year.
 * The metafile is kept so a test can prove no server code reaches the browser.
 */
export async function buildClientAssets(): Promise<AssetManifest> {
  rmSync(CLIENT_OUT_DIR, { recursive: true, force: true });
  mkdirSync(CLIENT_OUT_DIR, { recursive: true });

  const scripts = await Bun.build({
    entrypoints: [join(CLIENT_SOURCE_DIR, "client.tsx")],
    outdir: CLIENT_OUT_DIR,
    target: "browser",
    format: "esm",
    splitting: true,
    minify: true,
    sourcemap: "linked",
    metafile: true,
    naming: { entry: "[name]-[hash].[ext]", chunk: "chunk-[hash].[ext]", asset: "[name]-[hash].[ext]" },
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
  });
  const styles = await Bun.build({
    entrypoints: [join(CLIENT_SOURCE_DIR, "styles", "main.css")],
    outdir: CLIENT_OUT_DIR,
    minify: true,
    naming: { entry: "[name]-[hash].[ext]", asset: "[name]-[hash].[ext]" },
  });
  for (const result of [scripts, styles]) {
    if (!result.success) {
      throw new AggregateError(result.logs, `Client build failed:\n${result.logs.map(String).join("\n")}`);
    }
  }

  // Bun reports a CSS entry as an "asset", a JS entry as an "entry-point".
  const entryUrl = (outputs: Bun.BuildArtifact[], extension: string) => {
    const entry = outputs.find((output) => output.kind !== "chunk" && output.path.endsWith(extension));
    if (!entry) throw new Error(`Client build produced no ${extension} entry`);
    return `${ASSET_URL_PREFIX}/${basename(entry.path)}`;
  };
  const manifest: AssetManifest = {
    clientScript: entryUrl(scripts.outputs, ".js"),
    stylesheet: entryUrl(styles.outputs, ".css"),
  };
  if (scripts.metafile) writeFileSync(join(CLIENT_OUT_DIR, "metafile.json"), JSON.stringify(scripts.metafile));
  writeFileSync(join(CLIENT_OUT_DIR, "manifest.json"), JSON.stringify(manifest, null, 2));
  return manifest;
}
