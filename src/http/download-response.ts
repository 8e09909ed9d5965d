import { join } from "node:path";
import { NotFound } from "../errors";

// Stored names are random and flat; anything else never touches the file system.
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
const MEDIA_TYPE = /^[a-z0-9!#$&^_.+-]{1,64}\/[a-z0-9!#$&^_.+-]{1,64}$/i;

/**
 * A stored upload as a download: always an attachment, never sniffed or
 * cached, so a shopper's file can never run as a page on the shop's origin.
 */
export async function downloadResponse(uploadsDir: string, file: { stored_name: string; filename: string; content_type: string }) {
  if (!SAFE_NAME.test(file.stored_name) || file.stored_name.includes("..")) throw new NotFound("File not found.");
  const bytes = Bun.file(join(uploadsDir, file.stored_name));
  if (!(await bytes.exists())) throw new NotFound("File not found.");
  return new Response(bytes, {
    headers: {
      "Content-Type": MEDIA_TYPE.test(file.content_type) ? file.content_type : "application/octet-stream",
      "Content-Disposition": `attachment; filename="${asciiName(file.filename)}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}

function asciiName(name: string): string {
  return name.replace(/[^\x20-\x7e]|["\\]/g, "_") || "download";
}
