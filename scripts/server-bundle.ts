// The server as one pre-compiled file (decision 0008): `Bun.build` for Bun with bytecode, so a start
// loads one file of already-parsed code instead of parsing ~650 modules (Elysia and its TypeBox alone
// are ~250). `bun start` and the production entrypoint run it; `bun run dev` and the tests run the sources.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "..");
const BUNDLE_DIR = join(ROOT, "dist", "server");
export const SERVER_BUNDLE = join(BUNDLE_DIR, "main.js");
/**
 * The bundler writes each module's `import.meta.url` and `import.meta.dir` as the absolute path of its
 * source file (the migrations folder, the client sources, the GPX worker are found through them), so a
 * bundle belongs to the folder it was built in: it records that folder and is stale anywhere else.
 */
const BUILT_IN = join(BUNDLE_DIR, "built-in.txt");
/** What the bundle is made of: a change to any of these makes it stale. */
const SOURCES = ["src", "web", "shared", "seed", "package.json", "bun.lock"];

export async function buildServerBundle(): Promise<void> {
  const result = await Bun.build({
    entrypoints: [join(ROOT, "src", "main.ts")],
    target: "bun",
    // Bytecode needs CommonJS unless compiled into an executable; the shop has no top-level await.
    format: "cjs",
    bytecode: true,
    outdir: BUNDLE_DIR,
    naming: "[name].[ext]",
    // Tells src/main.ts which code is answering (its start-up log line says so).
    define: { SERVER_BUNDLE: "true" },
    // A native addon, loaded on first use (src/services/images/load-sharp.ts) from node_modules.
    external: ["sharp"],
  });
  if (!result.success) throw new AggregateError(result.logs, "The server bundle did not build");
  writeFileSync(BUILT_IN, ROOT);
}

/** True when the bundle is missing or any source file is newer than it (`root`: another checkout, for tests). */
export function serverBundleIsStale(root = ROOT): boolean {
  let built: number;
  try {
    built = statSync(join(root, "dist", "server", "main.js")).mtimeMs;
    if (readFileSync(join(root, "dist", "server", "built-in.txt"), "utf8") !== root) return true;
  } catch {
    return true;
  }
  return SOURCES.some((name) => newestChange(join(root, name)) > built);
}

function newestChange(path: string): number {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (!stats) return 0;
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}
