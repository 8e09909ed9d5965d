import { join } from "node:path";
import { NotFound } from "../errors";

/** A year: for files whose name changes whenever their bytes do. */
export const IMMUTABLE = "public, max-age=31536000, immutable";

// Served folders are flat, so a name is one safe path segment or nothing.
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/**
 * Serves one file from a flat folder. The name is checked against a strict
 * pattern before it touches the file system, so no request can climb out.
 */
export async function serveFile(dir: string, name: string, cacheControl: string): Promise<Response> {
  if (!SAFE_NAME.test(name) || name.includes("..")) throw new NotFound("File not found.");
  const file = Bun.file(join(dir, name));
  if (!(await file.exists())) throw new NotFound("File not found.");
  return new Response(file, {
    headers: {
      "Content-Type": file.type,
      "Cache-Control": cacheControl,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
