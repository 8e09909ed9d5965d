/**
 * Reads a shopper's STL or OBJ model and measures it: size, volume and whether
 * it is closed. Pure functions over bytes, importing nothing (no DOM, no
 * three.js, no Bun or Node API), so the same reader runs in the admin viewer
 * (web/admin/requests/ModelViewer.tsx; its three.js drawing stays in
 * web/admin/requests/model-viewer-scene.ts) and on the server, for a server-side reader
 * of uploaded models. Model units are taken as millimetres, as slicers do.
 */

/** Bigger than any custom request attachment (5 MB), small enough for a browser tab. */
export const MESH_MAX_BYTES = 50 * 1024 * 1024;
const MESH_MAX_TRIANGLES = 5_000_000;

export const MESH_MESSAGES = {
  tooLarge: "This file is over 50 MB, too large to preview here. Download it and open it in your slicer.",
  tooManyTriangles: "This model has more than 5,000,000 triangles, too many to preview here. Download it and open it in your slicer.",
  notStl: "This file is not an STL model that can be read.",
  notObj: "This file is not an OBJ model that can be read.",
  unknownKind: "Only STL and OBJ files can be previewed.",
  empty: "This file has no triangles to show.",
} as const;

/** A file that cannot be previewed; the message is for the owner. */
export class MeshError extends Error {}

/** Triangles as flat x, y, z coordinates: nine numbers per triangle. */
export type Mesh = { positions: Float32Array; triangleCount: number };

export type Vec3 = [x: number, y: number, z: number];

export type MeshStats = {
  triangleCount: number;
  min: Vec3;
  max: Vec3;
  /** Bounding box along X, Y and Z in mm: width, depth, height with Z up, as a slicer shows it. */
  size: { width: number; depth: number; height: number };
  /** Enclosed volume in cm³ (meaningful when watertight). */
  volumeCm3: number;
  /** True when the triangles face inwards (negative signed volume). */
  insideOut: boolean;
  /** Edges used by only one triangle: holes in the surface. */
  openEdges: number;
  /** Edges shared by three or more triangles. */
  nonManifoldEdges: number;
  /** Triangles with two corners in the same place; left out of the edge count. */
  degenerateTriangles: number;
  /** Every edge shared by exactly two triangles. */
  watertight: boolean;
};

/** Picks the reader by the file's extension. */
export function parseMesh(bytes: Uint8Array, filename: string): Mesh {
  const extension = filename.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  if (extension === "stl") return parseStl(bytes);
  if (extension === "obj") return parseObj(bytes);
  throw new MeshError(MESH_MESSAGES.unknownKind);
}

/** Measures a file in one go: what the viewer shows. */
export function measureModel(bytes: Uint8Array, filename: string): { mesh: Mesh; stats: MeshStats } {
  const mesh = parseMesh(bytes, filename);
  return { mesh, stats: meshStats(mesh) };
}

function guardSize(bytes: Uint8Array): void {
  if (bytes.byteLength > MESH_MAX_BYTES) throw new MeshError(MESH_MESSAGES.tooLarge);
}

function guardTriangles(count: number): void {
  if (count > MESH_MAX_TRIANGLES) throw new MeshError(MESH_MESSAGES.tooManyTriangles);
}

/**
 * Binary STL (80-byte header, uint32 count, 50 bytes a triangle) or ASCII
 * (`solid … facet … vertex x y z`). A binary file whose header happens to
 * start with "solid" is common, so the exact binary length decides first.
 */
export function parseStl(bytes: Uint8Array): Mesh {
  guardSize(bytes);
  if (bytes.byteLength >= 84) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const count = view.getUint32(80, true);
    if (count > 0 && 84 + count * 50 === bytes.byteLength) return readBinaryStl(view, count);
  }
  const head = new TextDecoder().decode(bytes.subarray(0, Math.min(bytes.byteLength, 512)));
  if (/^\s*solid\b/.test(head) && !head.includes("\0")) return readAsciiStl(new TextDecoder().decode(bytes));
  throw new MeshError(MESH_MESSAGES.notStl);
}

function readBinaryStl(view: DataView, count: number): Mesh {
  guardTriangles(count);
  const positions = new Float32Array(count * 9);
  for (let t = 0; t < count; t++) {
    const offset = 84 + t * 50 + 12; // skip the stored normal: it is recomputed for display
    for (let i = 0; i < 9; i++) positions[t * 9 + i] = view.getFloat32(offset + i * 4, true);
  }
  return finish(positions, count, MESH_MESSAGES.notStl);
}

function readAsciiStl(text: string): Mesh {
  const out = new FloatList();
  const vertex = /vertex\s+(\S+)\s+(\S+)\s+(\S+)/g;
  let vertices = 0;
  for (let match = vertex.exec(text); match; match = vertex.exec(text)) {
    out.push(Number(match[1]), Number(match[2]), Number(match[3]));
    if (++vertices % 3 === 0) guardTriangles(vertices / 3);
  }
  if (vertices % 3 !== 0) throw new MeshError(MESH_MESSAGES.notStl);
  return finish(out.take(), vertices / 3, MESH_MESSAGES.notStl);
}

