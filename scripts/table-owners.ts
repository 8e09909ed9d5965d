// The map's "Who owns which table" (docs/architecture.md) made from the code:
// every SQL statement in src/ and scripts/ (and the triggers in migrations/)
// says which files write and which read each table. tests/unit/table-owners.test.ts
// compares the map with it; `bun scripts/table-owners.ts` prints what the code
// says, table by table, beside what the map says, to mend the map by.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

const ROOT = join(import.meta.dir, "..");
const MAP = join(ROOT, "docs", "architecture.md");
/** Writes the demo catalogue and the configuration into an empty database only; the map's preamble says so. */
const NOT_OWNERS = ["src/db/seed/"];

export type Uses = { writers: Set<string>; readers: Set<string> };

export function filesUnder(folder: string, pattern: RegExp): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

/**
 * The tables the migrations make, in the order they make them. A table rebuilt the way SQLite changes a CHECK
 * (a new table made, filled, the old one dropped and the new one renamed to its name, as
 * migrations/0031_instant_prices.sql does for `uploads`) is the table it is renamed to, not one of its own.
 */
export function tablesOf(migrations: string[]): string[] {
  const tables: string[] = [];
  const renamed = new Set<string>();
  for (const file of migrations) {
    const sql = readFileSync(join(ROOT, file), "utf8");
    for (const match of sql.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?(\w+)/g)) {
      if (!tables.includes(match[1]!)) tables.push(match[1]!);
    }
    for (const match of sql.matchAll(/ALTER TABLE (\w+) RENAME TO (\w+)/g)) renamed.add(match[1]!);
  }
  return tables.filter((table) => !renamed.has(table));
}

/** Code without its comments, so a comment naming `UPDATE orders` is not a statement. */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, " ").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
}

const WRITES = /\b(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|REPLACE\s+INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM)\s+(\w+)/g;
const READS = /\b(?:FROM|JOIN)\s+(\w+)/g;

/** Which files write and which read each table, from the SQL in the code. */
export function usesInCode(tables: string[]): Map<string, Uses> {
  const uses = new Map(tables.map((table) => [table, { writers: new Set<string>(), readers: new Set<string>() } as Uses]));
  const code = [...filesUnder("src", /\.tsx?$/), ...filesUnder("scripts", /\.tsx?$/)].filter(
    (file) => !NOT_OWNERS.some((folder) => file.startsWith(folder)),
  );
  for (const file of code) {
    const source = withoutComments(readFileSync(join(ROOT, file), "utf8"));
    for (const match of source.matchAll(WRITES)) uses.get(match[1]!)?.writers.add(file);
    for (const match of source.replace(/DELETE\s+FROM/g, "DELETE").matchAll(READS)) uses.get(match[1]!)?.readers.add(file);
  }
  // Triggers write too: the statements between a trigger's BEGIN and END.
  for (const file of filesUnder("migrations", /\.sql$/)) {
    const sql = readFileSync(join(ROOT, file), "utf8").replace(/--.*$/gm, "");
    for (const trigger of sql.matchAll(/CREATE TRIGGER[\s\S]*?\bBEGIN\b([\s\S]*?)\bEND\b/g)) {
      for (const match of trigger[1]!.matchAll(WRITES)) uses.get(match[1]!)?.writers.add(file);
    }
  }
  for (const use of uses.values()) for (const writer of use.writers) use.readers.delete(writer);
  return uses;
}

/** A path as the map writes it: without `src/modules/`, which the map's note says is implied. */
export const asWritten = (file: string) => file.replace(/^src\/modules\//, "");

/** The paths a cell of the map names: backticked, ending in .ts, .tsx or .sql. */
function pathsIn(cell: string): Set<string> {
  return new Set([...cell.matchAll(/`([\w./-]+\.(?:tsx?|sql))`/g)].map((match) => match[1]!));
}

export function rowsOfMap(): Map<string, { writers: Set<string>; readers: Set<string> }> {
  const text = readFileSync(MAP, "utf8");
  const section = text.slice(text.indexOf("## Who owns which table"), text.indexOf("## Recipes"));
  const rows = new Map<string, Uses>();
  for (const line of section.split("\n")) {
    const cells = line.split(/(?<!\\)\|/).slice(1, -1);
    const table = /^\s*`(\w+)`/.exec(cells[0] ?? "")?.[1];
    if (cells.length !== 3 || !table) continue;
    rows.set(table, { writers: pathsIn(cells[1]!), readers: pathsIn(cells[2]!) });
  }
  return rows;
}

if (import.meta.main) {
  const tables = tablesOf(filesUnder("migrations", /\.sql$/).sort());
  const code = usesInCode(tables);
  const map = rowsOfMap();
  for (const table of tables) {
    const inCode = code.get(table)!;
    const inMap = map.get(table);
    const writers = [...inCode.writers].map(asWritten).sort();
    const readers = [...inCode.readers].map(asWritten).sort();
    const missing = [...writers, ...readers].filter((file) => !inMap?.writers.has(file) && !inMap?.readers.has(file));
    const same = inMap && writers.join() === [...inMap.writers].sort().join() && readers.join() === [...inMap.readers].sort().join();
    if (same) continue;
    console.log(`${table}\n  written by: ${writers.join(", ") || "—"}\n  read by: ${readers.join(", ") || "—"}`);
    if (!inMap) console.log("  (no row in the map)");
    else if (missing.length) console.log(`  the map misses: ${missing.join(", ")}`);
  }
}
