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
import { buildClient, startDemoShop, stopDemoShop, waitFor200 } from "../bench/demo-shop";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.mjs";

const ROOT = join(import.meta.dir, "..");
const PORT = 3400;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PAGES = ["/", "/products", "/products/hex-planter", "/basket"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const TARGETS: Record<(typeof CATEGORIES)[number], number> = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };

type Report = {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { id: string; title: string; score: number | null; scoreDisplayMode: string; displayValue?: string }>;
};

async function main() {
  buildClient();
  const dataDir = mkdtempSync(join(tmpdir(), "strata-audit-"));
  const shop = startDemoShop({ port: PORT, dataDir, adminPassword: "audit-only-password" });
  const results: Record<string, Record<string, number>> = {};
  const lost: Record<string, string[]> = {};
  try {
    await waitFor200(`${ORIGIN}/healthz`, 60_000);
    for (const path of PAGES) {
      const report = lighthouse(`${ORIGIN}${path}`);
      results[path] = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((report.categories[id]?.score ?? 0) * 100)]));
      lost[path] = lostPoints(report);
      console.log(`${path}: ${CATEGORIES.map((id) => `${id} ${results[path]![id]}`).join(", ")}`);
      for (const line of lost[path]!) console.log(`    ${line}`);
    }
  } finally {
    await stopDemoShop(shop);
    rmSync(dataDir, { recursive: true, force: true });
  }

  const table = [
    "| page | performance | accessibility | best practices | SEO |",
    "|---|---|---|---|---|",
    ...PAGES.map((path) => `| \`${path}\` | ${CATEGORIES.map((id) => results[path]![id]).join(" | ")} |`),
    `| target | ≥ ${TARGETS.performance} | ${TARGETS.accessibility} | ${TARGETS["best-practices"]} | ${TARGETS.seo} |`,
    "",
  ].join("\n");
  writeFileSync(
    join(ROOT, "bench", "audit.json"),
    `${JSON.stringify({ date: new Date().toISOString(), scores: results, lostPoints: lost }, null, 2)}\n`,
  );
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
      `--chrome-flags=${CHROMIUM_ARGS.join(" ")}`,
    ],
    { cwd: ROOT, env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, stdout: "pipe", stderr: "pipe" },
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

await main();
