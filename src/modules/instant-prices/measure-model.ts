import type { ModelAnalysis, PricingPrinter } from "../../../shared/instant-prices";
import { MESH_MESSAGES, MeshError, parseMesh } from "../../../shared/mesh-reader";
import { analyseMesh, printersThatFit } from "../../../shared/model-analysis";

/**
 * A model measured with the one mesh reader the admin viewer runs too (shared/mesh-reader.ts). It imports only
 * `shared/`, so the worker that runs it (model-worker.ts) starts without the rest of the server.
 */

/** What the server keeps of a model besides its bytes: the analysis, and the printers whose bed holds it. */
export type ModelReading = { analysis: ModelAnalysis; fits: string[] };

/** The kinds of model read, by the file's extension: what the file is stored and downloaded as. */
export const MODEL_KINDS = {
  stl: "model/stl",
  obj: "model/obj",
  "3mf": "model/3mf",
} as const;
export type ModelExtension = keyof typeof MODEL_KINDS;

export function modelExtension(filename: string): ModelExtension | null {
  const extension = filename.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  return extension && extension in MODEL_KINDS ? (extension as ModelExtension) : null;
}

/** Throws the reader's MeshError for anything that is not a model with triangles. */
export function measureModel(bytes: Uint8Array, filename: string, printers: PricingPrinter[]): ModelReading {
  const mesh = parseMesh(bytes, filename);
  if (mesh.triangleCount === 0) throw new MeshError(MESH_MESSAGES.empty);
  const analysis = analyseMesh(
    mesh,
    printers.map((printer) => printer.bed_mm),
  );
  return { analysis, fits: printersThatFit(analysis.bbox_mm, printers) };
}
