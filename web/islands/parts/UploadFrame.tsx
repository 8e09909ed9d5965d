import { type DragEvent, type ReactNode, type RefObject, useState } from "react";
import type { AttachmentKind } from "../../lib/upload-request";

const LABELS: Record<AttachmentKind, { title: string; hint: string; accept: string; failed: string }> = {
  gpx: {
    title: "Your route (GPX file)",
    hint: "Export the route from Strava, Komoot, Garmin Connect or OS Maps as a .gpx file.",
    accept: ".gpx,application/gpx+xml",
    failed: "GPX upload failed",
  },
  image: {
    title: "Your photo",
    hint: "A clear, well-lit photo works best. JPEG, PNG or WebP.",
    accept: "image/*",
    failed: "IMAGE upload failed",
  },
  model: {
    title: "Your model (STL, OBJ or 3MF)",
    hint: "Drop the file here or choose it: up to 50 MB, drawn in millimetres.",
    accept: ".stl,.obj,.3mf,model/stl,model/obj,model/3mf",
    failed: "Model upload failed",
  },
};

/** The upload's states as the frame shows them (decision 0028); `percent` is null while the file is read or checked. */
export type FrameStatus =
  | { status: "idle" }
  | { status: "working"; text: string; percent: number | null }
  | { status: "done"; line: ReactNode }
  | { status: "error"; reason: string | null };

/**
 * What every product upload looks like (routes and photos alike, decision 0028): the title, a
 * hint, the file picker (or a dropped file), one status line, the failure with
 * its reason, what the file will print as (`children`), and "Replace file".
 * What happens to a chosen file is the caller's: a photo is sent at once
 * (PhotoUpload), a route is read and drawn here first (RouteUpload).
 */
export function UploadFrame({
  kind,
  inputId,
  input,
  state,
  chosen,
  busy,
  hint,
  onFile,
  children,
}: {
  kind: AttachmentKind;
  /** Not useId: an island hydrates as its own root, so ids must come from props. */
  inputId: string;
  input: RefObject<HTMLInputElement | null>;
  state: FrameStatus;
  /** A file is in hand: the picker hides behind "Replace file". */
  chosen: boolean;
  /** While a file is read or sent, no other can be chosen. */
  busy: boolean;
  /** Said under the title once a file is in hand (before, the kind's own hint). */
  hint?: string;
  onFile: (file: File) => void;
  children?: ReactNode;
}) {
  const [dragging, setDragging] = useState(false);
  const label = LABELS[kind];

  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !busy) onFile(file);
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping a file is a shortcut; the file input inside is the keyboard and screen-reader way
    <div
      className={`upload upload--${state.status === "error" || !chosen ? state.status : "success"} ${dragging ? "is-dragging" : ""}`}
      onDragOver={(event) => {
        event.preventDefault();
        if (!busy) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      <div className="upload__head">
        <label htmlFor={inputId} className="upload__label">
          {label.title}
        </label>
        {chosen ? hint && <p className="upload__hint">{hint}</p> : <p className="upload__hint">{label.hint}</p>}
      </div>

      <input
        ref={input}
        id={inputId}
        className="upload__input"
        type="file"
        accept={label.accept}
        disabled={busy}
        hidden={chosen}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (file) onFile(file);
        }}
      />

      <div className="upload__status" role="status" aria-live="polite">
        {state.status === "working" && (
          <div className="upload__progress">
            <span className="upload__progress-text">
              {state.text}
              {state.percent !== null && <span aria-hidden="true"> {state.percent}%</span>}
            </span>
            <progress max={100} value={state.percent ?? undefined} aria-label="Upload progress" />
          </div>
        )}
        {state.status === "done" && (
          <p className="upload__file">
            <span className="upload__tick" aria-hidden="true">
              ✓
            </span>
            <span>{state.line}</span>
          </p>
        )}
      </div>

      {state.status === "error" && (
        <div className="upload__error" role="alert">
          <p className="upload__error-title">{label.failed}</p>
          {state.reason && <p className="upload__error-reason">{state.reason}</p>}
        </div>
      )}

      {chosen && (
        <>
          {children}
          <button
            type="button"
            className="button button--ghost upload__replace"
            disabled={busy}
            onClick={() => {
              if (input.current) input.current.value = "";
              input.current?.click();
            }}
          >
            Replace file
          </button>
        </>
      )}
    </div>
  );
}
