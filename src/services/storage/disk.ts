import { randomBytes } from "node:crypto";
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { WRITING_NAME, writeFileAtomically } from "./write-atomically";

/**
 * What a shopper's product upload may be: the original GPX, the re-encoded photo, or a 3D model as sent; the owner's
 * sliced jobs keep their model and G-code (a .gcode, or the .3mf a slicer packs it in) under the same names.
 */
const STORED_EXTENSIONS = ["gpx", "jpg", "stl", "obj", "3mf", "gcode"] as const;
export type StoredExtension = (typeof STORED_EXTENSIONS)[number];
/** What a custom request attachment may be, by what its bytes were found to be. */
const ATTACHMENT_EXTENSIONS = [
  "stl",
  "obj",
  "3mf",
  "pdf",
  "jpg",
  "png",
  "gif",
  "webp",
  "tiff",
  "avif",
  "heif",
  "svg",
  "heic",
  "bmp",
] as const;
export type AttachmentExtension = (typeof ATTACHMENT_EXTENSIONS)[number];

// Names are made here and only here, so anything else is refused: no name
// from a request or a database row can reach the file system unchecked.
// u_ is a product upload (the uploads table, and the owner's calibration_jobs), r_ a custom request
// attachment (custom_request_attachments); both have always been named so on disk.
const STORED_NAME = new RegExp(
  `^(?:u_[0-9a-f]{32}\\.(?:${STORED_EXTENSIONS.join("|")})|r_[0-9a-f]{32}\\.(?:${ATTACHMENT_EXTENSIONS.join("|")}))$`,
);
// A file a crash left half-written: the one writer's temporary name, or the
// one custom requests used before they were stored here.
const LEFT_BY_A_CRASH = [WRITING_NAME, /^\.r_[0-9a-f]{32}\.part$/];

export type StoredFile = { name: string; modifiedAt: Date };
export type UploadStorage = ReturnType<typeof createUploadStorage>;

/** True for a name this storage makes; anything else never reaches the file system. */
export function isStoredName(name: string): boolean {
  return STORED_NAME.test(name);
}

const isLeftByACrash = (name: string) => LEFT_BY_A_CRASH.some((pattern) => pattern.test(name));

/**
 * The one place shoppers' files touch the disk: `$DATA_DIR/uploads`, which
 * no route serves directly (downloads and previews go through handlers that
 * look the token or attachment up first). Product uploads and custom request
 * attachments alike get random names and are written by the one durable
 * writer (write-atomically.ts); the clean-up job (src/jobs/clean-uploads.ts)
 * lists and removes them through here.
 */
export function createUploadStorage(dataDir: string) {
  const dir = join(dataDir, "uploads");

  function path(storedName: string): string {
    if (!isStoredName(storedName)) throw new Error(`Refusing an upload file name the storage did not make: ${JSON.stringify(storedName)}`);
    return join(dir, storedName);
  }

  async function write(bytes: Uint8Array, storedName: string): Promise<string> {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await writeFileAtomically(path(storedName), bytes, { mode: 0o600 });
    return storedName;
  }

  const randomId = () => randomBytes(16).toString("hex");

  return {
    dir,
    path,

    /** Stores a product upload (a GPX route or a photo) and returns its new random name. */
    put(bytes: Uint8Array, extension: StoredExtension): Promise<string> {
      return write(bytes, `u_${randomId()}.${extension}`);
    },

    /** Stores a custom request attachment and returns its new random name. */
    putAttachment(bytes: Uint8Array, extension: AttachmentExtension): Promise<string> {
      return write(bytes, `r_${randomId()}.${extension}`);
    },

    /** Removes a stored file, or one a crash left half-written; a missing file is not an error. */
    async remove(name: string): Promise<void> {
      const target = isLeftByACrash(name) ? join(dir, name) : path(name);
      await rm(target, { force: true });
    },

    /** Every file this storage made (finished or left by a crash); anything else in the folder is left alone. */
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
        if (!isStoredName(name) && !isLeftByACrash(name)) continue;
        const info = await stat(join(dir, name)).catch(() => null);
        if (info?.isFile()) files.push({ name, modifiedAt: info.mtime });
      }
      return files;
    },
  };
}
