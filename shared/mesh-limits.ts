/**
 * What every model reader shares (shared/mesh-reader.ts for STL and OBJ, shared/mesh-3mf.ts for 3MF): the
 * triangle soup they all produce, the limits that keep a browser tab and the server's heavy-work slot safe,
 * and the messages a person reads when a file cannot be used.
 */

/** Bigger than any custom request attachment (5 MB), small enough for a browser tab. */
export const MESH_MAX_BYTES = 50 * 1024 * 1024;
const MESH_MAX_TRIANGLES = 5_000_000;
/**
 * A 3MF is a zip: its model XML may unpack to many times the file's size. 5,000,000 triangles written
 * as XML take about 400 MB, so this bound refuses only what the triangle limit would refuse anyway,
 * before the memory is spent.
 */
export const THREE_MF_MAX_UNPACKED_BYTES = 400 * 1024 * 1024;

export const MESH_MESSAGES = {
  tooLarge: "This file is over 50 MB, too large to preview here. Download it and open it in your slicer.",
  tooManyTriangles: "This model has more than 5,000,000 triangles, too many to preview here. Download it and open it in your slicer.",
  notStl: "This file is not an STL model that can be read.",
  notObj: "This file is not an OBJ model that can be read.",
  unknownKind: "Only STL, OBJ and 3MF files can be read.",
  empty: "This file has no triangles to show.",
  not3mf: "This file is not a 3MF model that can be read: it is not a zip with a 3D model inside.",
  no3mfModel: "This 3MF file has no 3D model inside. Export the model from your design program as 3MF again.",
  bad3mfModel: "This 3MF file's model is damaged: a triangle or part points at something that is not there.",
  unknown3mfUnit: "This 3MF file uses a unit of length that cannot be read. Export it in millimetres.",
  too3mfLarge: "This 3MF file unpacks to more than 400 MB, too large to read. Export a simpler model.",
} as const;

/** A file that cannot be read; the message is for the person who chose it. */
export class MeshError extends Error {}

/** Triangles as flat x, y, z coordinates in millimetres: nine numbers per triangle. */
export type Mesh = { positions: Float32Array; triangleCount: number };

export function guardSize(bytes: Uint8Array): void {
  if (bytes.byteLength > MESH_MAX_BYTES) throw new MeshError(MESH_MESSAGES.tooLarge);
}

export function guardTriangles(count: number): void {
  if (count > MESH_MAX_TRIANGLES) throw new MeshError(MESH_MESSAGES.tooManyTriangles);
}

/** The last step of every reader: at least one triangle, and every coordinate a real number. */
export function finish(positions: Float32Array, triangleCount: number, invalid: string): Mesh {
  if (triangleCount === 0) throw new MeshError(MESH_MESSAGES.empty);
  for (const value of positions) if (!Number.isFinite(value)) throw new MeshError(invalid);
  return { positions, triangleCount };
}

/** A growable Float32Array: reading a model without an array of millions of boxed numbers. */
export class FloatList {
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
