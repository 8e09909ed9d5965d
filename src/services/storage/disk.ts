import { randomBytes } from "node:crypto";
import { mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";

/** What a stored upload may be: the original GPX, or the re-encoded photo. */
export type StoredExtension = "gpx" | "jpg";

// Names are made here and only here, so anything else is refused: no name
// from a request or a database row can reach the file system unchecked.
const STORED_NAME = /^u_[0-9a-f]{32}\.(gpx|jpg)$/;
// A file being written. The leading dot keeps it out of every listing of
// finished files; the clean-up job removes any a crash left behind.
const TEMP_NAME = /^\.tmp-[0-9a-f]{32}$/;

export type StoredFile = { name: string; modifiedAt: Date };
export type UploadStorage = ReturnType<typeof createUploadStorage>;

/**
 * The one place shopper uploads touch the disk: `$DATA_DIR/uploads`, which
 * no route serves directly (downloads and previews go through handlers that
 * look the token up first). Files get random names and are written under a
 * temporary name, synced, then renamed, so a file under its final name is
 * always complete.
 */
export function createUploadStorage(dataDir: string) {
  const dir = join(dataDir, "uploads");

  function path(storedName: string): string {
    if (!STORED_NAME.test(storedName)) throw new Error(`Refusing an upload file name the storage did not make: ${JSON.stringify(storedName)}`);
    return join(dir, storedName);
  }

  return {
    dir,
    path,

    async put(bytes: Uint8Array, extension: StoredExtension): Promise<string> {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const id = randomBytes(16).toString("hex");
      const storedName = `u_${id}.${extension}`;
      const temp = join(dir, `.tmp-${id}`);
      try {
        const handle = await open(temp, "wx", 0o600);
        try {
          await handle.writeFile(bytes);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temp, path(storedName));
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      return storedName;
    },

    /** Removes a stored file, or a temporary one left by a crash; a missing file is not an error. */
    async remove(name: string): Promise<void> {
      const target = TEMP_NAME.test(name) ? join(dir, name) : path(name);
      await rm(target, { force: true });
    },

    /** Every file this storage made (finished or temporary); anything else in the folder is left alone. */
    async list(): Promise<StoredFile[]> {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw error;
      }
      const files: StoredFile[] = [];
      for (const name of names) {
        if (!STORED_NAME.test(name) && !TEMP_NAME.test(name)) continue;
        const info = await stat(join(dir, name)).catch(() => null);
        if (info?.isFile()) files.push({ name, modifiedAt: info.mtime });
      }
      return files;
    },
  };
}
