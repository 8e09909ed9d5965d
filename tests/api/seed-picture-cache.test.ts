import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_ART } from "../../seed/art";
import { DEMO_PICTURE_CACHE_DIR, demoPictureCacheFor, seedDemoCatalogue } from "../../src/db/seed";
import { openPictureCache } from "../../src/db/seed/picture-cache";
import { renderDemoPictures } from "../../src/db/seed/pictures";
import { addProject } from "../support/factories";
import { countRows, createTestShop, type TestShop } from "../support/test-app";
import { HANG_GUARD_MS } from "../support/wait-until";

// The cache of rendered demo pictures (docs/decisions/0060-demo-pictures-rendered-once.md), in a folder of
// these tests' own: they start from an empty cache and break its entries on purpose.
const PICTURES = Object.keys(DEMO_ART).length;

let scratch: string;
let cacheDir: string;
/** The shop seeded first, into the empty cache: its pictures were rendered. */
let rendered: TestShop;
const opened: TestShop[] = [];

async function openShop(): Promise<TestShop> {
  const shop = await createTestShop();
  opened.push(shop);
  return shop;
}

const mediaOf = (shop: TestShop) => join(shop.dataDir, "media");
let folders = 0;
const freshFolder = () => join(scratch, `media-${++folders}`);

/** Every file in a folder and the hash of its bytes. */
function filesIn(folder: string): Record<string, string> {
  if (!existsSync(folder)) return {};
  const names = readdirSync(folder).sort();
  return Object.fromEntries(
    names.map((name) => [
      name,
      createHash("sha256")
        .update(readFileSync(join(folder, name)))
        .digest("hex"),
    ]),
  );
}

/** What the seed wrote that names a picture: each product's pictures, each project's, the hero. */
function pictureRows(shop: TestShop) {
  return {
    productImages: shop.db
      .query("SELECT product_id, image_url, sort_order, width, height FROM product_images ORDER BY product_id, sort_order")
      .all(),
    products: shop.db.query("SELECT id, image_url FROM products ORDER BY id").all(),
    projects: shop.db.query("SELECT id, image_url FROM projects ORDER BY id").all(),
    hero: shop.db.query("SELECT value FROM configuration WHERE key = 'hero_image_url'").get(),
  };
}

/** The cache's entry folder of one picture (its name starts with the picture's). */
function entryOf(picture: string): string {
  const entry = readdirSync(cacheDir).find(
    (name) => name.startsWith(`${picture}-`) && /^[0-9a-f]{64}$/.test(name.slice(picture.length + 1)),
  );
  if (!entry) throw new Error(`no cache entry for ${picture}`);
  return join(cacheDir, entry);
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "strata-picture-cache-"));
  cacheDir = join(scratch, "cache");
  rendered = await openShop();
  expect(await seedDemoCatalogue(rendered.db, mediaOf(rendered), { pictureCacheDir: cacheDir })).toBe(true);
}, HANG_GUARD_MS);

