import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import sharp from "sharp";
import { openDatabase } from "../../src/db/open";
import { addProduct } from "../support/factories";
import { HANG_GUARD_MS } from "../support/wait-until";
import { createScratch } from "./support/scratch";
import { prepareShopDatabase } from "./support/shop-process";

// Four concurrent 9.8 MB GPX uploads took the real shop from 150 MB to 1.43 GB
// (docs/decisions/0010-hardening.md). Here the real shop process takes a crowd
// of big uploads at once (GPX files, photos and custom requests with
// attachments) and its peak resident memory must stay under 300 MB, every
// answer being a success or a refusal the sender can act on (503/429 with
// Retry-After).

const MB = 1024 * 1024;
const PEAK_LIMIT_KB = 300 * 1024;

const scratch = createScratch();
afterAll(() => scratch.cleanUp());

/** A valid GPX track of about `bytes` bytes: points with height and time, as a watch records them. */
function bigGpx(bytes: number): string {
  const parts = [
    `<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="Strata test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>\n`,
  ];
  let size = parts[0]!.length;
  for (let i = 0; size < bytes - 100; i++) {
    const point = `<trkpt lat="${(50 + i * 1e-6).toFixed(6)}" lon="${(-1 + i * 1e-6).toFixed(6)}"><ele>${(100 + (i % 500) / 10).toFixed(1)}</ele><time>2025-05-01T10:00:00Z</time></trkpt>\n`;
    parts.push(point);
    size += point.length;
  }
  parts.push("</trkseg></trk></gpx>\n");
  return parts.join("");
}

/** A noisy photo (noise does not compress, so the file is big), JPEG or PNG. */
async function bigPhoto(side: number, format: "jpeg" | "png"): Promise<Uint8Array> {
  const tile = new Uint8Array(700 * 700 * 3);
  for (let i = 0; i < tile.length; i++) tile[i] = Math.imul(i, 2654435761) >>> 24;
  const picture = sharp(tile, { raw: { width: 700, height: 700, channels: 3 } }).resize(side, side, { kernel: "nearest" });
  const encoded = format === "jpeg" ? picture.jpeg({ quality: 80 }).withMetadata({ orientation: 6 }) : picture.png({ compressionLevel: 1 });
  return new Uint8Array(await encoded.toBuffer());
}

function peakResidentKb(pid: number): number {
  return Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
}

type Answer = { status: number; retryAfter: string | null; error?: string };

let shoppers = 0;
/** Each upload from its own shopper, as the proxy on loopback says (the shop runs with TRUST_PROXY=true), so no per-address share hides the crowd. */
const ownAddress = () => ({ "X-Forwarded-For": `198.51.100.${++shoppers}` });

async function post(url: string, body: FormData, headers: Record<string, string> = ownAddress()): Promise<Answer> {
  const response = await fetch(url, { method: "POST", body, headers });
  const text = await response.text();
  const error = response.ok ? undefined : (JSON.parse(text) as { error?: string }).error;
  return { status: response.status, retryAfter: response.headers.get("retry-after"), error };
}

