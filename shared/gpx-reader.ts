import { GpxRefusal, MAX_GPX_POINTS, GPX_MESSAGES as MESSAGES } from "./gpx-limits";

export type GpxPoint = { lat: number; lon: number; ele?: number };
/** Track segments and routes are lines; waypoints are single places. */
export type GpxContent = { lines: GpxPoint[][]; waypoints: GpxPoint[] };

// Entities are what external-entity (XXE) and billion-laughs attacks are made
// of, and a GPX file never needs them, so any DOCTYPE or ENTITY declaration
// is refused outright. The reader below never expands an entity either.
const DECLARATION = /<!(DOCTYPE|ENTITY)/i;
/** Real GPX nests six or seven deep (extensions included); deeper is not a route. */
const MAX_DEPTH = 64;
const GT = 0x3e;
const SLASH = 0x2f;
const EQUALS = 0x3d;

/**
 * Reads the points of a GPX file, or says in words why it is not one.
 *
 * A lean, single pass over the text instead of an XML library's document tree:
 * a 10 MB file made fast-xml-parser hold a few hundred MB of objects
 * (docs/decisions/0010-hardening.md), where this keeps only the points, at most
 * MAX_GPX_POINTS of them. It still checks what makes XML well-formed enough to
 * trust: one root, tags that close in order, quoted attributes, closed
 * comments. Points are read where GPX puts them: gpx/trk/trkseg/trkpt,
 * gpx/rte/rtept and gpx/wpt, each with its lat and lon and an optional ele
 * child; namespace prefixes are ignored. The shop runs it in a worker on every
 * upload, the product page on the chosen file before it is sent (0028): a
 * refusal is a GpxRefusal either way.
 */
export function parseGpx(bytes: Uint8Array): GpxContent {
  const text = decodeText(bytes);
  if (DECLARATION.test(text)) throw new GpxRefusal(MESSAGES.gpxDoctype);
  const reader = new GpxReader(text);
  reader.read();
  const content = { lines: [...reader.tracks, ...reader.routes].filter((line) => line.length > 0), waypoints: reader.waypoints };
  if (content.lines.length === 0 && content.waypoints.length === 0) throw new GpxRefusal(MESSAGES.gpxEmpty);
  return content;
}

const notGpx = () => new GpxRefusal(MESSAGES.notGpx);

class GpxReader {
  readonly tracks: GpxPoint[][] = [];
  readonly routes: GpxPoint[][] = [];
  readonly waypoints: GpxPoint[] = [];
  /** Local names of the open elements, outermost first. */
  private readonly open: string[] = [];
  private rootSeen = false;
  private points = 0;
  private line: GpxPoint[] | null = null;
  /** The point being read, and how many elements are open around it. */
  private point: { lat: number; lon: number; ele?: string } | null = null;
  private pointDepth = -1;
  private eleText: string | null = null;
  private pos = 0;

  constructor(private readonly text: string) {}

  read(): void {
    const { text } = this;
    while (this.pos < text.length) {
      const lt = text.indexOf("<", this.pos);
      this.characters(this.pos, lt < 0 ? text.length : lt);
      if (lt < 0) break;
      this.pos = lt;
      if (text.startsWith("<?", lt)) this.skipPast("?>");
      else if (text.startsWith("<!--", lt)) this.skipPast("-->");
      else if (text.startsWith("<![CDATA[", lt)) this.cdata();
      else if (text.startsWith("</", lt)) this.endTag();
      else this.startTag();
    }
    if (!this.rootSeen || this.open.length > 0) throw notGpx();
  }

  /** Text between tags: only inside the root, and kept only inside a point's ele. */
  private characters(from: number, to: number): void {
    if (from >= to) return;
    if (this.open.length === 0) {
      if (this.text.slice(from, to).trim() !== "") throw notGpx();
      return;
    }
    if (this.eleText !== null) this.eleText += this.text.slice(from, to);
  }

  private skipPast(end: string): void {
    const at = this.text.indexOf(end, this.pos);
    if (at < 0) throw notGpx();
    this.pos = at + end.length;
  }

  private cdata(): void {
    if (this.open.length === 0) throw notGpx();
    const start = this.pos + "<![CDATA[".length;
    this.skipPast("]]>");
    if (this.eleText !== null) this.eleText += this.text.slice(start, this.pos - 3);
  }

  /** An XML name at the current position (letters, digits, `_ : - .`, anything past Latin-1's symbols). */
  private name(): string {
    const { text } = this;
    const start = this.pos;
    let end = start;
    while (end < text.length && isNameCharacter(text.charCodeAt(end), end === start)) end += 1;
    if (end === start) throw notGpx();
    this.pos = end;
    return text.slice(start, end);
  }

  private skipSpace(): void {
    const { text } = this;
    while (this.pos < text.length && isSpace(text.charCodeAt(this.pos))) this.pos += 1;
  }

