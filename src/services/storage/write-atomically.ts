import { randomBytes } from "node:crypto";
import { renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";

/**
 * Writes `data` to `path` through a temporary dot-name beside it (never
 * served: /media names cannot start with a dot) and a rename, so a reader
 * sees the whole file or none, and a failed write leaves no half file behind.
 */
export function writeFileAtomically(path: string, data: Uint8Array): void {
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    writeFileSync(temporary, data);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
