import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dir, "..", "..");
const MODULES = join(ROOT, "src", "modules");

/** Every route file: src/modules/<resource>/index.ts. */
function routeFiles(): { name: string; source: string }[] {
  return readdirSync(MODULES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      try {
        return [{ name: `src/modules/${entry.name}/index.ts`, source: readFileSync(join(MODULES, entry.name, "index.ts"), "utf8") }];
      } catch {
        return [];
      }
    });
}

/** Lines of route files matching a pattern, named "file: line" so a failure says where. */
function routeLinesMatching(pattern: RegExp): string[] {
  return routeFiles().flatMap(({ name, source }) =>
    source
      .split("\n")
      .filter((line) => pattern.test(line) && !line.trim().startsWith("*") && !line.trim().startsWith("//"))
      .map((line) => `${name}: ${line.trim()}`),
  );
}

describe("one way to wire", () => {
  test("no route file builds a service, limit or store: each is built once in src/deps.ts and arrives through Deps", () => {
    expect(routeFiles().length).toBeGreaterThan(10);
    expect(routeLinesMatching(/\bcreate[A-Z]\w*\(|\w+Finder\(|\bdb\.(query|prepare|run|exec)\b/)).toEqual([]);
  });

  test("no route file counts a limit by hand: no createRateLimiter, clientAddress or TooManyRequests, only rateLimits.<name>.count(address)", () => {
    expect(routeLinesMatching(/\bcreateRateLimiter\b|\bclientAddress\(|\bTooManyRequests\b|\.hit\(/)).toEqual([]);
  });
});

describe("the owner's catalogue models", () => {
  test("are one file per resource (products, images, variants, categories) beside its service, with no catch-all model.ts", () => {
    const folder = join(MODULES, "admin-catalog");
    expect(existsSync(join(folder, "model.ts"))).toBe(false);
    for (const resource of ["products", "images", "variants", "categories"]) {
      expect(existsSync(join(folder, `${resource}-model.ts`))).toBe(true);
      expect(readFileSync(join(folder, `${resource}-service.ts`), "utf8")).toContain(`from "./${resource}-model"`);
    }
  });
});
