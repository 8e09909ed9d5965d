import { useEffect, useState } from "react";
import { parseMesh } from "../../../shared/mesh-reader";
import { gridCellFor, ModelStage } from "../../lib/model-stage";

const NOT_DRAWN = "The 3D preview could not be drawn from this file; the size below is what the shop measured.";

/**
 * The shopper's own model turning in 3D: read in the browser from the chosen file with the shop's own mesh
 * reader (shared/mesh-reader.ts), drawn by the viewer the owner's requests use (web/lib/model-stage.tsx).
 * Its own chunk, loaded once a model is uploaded; three.js follows only once WebGL is known to work.
 */
export function ModelPreview({ file, size }: { file: File; size: [number, number, number] }) {
  const [positions, setPositions] = useState<Float32Array | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    setPositions(null);
    setFailed(false);
    file
      .arrayBuffer()
      .then((buffer) => {
        if (current) setPositions(parseMesh(new Uint8Array(buffer), file.name).positions);
      })
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [file]);

  if (failed) {
    return (
      <p className="model-viewer__no-webgl" role="status">
        {NOT_DRAWN}
      </p>
    );
  }
  if (!positions) {
    return (
      <div className="model-viewer__frame">
        <p className="model-viewer__status muted" role="status">
          Reading your model…
        </p>
      </div>
    );
  }
  return <ModelStage filename={file.name} positions={positions} gridCellMm={gridCellFor(size[0], size[1])} />;
}
