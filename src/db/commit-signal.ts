import type { Database } from "bun:sqlite";
import { walIndexWords } from "./wal-index";

/** The header is 48 bytes, twelve 32-bit words in the writer's byte order (only ever compared here). */
const HEADER_WORDS = 12;
/**
 * The words every commit rewrites: the change counter (iChange, one more per commit), the last valid
 * frame (mxFrame, which also starts again when the log does) and the header's checksum over all the
 * words before it (aCksum), so any change to the header changes these.
 */
const CHANGE_COUNTER = 2;
const LAST_FRAME = 4;
const CHECKSUM_FIRST = 10;
const CHECKSUM_SECOND = 11;

/**
 * A check that says whether a transaction may have been committed to `db`'s file since it last said
 * so, by any connection of any process: it compares the WAL index's header, which every commit rewrites
 * and which SQLite's own connections read to learn of each other's commits, with the header it saw last.
 * A read of shared memory, a few nanoseconds, where asking SQLite is a statement (total_changes()) or a
 * read transaction (file locks: system calls). A first call says true, and so does the call after
 * `forget` (a caller whose read failed). Null where there is no such index
 * to read (an in-memory database, another journal mode, an index not yet made): the caller asks SQLite as
 * before. The header is read where SQLite maps it for `db` (src/db/wal-index.ts, https://www.sqlite.org/walformat.html),
 * so it must not be read once `db` is closed. See docs/decisions/0039-kept-answers-before-routing.md.
 */
export type CommitSignal = { committed(): boolean; forget(): void };

export function createCommitSignal(db: Database): CommitSignal | null {
  const file = db.filename;
  if (!file || file === ":memory:") return null;
  const mode = db.query<{ journal_mode: string }, []>("PRAGMA journal_mode").get()?.journal_mode;
  if (mode !== "wal") return null;
  // This code only ever reads it.
  const header = walIndexWords(db, HEADER_WORDS);
  if (!header) return null;
  let counter = -1;
  let lastFrame = -1;
  let checksumFirst = -1;
  let checksumSecond = -1;
  const committed = () => {
    const nowCounter = header[CHANGE_COUNTER]!;
    const nowLastFrame = header[LAST_FRAME]!;
    const nowChecksumFirst = header[CHECKSUM_FIRST]!;
    const nowChecksumSecond = header[CHECKSUM_SECOND]!;
    if (
      nowCounter === counter &&
      nowLastFrame === lastFrame &&
      nowChecksumFirst === checksumFirst &&
      nowChecksumSecond === checksumSecond
    ) {
      return false;
    }
    counter = nowCounter;
    lastFrame = nowLastFrame;
    checksumFirst = nowChecksumFirst;
    checksumSecond = nowChecksumSecond;
    return true;
  };
  return {
    committed,
    forget() {
      counter = -1;
    },
  };
}
