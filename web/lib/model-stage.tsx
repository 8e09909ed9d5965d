import { useEffect, useRef, useState } from "react";
import { currentTheme } from "../../shared/theme";
import type { ModelScene } from "./model-viewer-scene";

/** The 3D view itself: checking for WebGL, drawing, or not possible here. */
type View = "starting" | "ready" | "no-webgl" | "failed";

const NO_WEBGL_TEXT = "3D preview needs WebGL; the figures below are computed from the file.";
const DRAW_FAILED_TEXT = "The 3D preview could not be drawn; the figures below are computed from the file.";

/** Grid squares that stay countable whatever the model's size (its footprint in mm). */
export function gridCellFor(width: number, depth: number): number {
  const largest = Math.max(width, depth);
  return largest > 400 ? 100 : largest > 150 ? 50 : 10;
}

/**
 * A model turning on a build-plate grid: the owner's request attachments (web/admin/requests/ModelViewer.tsx)
 * and the shopper's own model on the product page (web/islands/parts/ModelPreview.tsx) draw it the same
 * way. three.js loads only now, once WebGL is known to work; without it the caller's figures still stand.
 */
export function ModelStage({
  filename,
  positions,
  gridCellMm,
}: {
  filename: string;
  /** Nine numbers per triangle, in mm, Z up. */
  positions: Float32Array;
  gridCellMm: number;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const scene = useRef<ModelScene | null>(null);
  const [view, setView] = useState<View>("starting");

  useEffect(() => {
    const host = frame.current;
    if (!host) return;
    // A fresh canvas per run: a context that was released cannot be had again from the same canvas.
    const canvas = document.createElement("canvas");
    canvas.className = "model-viewer__canvas";
    canvas.setAttribute("role", "img");
    canvas.setAttribute("aria-label", `3D view of ${filename}: drag to turn, scroll or pinch to zoom`);
    let context: WebGL2RenderingContext | null = null;
    try {
      context = canvas.getContext("webgl2", { antialias: true, alpha: true });
    } catch {
      context = null;
    }
    if (!context) {
      setView("no-webgl");
      return;
    }
    setView("starting");
    let active = true;
    import("./model-viewer-scene")
      .then(({ createModelScene }) => {
        if (!active || !context) return;
        host.append(canvas);
        scene.current = createModelScene({ canvas, context, positions, frame: host, dark: currentTheme() === "dark", gridCellMm });
        setView("ready");
      })
      .catch(() => {
        // The viewer's chunk did not load, or three.js could not start on this context.
        canvas.remove();
        if (active) setView("failed");
      });
    return () => {
      active = false;
      if (scene.current) scene.current.dispose();
      else context?.getExtension("WEBGL_lose_context")?.loseContext();
      scene.current = null;
      canvas.remove();
    };
  }, [filename, positions, gridCellMm]);

  if (view === "no-webgl" || view === "failed") {
    return (
      <p className="model-viewer__no-webgl" role="status">
        {view === "no-webgl" ? NO_WEBGL_TEXT : DRAW_FAILED_TEXT}
      </p>
    );
  }
  return (
    <div className="model-viewer__stage">
      <div className="model-viewer__frame" data-view={view}>
        {/* The canvas goes in here, outside React's children. */}
        <div ref={frame} className="model-viewer__canvas-host" />
        {view === "starting" && (
          <p className="model-viewer__status muted" role="status">
            Drawing the model…
          </p>
        )}
      </div>
      <div className="model-viewer__hint">
        <span>Drag to turn · scroll or pinch to zoom · right-drag to pan · grid squares {gridCellMm} mm</span>
        <button type="button" className="model-viewer__reset" disabled={view !== "ready"} onClick={() => scene.current?.resetView()}>
          Reset view
        </button>
      </div>
    </div>
  );
}
