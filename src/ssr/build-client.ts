import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { AssetManifest } from "./asset-manifest";

const ROOT = join(import.meta.dir, "..", "..");
export const CLIENT_SOURCE_DIR = join(ROOT, "web");
/** Rules and texts the browser bundles share with the server (shared/): a change there is a browser change too. */
export const SHARED_SOURCE_DIR = join(ROOT, "shared");
export const CLIENT_OUT_DIR = join(ROOT, "dist", "client");
const ASSET_URL_PREFIX = "/assets";

type Metafile = { inputs: Record<string, unknown>; outputs: Record<string, unknown> };

/**
 * Bundles the browser code: one small entry that hydrates islands, each island
 * split into its own chunk (loaded only on pages that use it), and one CSS
 * file. The owner's admin app is a separate build with its own entry, chunks
 * and stylesheet, so nothing of it can end up in a shopper's download.
 * Names carry a content hash so they can be cached for a year.
 * The metafile is kept so a test can prove no server code reaches the browser.
 *
 * Source maps hold every source file, the admin's included, so only `bun run
 * dev` asks for them; every other build (`bun run build`, the Docker image,
 * `bun start`'s rebuild) writes none, and production never serves one (app.ts).
 *
 * `outDir` is emptied first. It is dist/client, the folder the shop serves,
 * except for a test, which builds into a folder of its own so it never swaps
 * the files out from under a running `bun start`.
 */
export async function buildClientAssets({
  sourceMaps = false,
  outDir = CLIENT_OUT_DIR,
}: {
  sourceMaps?: boolean;
  outDir?: string;
} = {}): Promise<AssetManifest> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });

  const scriptOptions = {
    outdir: outDir,
    target: "browser",
    format: "esm",
    splitting: true,
    minify: true,
    sourcemap: sourceMaps ? "linked" : "none",
    metafile: true,
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
  } as const;
  const [storefront, admin, styles, captchaWorker] = await Promise.all([
    Bun.build({
      ...scriptOptions,
      entrypoints: [join(CLIENT_SOURCE_DIR, "client.tsx")],
      naming: { entry: "[name]-[hash].[ext]", chunk: "chunk-[hash].[ext]", asset: "[name]-[hash].[ext]" },
    }),
    Bun.build({
      ...scriptOptions,
      entrypoints: [join(CLIENT_SOURCE_DIR, "admin", "main.tsx")],
      naming: { entry: "admin-[hash].[ext]", chunk: "admin-chunk-[hash].[ext]", asset: "admin-[name]-[hash].[ext]" },
    }),
    Bun.build({
      entrypoints: ["main.css", "admin.css", "captcha.css", "packing-slips.css"].map((name) => join(CLIENT_SOURCE_DIR, "styles", name)),
      outdir: outDir,
      minify: true,
      naming: { entry: "[name]-[hash].[ext]", asset: "[name]-[hash].[ext]" },
    }),
    // ALTCHA's PBKDF2 worker as a file of ours: its default build makes workers from blob: URLs,
    // which the CSP would then have to allow (web/islands/parts/CaptchaField.tsx registers it).
    Bun.build({
      entrypoints: [Bun.resolveSync("altcha/workers/pbkdf2", CLIENT_SOURCE_DIR)],
      outdir: outDir,
      target: "browser",
      minify: true,
      naming: { entry: "altcha-pbkdf2-[hash].[ext]" },
    }),
  ]);
  for (const result of [storefront, admin, styles, captchaWorker]) {
    if (!result.success) {
      throw new AggregateError(result.logs, `Client build failed:\n${result.logs.map(String).join("\n")}`);
    }
  }

  // Bun reports a CSS entry as an "asset", a JS entry as an "entry-point".
  const entryUrl = (outputs: Bun.BuildArtifact[], prefix: string, extension: string) => {
    const entry = outputs.find(
      (output) => output.kind !== "chunk" && basename(output.path).startsWith(prefix) && output.path.endsWith(extension),
    );
    if (!entry) throw new Error(`Client build produced no ${prefix}*${extension} entry`);
    return `${ASSET_URL_PREFIX}/${basename(entry.path)}`;
  };
  const manifest: AssetManifest = {
    clientScript: entryUrl(storefront.outputs, "client-", ".js"),
    stylesheet: entryUrl(styles.outputs, "main-", ".css"),
    adminScript: entryUrl(admin.outputs, "admin-", ".js"),
    adminStylesheet: entryUrl(styles.outputs, "admin-", ".css"),
    captchaStylesheet: entryUrl(styles.outputs, "captcha-", ".css"),
    captchaWorker: entryUrl(captchaWorker.outputs, "altcha-pbkdf2-", ".js"),
    packingSlipStylesheet: entryUrl(styles.outputs, "packing-slips-", ".css"),
  };
  // One metafile for both script builds: their inputs together, every output file by name.
  const metafiles = [storefront.metafile, admin.metafile].filter(Boolean) as unknown as Metafile[];
  const metafile: Metafile = {
    inputs: Object.assign({}, ...metafiles.map((file) => file.inputs)),
    outputs: Object.assign({}, ...metafiles.map((file) => file.outputs)),
  };
  writeFileSync(join(outDir, "metafile.json"), JSON.stringify(metafile));
  await precompress(outDir);
  writeFileSync(join(outDir, "manifest.json"), JSON.stringify(manifest, null, 2));
  return manifest;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `name.br` (quality 11) and `name.gz` (level 9) beside every script and
 * stylesheet, once per build, so src/http/serve-file.ts sends the smallest
 * encoding the browser takes without compressing anything per request.
 */
async function precompress(dir: string): Promise<void> {
  const names = readdirSync(dir).filter((name) => /\.(js|css)$/.test(name));
  await Promise.all(
    names.map(async (name) => {
      const bytes = await readFile(join(dir, name));
      const [br, gz] = await Promise.all([
        brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength } }),
        gzipAsync(bytes, { level: 9 }),
      ]);
      await Promise.all([writeFile(join(dir, `${name}.br`), br), writeFile(join(dir, `${name}.gz`), gz)]);
    }),
  );
}
