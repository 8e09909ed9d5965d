import { join } from "node:path";
import { derivedName, SHARING_PICTURE } from "../../../shared/derived-pictures";
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

/**
 * Writes the social sharing copy of the /media picture `original`
 * (docs/product.md#link-previews-and-search: 1200 × 630 JPEG, cropped to fill, see
 * shared/derived-pictures.ts) as `name`, atomically, and returns its path. The seed
 * writes the demo pictures' ahead; src/http/media.ts makes any other on its first
 * request.
 */
export async function writeSharingCopy(mediaDir: string, original: string, name: string): Promise<string> {
  const sharp = await loadSharp();
  const data = await sharp(join(mediaDir, original))
    .resize(SHARING_PICTURE.width, SHARING_PICTURE.height, { fit: "cover" })
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 84, progressive: true })
    .toBuffer();
  const path = join(mediaDir, name);
  await writeFileAtomically(path, data);
  return path;
}
