import { BadRequest } from "../../errors";
import { isHeic } from "../../services/images/heic";
import { loadSharp } from "../../services/images/load-sharp";
import { MAX_INPUT_PIXELS, MESSAGES } from "./model";

// failOn 'error' makes a truncated or corrupt file an error instead of a
// half-grey picture; the pixel limit stops a decompression bomb before decoding.
const DECODE = { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" } as const;
/** What sharp reports for JPEG, PNG, WebP and HEIF/AVIF (HEIC decodes only where libvips has HEVC). */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "heif"]);
const MAX_SIDE = 3000;
const PREVIEW_SIDE = 600;

export type NormalisedPhoto = { jpeg: Buffer; width: number; height: number };

/**
 * Turns an uploaded photo into the one file the shop keeps: upright (EXIF
 * orientation applied), at most 3000 px a side, JPEG quality 90, flattened
 * onto white. The format comes from the bytes, never the name or the sent
 * type. Re-encoding drops everything that is not pixels: EXIF (GPS!), ICC,
 * XMP, and whatever a polyglot hid after the image data.
 */
export async function normalisePhoto(bytes: Uint8Array): Promise<NormalisedPhoto> {
  const sharp = await loadSharp();
  try {
    const { format, width = 0, height = 0 } = await sharp(bytes, DECODE).metadata();
    if (!ACCEPTED_FORMATS.has(format ?? "")) throw new BadRequest(MESSAGES.notPhoto);
    if (width * height > MAX_INPUT_PIXELS) throw new BadRequest(MESSAGES.photoTooManyPixels);
    const { data, info } = await sharp(bytes, DECODE)
      .rotate()
      .resize(MAX_SIDE, MAX_SIDE, { fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 90 })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: data, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof BadRequest && error.message === MESSAGES.photoTooManyPixels) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw new BadRequest(MESSAGES.photoTooManyPixels);
    // Where libvips has HEVC a HEIC photo is read above; here it could not be: say what to do instead.
    if (isHeic(bytes)) throw new BadRequest(MESSAGES.heicUnreadable);
    throw new BadRequest(MESSAGES.notPhoto);
  }
}

/**
 * A small greyscale picture with the shadows lifted, which is roughly how a
 * lithophane looks with a light behind it (thin plastic glows, thick stays dark).
 */
export async function lithophanePreview(storedPath: string): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(storedPath, DECODE)
    .resize(PREVIEW_SIDE, PREVIEW_SIDE, { fit: "inside", withoutEnlargement: true })
    .greyscale()
    .linear(0.82, 46)
    .toColourspace("b-w")
    .jpeg({ quality: 80 })
    .toBuffer();
}

/**
 * A route's basket-size map (an SVG of lines and dots, no text) as a PNG at twice its size, for emails:
 * Gmail and Outlook show no SVG pictures, every mail client shows a PNG.
 */
export async function routeThumbPng(svg: string): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg), { density: 144 }).png().toBuffer();
}