/**
 * OBJ: `v x y z` vertices and `f a b c …` faces (1-based, negative counts back
 * from the latest vertex, `a/t/n` forms allowed). Polygons are split into a
 * fan of triangles from their first corner. Everything else is ignored.
 */
export function parseObj(bytes: Uint8Array): Mesh {
  guardSize(bytes);
  const text = new TextDecoder().decode(bytes);
  if (text.includes("\0")) throw new MeshError(MESH_MESSAGES.notObj);
  const vertices = new FloatList();
  const out = new FloatList();
  let triangles = 0;
  const corner = (token: string): number => {
    const raw = Number.parseInt(token, 10);
    const count = vertices.length / 3;
    const index = raw < 0 ? count + raw : raw - 1;
    if (!Number.isInteger(raw) || raw === 0 || index < 0 || index >= count) throw new MeshError(MESH_MESSAGES.notObj);
    return index;
  };
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed.startsWith("v ") || trimmed.startsWith("v\t")) {
      const [, x, y, z] = trimmed.split(/\s+/);
      vertices.push(Number(x), Number(y), Number(z));
    } else if (trimmed.startsWith("f ") || trimmed.startsWith("f\t")) {
      const corners = trimmed.split(/\s+/).slice(1).map(corner);
      if (corners.length < 3) throw new MeshError(MESH_MESSAGES.notObj);
      guardTriangles(triangles + corners.length - 2); // before a huge polygon is unrolled
      for (let i = 1; i + 1 < corners.length; i++) {
        for (const index of [corners[0], corners[i], corners[i + 1]] as number[]) {
          out.push(vertices.at(index * 3), vertices.at(index * 3 + 1), vertices.at(index * 3 + 2));
        }
        triangles++;
      }
    }
  }
  return finish(out.take(), triangles, MESH_MESSAGES.notObj);
}

function finish(positions: Float32Array, triangleCount: number, invalid: string): Mesh {
  if (triangleCount === 0) throw new MeshError(MESH_MESSAGES.empty);
  for (const value of positions) if (!Number.isFinite(value)) throw new MeshError(invalid);
  return { positions, triangleCount };
}

/** Size, volume and closedness of a triangle soup. */
export function meshStats(mesh: Mesh): MeshStats {
  const { positions, triangleCount } = mesh;
  const low = [Infinity, Infinity, Infinity];
  const high = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < triangleCount * 9; i += 3) {
    for (let axis = 0; axis < 3; axis++) {
      const value = positions[i + axis] as number;
      if (value < (low[axis] as number)) low[axis] = value;
      if (value > (high[axis] as number)) high[axis] = value;
    }
  }
  const min = low as Vec3;
  const max = high as Vec3;
  const signedMm3 = signedVolume(positions, triangleCount, centreOf(min, max));
  const edges = countEdges(positions, triangleCount, min, max);
  return {
    triangleCount,
    min,
    max,
    size: { width: max[0] - min[0], depth: max[1] - min[1], height: max[2] - min[2] },
    volumeCm3: Math.abs(signedMm3) / 1000,
    insideOut: signedMm3 < 0,
    ...edges,
    watertight: edges.openEdges === 0 && edges.nonManifoldEdges === 0,
  };
}

function centreOf(min: Vec3, max: Vec3): Vec3 {
  return [(min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2];
}

/**
 * The divergence theorem: each triangle and the origin make a tetrahedron of
 * signed volume a · (b × c) / 6, and over a closed surface they sum to the
 * enclosed volume. Measured from the box's centre to keep the sums small.
 */
function signedVolume(p: Float32Array, triangleCount: number, origin: Vec3): number {
  let sum = 0;
  const [ox, oy, oz] = origin;
  for (let t = 0; t < triangleCount; t++) {
    const i = t * 9;
    const ax = (p[i] as number) - ox,
      ay = (p[i + 1] as number) - oy,
      az = (p[i + 2] as number) - oz;
    const bx = (p[i + 3] as number) - ox,
      by = (p[i + 4] as number) - oy,
      bz = (p[i + 5] as number) - oz;
    const cx = (p[i + 6] as number) - ox,
      cy = (p[i + 7] as number) - oy,
      cz = (p[i + 8] as number) - oz;
    sum += ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
  }
  return sum / 6;
}

/**
 * Welds corners closer than 1/100,000 of the model's diagonal (0.35 µm on a
 * 20 mm cube) into one vertex, since STL repeats every corner per triangle and
 * exporters round, then counts how many triangles use each undirected edge.
 * Sorting the edge keys keeps the memory to one number per edge use, even for
 * millions of triangles.
 */
function countEdges(p: Float32Array, triangleCount: number, min: Vec3, max: Vec3) {
  const diagonal = Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]);
  const tolerance = Math.max(diagonal * 1e-5, 1e-9);
  const welder = new VertexWelder(triangleCount * 3, min, tolerance);
  const ids = new Int32Array(triangleCount * 3);
  for (let v = 0; v < triangleCount * 3; v++) ids[v] = welder.id(p[v * 3] as number, p[v * 3 + 1] as number, p[v * 3 + 2] as number);

  const vertexCount = welder.count;
  const keys = new Float64Array(triangleCount * 3);
  let used = 0;
  let degenerateTriangles = 0;
  for (let t = 0; t < triangleCount; t++) {
    const a = ids[t * 3] as number,
      b = ids[t * 3 + 1] as number,
      c = ids[t * 3 + 2] as number;
    if (a === b || b === c || c === a) {
      degenerateTriangles++;
      continue;
    }
    keys[used++] = edgeKey(a, b, vertexCount);
    keys[used++] = edgeKey(b, c, vertexCount);
    keys[used++] = edgeKey(c, a, vertexCount);
  }
  const sorted = keys.subarray(0, used).sort();
  let openEdges = 0;
  let nonManifoldEdges = 0;
  for (let i = 0; i < sorted.length; ) {
    let j = i + 1;
    while (j < sorted.length && sorted[j] === sorted[i]) j++;
    if (j - i === 1) openEdges++;
    else if (j - i > 2) nonManifoldEdges++;
    i = j;
  }
  return { openEdges, nonManifoldEdges, degenerateTriangles };
}