  private startTag(): void {
    const { text } = this;
    this.pos += 1;
    const name = localName(this.name());
    let lat: string | undefined;
    let lon: string | undefined;
    for (;;) {
      const before = this.pos;
      this.skipSpace();
      const c = text.charCodeAt(this.pos);
      if (c === GT || (c === SLASH && text.charCodeAt(this.pos + 1) === GT)) break;
      if (this.pos === before) throw notGpx(); // attributes are separated by space
      const attribute = localName(this.name());
      this.skipSpace();
      if (text.charCodeAt(this.pos) !== EQUALS) throw notGpx();
      this.pos += 1;
      this.skipSpace();
      const quote = text[this.pos];
      if (quote !== '"' && quote !== "'") throw notGpx();
      const close = text.indexOf(quote, this.pos + 1);
      const lt = text.indexOf("<", this.pos + 1);
      if (close < 0 || (lt >= 0 && lt < close)) throw notGpx();
      // Only the two attributes a point needs are ever copied out.
      if (attribute === "lat") lat = text.slice(this.pos + 1, close);
      else if (attribute === "lon") lon = text.slice(this.pos + 1, close);
      this.pos = close + 1;
    }
    const selfClosing = text.charCodeAt(this.pos) === SLASH;
    this.pos += selfClosing ? 2 : 1;

    if (this.open.length === 0) {
      if (this.rootSeen || name !== "gpx") throw notGpx();
      this.rootSeen = true;
    }
    this.opened(name, lat, lon);
    if (selfClosing) this.closed(name);
  }

  private endTag(): void {
    this.pos += 2;
    const name = localName(this.name());
    this.skipSpace();
    if (this.text.charCodeAt(this.pos) !== GT) throw notGpx();
    this.pos += 1;
    if (this.open.at(-1) !== name) throw notGpx();
    this.closed(name);
  }

  private opened(name: string, lat: string | undefined, lon: string | undefined): void {
    const path = this.open;
    const depth = path.length;
    if (depth >= MAX_DEPTH) throw notGpx();
    if (depth === 2 && name === "trkseg" && path[1] === "trk") this.line = [];
    else if (depth === 1 && name === "rte") this.line = [];
    else if (
      (depth === 3 && name === "trkpt" && path[2] === "trkseg" && path[1] === "trk") ||
      (depth === 2 && name === "rtept" && path[1] === "rte") ||
      (depth === 1 && name === "wpt")
    ) {
      this.points += 1;
      if (this.points > MAX_GPX_POINTS) throw new GpxRefusal(MESSAGES.gpxTooManyPoints);
      this.point = { lat: coordinate(lat), lon: coordinate(lon) };
      this.pointDepth = depth;
    } else if (name === "ele" && this.point && depth === this.pointDepth + 1 && this.point.ele === undefined) this.eleText = "";
    path.push(name);
  }

  private closed(name: string): void {
    const path = this.open;
    path.pop();
    const depth = path.length;
    if (this.eleText !== null && this.point && depth === this.pointDepth + 1) {
      this.point.ele = this.eleText;
      this.eleText = null;
    } else if (this.point && depth === this.pointDepth) {
      const point = readPoint(this.point);
      if (name === "wpt") this.waypoints.push(point);
      else this.line?.push(point);
      this.point = null;
      this.pointDepth = -1;
    } else if (this.line && ((depth === 2 && name === "trkseg") || (depth === 1 && name === "rte"))) {
      (name === "rte" ? this.routes : this.tracks).push(this.line);
      this.line = null;
    }
  }
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

function isNameCharacter(c: number, first: boolean): boolean {
  const letter = (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || c === 0x3a || c >= 0xc0;
  return letter || (!first && ((c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2e || c === 0xb7));
}

// Namespace prefixes (gpx:trkpt) are ignored, as GPX readers do.
function localName(name: string): string {
  const colon = name.lastIndexOf(":");
  return colon < 0 ? name : name.slice(colon + 1);
}

/**
 * GPX is UTF-8 XML text. Bytes that are not valid UTF-8, or that carry NUL or
 * other control bytes (a PNG, a ZIP, UTF-16), are some other kind of file.
 */
function decodeText(bytes: Uint8Array): string {
  const head = bytes.subarray(0, 1024);
  if (head.some((byte) => byte < 0x09 || (byte > 0x0d && byte < 0x20) || byte === 0x7f)) throw new GpxRefusal(MESSAGES.notGpx);
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new GpxRefusal(MESSAGES.notGpx);
  }
}

function readPoint(raw: { lat: number; lon: number; ele?: string }): GpxPoint {
  const { lat, lon } = raw;
  if (!(lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180)) throw new GpxRefusal(MESSAGES.gpxOutOfRange);
  const ele = coordinate(raw.ele);
  return Number.isFinite(ele) ? { lat, lon, ele } : { lat, lon };
}

// Number("") is 0, so a blank attribute must not pass as the equator.
function coordinate(value: string | undefined): number {
  return value !== undefined && value.trim() !== "" ? Number(value) : NaN;
}
