import { existsSync } from "node:fs";
import { join } from "node:path";
import { parseDerivedName } from "../../web/components/responsive-image";
import { loadSharp } from "../services/images/load-sharp";
import { writeFileAtomically } from "../services/storage/write-atomically";
import { IMMUTABLE, serveFile } from "./serve-file";

/** WebP quality of the smaller copies: the same as the originals (seed and uploads). */
const QUALITY = 82;

/**
 * Serves /media. A smaller copy of a picture (`<name>.w400.webp`, see
 * web/components/responsive-image.ts) that is not on disk yet is made from
 * its original with sharp, written once (under a temporary name, then renamed)
 * and served; only the fixed widths exist, and only for originals that exist,
 * so requests cannot fill the disk. Requests for the same copy at once share
 * one resize.
 */
export function createMediaHandler(mediaDir: string) {
  const making = new Map<string, Promise<void>>();

  return async function serveMedia(name: string): Promise<Response> {
    const derived = parseDerivedName(name);
    if (derived && !existsSync(join(mediaDir, name)) && existsSync(join(mediaDir, derived.original))) {
      let job = making.get(name);
      if (!job) {
        job = makeCopy(mediaDir, derived.original, name, derived.width).finally(() => making.delete(name));
        making.set(name, job);
      }
      await job;
    }
    return serveFile(mediaDir, name, IMMUTABLE);
  };
}

export async function makeCopy(mediaDir: string, original: string, name: string, width: number): Promise<void> {
  const sharp = await loadSharp();
  const data = await sharp(join(mediaDir, original)).resize({ width, withoutEnlargement: true }).webp({ quality: QUALITY }).toBuffer();
  writeFileAtomically(join(mediaDir, name), data);
}
