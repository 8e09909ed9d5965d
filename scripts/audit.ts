/**
 * `bun run audit`: Lighthouse (its default mobile setting: a mid-range phone
 * on a slow 4G connection, simulated) in Debian's Chromium on the home page,
 * the catalogue, a product page and the basket of a freshly seeded demo shop.
 * Prints the four category scores per page and every audit that lost points;
 * writes bench/audit.json and bench/audit.md. Exits 1 below the targets
 * (performance 95, accessibility, best practices and SEO 100).
 * Accessibility of every screen, admin included, is checked by axe in the
 * Playwright suite (tests/e2e/accessibility.e2e.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "..");
const PORT = 3400;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PAGES = ["/", "/products", "/products/hex-planter", "/basket"];
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const TARGETS: Record<(typeof CATEGORIES)[number], number> = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };

type Report = {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { id: string; title: string; score: number | null; scoreDisplayMode: string; displayValue?: string }>;
};

async function main() {
  const build = Bun.spawnSync(["bun", "scripts/build.ts"], { cwd: ROOT, stdout: "ignore", stderr: "inherit" });
  if (build.exitCode !== 0) throw new Error("The client build failed");
  const dataDir = mkdtempSync(join(tmpdir(), "strata-audit-"));
  const shop = Bun.spawn(["bun", join(ROOT, "src", "main.ts")], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: ORIGIN,
      NODE_ENV: "production",
      DEMO_CHECKOUT: "true",
      SEED_DEMO: "true",
      ADMIN_PASSWORD: "audit-only-password",
    },
    stdout: "ignore",
    stderr: "inherit",
  });
  const results: Record<string, Record<string, number>> = {};
  const lost: Record<string, string[]> = {};
  try {
    await waitForShop();
    for (const path of PAGES) {
      const report = lighthouse(`${ORIGIN}${path}`);
      results[path] = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((report.categories[id]?.score ?? 0) * 100)]));
      lost[path] = lostPoints(report);
      console.log(`${path}: ${CATEGORIES.map((id) => `${id} ${results[path]![id]}`).join(", ")}`);
      for (const line of lost[path]!) console.log(`    ${line}`);
    }
  } finally {
    shop.kill("SIGTERM");
    await shop.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }

  const table = [
    "| page | performance | accessibility | best practices | SEO |",
    "|---|---|---|---|---|",
    ...PAGES.map((path) => `| \`${path}\` | ${CATEGORIES.map((id) => results[path]![id]).join(" | ")} |`),
    `| target | ≥ ${TARGETS.performance} | ${TARGETS.accessibility} | ${TARGETS["best-practices"]} | ${TARGETS.seo} |`,
    "",
  ].join("\n");
  writeFileSync(join(ROOT, "bench", "audit.json"), `${JSON.stringify({ date: new Date().toISOString(), scores: results, lostPoints: lost }, null, 2)}\n`);
  writeFileSync(join(ROOT, "bench", "audit.md"), table);
  console.log(`\nLighthouse, mobile:\n\n${table}`);
  const missed = PAGES.flatMap((path) => CATEGORIES.filter((id) => results[path]![id]! < TARGETS[id]).map((id) => `${path} ${id}`));
  if (missed.length > 0) {
    console.log(`Below target: ${missed.join(", ")}`);
    process.exitCode = 1;
  }
}

function lighthouse(url: string): Report {
  const result = Bun.spawnSync(
    [
      "node",
      join(ROOT, "node_modules", "lighthouse", "cli", "index.js"),
      url,
      "--quiet",
      "--output=json",
      "--output-path=stdout",
      `--only-categories=${CATEGORIES.join(",")}`,
      `--chrome-flags=${CHROME_FLAGS.join(" ")}`,
    ],
    { cwd: ROOT, env: { ...process.env, CHROME_PATH: "/usr/bin/chromium" }, stdout: "pipe", stderr: "pipe" },
  );
  if (result.exitCode !== 0) throw new Error(`Lighthouse failed on ${url}:\n${result.stderr.toString()}`);
  return JSON.parse(result.stdout.toString()) as Report;
}

/** Audits that count towards a category's score and did not get full marks. */
function lostPoints(report: Report): string[] {
  const lines: string[] = [];
  for (const id of CATEGORIES) {
    for (const ref of report.categories[id]?.auditRefs ?? []) {
      const audit = report.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
      lines.push(`${id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""} — score ${audit.score}`);
    }
  }
  return lines;
}

async function waitForShop(): Promise<void> {
  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline) {
    try {
      if ((await fetch(`${ORIGIN}/healthz`)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await Bun.sleep(100);
  }
  throw new Error("The shop did not start within 60 s");
}

await main();
