import { join } from "node:path";
import { NotFound } from "../errors";
import { pickEncoding } from "./compression";

/** A year: for files whose name changes whenever their bytes do. */
export const IMMUTABLE = "public, max-age=31536000, immutable";

// Served folders are flat, so a name is one safe path segment or nothing.
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** File extensions the client build also writes as `name.br` and `name.gz` (src/ssr/build-client.ts). */
const PRECOMPRESSED = /\.(js|css)$/;

/**
 * Serves one file from a flat folder. The name is checked against a strict
 * pattern before it touches the file system, so no request can climb out.
 * Scripts and styles are sent as the brotli or gzip copy written beside them
 * at build time when the browser takes that encoding.
 */
export async function serveFile(dir: string, name: string, cacheControl: string, request?: Request): Promise<Response> {
  if (!SAFE_NAME.test(name) || name.includes("..")) throw new NotFound("File not found.");
  const file = Bun.file(join(dir, name));
  const headers: Record<string, string> = {
    "Content-Type": file.type,
    "Cache-Control": cacheControl,
    "X-Content-Type-Options": "nosniff",
  };
  if (request && PRECOMPRESSED.test(name)) {
    headers.Vary = "Accept-Encoding";
    const encoding = pickEncoding(request.headers.get("accept-encoding"));
    if (encoding) {
      const encoded = Bun.file(join(dir, `${name}.${encoding === "br" ? "br" : "gz"}`));
      if (await encoded.exists()) return new Response(encoded, { headers: { ...headers, "Content-Encoding": encoding } });
    }
  }
  if (!(await file.exists())) throw new NotFound("File not found.");
  return new Response(file, { headers });
}
