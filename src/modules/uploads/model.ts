import { z } from "zod";
import { GPX_MAX_BYTES, GPX_MESSAGES, MAX_TRIM_M } from "../../../shared/gpx-limits";
import { MESH_MAX_BYTES } from "../../../shared/mesh-reader";
import type { RouteDetails } from "../../../shared/route-drawing";
import type { RouteTrim } from "../../../shared/route-trim";

const MB = 1024 * 1024;

// The GPX limits are the product page's too: it reads the file before sending it (shared/gpx-limits.ts).
export { GPX_MAX_BYTES };
export const IMAGE_MAX_BYTES = 15 * MB;
/** Photos larger than this are refused before they are decoded. */
export const MAX_INPUT_PIXELS = 50_000_000;

/** A 3D model: the mesh reader's own cap (shared/mesh-reader.ts), so whatever the page can show the server reads. */
export const MODEL_MAX_BYTES = MESH_MAX_BYTES;

export type UploadKind = "gpx" | "image" | "model";
export type ImageDetails = { width: number; height: number };
export type { RouteDetails, RouteTrim };

/**
 * What both upload calls answer; the basket keeps `token` and `name` (docs/product.md#basket-item: gpxToken/gpxName,
 * imageToken/imageName).
 */
export type UploadAnswer<D> = { token: string; name: string; details: D };

/** Every message a shopper can get from these routes, word for word. */
export const MESSAGES = {
  productNotFound: "Product not found.",
  productMissing: "Say which product this file is for.",
  gpxNotTaken: "This product doesn't take a GPX file.",
  imageNotTaken: "This product doesn't take a photo.",
  gpxMissing: "Choose a GPX file to upload.",
  imageMissing: "Choose a photo to upload.",
  imageTooLarge: "Photos can be at most 15 MB.",
  ...GPX_MESSAGES,
  notPhoto: "That file is not a photo we can print from. Upload a JPEG, PNG or WebP image.",
  heicUnreadable:
    "This HEIC photo cannot be read here. Save it as a JPEG (on an iPhone: Settings › Camera › Formats › Most Compatible) and upload it again.",
  photoTooManyPixels: "That photo is too large (over 50 megapixels). Please upload a smaller one.",
  gpxTrimInvalid: "Choose how much of each end of the route to hide as a whole number of metres from 0 to 1000.",
  uploadNotFound: "Upload not found.",
  tooManyUploads: "Too many uploads. Please wait a few minutes and try again.",
} as const;

/** Every upload call together (routes, photos, models), per address: plenty for a basket, little for a script. */
export const UPLOADS_PER_WINDOW = 20;
export const UPLOAD_WINDOW_MS = 10 * 60_000;

/**
 * Route and photo previews together (preview.svg, .png, .jpg), per address: a basket's thumbnails, a trim being
 * redrawn and an order email's pictures are a few a minute; the limit keeps a script from costing the shop's
 * heavy-work slot and full collections.
 */
export const PREVIEWS_PER_MINUTE = 120;
export const PREVIEW_MESSAGES = {
  tooManyPreviews: "Too many preview pictures asked for. Please wait a minute and try again.",
} as const;

/** A trim field of the upload form: absent or blank is 0; anything else must be whole metres from 0 to MAX_TRIM_M. */
const trimMetresSchema = z
  .string({ error: MESSAGES.gpxTrimInvalid })
  .trim()
  .regex(/^\d{0,4}$/, { error: MESSAGES.gpxTrimInvalid })
  .transform(Number)
  .refine((metres) => metres <= MAX_TRIM_M, { error: MESSAGES.gpxTrimInvalid })
  .optional()
  .transform((metres) => metres ?? 0);
export const routeTrimSchema = z.object({ startM: trimMetresSchema, endM: trimMetresSchema });

export const productIdSchema = z.string({ error: MESSAGES.productMissing }).trim().min(1, { error: MESSAGES.productMissing });

/** 32 random bytes in base64url: 43 characters, nothing else. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
