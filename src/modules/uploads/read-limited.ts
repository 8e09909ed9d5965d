import { PayloadTooLarge } from "../../errors";

/** Room for the other form fields, part headers and boundaries around the one file. */
export const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * Reads a multipart body without ever holding more than the limit.
 *
 * Elysia's default multipart parsing calls request.formData(), which buffers
 * the whole body before any handler runs, so these routes use
 * `{ parse: 'none' }` and read the body here instead:
 * 1. a Content-Length above the limit is refused before a byte is read;
 * 2. otherwise the body stream is read chunk by chunk and cancelled the
 *    moment the count passes the limit (chunked bodies have no length);
 * 3. only then are the collected bytes parsed as form data.
 * The limit is the file's own limit plus a small allowance for the rest of
 * the form; the exact per-file check happens once the file is in hand.
 */
export async function readLimitedForm(request: Request, fileLimitBytes: number, tooLargeMessage: string): Promise<FormData> {
  const maxBytes = fileLimitBytes + FORM_OVERHEAD_BYTES;
  // Read the headers before the body: Bun fills in a FormData body's
  // content-type lazily and loses it once the stream has been consumed.
  const contentType = request.headers.get("content-type") ?? "";
  // Only multipart carries a file; anything else is answered as a form without one, unread.
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    await request.body?.cancel().catch(() => undefined);
    return new FormData();
  }
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await request.body?.cancel().catch(() => undefined);
    throw new PayloadTooLarge(tooLargeMessage);
  }

  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = request.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new PayloadTooLarge(tooLargeMessage);
    }
    chunks.push(value);
  }

  const body = new Blob(chunks as BlobPart[]);
  // The Blob holds its own copy: let the chunks go before the form is parsed.
  chunks.length = 0;
  try {
    return await new Response(body, { headers: { "content-type": contentType } }).formData();
  } catch {
    // A broken multipart body: treated like a form without the file.
    return new FormData();
  }
}

/** The named file of a form, or null when none was chosen (browsers send an empty part then). */
export function formFile(form: FormData, field: string, fileLimitBytes: number, tooLargeMessage: string): File | null {
  const value = form.get(field);
  if (!(value instanceof Blob) || value.size === 0) return null;
  if (value.size > fileLimitBytes) throw new PayloadTooLarge(tooLargeMessage);
  return value instanceof File ? value : new File([value], "");
}

export function formText(form: FormData, field: string): string | undefined {
  const value = form.get(field);
  return typeof value === "string" ? value : undefined;
}
