import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import type { Metadata, OutputInfo } from "sharp";
import { BadRequest, PayloadTooLarge } from "../../errors";
import { MULTIPART_OVERHEAD_BYTES, readMultipartForm } from "../../http/read-body";
import { MEDIA_WEBP_QUALITY } from "../../services/images/derived-copies";
import { loadSharp } from "../../services/images/load-sharp";
import { writeFileAtomically } from "../../services/storage/write-atomically";
// The shoppers' photo limit: a decode this size stays inside the shop's 300 MB (decision 0010), whoever sends it.
import { MAX_INPUT_PIXELS } from "../uploads/model";
import type { PictureSize } from "./images-service";

const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Stored pictures fit in this square: sharp on a phone screen, light on the wire. */
const MAX_EDGE = 1600;
/** sharp's names for what we accept; AVIF is reported as HEIF with AV1 inside. */
const ACCEPTED = new Set(["jpeg", "png", "webp", "gif", "heif"]);

const UPLOAD_MESSAGES = {
  tooLarge: "Images can be at most 10 MB.",
  notImage: "That file is not an image. Upload a JPEG, PNG, WebP, GIF or AVIF picture.",
  missing: "Choose an image to upload.",
  damaged: "That picture could not be read; it may be damaged. Try another file.",
  tooManyPixels: "That picture has too many pixels (over 50 megapixels). Resize it and try again.",
  unreadable: "The upload could not be read. Choose an image and try again.",
} as const;

/**
 * Reads the `image` field of a multipart body, never more than 10 MB (plus
 * framing) of it: a larger body is refused while it streams, not after.
 */
export async function readImageField(request: Request): Promise<Uint8Array> {
  const form = await readMultipartForm(request, {
    maxBytes: MAX_IMAGE_BYTES + MULTIPART_OVERHEAD_BYTES,
    tooLarge: UPLOAD_MESSAGES.tooLarge,
    notMultipart: UPLOAD_MESSAGES.missing,
    unreadable: UPLOAD_MESSAGES.unreadable,
  });
  const file = form.get("image");
  if (!(file instanceof Blob) || file.size === 0) throw new BadRequest(UPLOAD_MESSAGES.missing);
  if (file.size > MAX_IMAGE_BYTES) throw new PayloadTooLarge(UPLOAD_MESSAGES.tooLarge);
  return new Uint8Array(await file.arrayBuffer());
}

/**
 * Trusts the bytes, not the name or type the browser gave: sharp must
 * recognise an accepted format. The picture is turned upright by its EXIF
 * orientation, shrunk to fit 1600×1600 and re-encoded as WebP, which drops
 * every piece of metadata (location, camera) and anything smuggled inside.
 */
export async function storeUploadedImage(bytes: Uint8Array, mediaDir: string): Promise<{ url: string } & NonNullable<PictureSize>> {
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes).metadata();
  } catch {
    throw new BadRequest(UPLOAD_MESSAGES.notImage);
  }
  const { format, compression } = metadata;
  if (!ACCEPTED.has(format) || (format === "heif" && compression !== "av1")) throw new BadRequest(UPLOAD_MESSAGES.notImage);
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) throw new BadRequest(UPLOAD_MESSAGES.tooManyPixels);

  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .autoOrient()
      .resize(MAX_EDGE, MAX_EDGE, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: MEDIA_WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new BadRequest(UPLOAD_MESSAGES.damaged);
  }

  const name = `upload-${createHash("sha256").update(output.data).digest("hex").slice(0, 16)}.webp`;
  await writeOnce(join(mediaDir, name), output.data);
  return { url: `/media/${name}`, width: output.info.width, height: output.info.height };
}

/** Same bytes, same name: an existing file is already right; a new one is written atomically. */
async function writeOnce(path: string, data: Buffer): Promise<void> {
  if (existsSync(path)) return;
  await mkdir(dirname(path), { recursive: true });
  await writeFileAtomically(path, data);
}

/** Width and height of a picture already in /media, so pages can reserve its space; null when unknown. */
export async function mediaPictureSize(mediaDir: string, imageUrl: string): Promise<PictureSize> {
  if (!imageUrl.startsWith("/media/")) return null;
  const path = join(mediaDir, basename(imageUrl));
  if (!existsSync(path)) return null;
  const sharp = await loadSharp();
  try {
    const { width, height, autoOrient } = await sharp(path).metadata();
    const size = autoOrient ?? { width, height };
    return size.width && size.height ? { width: size.width, height: size.height } : null;
  } catch {
    return null;
  }
}
