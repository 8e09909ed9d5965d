import { CFunction, type Pointer, ptr, read, toArrayBuffer } from "bun:ffi";
import type { Database } from "bun:sqlite";

/** sqlite3_file_control's op that writes the connection's `sqlite3_file` pointer for its main database (sqlite3.h). */
const SQLITE_FCNTL_FILE_POINTER = 7;
/** `xShmMap` is in `sqlite3_io_methods` from version 2 on. */
const SHM_METHODS_VERSION = 2;
/** Where `xShmMap` sits in `sqlite3_io_methods` on a 64-bit build: after `iVersion` (padded to 8 bytes) and twelve methods. */
const SHM_MAP_OFFSET = 8 + 12 * 8;
/** SQLite maps its WAL index in regions of 32 kB; the header is at the start of the first (the wal-index format). */
const WAL_INDEX_REGION_BYTES = 32 * 1024;

type ShmMap = ReturnType<typeof CFunction>;
/**
 * Each `xShmMap` made callable once (bun:ffi compiles a small trampoline for it, about a millisecond): every file
 * of one VFS has the same one, and a shop reads the index again per email and manifest (`readShopIdentity`).
 */
const shmMaps = new Map<number, ShmMap>();

function callableShmMap(at: Pointer): ShmMap {
  let shmMap = shmMaps.get(at);
  if (!shmMap) {
    shmMap = CFunction({ ptr: at, args: ["ptr", "i32", "i32", "i32", "ptr"], returns: "i32" });
    shmMaps.set(at, shmMap);
  }
  return shmMap;
}

/**
 * The first `words` 32-bit words of `db`'s WAL index, as SQLite's own connections read them, or null where there is
 * none to read (not a WAL database, an in-memory one, an index not made yet, a build without the methods).
 *
 * They are read through the region SQLite itself has mapped for this connection (its VFS's `xShmMap`, which only
 * hands back the mapping it keeps), never by opening the `-shm` file: SQLite's locks on that file are POSIX locks,
 * and a process that closes any descriptor of a file loses every lock it holds on it. Mapping the file by its name
 * (`Bun.mmap` opens and closes it) took away the shop's hold on the index; the next process to open the database
 * (Litestream, the sqlite3 shell, a script) then took itself for the first, cut the index down to start it again
 * under the shop, and the shop died of a bus error reading it (docs/decisions/0070-the-wal-index-read-through-sqlite.md).
 *
 * The words are SQLite's memory: valid while the connection is open, never to be read after it is closed.
 */
export function walIndexWords(db: Database, words: number): Uint32Array | null {
  try {
    const filePointer = new BigUint64Array(1);
    if (db.fileControl(SQLITE_FCNTL_FILE_POINTER, filePointer) !== 0 || filePointer[0] === 0n) return null;
    const file = Number(filePointer[0]) as Pointer;
    const methods = read.ptr(file, 0) as Pointer;
    if (!methods || read.i32(methods, 0) < SHM_METHODS_VERSION) return null;
    const shmMapAt = read.ptr(methods, SHM_MAP_OFFSET) as Pointer;
    if (!shmMapAt) return null;
    const region = new BigUint64Array(1);
    // Region 0, not made if it is not there yet (the fourth argument): SQLite's own mapping of it, kept until the connection closes.
    const result: number = callableShmMap(shmMapAt)(file, 0, WAL_INDEX_REGION_BYTES, 0, ptr(region));
    if (result !== 0 || region[0] === 0n) return null;
    return new Uint32Array(toArrayBuffer(Number(region[0]) as Pointer, 0, words * 4));
  } catch {
    return null;
  }
}
