/**
 * What an instant price is worked out from: a model's volume, surface, size, pieces, closedness and how
 * much of it hangs over thin air (docs/decisions/0041-instant-price-model.md). Pure functions over a
 * mesh from shared/mesh-reader.ts, so the server prices from the same figures the product page shows.
 */
import type { ModelAnalysis, PricingPrinter } from "./instant-prices";
import { centreOf, type Mesh, measureMesh, tetrahedronVolume, type Vec3 } from "./mesh-reader";
import type { WeldedCorners } from "./mesh-weld";

/** A shopper whose CAD program works in inches exports an STL whose numbers are inches; ×25.4 makes them millimetres. */
export const INCH_MM = 25.4;
/** Under this largest side a part in millimetres is a speck: more likely inches (or metres) than a real order. */
const SPECK_MM = 5;
/** A face pointing down further than this from the vertical needs support (the slicers' default overhang angle). */
const OVERHANG_COS = Math.cos((45 * Math.PI) / 180);

export function analyseMesh(mesh: Mesh, beds: Array<[number, number, number]>): ModelAnalysis {
  const { stats, weld } = measureMesh(mesh);
  const { min, max } = stats;
  const bbox_mm: Vec3 = [max[0] - min[0], max[1] - min[1], max[2] - min[2]];
  // Outward faces give a positive volume; a file drawn inside out is read the right way round.
  const outward = stats.insideOut ? -1 : 1;
  const surface = measureSurface(mesh, outward, min[2], bedTolerance(bbox_mm));
  const volume_mm3 = stats.volumeCm3 * 1000;
  return {
    volume_mm3,
    area_mm2: surface.area,
    bbox_mm,
    shells: countPieces(mesh, weld, outward, centreOf(min, max)),
    watertight: stats.watertight,
    overhang_fraction: surface.area > 0 ? surface.overhangArea / surface.area : 0,
    units_suspect: Math.max(...bbox_mm) < SPECK_MM || beds.some((bed) => fitsBed(scaleBox(bbox_mm, INCH_MM), bed)),
  };
}

/** The same model printed `scale` times larger in every direction. `units_suspect` describes the file as drawn and is kept. */
export function scaleAnalysis(analysis: ModelAnalysis, scale: number): ModelAnalysis {
  return {
    ...analysis,
    volume_mm3: analysis.volume_mm3 * scale ** 3,
    area_mm2: analysis.area_mm2 * scale ** 2,
    bbox_mm: scaleBox(analysis.bbox_mm, scale),
  };
}

/**
 * The printers whose bed holds the box. The part may be turned about Z (its X and Y swapped) but never
 * tipped over: its height, and so its overhangs and supports, are priced as drawn. Turning it at an angle
 * to fit along a bed's diagonal is not tried; such a part goes to the owner.
 */
export function printersThatFit(bbox_mm: [number, number, number], printers: PricingPrinter[]): string[] {
  return printers.filter((printer) => fitsBed(bbox_mm, printer.bed_mm)).map((printer) => printer.id);
}

function fitsBed([x, y, z]: [number, number, number], [bedX, bedY, bedZ]: [number, number, number]): boolean {
  if (z > bedZ) return false;
  return (x <= bedX && y <= bedY) || (y <= bedX && x <= bedY);
}

function scaleBox(box: [number, number, number], scale: number): [number, number, number] {
  return [box[0] * scale, box[1] * scale, box[2] * scale];
}

/** Corners this close to the lowest Z touch the bed: exporters round, so exactly equal is too strict. */
function bedTolerance(bbox: Vec3): number {
  return Math.max(Math.hypot(...bbox) * 1e-5, 1e-4);
}

