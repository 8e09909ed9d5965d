// The server as one pre-compiled file (decision 0008): `Bun.build` for Bun with bytecode, so a start
// loads one file of already-parsed code instead of parsing ~650 modules (Elysia and its TypeBox alone
// are ~250). `bun start` and the production entrypoint run it; `bun run dev` and the tests run the sources.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "..");
const BUNDLE_DIR = join(ROOT, "dist", "server");
export const SERVER_BUNDLE = join(BUNDLE_DIR, "main.js");
/** What the bundle is made of: a change to any of these makes it stale. */
const SOURCES = ["src", "web", "shared", "seed", "package.json", "bun.lock"];
/**
 * Packages the bundle leaves in node_modules, loaded from there on first use. sharp is a native
 * addon. The others are imported only on first use (the Stripe and Resend SDKs, sanitize-html for
 * a hero description, the captcha widget only in the browser), so bundled they cost every shop
 * their code in memory (~1.5 MB of source and 2 MB of bytecode) whether or not it ever uses them.
 * date-holidays (every country's holidays) is asked only for a year the bundle does not carry.
 */
export const LEFT_IN_NODE_MODULES = ["sharp", "stripe", "resend", "sanitize-html", "altcha", "date-holidays"];

/** Years of bank holidays the bundle carries: last year to ten years ahead of the build (decision 0015). */
const PRECOMPUTED_YEARS = { before: 1, after: 10 };

/**
 * England and Wales's bank holidays by year, from date-holidays at build time: the running shop never loads it for these.
 * Imported here, not at the top: `bun start` loads this file on every start to ask whether the bundle is stale.
 */
async function precomputedBankHolidays(): Promise<Record<string, string[]>> {
  const { libraryBankHolidays } = await import("../shared/working-days");
  const thisYear = new Date().getUTCFullYear();
  const byYear: Record<string, string[]> = {};
  for (let year = thisYear - PRECOMPUTED_YEARS.before; year <= thisYear + PRECOMPUTED_YEARS.after; year++) {
    byYear[year] = libraryBankHolidays(year);
  }
  return byYear;
}

/** `outdir`: another folder (tests), so building never replaces the bundle `bun start` runs. */
export async function buildServerBundle(outdir = BUNDLE_DIR): Promise<void> {
  const result = await Bun.build({
    entrypoints: [join(ROOT, "src", "main.ts")],
    target: "bun",
    // Bytecode needs CommonJS unless compiled into an executable; the shop has no top-level await.
    format: "cjs",
    bytecode: true,
    outdir,
    naming: "[name].[ext]",
    define: {
      // Tells src/main.ts which code is answering (its start-up log line says so).
      SERVER_BUNDLE: "true",
      // The bundler writes `process.env.NODE_ENV` as the building shell's value ("development"
      // when unset, as in the Docker build stage), which picked React's and React Router's
      // development builds: slower renders, more memory. The bundle is what production runs.
      "process.env.NODE_ENV": JSON.stringify("production"),
      PRECOMPUTED_BANK_HOLIDAYS: JSON.stringify(await precomputedBankHolidays()),
    },
    external: LEFT_IN_NODE_MODULES,
  });
  if (!result.success) throw new AggregateError(result.logs, "The server bundle did not build");
  // The bundler writes each module's `import.meta.url` and `import.meta.dir` as the absolute path of its
  // source file (the migrations folder, the client sources, the GPX worker are found through them), so a
  // bundle belongs to the folder it was built in: it records that folder and is stale anywhere else.
  writeFileSync(join(outdir, "built-in.txt"), ROOT);
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
