import type { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type CommitSignal, createCommitSignal } from "../../src/db/commit-signal";
import { openDatabase } from "../../src/db/open";
import { locksOnWalIndex } from "../support/wal-index-locks";

// Whether a transaction was committed since the last ask, read from SQLite's WAL index
// (docs/decisions/0039-kept-answers-before-routing.md). What must never happen: a commit, by
// anyone, that the signal does not report; the kept pages would then show what was before it.

let dir: string;
let file: string;
let db: Database;
let signal: CommitSignal;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "strata-commit-signal-"));
  file = join(dir, "shop.db");
  db = openDatabase(file);
  db.run("CREATE TABLE things (name TEXT)");
  signal = createCommitSignal(db)!;
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("on the shop's own WAL database file", () => {
  test("the first ask says yes, then no until something is committed", () => {
    expect(signal).not.toBeNull();
    const fresh = createCommitSignal(db)!;
    expect(fresh.committed()).toBe(true);
    expect(fresh.committed()).toBe(false);
    db.query("SELECT count(*) FROM things").get();
    expect(fresh.committed()).toBe(false);
  });

  test("a commit by this connection is reported once", () => {
    signal.committed();
    db.run("INSERT INTO things VALUES ('lamp')");
    expect(signal.committed()).toBe(true);
    expect(signal.committed()).toBe(false);
  });

  test("a transaction rolled back is not a commit", () => {
    signal.committed();
    db.run("BEGIN IMMEDIATE");
    db.run("INSERT INTO things VALUES ('never')");
    db.run("ROLLBACK");
    expect(signal.committed()).toBe(false);
  });

  test("another connection's commit is reported at once", () => {
    signal.committed();
    const other = openDatabase(file);
    other.run("INSERT INTO things VALUES ('clips')");
    other.close();
    expect(signal.committed()).toBe(true);
  });

  test("another process's commit (the sqlite3 shell, say) is reported at once", () => {
    signal.committed();
    const script = `const { Database } = require("bun:sqlite"); const other = new Database(${JSON.stringify(file)}); other.run("INSERT INTO things VALUES ('planter')"); other.close();`;
    expect(Bun.spawnSync(["bun", "-e", script]).exitCode).toBe(0);
    expect(signal.committed()).toBe(true);
  });

  test("reading the signal leaves this process's hold on the WAL index: SQLite's shared lock on it stays", () => {
    const before = locksOnWalIndex(file);
    expect(before).toContain("READ 128 128");
    createCommitSignal(db);
    expect(locksOnWalIndex(file)).toEqual(before);
  });

  test("another process that opens the database and only reads is not a commit: it does not start the index again", () => {
    // Held commits first, so a header started again (its change counter from 0) would differ from the one kept.
    for (const name of ["mug", "vase", "hook"]) db.run("INSERT INTO things VALUES (?)", [name]);
    signal.committed();
    const script = `const { Database } = require("bun:sqlite"); const other = new Database(${JSON.stringify(file)}); other.query("SELECT count(*) FROM things").get(); other.close();`;
    expect(Bun.spawnSync(["bun", "-e", script]).exitCode).toBe(0);
    expect(signal.committed()).toBe(false);
  });

  test("after a checkpoint has emptied the log, the next commit is still reported", () => {
    db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    signal.committed();
    db.run("INSERT INTO things VALUES ('after the checkpoint')");
    expect(signal.committed()).toBe(true);
    db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    signal.committed();
    db.run("INSERT INTO things VALUES ('and again')");
    expect(signal.committed()).toBe(true);
  });

  test("after forget, the next ask says yes (a caller whose read failed reads again)", () => {
    signal.committed();
    signal.forget();
    expect(signal.committed()).toBe(true);
  });
});

test("an in-memory database has no WAL index: no signal, the caller asks SQLite", () => {
  const memory = openDatabase(":memory:");
  expect(createCommitSignal(memory)).toBeNull();
  memory.close();
});
