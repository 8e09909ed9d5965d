import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { AssetManifest } from "./asset-manifest";
import { buildClientAssets, CLIENT_OUT_DIR, CLIENT_SOURCE_DIR, SHARED_SOURCE_DIR } from "./build-client";

const MANIFEST_KEYS = [
  "clientScript",
  "stylesheet",
  "adminScript",
  "adminStylesheet",
  "captchaStylesheet",
  "captchaWorker",
  "packingSlipStylesheet",
] as const;

const MANIFEST_FILE = join(CLIENT_OUT_DIR, "manifest.json");

/**
 * Loads the manifest written by the client build. A fresh clone has none, and
 * a pulled change can leave an old one behind, so `bun start` (re)builds when
 * the manifest is missing or older than any browser source file (web/, and
 * shared/, which the bundles import).
 */
export async function loadAssets(): Promise<AssetManifest> {
  const newestSource = Math.max(newestSourceChange(CLIENT_SOURCE_DIR), newestSourceChange(SHARED_SOURCE_DIR));
  if (!existsSync(MANIFEST_FILE) || newestSource > statSync(MANIFEST_FILE).mtimeMs) {
    return buildClientAssets();
  }
  const stored = JSON.parse(readFileSync(MANIFEST_FILE, "utf8")) as Partial<AssetManifest>;
  // A manifest from an older build may lack an entry added since: build afresh.
  if (MANIFEST_KEYS.some((key) => typeof stored[key] !== "string")) return buildClientAssets();
  return stored as AssetManifest;
}

function newestSourceChange(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}
