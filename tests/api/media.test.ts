import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import sharp from "sharp";
import { IMMUTABLE, serveFile } from "../../src/http/serve-file";
import { imageSources, SIZES } from "../../web/components/responsive-image";
import { createTestShop, type TestShop } from "../support/test-app";

// Pages list smaller copies of the shop's own pictures in `srcset`; the seed
// writes them, and any that is missing (an admin upload) is made on its first
// request from the original.

let shop: TestShop;
const ORIGINAL = "upload-0123456789abcdef.webp";

beforeAll(async () => {
  shop = await createTestShop();
  const media = join(shop.dataDir, "media");
  mkdirSync(media, { recursive: true });
  await sharp({ create: { width: 1600, height: 1000, channels: 3, background: "#c2410c" } })
    .webp()
    .toFile(join(media, ORIGINAL));
});
afterAll(() => shop.close());

describe("smaller copies of pictures", () => {
  test("a page lists 400, 800 and 1200 px copies and the original for a 1600 px picture", () => {
    expect(imageSources(`/media/${ORIGINAL}`, 1600, SIZES.card)).toEqual({
      src: `/media/${ORIGINAL}`,
      srcSet: `/media/upload-0123456789abcdef.w400.webp 400w, /media/upload-0123456789abcdef.w800.webp 800w, /media/upload-0123456789abcdef.w1200.webp 1200w, /media/${ORIGINAL} 1600w`,
      sizes: SIZES.card,
    });
    expect(imageSources("/media/small.webp", 400, SIZES.card)).toEqual({ src: "/media/small.webp" });
    expect(imageSources("https://cdn.example.com/a.webp", 1600, SIZES.card)).toEqual({ src: "https://cdn.example.com/a.webp" });
    expect(imageSources("/media/unknown-size.webp", null, SIZES.card)).toEqual({ src: "/media/unknown-size.webp" });
  });

  test("a copy that is not on disk yet is made on its first request, kept, and cached for a year", async () => {
    const response = await shop.request("/media/upload-0123456789abcdef.w400.webp");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const { width, height, format } = await sharp(new Uint8Array(await response.arrayBuffer())).metadata();
    expect({ width, height, format }).toEqual({ width: 400, height: 250, format: "webp" });
    expect(existsSync(join(shop.dataDir, "media", "upload-0123456789abcdef.w400.webp"))).toBe(true);
    // Nothing half-written is left beside it.
    expect(readdirSync(join(shop.dataDir, "media")).filter((name) => name.startsWith("."))).toEqual([]);
  });

  test("many requests for the same new copy at once all get it", async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => shop.request("/media/upload-0123456789abcdef.w800.webp")));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
  });

  test("only the fixed widths of pictures that exist: anything else is not found", async () => {
    for (const path of [
      "/media/upload-0123456789abcdef.w500.webp",
      "/media/upload-0123456789abcdef.w4000.webp",
      "/media/no-such-picture.w400.webp",
      "/media/upload-0123456789abcdef.w400.png",
    ]) {
      expect({ path, status: (await shop.request(path)).status }).toEqual({ path, status: 404 });
    }
    expect(readdirSync(join(shop.dataDir, "media")).sort()).toEqual(
      [ORIGINAL, "upload-0123456789abcdef.w400.webp", "upload-0123456789abcdef.w800.webp"].sort(),
    );
  });
});

describe("scripts and styles", () => {
  test("are sent as the brotli or gzip copy written beside them at build time, whichever the browser takes", async () => {
    const dir = mkdtempSync(join(tmpdir(), "strata-assets-"));
    try {
      const script = "export const greeting = 'hello';\n".repeat(50);
      writeFileSync(join(dir, "client-abc123.js"), script);
      writeFileSync(join(dir, "client-abc123.js.br"), brotliCompressSync(script));
      writeFileSync(join(dir, "client-abc123.js.gz"), gzipSync(script));
      const ask = (encoding?: string) =>
        serveFile(
          dir,
          "client-abc123.js",
          IMMUTABLE,
          new Request("http://shop.test/assets/client-abc123.js", { headers: encoding ? { "accept-encoding": encoding } : {} }),
        );

      const br = await ask("gzip, deflate, br");
      expect(br.headers.get("content-encoding")).toBe("br");
      expect(br.headers.get("content-type")).toContain("javascript");
      expect(br.headers.get("vary")).toBe("Accept-Encoding");
      expect(brotliDecompressSync(new Uint8Array(await br.arrayBuffer())).toString()).toBe(script);

      const gzip = await ask("gzip");
      expect(gzip.headers.get("content-encoding")).toBe("gzip");
      expect(gunzipSync(new Uint8Array(await gzip.arrayBuffer())).toString()).toBe(script);

      const plain = await ask();
      expect(plain.headers.get("content-encoding")).toBeNull();
      expect(await plain.text()).toBe(script);
      expect(plain.headers.get("cache-control")).toBe(IMMUTABLE);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
