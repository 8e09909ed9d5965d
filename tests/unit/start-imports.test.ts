import { describe, expect, test } from "bun:test";
import { resolve } from "node:path";

// A cold start on a seeded database loads only what serving needs. The seed's pictures
// (their drawings and sharp), the payment and email SDKs and the HTML sanitiser load when
// first used (docs/decisions/0008-performance.md).

const ROOT = resolve(import.meta.dir, "..", "..");

/** Which of `paths` a fresh process has loaded after importing what src/main.ts imports at start. */
function loadedAtStart(paths: string[]): Record<string, boolean> {
  const script = `
    await import("./src/app.ts");
    await import("./src/deps.ts");
    await import("./src/db/seed/index.ts");
    const loaded = Object.keys(require.cache);
    console.log(JSON.stringify(Object.fromEntries(${JSON.stringify(paths)}.map((path) => [path, loaded.some((file) => file.includes(path))]))));
  `;
  const result = Bun.spawnSync(["bun", "-e", script], { cwd: ROOT, env: { ...process.env, NODE_ENV: "production" }, stderr: "inherit" });
  expect(result.exitCode).toBe(0);
  return JSON.parse(result.stdout.toString()) as Record<string, boolean>;
}

describe("what a start loads", () => {
  test("the seed's pictures and drawings load only when an empty database is seeded", () => {
    expect(loadedAtStart(["/src/db/seed/pictures.ts", "/seed/art/"])).toEqual({ "/src/db/seed/pictures.ts": false, "/seed/art/": false });
  });

  test("sharp, Stripe, Resend and sanitize-html load only when first used", () => {
    const packages = ["/node_modules/sharp/", "/node_modules/stripe/", "/node_modules/resend/", "/node_modules/sanitize-html/"];
    expect(loadedAtStart(packages)).toEqual(Object.fromEntries(packages.map((path) => [path, false])));
  });
});
