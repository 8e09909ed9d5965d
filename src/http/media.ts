import { existsSync } from "node:fs";
import { join } from "node:path";
import { parseDerivedName, parseSharingName } from "../../shared/derived-pictures";
import { writeDerivedCopy, writeSharingCopy } from "../services/images/derived-copies";
import { IMMUTABLE, serveFile } from "./serve-file";

/**
 * Serves /media. A smaller copy of a picture (`<name>.w400.webp`, see
 * shared/derived-pictures.ts), or its sharing copy (`<name>.share.jpg`,
 * docs/product.md#link-previews-and-search), that is not on disk yet is made from
 * its original with sharp, written once (under a temporary name, then renamed)
 * and served; only the fixed widths exist, and only for originals that exist,
 * so requests cannot fill the disk. Requests for the same copy at once share
 * one resize.
 */
export function createMediaHandler(mediaDir: string) {
  const making = new Map<string, Promise<string>>();

  return async function serveMedia(name: string): Promise<Response> {
    const derived = parseDerivedName(name);
    const sharedFrom = parseSharingName(name);
    const original = derived?.original ?? sharedFrom;
    if (original && !existsSync(join(mediaDir, name)) && existsSync(join(mediaDir, original))) {
      let job = making.get(name);
      if (!job) {
        const make = derived ? writeDerivedCopy(mediaDir, original, derived.width) : writeSharingCopy(mediaDir, original, name);
        job = make.finally(() => making.delete(name));
        making.set(name, job);
      }
      await job;
    }
    return serveFile(mediaDir, name, IMMUTABLE);
  };
}
