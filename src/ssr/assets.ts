import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { buildClientAssets, CLIENT_OUT_DIR } from "./build-client";

/** Public URLs of the built, content-hashed client files. */
export type AssetManifest = {
  clientScript: string;
  stylesheet: string;
};

export const MANIFEST_FILE = join(CLIENT_OUT_DIR, "manifest.json");

/**
 * Loads the manifest written by the client build. A fresh clone has none, so
 * `bun start` builds the assets once itself; `rebuild` forces it (dev mode).
 */
export async function loadAssets({ rebuild = false } = {}): Promise<AssetManifest> {
  if (rebuild || !existsSync(MANIFEST_FILE)) return buildClientAssets();
  return JSON.parse(readFileSync(MANIFEST_FILE, "utf8")) as AssetManifest;
}
