/**
 * Corners welded into shared vertices, and the edge counts read from them: what tells whether a model
 * is closed (shared/mesh-reader.ts) and which triangles touch (shared/model-analysis.ts, its shells).
 */
import type { Mesh } from "./mesh-limits";

type Vec3 = [x: number, y: number, z: number];

/** One vertex number per triangle corner (three per triangle), and how many distinct vertices there are. */
export type WeldedCorners = { ids: Int32Array; vertexCount: number };

/**
 * Welds corners closer than 1/100,000 of the model's diagonal (0.35 µm on a
 * 20 mm cube) into one vertex, since STL repeats every corner per triangle and
 * exporters round.
 */
export function weldCorners(mesh: Mesh, min: Vec3, max: Vec3): WeldedCorners {
  const { positions: p, triangleCount } = mesh;
  const diagonal = Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]);
  const tolerance = Math.max(diagonal * 1e-5, 1e-9);
  const welder = new VertexWelder(triangleCount * 3, min, tolerance);
  const ids = new Int32Array(triangleCount * 3);
  for (let v = 0; v < triangleCount * 3; v++) ids[v] = welder.id(p[v * 3] as number, p[v * 3 + 1] as number, p[v * 3 + 2] as number);
  return { ids, vertexCount: welder.count };
}

/**
 * Counts how many triangles use each undirected edge. Sorting the edge keys keeps the memory to one
 * number per edge use, even for millions of triangles.
 */
export function countEdges({ ids, vertexCount }: WeldedCorners, triangleCount: number) {
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
