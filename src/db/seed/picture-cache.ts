import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { DERIVED_WIDTHS, derivedName, sharingName } from "../../../shared/derived-pictures";
import { errorFields, log } from "../../log";
import { writeFileAtomically } from "../../services/storage/write-atomically";

/**
 * Rendered demo pictures kept outside the shop's data, so a development or test shop seeded again
 * (every browser story's shop, the seed's tests) copies the files instead of rasterising the art
 * again (docs/decisions/0060-demo-pictures-rendered-once.md). One entry per picture and key: a
 * folder `<picture>-<key>` holding the picture's files and `manifest.json`, written whole or not at
 * all. Nothing here ever fails a seed: an entry that cannot be read is a miss, a store that cannot be
 * written is skipped.
 */

/** What a seed stores for a demo picture: the original's name in /media and its size in pixels. */
export type DemoPicture = { file: string; width: number; height: number };

/** Raised when the way an entry is kept changes, so no entry of another shape is ever read as this one. */
const ENTRY_FORMAT = 1;
const MANIFEST = "manifest.json";
const SHA256 = /^[0-9a-f]{64}$/;
/** An original's name in /media (`<picture>-<hash>.webp`): no folder, no leading dot. */
const ORIGINAL_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*-[0-9a-f]{10}\.webp$/;

const manifestSchema = z.object({
  format: z.literal(ENTRY_FORMAT),
  file: z.string().regex(ORIGINAL_NAME),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  files: z.array(z.object({ name: z.string(), sha256: z.string().regex(SHA256) })),
});
type Manifest = z.infer<typeof manifestSchema>;

/**
 * Every file a demo picture has in /media: the original, its smaller copies (each width below its
 * own) and its sharing copy. The seed writes these and the cache keeps these, so a picture taken
 * from the cache has exactly the files a render gives.
 */
export function demoPictureFiles({ file, width }: Pick<DemoPicture, "file" | "width">): string[] {
  const smaller = DERIVED_WIDTHS.filter((candidate) => candidate < width).map((candidate) => derivedName(file, candidate));
  return [file, ...smaller, sharingName(file)];
}

export type PictureCache = ReturnType<typeof openPictureCache>;

/**
 * The cache in `folder` for pictures made by `recipe`: a text holding everything a picture's files
 * depend on besides its own drawing (the encoders' settings, the source of the functions that write
 * each copy, sharp's and libvips' versions). A change to any of it gives every picture a new key,
 * so a file made another way is never served.
 */
export function openPictureCache(folder: string, recipe: string) {
  let warned = false;
  const warnOnce = (error: unknown) => {
    if (warned) return;
    warned = true;
    log("warn", `The rendered demo pictures could not be kept in ${folder}, so the next seed renders them again.`, errorFields(error));
  };

  return {
    /** The key of picture `name` drawn as `svg`: its name is in it, as it is in the files' names. */
    keyOf(name: string, svg: string): string {
      const key = createHash("sha256")
        .update(JSON.stringify([ENTRY_FORMAT, recipe, name, svg]))
        .digest("hex");
      return `${name}-${key}`;
    },

    /**
     * Copies the entry's files into `mediaDir` (each only if missing, listing those it wrote in
     * `created`) and answers the picture; null when there is no whole entry (nothing written then).
     */
    async take(key: string, mediaDir: string, created: string[]): Promise<DemoPicture | null> {
      const entry = await readEntry(join(folder, key));
      if (!entry) return null;
      for (const [name, bytes] of entry.files) {
        const path = join(mediaDir, name);
        if (existsSync(path)) continue;
        await writeFileAtomically(path, bytes);
        created.push(path);
      }
      return { file: entry.manifest.file, width: entry.manifest.width, height: entry.manifest.height };
    },

    /**
     * Keeps `picture`'s files from `mediaDir` under `key`: built in a temporary folder beside the
     * entry and renamed into place, so no reader ever sees half an entry. A shop that loses the race to
     * another storing the same entry removes its own folder; one that finds a broken entry replaces it.
     * Answers whether the entry is now the one stored.
     */
    async store(key: string, mediaDir: string, picture: DemoPicture): Promise<boolean> {
      let temporary: string | undefined;
      try {
        await mkdir(folder, { recursive: true });
        temporary = await mkdtemp(join(folder, ".tmp-"));
        const files: Manifest["files"] = [];
        for (const name of demoPictureFiles(picture)) {
          const bytes = await readFile(join(mediaDir, name));
          await writeFile(join(temporary, name), bytes);
          files.push({ name, sha256: sha256(bytes) });
        }
        const manifest: Manifest = { format: ENTRY_FORMAT, ...picture, files };
        // The manifest last: a folder without one is never an entry.
        await writeFile(join(temporary, MANIFEST), JSON.stringify(manifest));
        const placed = await placeEntry(temporary, join(folder, key));
        if (placed) temporary = undefined;
        return placed;
      } catch (error) {
        warnOnce(error);
        return false;
      } finally {
        if (temporary) await rm(temporary, { recursive: true, force: true }).catch(warnOnce);
      }
    },
  };
}

/**
 * Renames the built folder into place. When an entry is already there, a whole one means another
 * shop stored the same files first (this one lost the race, and keeps its folder to be removed); a
 * broken one (a file missing or changed, a manifest that does not read) is moved aside and replaced.
 */
async function placeEntry(built: string, entry: string): Promise<boolean> {
  try {
    await rename(built, entry);
    return true;
  } catch (error) {
    if (!isFolderInTheWay(error)) throw error;
  }
  if (await readEntry(entry)) return false;
  const broken = `${built}-broken`;
  await rename(entry, broken).catch((error: unknown) => {
    // Another shop moved it aside first.
    if ((error as { code?: unknown }).code !== "ENOENT") throw error;
  });
  await rm(broken, { recursive: true, force: true });
  try {
    await rename(built, entry);
    return true;
  } catch (error) {
    if (isFolderInTheWay(error)) return false;
    throw error;
  }
}

/** Renaming a folder onto one that is there (and not empty) fails with one of these on Linux and macOS. */
function isFolderInTheWay(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "ENOTEMPTY" || code === "EEXIST";
}

/**
 * The entry in `entry` with every file's bytes, read before any is copied; null when the manifest is
 * missing or does not read, names other files than the picture has, or a file is missing or is not
 * the bytes the manifest lists.
 */
async function readEntry(entry: string): Promise<{ manifest: Manifest; files: [string, Buffer][] } | null> {
  try {
    const manifest = manifestSchema.parse(JSON.parse(await readFile(join(entry, MANIFEST), "utf8")));
    const expected = demoPictureFiles(manifest);
    if (JSON.stringify(manifest.files.map((file) => file.name)) !== JSON.stringify(expected)) return null;
    const files: [string, Buffer][] = [];
    for (const { name, sha256: listed } of manifest.files) {
      const bytes = await readFile(join(entry, name));
      if (sha256(bytes) !== listed) return null;
      files.push([name, bytes]);
    }
    return { manifest, files };
  } catch {
    return null;
  }
}

function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}
