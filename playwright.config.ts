import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./scripts/chromium.mjs";
import { E2E_ADMIN_PASSWORD } from "./tests/e2e/support/admin";

/**
 * Browser stories run in Debian's Chromium (Playwright's own browser download
 * does not work on our machines) against the real shop on a fresh database
 * seeded with the demo catalogue. Run on Node: `npx playwright test`.
 */
// E2E_PORT lets two checkouts of the repository run their stories side by side.
const PORT = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: /.*\.e2e\.ts$/,
  outputDir: "test-results/e2e",
  fullyParallel: true,
  // More stories at once than cores: a story mostly waits (on the shop, on the browser, on its own checks), and
  // with one story a core both cores sat idle most of the run (docs/decisions/0040-a-quick-steady-check.md).
  workers: 4,
  retries: 0,
  forbidOnly: true,
  // Every wait has the bound of what it waits for (below, and each story's own); the story's own bound only
  // catches a story that hangs, so it is the same for all and never a guess at how long a story takes.
  timeout: 300_000,
  // An expectation retries until it holds; its bound only ends one that never will, so it is as long as a click's
  // (a page redrawn on a machine busy with other work can take seconds, and passing never waits for the bound).
  expect: { timeout: 15_000 },
  // The digest comes last: a CI log read from its tail still shows the first failures and the shop's last words.
  reporter: [["list"], ["./tests/e2e/support/failure-digest.ts"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // A click or a fill waits for its element to be ready to take it; a page load for the shop's answer.
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    // No trace: recording one for every story (to keep it for a failing one) cost the stories an eighth of their CPU
    // (docs/decisions/0061-the-stories-cpu.md). A failing story keeps its screenshot and error context; to follow
    // one step by step, run it again with `--trace on`.
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined }, grepInvert: /@phone/ },
    { name: "phone", use: { ...devices["Pixel 7"], channel: undefined }, grep: /@phone/ },
  ],
  webServer: {
    // A fresh data folder each run: the demo catalogue is seeded into it at boot.
    command: "rm -rf test-results/e2e-data && bun scripts/start.ts",
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    // Waits for /healthz; this is only a guard against a shop that never starts (seeding the demo on a busy
    // machine can take more than a minute).
    timeout: 300_000,
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: "test-results/e2e-data",
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      NODE_ENV: "test",
      SEED_DEMO: "true",
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      // A proxy on this machine: each story says which shopper it is (tests/e2e/support/test.ts).
      TRUST_PROXY: "true",
    },
  },
});
