import { deflateSync } from "node:zlib";
import sharp from "sharp";
import { asciiStlText, cubeTriangles } from "../../support/stl";

/**
 * Files a shopper might pick, made in the test so nothing binary lives in the
 * repository. Runs on Node, where Playwright runs.
 */
export type PickedFile = { name: string; mimeType: string; buffer: Buffer };

/**
 * A loop of `points` track points around a fell: about 2 km per 0.01° of
 * radius, climbing to `climbM` above 180 m and back down, so distance, ascent,
 * descent and the profile are all non-zero.
 */
export function gpxRoute(name = "Coniston loop", { points = 60, radiusDeg = 0.01, climbM = 420 } = {}): PickedFile {
  const trkpts = Array.from({ length: points + 1 }, (_, i) => {
    const angle = (i / points) * 2 * Math.PI;
    const lat = (54.37 + radiusDeg * Math.sin(angle)).toFixed(6);
    const lon = (-3.1 + radiusDeg * 1.7 * Math.cos(angle)).toFixed(6);
    const ele = (180 + climbM * Math.sin(angle / 2) ** 2).toFixed(1);
    return `<trkpt lat="${lat}" lon="${lon}"><ele>${ele}</ele></trkpt>`;
  }).join("\n      ");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="Strata tests" xmlns="http://www.topografix.com/GPX/1/1">
  <metadata><name>${name}</name></metadata>
  <trk><name>${name}</name><trkseg>
      ${trkpts}
  </trkseg></trk>
</gpx>
`;
  return { name: `${name.toLowerCase().replace(/\W+/g, "-")}.gpx`, mimeType: "application/gpx+xml", buffer: Buffer.from(xml) };
}

/** A well-formed GPX file with no track, route or waypoint in it. */
export function emptyGpx(): PickedFile {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="Strata tests" xmlns="http://www.topografix.com/GPX/1/1">
  <metadata><name>Nothing recorded</name></metadata>
</gpx>
`;
  return { name: "empty-recording.gpx", mimeType: "application/gpx+xml", buffer: Buffer.from(xml) };
}

/** A small JPEG with something in it: a sunset over hills, drawn as SVG and encoded by sharp. */
export async function jpegPhoto(name = "harbour-at-dusk.jpg", { width = 480, height = 640 } = {}): Promise<PickedFile> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 480 640">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#1e3a8a"/><stop offset="0.55" stop-color="#f59e0b"/><stop offset="1" stop-color="#fde68a"/>
  </linearGradient></defs>
  <rect width="480" height="640" fill="url(#sky)"/>
  <circle cx="300" cy="330" r="70" fill="#fff7ed"/>
  <path d="M0 420 L120 300 L210 380 L320 260 L480 400 L480 640 L0 640 Z" fill="#334155"/>
  <path d="M0 500 L160 430 L300 490 L480 440 L480 640 L0 640 Z" fill="#0f172a"/>
  <rect x="60" y="540" width="90" height="40" rx="6" fill="#e2e8f0"/>
  <path d="M70 540 L105 480 L140 540 Z" fill="#f8fafc"/>
</svg>`;
  const buffer = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
  return { name, mimeType: "image/jpeg", buffer };
}

/** An ASCII STL of a 20 mm cube: twelve triangles. */
export function stlCube(name = "bracket-cube.stl", size = 20): PickedFile {
  return { name, mimeType: "model/stl", buffer: Buffer.from(asciiStlText(cubeTriangles(size))) };
}

/** A tiny solid-colour PNG, made here so the story needs no fixture file. */
export function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
