import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

// $DATA_DIR/uploads as the tests see it: shoppers' files and custom-request attachments live there.

type WithDataDir = { dataDir: string };

export const uploadsDir = (shop: WithDataDir) => join(shop.dataDir, "uploads");

/** The file names in $DATA_DIR/uploads, sorted; none before the first upload makes the folder. Proves what was (not) stored. */
export function filesInUploads(shop: WithDataDir): string[] {
  const dir = uploadsDir(shop);
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

/** Puts a file into $DATA_DIR/uploads under `storedName`, as an upload endpoint would have left it. */
export function putInUploads(shop: WithDataDir, storedName: string, bytes: string | Uint8Array): void {
  mkdirSync(uploadsDir(shop), { recursive: true });
  writeFileSync(join(uploadsDir(shop), storedName), bytes);
}
