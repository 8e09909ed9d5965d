import { NotFound } from "../errors";
import { isStoredName, type UploadStorage } from "../services/storage/disk";
import { safeFileName } from "../services/storage/file-name";

const MEDIA_TYPE = /^[a-z0-9!#$&^_.+-]{1,64}\/[a-z0-9!#$&^_.+-]{1,64}$/i;

/** A stored file as the row that names it has it: its name on disk, the sender's name for it, its type. */
export type DownloadableFile = { stored_name: string; filename: string; content_type: string };

/**
 * A file from the upload storage as a download (GPX routes, photos, custom
 * request attachments): always an attachment, never sniffed or cached, so a
 * shopper's file can never run as a page on the shop's origin. The name sent
 * goes through the one file name rule again, so a row stored before it
 * existed cannot put anything else into the header.
 */
export async function downloadResponse(storage: UploadStorage, file: DownloadableFile): Promise<Response> {
  // Only names the storage makes ever touch the file system.
  if (!isStoredName(file.stored_name)) throw new NotFound("File not found.");
  const bytes = Bun.file(storage.path(file.stored_name));
  if (!(await bytes.exists())) throw new NotFound("File not found.");
  const filename = safeFileName(file.filename, "download");
  return new Response(bytes, {
    headers: {
      "Content-Type": MEDIA_TYPE.test(file.content_type) ? file.content_type : "application/octet-stream",
      "Content-Disposition": `attachment; filename="${asciiName(filename)}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}

/** The plain-ASCII filename= for old clients; filename*= carries the real one. */
function asciiName(name: string): string {
  return name.replace(/[^\x20-\x7e]|["\\]/g, "_") || "download";
}