afterAll(() => {
  for (const shop of opened) shop.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe("which shops keep the demo pictures", () => {
  test("a production shop seeds without the cache (it writes nothing outside its data folder); development and test shops use the project's", () => {
    expect(demoPictureCacheFor("production")).toBeUndefined();
    expect(demoPictureCacheFor("development")).toBe(DEMO_PICTURE_CACHE_DIR);
    expect(demoPictureCacheFor("test")).toBe(DEMO_PICTURE_CACHE_DIR);
    expect(DEMO_PICTURE_CACHE_DIR).toBe(join(import.meta.dir, "..", "..", "node_modules", ".cache", "strata-demo-pictures"));
  });
});

describe("the demo pictures kept in a cache", () => {
  test("a seed into an empty cache keeps an entry for every picture, holding the very files it wrote to the shop's media folder", () => {
    const entries = readdirSync(cacheDir);
    expect(entries.filter((name) => name.startsWith("."))).toEqual([]);
    expect(entries).toHaveLength(PICTURES);
    const media = filesIn(mediaOf(rendered));
    for (const picture of Object.keys(DEMO_ART)) {
      const { "manifest.json": manifest, ...kept } = filesIn(entryOf(picture));
      expect({ picture, manifest: typeof manifest }).toEqual({ picture, manifest: "string" });
      expect(Object.keys(kept).length).toBeGreaterThanOrEqual(3);
      for (const [name, hash] of Object.entries(kept)) expect({ name, hash }).toEqual({ name, hash: media[name] ?? "missing" });
    }
  });

  test(
    "a second seed into a fresh media folder takes every picture from the cache: the same files, byte for byte, and the same rows",
    async () => {
      const folder = freshFolder();
      const again = await renderDemoPictures(folder, { cacheDir });
      expect(again.reused).toBe(PICTURES);
      expect(filesIn(folder)).toEqual(filesIn(mediaOf(rendered)));
      expect(again.created.sort()).toEqual(Object.keys(filesIn(folder)).map((name) => join(folder, name)));

      const shop = await openShop();
      expect(await seedDemoCatalogue(shop.db, mediaOf(shop), { pictureCacheDir: cacheDir })).toBe(true);
      expect(pictureRows(shop)).toEqual(pictureRows(rendered));
      expect(filesIn(mediaOf(shop))).toEqual(filesIn(mediaOf(rendered)));
    },
    HANG_GUARD_MS,
  );

  test(
    "a cached picture with one of its files missing is rendered again, and its entry is mended",
    async () => {
      const entry = entryOf("hero");
      const smaller = readdirSync(entry).find((name) => name.endsWith(".w400.webp"));
      rmSync(join(entry, smaller ?? "no smaller copy"));
      await expectRenderedAgainThenMended();
    },
    HANG_GUARD_MS,
  );

  test(
    "a cached picture whose manifest does not read is rendered again, and its entry is mended",
    async () => {
      writeFileSync(join(entryOf("hero"), "manifest.json"), '{"format": 1, "file": ');
      await expectRenderedAgainThenMended();
    },
    HANG_GUARD_MS,
  );

  test(
    "a cached picture whose file was cut short is rendered again, and its entry is mended",
    async () => {
      const entry = entryOf("hero");
      const sharing = readdirSync(entry).find((name) => name.endsWith(".share.jpg")) ?? "no sharing copy";
      writeFileSync(join(entry, sharing), readFileSync(join(entry, sharing)).subarray(0, 100));
      await expectRenderedAgainThenMended();
    },
    HANG_GUARD_MS,
  );

  test(
    "a seed from the cache that cannot write its rows removes the copies it made in the media folder and leaves the cache whole",
    async () => {
      const shop = await openShop();
      // A project the owner made with the same id as a demo project: the insert fails part-way.
      addProject(shop.db, { id: "cafe-planters", title: "Owner's own project" });
      const cacheBefore = readdirSync(cacheDir).map((entry) => [entry, filesIn(join(cacheDir, entry))]);
      await expect(seedDemoCatalogue(shop.db, mediaOf(shop), { pictureCacheDir: cacheDir })).rejects.toThrow();
      expect(countRows(shop.db, "products")).toBe(0);
      expect(filesIn(mediaOf(shop))).toEqual({});
      expect(readdirSync(cacheDir).map((entry) => [entry, filesIn(join(cacheDir, entry))])).toEqual(cacheBefore);
      expect((await renderDemoPictures(freshFolder(), { cacheDir })).reused).toBe(PICTURES);
    },
    HANG_GUARD_MS,
  );

  test(
    "a cache folder that cannot be written (a file stands where it should be) still seeds: every picture rendered, nothing kept",
    async () => {
      const blocked = join(scratch, "blocked-cache");
      writeFileSync(blocked, "not a folder");
      const shop = await openShop();
      expect(await seedDemoCatalogue(shop.db, mediaOf(shop), { pictureCacheDir: blocked })).toBe(true);
      expect(pictureRows(shop)).toEqual(pictureRows(rendered));
      expect(filesIn(mediaOf(shop))).toEqual(filesIn(mediaOf(rendered)));
      expect(readFileSync(blocked, "utf8")).toBe("not a folder");
    },
    HANG_GUARD_MS,
  );

  test("shops storing the same picture at once leave one whole entry and none of their temporary folders", async () => {
    const cache = join(scratch, "race-cache");
    const picture = { file: "hero-0123456789.webp", width: 500, height: 300 };
    const shops = ["a", "b", "c", "d"].map((shop) => {
      const media = join(scratch, `race-media-${shop}`);
      mkdirSync(media);
      for (const name of [picture.file, "hero-0123456789.w400.webp", "hero-0123456789.share.jpg"]) writeFileSync(join(media, name), name);
      return { media, cache: openPictureCache(cache, "the same recipe") };
    });
    const key = shops[0]!.cache.keyOf("hero", "<svg/>");
    const stored = await Promise.all(shops.map((shop) => shop.cache.store(key, shop.media, picture)));
    expect(stored.filter(Boolean)).toHaveLength(1);
    expect(readdirSync(cache)).toEqual([key]);
    const media = freshFolder();
    mkdirSync(media);
    const created: string[] = [];
    expect(await shops[1]!.cache.take(key, media, created)).toEqual(picture);
    expect(filesIn(media)).toEqual(filesIn(shops[0]!.media));
    expect(created).toHaveLength(3);
  });
});

/** The broken hero entry: the next seed renders the hero (and only it), and the one after takes it from the cache again. */
async function expectRenderedAgainThenMended(): Promise<void> {
  const folder = freshFolder();
  const repaired = await renderDemoPictures(folder, { cacheDir });
  expect(repaired.reused).toBe(PICTURES - 1);
  expect(filesIn(folder)).toEqual(filesIn(mediaOf(rendered)));
  const after = freshFolder();
  expect((await renderDemoPictures(after, { cacheDir })).reused).toBe(PICTURES);
  expect(filesIn(after)).toEqual(filesIn(mediaOf(rendered)));
  expect(readdirSync(cacheDir).filter((name) => name.startsWith("."))).toEqual([]);
}
