import type { ModelAnalysis, PricingPrinter } from "../../../shared/instant-prices";
import { MESH_MESSAGES, MeshError, parseMesh } from "../../../shared/mesh-reader";
import { analyseMesh, printersThatFit } from "../../../shared/model-analysis";
import { BadRequest } from "../../errors";
import { MODEL_UPLOAD_MESSAGES } from "./model";

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

/**
 * Reads and measures a shopper's (or the owner's) STL, OBJ or 3MF with the one mesh reader the admin viewer runs
 * too (shared/mesh-reader.ts), and turns the reader's refusals into a 400 the sender can act on. CPU work: the
 * callers run it inside the heavy-work slot.
 */
export function readModel(bytes: Uint8Array, filename: string, printers: PricingPrinter[]): ModelReading {
  if (!modelExtension(filename)) throw new BadRequest(MODEL_UPLOAD_MESSAGES.notModel);
  let analysis: ModelAnalysis;
  try {
    const mesh = parseMesh(bytes, filename);
    if (mesh.triangleCount === 0) throw new BadRequest(MODEL_UPLOAD_MESSAGES.empty);
    analysis = analyseMesh(
      mesh,
      printers.map((printer) => printer.bed_mm),
    );
  } catch (error) {
    if (!(error instanceof MeshError)) throw error;
    if (error.message === MESH_MESSAGES.tooManyTriangles) throw new BadRequest(MODEL_UPLOAD_MESSAGES.tooManyTriangles);
    if (error.message === MESH_MESSAGES.empty) throw new BadRequest(MODEL_UPLOAD_MESSAGES.empty);
    throw new BadRequest(MODEL_UPLOAD_MESSAGES.notModel);
  }
  return { analysis, fits: printersThatFit(analysis.bbox_mm, printers) };
}