/** Total area, and the area of faces facing down more than 45° from the vertical that are not lying on the bed. */
function measureSurface(mesh: Mesh, outward: number, bedZ: number, tolerance: number): { area: number; overhangArea: number } {
  const p = mesh.positions;
  let area = 0;
  let overhangArea = 0;
  for (let t = 0; t < mesh.triangleCount; t++) {
    const i = t * 9;
    const ux = (p[i + 3] as number) - (p[i] as number),
      uy = (p[i + 4] as number) - (p[i + 1] as number),
      uz = (p[i + 5] as number) - (p[i + 2] as number);
    const vx = (p[i + 6] as number) - (p[i] as number),
      vy = (p[i + 7] as number) - (p[i + 1] as number),
      vz = (p[i + 8] as number) - (p[i + 2] as number);
    const nx = uy * vz - uz * vy,
      ny = uz * vx - ux * vz,
      nz = (ux * vy - uy * vx) * outward;
    const doubleArea = Math.hypot(nx, ny, nz);
    if (doubleArea === 0) continue;
    area += doubleArea / 2;
    if (nz / doubleArea >= -OVERHANG_COS) continue;
    const onBed =
      (p[i + 2] as number) - bedZ <= tolerance && (p[i + 5] as number) - bedZ <= tolerance && (p[i + 8] as number) - bedZ <= tolerance;
    if (!onBed) overhangArea += doubleArea / 2;
  }
  return { area, overhangArea };
}

/**
 * Separate pieces: groups of triangles joined through shared corners. A group that faces inwards and lies
 * within another group's box is a hollow inside that piece (a closed void), not a piece of its own.
 */
function countPieces(mesh: Mesh, { ids, vertexCount }: WeldedCorners, outward: number, centre: Vec3): number {
  const parent = new Int32Array(vertexCount).map((_, index) => index);
  const root = (vertex: number): number => {
    let top = vertex;
    while (parent[top] !== top) top = parent[top] as number;
    for (let at = vertex; parent[at] !== top; ) {
      const next = parent[at] as number;
      parent[at] = top;
      at = next;
    }
    return top;
  };
  for (let t = 0; t < mesh.triangleCount; t++) {
    const a = root(ids[t * 3] as number);
    for (const corner of [ids[t * 3 + 1], ids[t * 3 + 2]] as number[]) {
      const b = root(corner);
      if (b !== a) parent[b] = a;
    }
  }
  // Number the groups, then sum each one's signed volume and box in one pass over the triangles.
  const groupOfRoot = new Int32Array(vertexCount).fill(-1);
  let groups = 0;
  const groupOf = new Int32Array(mesh.triangleCount);
  for (let t = 0; t < mesh.triangleCount; t++) {
    const key = root(ids[t * 3] as number);
    if (groupOfRoot[key] === -1) groupOfRoot[key] = groups++;
    groupOf[t] = groupOfRoot[key] as number;
  }
  // A file of thousands of loose pieces goes to the owner whatever its voids: count them all, skip the search.
  if (groups > MAX_PIECES_SEARCHED) return groups;
  const volume = new Float64Array(groups);
  const low = new Float64Array(groups * 3).fill(Infinity);
  const high = new Float64Array(groups * 3).fill(-Infinity);
  const p = mesh.positions;
  for (let t = 0; t < mesh.triangleCount; t++) {
    const g = groupOf[t] as number;
    const i = t * 9;
    volume[g] = (volume[g] as number) + outward * tetrahedronVolume(p, t, centre);
    for (let k = 0; k < 9; k++) {
      const slot = g * 3 + (k % 3);
      const value = p[i + k] as number;
      if (value < (low[slot] as number)) low[slot] = value;
      if (value > (high[slot] as number)) high[slot] = value;
    }
  }
  const within = (inner: number, outer: number) =>
    [0, 1, 2].every(
      (axis) =>
        (low[outer * 3 + axis] as number) <= (low[inner * 3 + axis] as number) &&
        (high[inner * 3 + axis] as number) <= (high[outer * 3 + axis] as number),
    );
  let pieces = 0;
  for (let g = 0; g < groups; g++) {
    const isVoid =
      (volume[g] as number) < 0 &&
      Array.from({ length: groups }, (_, other) => other).some((other) => other !== g && (volume[other] as number) > 0 && within(g, other));
    if (!isVoid) pieces++;
  }
  return pieces;
}

/** Looking for the piece around each void compares every pair; past this many pieces the file is plainly not one part. */
const MAX_PIECES_SEARCHED = 1000;
