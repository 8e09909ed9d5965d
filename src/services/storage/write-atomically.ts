import { randomBytes } from "node:crypto";
import { open, rename, rm } from "node:fs/promises";
import { dirname, join } from "node:path";

/**
 * The name a file has while it is being written: the leading dot keeps it out
 * of every listing of finished files and out of /media (whose names cannot
 * start with a dot); the upload storage's clean-up removes any a crash left.
 */
export const WRITING_NAME = /^\.tmp-[0-9a-f]{32}$/;

/**
 * The one way a file is written under DATA_DIR (uploads/ and media/): the
 * bytes go to a temporary name beside `path`, are synced to the disk, then
 * renamed, and the folder is synced so the rename survives a power cut too.
 * A reader sees the whole file or none, and a failed write leaves nothing.
 * The folder must exist. `mode` applies to a new file (the umask still does).
 */
export async function writeFileAtomically(path: string, data: Uint8Array, { mode = 0o666 }: { mode?: number } = {}): Promise<void> {
  const folder = dirname(path);
  const temporary = join(folder, `.tmp-${randomBytes(16).toString("hex")}`);
  try {
    const handle = await open(temporary, "wx", mode);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  await syncFolder(folder);
}

/** A rename is an entry in its folder: only syncing the folder makes it durable. */
async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