function edgeKey(a: number, b: number, vertexCount: number): number {
  return a < b ? a * vertexCount + b : b * vertexCount + a;
}

/**
 * Numbers distinct points, treating any two within `tolerance` as one. Points
 * are filed in a hash table by grid cell; cells are twice the tolerance wide,
 * so a match can only be in the point's own cell or the nearer neighbour
 * along each axis: eight cells to look in, never a seam where two points a
 * hair apart land in different cells and are missed.
 */
class VertexWelder {
  count = 0;
  private readonly cells: Int32Array;
  private readonly points: Float64Array;
  private readonly slots: Int32Array;
  private readonly mask: number;
  private readonly cellSize: number;

  constructor(
    capacity: number,
    private readonly origin: Vec3,
    private readonly tolerance: number,
  ) {
    let size = 16;
    while (size < capacity * 2) size *= 2;
    this.slots = new Int32Array(size).fill(-1);
    this.mask = size - 1;
    this.cells = new Int32Array(capacity * 3);
    this.points = new Float64Array(capacity * 3);
    this.cellSize = tolerance * 2;
  }

  id(x: number, y: number, z: number): number {
    const fx = (x - this.origin[0]) / this.cellSize;
    const fy = (y - this.origin[1]) / this.cellSize;
    const fz = (z - this.origin[2]) / this.cellSize;
    const cx = Math.floor(fx),
      cy = Math.floor(fy),
      cz = Math.floor(fz);
    const own = this.find(cx, cy, cz, x, y, z);
    if (own >= 0) return own;
    const nx = fx - cx < 0.5 ? -1 : 1,
      ny = fy - cy < 0.5 ? -1 : 1,
      nz = fz - cz < 0.5 ? -1 : 1;
    for (let k = 1; k < 8; k++) {
      const found = this.find(cx + (k & 1 ? nx : 0), cy + (k & 2 ? ny : 0), cz + (k & 4 ? nz : 0), x, y, z);
      if (found >= 0) return found;
    }
    const id = this.count++;
    this.cells.set([cx, cy, cz], id * 3);
    this.points.set([x, y, z], id * 3);
    let slot = this.hash(cx, cy, cz);
    while ((this.slots[slot] as number) !== -1) slot = (slot + 1) & this.mask;
    this.slots[slot] = id;
    return id;
  }

  private hash(cx: number, cy: number, cz: number): number {
    return (Math.imul(cx, 73856093) ^ Math.imul(cy, 19349663) ^ Math.imul(cz, 83492791)) & this.mask;
  }

  /** A point already filed in cell (cx, cy, cz) within tolerance of (x, y, z), or -1. */
  private find(cx: number, cy: number, cz: number, x: number, y: number, z: number): number {
    for (let slot = this.hash(cx, cy, cz); ; slot = (slot + 1) & this.mask) {
      const id = this.slots[slot] as number;
      if (id === -1) return -1;
      const i = id * 3;
      if (this.cells[i] !== cx || this.cells[i + 1] !== cy || this.cells[i + 2] !== cz) continue;
      const dx = (this.points[i] as number) - x,
        dy = (this.points[i + 1] as number) - y,
        dz = (this.points[i + 2] as number) - z;
      if (dx * dx + dy * dy + dz * dz <= this.tolerance * this.tolerance) return id;
    }
  }
}

/** A growable Float32Array: parsing text without an array of millions of boxed numbers. */
class FloatList {
  private data = new Float32Array(1024);
  length = 0;

  push(...values: number[]): void {
    if (this.length + values.length > this.data.length) {
      const grown = new Float32Array(Math.max(this.data.length * 2, this.length + values.length));
      grown.set(this.data.subarray(0, this.length));
      this.data = grown;
    }
    for (const value of values) this.data[this.length++] = value;
  }

  at(index: number): number {
    return this.data[index] as number;
  }

  take(): Float32Array {
    return this.data.slice(0, this.length);
  }
}
