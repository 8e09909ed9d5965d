import { useEffect, useState } from "react";
import { MESH_MAX_BYTES, MESH_MESSAGES, MeshError, type MeshStats, measureModel } from "../../../shared/mesh-reader";
import { gridCellFor, ModelStage } from "../../lib/model-stage";
import { reportUnauthorized } from "../api";
import { Dialog, Notice } from "../parts";
import { SESSION_EXPIRED } from "../session";

export type ModelFile = { url: string; filename: string };

type Loaded = { positions: Float32Array; stats: MeshStats };

const oneDecimal = new Intl.NumberFormat("en-GB", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat("en-GB");

/**
 * A shopper's STL or OBJ attachment, fetched through the admin download and
 * measured in the browser: an orbitable view (three.js, loaded only now) and
 * the figures a quote needs. Without WebGL the figures are still shown.
 */
export function ModelViewer({ file, onClose }: { file: ModelFile; onClose: () => void }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState("");

  useEffect(() => {
    let current = true;
    loadModel(file)
      .then((model) => current && setLoaded(model))
      .catch(
        (caught: unknown) =>
          current && setError(caught instanceof MeshError ? caught.message : "Unable to load this file. Try again, or download it."),
      );
    return () => {
      current = false;
    };
  }, [file]);

  return (
    <Dialog
      title={`3D view: ${file.filename}`}
      onClose={onClose}
      actions={
        <>
          <a className="button button--ghost" href={file.url} download={file.filename}>
            Download
          </a>
          <button type="button" className="button button--primary" onClick={onClose}>
            Close
          </button>
        </>
      }
    >
      <div className="model-viewer">
        {error ? (
          <Notice tone="error">{error}</Notice>
        ) : !loaded ? (
          <p className="model-viewer__status muted" role="status">
            Loading and measuring {file.filename}…
          </p>
        ) : (
          <>
            <ModelStage
              filename={file.filename}
              positions={loaded.positions}
              gridCellMm={gridCellFor(loaded.stats.size.width, loaded.stats.size.depth)}
            />
            <ModelFacts stats={loaded.stats} />
          </>
        )}
      </div>
    </Dialog>
  );
}

async function loadModel(file: ModelFile): Promise<Loaded> {
  let response = await fetch(file.url, { credentials: "same-origin" });
  // The download may answer with a link to the file instead of the file (docs/product.md#owner-calls).
  if (response.ok && response.headers.get("content-type")?.includes("application/json")) {
    const { url } = (await response.json()) as { url?: string };
    if (!url) throw new Error("No file in the answer");
    response = await fetch(url, { credentials: "same-origin" });
  }
  if (response.status === 401) {
    reportUnauthorized();
    throw new MeshError(SESSION_EXPIRED);
  }
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  if (Number(response.headers.get("content-length") ?? 0) > MESH_MAX_BYTES) throw new MeshError(MESH_MESSAGES.tooLarge);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const { mesh, stats } = measureModel(bytes, file.filename);
  return { positions: mesh.positions, stats };
}

/** "Watertight" or "Not watertight (4 open edges)": what a slicer will make of it. */
function surfaceText(stats: MeshStats): string {
  if (stats.watertight) return "Watertight";
  const plural = (n: number, one: string, many: string) => `${whole.format(n)} ${n === 1 ? one : many}`;
  if (stats.openEdges > 0) return `Not watertight (${plural(stats.openEdges, "open edge", "open edges")})`;
  return `Not watertight (${plural(stats.nonManifoldEdges, "edge shared by more than two triangles", "edges shared by more than two triangles")})`;
}

function ModelFacts({ stats }: { stats: MeshStats }) {
  const { width, depth, height } = stats.size;
  return (
    <dl className="model-viewer__facts" aria-label="Model measurements">
      <div>
        <dt>Volume</dt>
        <dd>
          {oneDecimal.format(stats.volumeCm3)} cm³
          {!stats.watertight && <span className="admin-cell-sub">approximate: the surface is not closed</span>}
        </dd>
      </div>
      <div>
        <dt>Triangles</dt>
        <dd>{whole.format(stats.triangleCount)}</dd>
      </div>
      <div className="model-viewer__fact--wide">
        <dt>Size (W × D × H)</dt>
        <dd>
          {oneDecimal.format(width)} × {oneDecimal.format(depth)} × {oneDecimal.format(height)} mm
        </dd>
      </div>
      <div className="model-viewer__fact--wide">
        <dt>Surface</dt>
        <dd className={stats.watertight ? "model-viewer__ok" : "model-viewer__warn"}>{surfaceText(stats)}</dd>
      </div>
    </dl>
  );
}
