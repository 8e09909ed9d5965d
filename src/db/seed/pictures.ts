import { createHash } from "node:crypto";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { DEMO_ART, type DemoPictureName } from "../../../seed/art";
import { DERIVED_WIDTHS, derivedName, sharingName } from "../../../shared/derived-pictures";
import { MEDIA_WEBP_QUALITY, writeDerivedCopy, writeSharingCopy } from "../../services/images/derived-copies";
import { loadSharp } from "../../services/images/load-sharp";
import { writeFileAtomically } from "../../services/storage/write-atomically";

type StoredPicture = { url: string; width: number; height: number };
export type RenderedPictures = {
  pictures: Record<DemoPictureName, StoredPicture>;
  /** Files this run created (not ones already there), so a failed seed can remove them. */
  created: string[];
};

/**
 * Renders every demo picture into `mediaDir` as `<name>-<hash>.webp`. The hash
 * of the bytes is in the name so /media can be cached for a year, and a
 * re-render of unchanged art writes nothing new. The smaller copies pages list
 * in `srcset` (`<name>-<hash>.w400.webp`, …) and the sharing copy link previews
 * fetch (`<name>-<hash>.share.jpg`) are written too, so no one waits for one to be made.
 */
export async function renderDemoPictures(mediaDir: string): Promise<RenderedPictures> {
  mkdirSync(mediaDir, { recursive: true });
  const sharp = await loadSharp();
  const created: string[] = [];
  const entries = await Promise.all(
    (Object.entries(DEMO_ART) as [DemoPictureName, () => string][]).map(async ([name, draw]) => {
      const { data, info } = await sharp(Buffer.from(draw())).webp({ quality: MEDIA_WEBP_QUALITY }).toBuffer({ resolveWithObject: true });
      const file = `${name}-${createHash("sha256").update(data).digest("hex").slice(0, 10)}.webp`;
      const path = join(mediaDir, file);
      if (!existsSync(path)) {
        await writeFileAtomically(path, data);
        created.push(path);
      }
      for (const width of DERIVED_WIDTHS.filter((candidate) => candidate < info.width)) {
        if (existsSync(join(mediaDir, derivedName(file, width)))) continue;
        created.push(await writeDerivedCopy(mediaDir, file, width));
      }
      // The link-preview copy (og:image) of every picture a page may share: the hero, each product's first
      // (docs/product.md#link-previews-and-search).
      const sharing = sharingName(file);
      if (!existsSync(join(mediaDir, sharing))) created.push(await writeSharingCopy(mediaDir, file, sharing));
      return [name, { url: `/media/${file}`, width: info.width, height: info.height }] as const;
    }),
  );
  return { pictures: Object.fromEntries(entries) as Record<DemoPictureName, StoredPicture>, created };
}

export function removeFiles(paths: string[]): void {
  for (const path of paths) rmSync(path, { force: true });
}
