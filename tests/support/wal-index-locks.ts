import { readFileSync, statSync } from "node:fs";

/**
 * This process's POSIX locks on `file`'s WAL index (its `-shm` file), as the kernel lists them: "READ 128 128" is
 * SQLite's hold on the index, which a process loses when it closes any descriptor of that file
 * (docs/decisions/0070-the-wal-index-read-through-sqlite.md).
 */
export function locksOnWalIndex(file: string): string[] {
  const inode = statSync(`${file}-shm`).ino;
  return readFileSync("/proc/locks", "utf8")
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields[4] === String(process.pid) && fields[5]?.endsWith(`:${inode}`))
    .map((fields) => `${fields[3]} ${fields[6]} ${fields[7]}`);
}
