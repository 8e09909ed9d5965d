import { XMLParser, XMLValidator } from "fast-xml-parser";
import { BadRequest } from "../../errors";
import type { GpxContent, GpxPoint } from "./gpx-stats";
import { MESSAGES } from "./model";

// Entities are what external-entity (XXE) and billion-laughs attacks are made
// of, and a GPX file never needs them, so any DOCTYPE or ENTITY declaration
// is refused outright, before the parser sees the text. Entity processing is
// off in the parser as well, as a second lock on the same door.
const DECLARATION = /<!(DOCTYPE|ENTITY)/i;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  removeNSPrefix: true,
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (name) => ["trk", "trkseg", "trkpt", "rte", "rtept", "wpt"].includes(name),
});

/** Reads the points of a GPX file, or says in words why it is not one. */
export function parseGpx(bytes: Uint8Array): GpxContent {
  const text = decodeText(bytes);
  if (DECLARATION.test(text)) throw new BadRequest(MESSAGES.gpxDoctype);
  let document: Record<string, unknown>;
  try {
    if (XMLValidator.validate(text) !== true) throw new Error("not well-formed");
    document = parser.parse(text) as Record<string, unknown>;
  } catch {
    // Malformed, or absurd enough (say, nesting deep enough to exhaust the stack) to break the parser.
    throw new BadRequest(MESSAGES.notGpx);
  }
  const roots = Object.keys(document);
  if (roots.length !== 1 || roots[0] !== "gpx") throw new BadRequest(MESSAGES.notGpx);
  const gpx = asObject(document.gpx) ?? {};

  const lines: GpxPoint[][] = [];
  for (const track of objects(gpx.trk)) {
    for (const segment of objects(track.trkseg)) lines.push(objects(segment.trkpt).map(readPoint));
  }
  for (const route of objects(gpx.rte)) lines.push(objects(route.rtept).map(readPoint));
  const content = { lines: lines.filter((line) => line.length > 0), waypoints: objects(gpx.wpt).map(readPoint) };
  if (content.lines.length === 0 && content.waypoints.length === 0) throw new BadRequest(MESSAGES.gpxEmpty);
  return content;
}

/**
 * GPX is UTF-8 XML text. Bytes that are not valid UTF-8, or that carry NUL or
 * other control bytes (a PNG, a ZIP, UTF-16), are some other kind of file.
 */
function decodeText(bytes: Uint8Array): string {
  const head = bytes.subarray(0, 1024);
  if (head.some((byte) => byte < 0x09 || (byte > 0x0d && byte < 0x20) || byte === 0x7f)) throw new BadRequest(MESSAGES.notGpx);
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new BadRequest(MESSAGES.notGpx);
  }
}

function readPoint(raw: Record<string, unknown>): GpxPoint {
  const lat = coordinate(raw.lat);
  const lon = coordinate(raw.lon);
  if (!(lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180)) throw new BadRequest(MESSAGES.gpxOutOfRange);
  const ele = coordinate(raw.ele);
  return Number.isFinite(ele) ? { lat, lon, ele } : { lat, lon };
}

// Number("") is 0, so a blank attribute must not pass as the equator.
function coordinate(value: unknown): number {
  return typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
}

function asObject(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

// The parser turns an empty element into "", so keep only the real ones.
function objects(value: unknown): Record<string, unknown>[] {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.map(asObject).filter((item): item is Record<string, unknown> => item !== null);
}
