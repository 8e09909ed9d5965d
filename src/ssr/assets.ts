import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { buildClientAssets, CLIENT_OUT_DIR, CLIENT_SOURCE_DIR } from "./build-client";

/** Public URLs of the built, content-hashed client files. */
export type AssetManifest = {
  clientScript: string;
  stylesheet: string;
};

export const MANIFEST_FILE = join(CLIENT_OUT_DIR, "manifest.json");

/**
 * Loads the manifest written by the client build. A fresh clone has none, and
 * a pulled change can leave an old one behind, so `bun start` (re)builds when
 * the manifest is missing or older than any browser source file.
 */
export async function loadAssets(): Promise<AssetManifest> {
  if (!existsSync(MANIFEST_FILE) || newestSourceChange(CLIENT_SOURCE_DIR) > statSync(MANIFEST_FILE).mtimeMs) {
    return buildClientAssets();
  }
  return JSON.parse(readFileSync(MANIFEST_FILE, "utf8")) as AssetManifest;
}

function newestSourceChange(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}