describe("a crowd of big uploads against the real shop process", () => {
  test(
    "peak memory stays under 300 MB; every answer is a success or 503/429 with Retry-After; the shop keeps serving",
    async () => {
      const dataDir = scratch.tempDir();
      prepareShopDatabase(dataDir);
      const db = openDatabase(join(dataDir, "shop.db"));
      addProduct(db, { id: "map", name: "Relief map", requires_gpx: true });
      addProduct(db, { id: "lamp", name: "Lithophane", requires_image: true });
      db.close();
      const shop = await scratch.startShop({ dataDir });
      const pid = shop.serverPid();

      const gpx = bigGpx(9.8 * MB);
      const jpeg = await bigPhoto(7000, "jpeg");
      const png = await bigPhoto(4000, "png");
      expect(jpeg.byteLength).toBeGreaterThan(8 * MB);
      expect(jpeg.byteLength).toBeLessThan(15 * MB);
      const attachment = new Uint8Array(4.9 * MB);
      attachment.set(new TextEncoder().encode("%PDF-1.4\n"));

      const gpxUpload = () => {
        const form = new FormData();
        form.append("productId", "map");
        form.append("gpx", new File([gpx], "long-ride.gpx", { type: "application/gpx+xml" }));
        return post(`${shop.origin}/api/gpx/upload`, form);
      };
      const photoUpload = (bytes: Uint8Array, name: string) => {
        const form = new FormData();
        form.append("productId", "lamp");
        form.append("image", new File([bytes as Uint8Array<ArrayBuffer>], name));
        return post(`${shop.origin}/api/image/upload`, form);
      };
      const customRequest = async () => {
        const shopper = ownAddress();
        const challenge = (await (await fetch(`${shop.origin}/api/captcha/challenge`, { headers: shopper })).json()) as Challenge;
        const solution = await solveChallenge({ challenge, deriveKey, timeout: HANG_GUARD_MS });
        const form = new FormData();
        form.append("name", "Ada Lovelace");
        form.append("email", "ada@example.com");
        form.append("details", "Five drawings for a bracket.");
        form.append(
          "captchaToken",
          btoa(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })),
        );
        for (let i = 0; i < 5; i++) form.append("attachments", new File([attachment], `drawing-${i}.pdf`, { type: "application/pdf" }));
        return post(`${shop.origin}/api/custom-request`, form, shopper);
      };

      const answers = await Promise.all([
        ...Array.from({ length: 8 }, gpxUpload),
        photoUpload(jpeg, "portrait.jpg"),
        photoUpload(jpeg, "portrait-again.jpg"),
        photoUpload(png, "scan.png"),
        customRequest(),
        customRequest(),
      ]);

      const peakKb = peakResidentKb(pid);
      console.log(
        `upload crowd: peak resident memory ${Math.round(peakKb / 1024)} MB; answers ${answers.map((answer) => answer.status).join(", ")}`,
      );
      for (const answer of answers) {
        if (answer.status === 200 || answer.status === 201) continue;
        expect({
          status: [429, 503].includes(answer.status),
          retryAfter: Number(answer.retryAfter) > 0,
          error: typeof answer.error,
        }).toEqual({
          status: true,
          retryAfter: true,
          error: "string",
        });
      }
      // Something got through: the shop is bounded, not closed.
      expect(answers.filter((answer) => answer.status === 200 || answer.status === 201).length).toBeGreaterThan(0);
      expect(peakKb).toBeLessThan(PEAK_LIMIT_KB);
      // No out-of-memory kill: the same process still answers.
      expect((await fetch(`${shop.origin}/healthz`)).status).toBe(200);
      expect(shop.serverPid()).toBe(pid);
    },
    HANG_GUARD_MS,
  );

  test(
    "an upload refused before its body is read (rate limit) still gets its 429 answer, not a reset connection",
    async () => {
      const dataDir = scratch.tempDir();
      prepareShopDatabase(dataDir);
      const shop = await scratch.startShop({ dataDir });
      const form = () => {
        const body = new FormData();
        body.append("productId", "plant-labels");
        body.append("gpx", new File([bigGpx(9.8 * MB)], "long-ride.gpx"));
        return body;
      };
      // Twenty uploads (refused for the product, but counted) use up the address's ten minutes.
      const oneShopper = ownAddress();
      for (let i = 0; i < 20; i++) {
        const small = new FormData();
        small.append("productId", "plant-labels");
        expect((await post(`${shop.origin}/api/gpx/upload`, small, oneShopper)).status).toBe(400);
      }
      const refused = await post(`${shop.origin}/api/gpx/upload`, form(), oneShopper);
      expect({ status: refused.status, error: refused.error }).toEqual({
        status: 429,
        error: "Too many uploads. Please wait a few minutes and try again.",
      });
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    },
    HANG_GUARD_MS,
  );
});
