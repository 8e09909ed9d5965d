import { useState } from "react";

export type AttachmentKind = "gpx" | "image";
export type UploadedAttachment = { token: string; fileName: string };
type UploadState =
  | { status: "idle" }
  | { status: "uploading"; fileName: string }
  | { status: "success"; fileName: string }
  | { status: "error"; message: string };

const LABELS: Record<AttachmentKind, { field: string; title: string; hint: string; accept: string; failed: string }> = {
  gpx: {
    field: "gpx",
    title: "Your route (GPX file)",
    hint: "Export the route from Strava, Komoot, Garmin Connect or OS Maps as a .gpx file.",
    accept: ".gpx,application/gpx+xml,application/xml,text/xml",
    failed: "GPX upload failed",
  },
  image: {
    field: "image",
    title: "Your photo",
    hint: "A clear, well-lit photo works best. JPEG, PNG, WebP or HEIC.",
    accept: "image/*",
    failed: "IMAGE upload failed",
  },
};

/**
 * Uploads the file a product needs before it can go in the basket
 * (spec sections 4 and 5): idle → uploading → success or error.
 */
export function AttachmentUpload({
  kind,
  productId,
  onUploaded,
}: {
  kind: AttachmentKind;
  productId: string;
  onUploaded: (attachment: UploadedAttachment | null) => void;
}) {
  const [state, setState] = useState<UploadState>({ status: "idle" });
  // Not useId: an island hydrates as its own root, so ids must come from props.
  const inputId = `upload-${kind}-${productId}`;
  const label = LABELS[kind];

  async function upload(file: File) {
    setState({ status: "uploading", fileName: file.name });
    onUploaded(null);
    const body = new FormData();
    body.append(label.field, file);
    body.append("productId", productId);
    try {
      const response = await fetch(`/api/${kind}/upload`, { method: "POST", body });
      const answer = (await response.json().catch(() => ({}))) as { token?: string; error?: string };
      if (!response.ok || !answer.token) {
        setState({ status: "error", message: answer.error ? `${label.failed}: ${answer.error}` : label.failed });
        return;
      }
      setState({ status: "success", fileName: file.name });
      onUploaded({ token: answer.token, fileName: file.name });
    } catch {
      setState({ status: "error", message: label.failed });
    }
  }

  return (
    <div className={`upload upload--${state.status}`}>
      <label htmlFor={inputId} className="upload__label">
        {label.title}
      </label>
      <p className="upload__hint">{label.hint}</p>
      <input
        id={inputId}
        type="file"
        accept={label.accept}
        disabled={state.status === "uploading"}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (file) void upload(file);
        }}
      />
      <p className="upload__status" role="status" aria-live="polite">
        {state.status === "uploading" && `Uploading ${state.fileName}…`}
        {state.status === "success" && `Uploaded ${state.fileName}`}
        {state.status === "error" && <span className="form-error">{state.message}</span>}
      </p>
    </div>
  );
}
