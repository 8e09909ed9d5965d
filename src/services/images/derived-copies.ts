import { join } from "node:path";
import { derivedName } from "../../../shared/derived-pictures";
import { writeFileAtomically } from "../storage/write-atomically";
import { loadSharp } from "./load-sharp";

/** WebP quality of every picture in /media: the demo pictures, the owner's uploads and their smaller copies. */
export const MEDIA_WEBP_QUALITY = 82;

/**
 * Writes the smaller copy of the /media picture `original` at `width` px
 * (named by derivedName, see shared/derived-pictures.ts), atomically,
 * and returns its path. The seed writes them ahead; src/http/media.ts makes a
 * missing one on its first request.
 */
export async function writeDerivedCopy(mediaDir: string, original: string, width: number): Promise<string> {
  const sharp = await loadSharp();
  const data = await sharp(join(mediaDir, original))
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: MEDIA_WEBP_QUALITY })
    .toBuffer();
  const path = join(mediaDir, derivedName(original, width));
  await writeFileAtomically(path, data);
  return path;
}
