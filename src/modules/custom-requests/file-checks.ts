import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from "../../../shared/attachments";
import { BadRequest, PayloadTooLarge } from "../../errors";
import { isHeic } from "../../services/images/heic";
import { loadSharp } from "../../services/images/load-sharp";
import type { AttachmentExtension } from "../../services/storage/disk";
import { safeFileName } from "../../services/storage/file-name";
import { type CheckedAttachment, fileNotAllowed, fileTooLarge, NOT_FILES, TOO_MANY_FILES } from "./model";

/** The name an attachment gets when nothing of the sender's is left (the one file name rule). */
const FALLBACK_NAME = "attachment";

type Kind = { contentType: string; extension: AttachmentExtension };
const STL: Kind = { contentType: "model/stl", extension: "stl" };
const OBJ: Kind = { contentType: "model/obj", extension: "obj" };
const PDF: Kind = { contentType: "application/pdf", extension: "pdf" };
/** What sharp can read, by the format name its metadata reports. */
const SHARP_IMAGES: Record<string, Kind> = {
  jpeg: { contentType: "image/jpeg", extension: "jpg" },
  png: { contentType: "image/png", extension: "png" },
  gif: { contentType: "image/gif", extension: "gif" },
  webp: { contentType: "image/webp", extension: "webp" },
  tiff: { contentType: "image/tiff", extension: "tiff" },
  avif: { contentType: "image/avif", extension: "avif" },
  heif: { contentType: "image/heif", extension: "heif" },
  svg: { contentType: "image/svg+xml", extension: "svg" },
};
const HEIC: Kind = { contentType: "image/heic", extension: "heic" };
const BMP: Kind = { contentType: "image/bmp", extension: "bmp" };
const IMAGE_EXTENSIONS = new Set(["jpg", "jpeg", "png", "gif", "webp", "tif", "tiff", "avif", "heic", "heif", "svg", "bmp"]);

/**
 * The accept rule of docs/product.md#request-form, enforced on the server with
 * the bytes as the witness: up to five files of at most 5 MB, each an STL, OBJ,
 * PDF or image. Anything else is refused by name, never silently stored.
 */
export async function checkAttachments(entries: FormDataEntryValue[]): Promise<CheckedAttachment[]> {
  // A form sent without a file chosen carries one empty, nameless part.
  const files = entries.filter((entry) => !(entry instanceof File && entry.size === 0 && entry.name === ""));
  if (files.some((entry) => !(entry instanceof File))) throw new BadRequest(NOT_FILES);
  if (files.length > MAX_ATTACHMENTS) throw new BadRequest(TOO_MANY_FILES);

  const named = (files as File[]).map((file) => ({ file, filename: safeFileName(file.name, FALLBACK_NAME) }));
  for (const { file, filename } of named) {
    if (file.size > MAX_ATTACHMENT_BYTES) throw new PayloadTooLarge(fileTooLarge(filename));
  }
  const checked: CheckedAttachment[] = [];
  for (const { file, filename } of named) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const kind = await identify(bytes, extensionOf(filename), file.type.toLowerCase());
    if (!kind) throw new BadRequest(fileNotAllowed(filename));
    checked.push({ filename, bytes, ...kind });
  }
  return checked;
}

function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf(".");
  return dot > 0 ? filename.slice(dot + 1).toLowerCase() : "";
}

/** What the file is, when that is allowed and agrees with its name or declared type. */
async function identify(bytes: Uint8Array, extension: string, declaredType: string): Promise<Kind | null> {
  if (extension === "stl") return isStl(bytes) ? STL : null;
  if (extension === "obj") return isObj(bytes) ? OBJ : null;
  if (extension === "pdf" || declaredType === "application/pdf") return isPdf(bytes) ? PDF : null;
  if (declaredType.startsWith("image/") || IMAGE_EXTENSIONS.has(extension)) return imageKind(bytes);
  return null;
}

function startsWith(bytes: Uint8Array, text: string, offset = 0): boolean {
  if (bytes.length < offset + text.length) return false;
  for (let i = 0; i < text.length; i++) if (bytes[offset + i] !== text.charCodeAt(i)) return false;
  return true;
}

function isPdf(bytes: Uint8Array): boolean {
  return startsWith(bytes, "%PDF-");
}

/** Binary STL: an 80-byte header, a triangle count, then 50 bytes per triangle. ASCII STL: `solid … facet …`. */
function isStl(bytes: Uint8Array): boolean {
  if (bytes.length >= 84) {
    const triangles = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(80, true);
    if (triangles > 0 && bytes.length === 84 + 50 * triangles) return true;
  }
  const text = asText(bytes);
  return text !== null && /^\s*solid\b/.test(text) && /\bfacet\s+normal\b/.test(text) && /\bvertex\b/.test(text);
}

/** OBJ is plain text with vertex (`v x y z`) and usually face (`f …`) lines. */
function isObj(bytes: Uint8Array): boolean {
  const text = asText(bytes);
  if (text === null) return false;
  const number = String.raw`[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?`;
  return new RegExp(String.raw`^\s*v\s+${number}\s+${number}\s+${number}`, "m").test(text);
}

/** UTF-8 text without NUL bytes, or null for anything binary. */
function asText(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

async function imageKind(bytes: Uint8Array): Promise<Kind | null> {
  if (bytes.length === 0) return null;
  // HEIC (iPhone photos) and BMP are images sharp cannot read here; their headers are checked by hand.
  if (isHeic(bytes)) return HEIC;
  if (isBmp(bytes)) return BMP;
  const sharp = await loadSharp();
  try {
    const { format, compression } = await sharp(bytes, { failOn: "none" }).metadata();
    // sharp names AVIF and HEIF both "heif"; the codec tells them apart.
    if (format === "heif" && compression === "av1") return SHARP_IMAGES.avif ?? null;
    return SHARP_IMAGES[format ?? ""] ?? null;
  } catch {
    return null;
  }
}

function isBmp(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, "BM") || bytes.length < 26) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const fileSize = view.getUint32(2, true);
  const headerSize = view.getUint32(14, true);
  return fileSize === bytes.length && [12, 40, 52, 56, 108, 124].includes(headerSize);
}
