import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { WRITING_NAME, writeFileAtomically } from "../../src/services/storage/write-atomically";

// The one durable writer (src/services/storage/write-atomically.ts) on a real
// folder: every file under $DATA_DIR/uploads and $DATA_DIR/media is written by it.

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "strata-write-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const bytes = (text: string) => new TextEncoder().encode(text);

describe("writeFileAtomically", () => {
  test("writes the bytes under the final name and leaves no temporary file", async () => {
    await writeFileAtomically(join(dir, "route.gpx"), bytes("<gpx/>"));
    expect(readdirSync(dir)).toEqual(["route.gpx"]);
    expect(readFileSync(join(dir, "route.gpx"), "utf8")).toBe("<gpx/>");
  });

  test("replaces an existing file whole", async () => {
    writeFileSync(join(dir, "picture.webp"), "old and longer than the new one");
    await writeFileAtomically(join(dir, "picture.webp"), bytes("new"));
    expect(readFileSync(join(dir, "picture.webp"), "utf8")).toBe("new");
    expect(readdirSync(dir)).toEqual(["picture.webp"]);
  });

  test("gives a new file the mode asked for: shoppers' files are the shop's alone (0600)", async () => {
    await writeFileAtomically(join(dir, "private.jpg"), bytes("photo"), { mode: 0o600 });
    expect(statSync(join(dir, "private.jpg")).mode & 0o777).toBe(0o600);
  });

  test("a write that cannot finish leaves nothing behind, not even its temporary file", async () => {
    // The final name is taken by a folder, so the rename fails after the bytes were written.
    mkdirSync(join(dir, "taken"));
    await expect(writeFileAtomically(join(dir, "taken"), bytes("data"))).rejects.toThrow();
    expect(readdirSync(dir).filter((name) => WRITING_NAME.test(name))).toEqual([]);
    expect(readdirSync(dir)).toEqual(["taken"]);
  });
});
