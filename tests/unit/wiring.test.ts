import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

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
    expect(routeLinesMatching(/\bcreate[A-Z]\w*\(|\w+(Finder|Store)\(|\bdb\.(query|prepare|run|exec)\b/)).toEqual([]);
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

/** Every .ts/.tsx file under a top-level folder, with its relative imports resolved against the repository. */
function importsUnder(folder: string): { file: string; target: string; typeOnly: boolean }[] {
  const found: { file: string; target: string; typeOnly: boolean }[] = [];
  for (const name of readdirSync(join(ROOT, folder), { recursive: true }) as string[]) {
    if (!/\.tsx?$/.test(name)) continue;
    const file = join(ROOT, folder, name);
    const source = readFileSync(file, "utf8");
    for (const match of source.matchAll(/^(import|export)(\s+type)?[^"]*?from\s+"(\.[^"]+)"/gm)) {
      found.push({ file: relative(ROOT, file), target: relative(ROOT, resolve(dirname(file), match[3]!)), typeOnly: Boolean(match[2]) });
    }
  }
  return found;
}

describe("one place for the rules both sides use (shared/)", () => {
  test("src/ imports web/ only to render pages: nothing outside src/ssr/ reaches into web/", () => {
    const intoWeb = importsUnder("src").filter(({ file, target }) => target.startsWith("web/") && !file.startsWith("src/ssr/"));
    expect(intoWeb.map(({ file, target }) => `${file} -> ${target}`)).toEqual([]);
  });

  test("shared/ runs the same on both sides: it imports no runtime code from src/ or web/ (types only)", () => {
    const imports = importsUnder("shared");
    expect(imports.length).toBeGreaterThan(0);
    const runtime = imports.filter(({ target, typeOnly }) => !typeOnly && (target.startsWith("src/") || target.startsWith("web/")));
    expect(runtime.map(({ file, target }) => `${file} -> ${target}`)).toEqual([]);
  });
});

/** Top-level folders the running shop loads code from: src/'s relative imports, followed wherever they lead. */
function foldersTheShopLoads(): Set<string> {
  const resolveFile = (base: string) =>
    [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")].find(
      (path) => existsSync(path) && /\.tsx?$/.test(path),
    );
  const queue = (readdirSync(join(ROOT, "src"), { recursive: true }) as string[])
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => join(ROOT, "src", name));
  const seen = new Set(queue);
  const folders = new Set<string>();
  while (queue.length > 0) {
    const file = queue.pop()!;
    folders.add(relative(ROOT, file).split("/")[0]!);
    for (const match of readFileSync(file, "utf8").matchAll(/^(?:import|export)(?!\s+type)[^"]*?from\s+"(\.[^"]+)"/gm)) {
      const target = resolveFile(resolve(dirname(file), match[1]!));
      if (target && !seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return folders;
}

describe("seed art and the image", () => {
  test("src/ holds code only: the demo pictures' drawings live in seed/art, read when the shop seeds", () => {
    expect(existsSync(join(ROOT, "src", "db", "seed", "art"))).toBe(false);
    expect(readFileSync(join(ROOT, "src", "db", "seed", "pictures.ts"), "utf8")).toContain('from "../../../seed/art"');
  });

  test("the Dockerfile copies every folder the running shop loads code from (src, web, shared, seed)", () => {
    const copied = new Set(
      [...readFileSync(join(ROOT, "Dockerfile"), "utf8").matchAll(/^COPY (\w+) \.\/(\w+)$/gm)].map((match) => match[1]),
    );
    const loaded = foldersTheShopLoads();
    expect([...loaded].sort()).toEqual(["seed", "shared", "src", "web"]);
    expect([...loaded].filter((folder) => !copied.has(folder))).toEqual([]);
  });
});
