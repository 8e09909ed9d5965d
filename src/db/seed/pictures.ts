import { createHash } from "node:crypto";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { DEMO_ART, type DemoPictureName } from "../../../seed/art";
import { DERIVED_WIDTHS, derivedName, SHARING_PICTURE, sharingName } from "../../../shared/derived-pictures";
import { MEDIA_WEBP_QUALITY, writeDerivedCopy, writeSharingCopy } from "../../services/images/derived-copies";
import { loadSharp, type Sharp } from "../../services/images/load-sharp";
import { writeFileAtomically } from "../../services/storage/write-atomically";
import { type DemoPicture, demoPictureFiles, openPictureCache, type PictureCache } from "./picture-cache";

type StoredPicture = { url: string; width: number; height: number };
export type RenderedPictures = {
  pictures: Record<DemoPictureName, StoredPicture>;
  /** Files this run created (not ones already there), so a failed seed can remove them. */
  created: string[];
  /** How many pictures were copied from the cache instead of rendered. */
  reused: number;
};

/**
 * Renders every demo picture into `mediaDir` as `<name>-<hash>.webp`. The hash
 * of the bytes is in the name so /media can be cached for a year, and a
 * re-render of unchanged art writes nothing new. The smaller copies pages list
 * in `srcset` (`<name>-<hash>.w400.webp`, …) and the sharing copy link previews
 * fetch (`<name>-<hash>.share.jpg`) are written too, so no one waits for one to be made.
 *
 * With `cacheDir` (development and test shops only), a picture rendered once is
 * copied from there afterwards, and one rendered afresh is kept there
 * (docs/decisions/0060-demo-pictures-rendered-once.md).
 */
export async function renderDemoPictures(mediaDir: string, { cacheDir }: { cacheDir?: string } = {}): Promise<RenderedPictures> {
  mkdirSync(mediaDir, { recursive: true });
  const sharp = await loadSharp();
  const cache = cacheDir === undefined ? null : openPictureCache(cacheDir, recipe(sharp));
  const created: string[] = [];
  let reused = 0;
  const entries = await Promise.all(
    (Object.entries(DEMO_ART) as [DemoPictureName, () => string][]).map(async ([name, draw]) => {
      const svg = draw();
      const picture = cache
        ? await takeOrRender(cache, sharp, mediaDir, name, svg, created)
        : { ...(await renderPicture(sharp, mediaDir, name, svg, created)), reused: false };
      if (picture.reused) reused++;
      return [name, { url: `/media/${picture.file}`, width: picture.width, height: picture.height }] as const;
    }),
  );
  return { pictures: Object.fromEntries(entries) as Record<DemoPictureName, StoredPicture>, created, reused };
}

/**
 * Everything a picture's files depend on besides its drawing: the cache's key covers it. The
 * functions' source is in it, so a change in how any copy is made is never served an older file.
 */
function recipe(sharp: Sharp): string {
  return JSON.stringify({
    webpQuality: MEDIA_WEBP_QUALITY,
    derivedWidths: DERIVED_WIDTHS,
    sharingPicture: SHARING_PICTURE,
    original: renderPicture.toString(),
    files: demoPictureFiles.toString(),
    derivedCopy: writeDerivedCopy.toString(),
    sharingCopy: writeSharingCopy.toString(),
    versions: sharp.versions,
  });
}

/** Rasterises the drawing to WebP and writes it and each of its copies that is missing. */
async function renderPicture(sharp: Sharp, mediaDir: string, name: string, svg: string, created: string[]): Promise<DemoPicture> {
  const { data, info } = await sharp(Buffer.from(svg)).webp({ quality: MEDIA_WEBP_QUALITY }).toBuffer({ resolveWithObject: true });
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
  return { file, width: info.width, height: info.height };
}

/**
 * The picture copied from the cache, or else rendered and kept there. A rendered picture is kept only
 * when this run wrote every one of its files: a copy already in the media folder may have been made
 * by an older version of the shop, and must not be served as this one's.
 */
async function takeOrRender(
  cache: PictureCache,
  sharp: Sharp,
  mediaDir: string,
  name: string,
  svg: string,
  created: string[],
): Promise<DemoPicture & { reused: boolean }> {
  const key = cache.keyOf(name, svg);
  const cached = await cache.take(key, mediaDir, created);
  if (cached) return { ...cached, reused: true };
  const picture = await renderPicture(sharp, mediaDir, name, svg, created);
  if (demoPictureFiles(picture).every((file) => created.includes(join(mediaDir, file)))) await cache.store(key, mediaDir, picture);
  return { ...picture, reused: false };
}

export function removeFiles(paths: string[]): void {
  for (const path of paths) rmSync(path, { force: true });
}
