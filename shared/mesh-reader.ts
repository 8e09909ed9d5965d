/**
 * Reads a shopper's STL or OBJ model and measures it: size, volume and whether
 * it is closed. Pure functions over bytes, importing nothing (no DOM, no
 * three.js, no Bun or Node API), so the same reader runs in the admin viewer
 * (web/admin/requests/ModelViewer.tsx; its three.js drawing stays in
 * web/admin/requests/model-viewer-scene.ts) and on the server, for a server-side reader
 * of uploaded models. Model units are taken as millimetres, as slicers do.
 */

import { read3mf } from "./mesh-3mf";
import { FloatList, finish, guardSize, guardTriangles, MESH_MESSAGES, type Mesh, MeshError } from "./mesh-limits";
import { countEdges, type WeldedCorners, weldCorners } from "./mesh-weld";

export { MESH_MAX_BYTES, MESH_MESSAGES, type Mesh, MeshError } from "./mesh-limits";

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
  if (extension === "3mf") return read3mf(bytes);
  throw new MeshError(MESH_MESSAGES.unknownKind);
}

/** Measures a file in one go: what the viewer shows. */
export function measureModel(bytes: Uint8Array, filename: string): { mesh: Mesh; stats: MeshStats } {
  const mesh = parseMesh(bytes, filename);
  return { mesh, stats: meshStats(mesh) };
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

/** Size, volume and closedness of a triangle soup. */
export function meshStats(mesh: Mesh): MeshStats {
  return measureMesh(mesh).stats;
}

/** The stats and the welded corners they were counted from, for a reader that goes on to walk the surface. */
export function measureMesh(mesh: Mesh): { stats: MeshStats; weld: WeldedCorners } {
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
  const weld = weldCorners(mesh, min, max);
  const edges = countEdges(weld, triangleCount);
  const stats: MeshStats = {
    triangleCount,
    min,
    max,
    size: { width: max[0] - min[0], depth: max[1] - min[1], height: max[2] - min[2] },
    volumeCm3: Math.abs(signedMm3) / 1000,
    insideOut: signedMm3 < 0,
    ...edges,
    watertight: edges.openEdges === 0 && edges.nonManifoldEdges === 0,
  };
  return { stats, weld };
}

export function centreOf(min: Vec3, max: Vec3): Vec3 {
  return [(min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2];
}

/**
 * The divergence theorem: each triangle and the origin make a tetrahedron of
 * signed volume a · (b × c) / 6, and over a closed surface they sum to the
 * enclosed volume. Measured from the box's centre to keep the sums small.
 */
function signedVolume(p: Float32Array, triangleCount: number, origin: Vec3): number {
  let sum = 0;
  for (let t = 0; t < triangleCount; t++) sum += tetrahedronVolume(p, t, origin);
  return sum;
}

/** The signed volume of triangle `t` and the origin: a · (b × c) / 6, positive when the triangle faces away from the origin. */
export function tetrahedronVolume(p: Float32Array, t: number, [ox, oy, oz]: Vec3): number {
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
  return (ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx)) / 6;
}
