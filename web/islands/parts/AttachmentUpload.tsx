import { type DragEvent, useEffect, useRef, useState } from "react";
import type { RouteDetails } from "../../../shared/route-drawing";
import type { HiddenEnds } from "../../../src/modules/uploads/gpx-trim";
import type { RouteTrim } from "../../../src/modules/uploads/model";
import { readBasket } from "../../lib/basket-store";
import { type PhotoDetails, PhotoPreview } from "./PhotoPreview";
import { RoutePreview } from "./RoutePreview";
import { NO_TRIM, RouteTrimPicker, trimSentence } from "./RouteTrimPicker";

export type AttachmentKind = "gpx" | "image";
/** What the basket line keeps: the token and the name the server stored (spec section 3). */
export type UploadedAttachment = { token: string; fileName: string };

type Uploaded =
  | { kind: "gpx"; token: string; name: string; details: RouteDetails; hidden?: HiddenEnds; trim: RouteTrim }
  | { kind: "image"; token: string; name: string; details: PhotoDetails };

/** Spec section 4: idle → uploading → success or error. `percent` is null while the server checks the file. */
type UploadState =
  | { status: "idle" }
  | { status: "uploading"; fileName: string; percent: number | null }
  | { status: "success"; upload: Uploaded }
  | { status: "error"; reason: string | null };

type Answer = { token?: string; name?: string; details?: unknown; hidden?: HiddenEnds; error?: string };

const LABELS: Record<AttachmentKind, { title: string; hint: string; accept: string; failed: string; checking: string }> = {
  gpx: {
    title: "Your route (GPX file)",
    hint: "Export the route from Strava, Komoot, Garmin Connect or OS Maps as a .gpx file.",
    accept: ".gpx,application/gpx+xml",
    failed: "GPX upload failed",
    checking: "Reading your route…",
  },
  image: {
    title: "Your photo",
    hint: "A clear, well-lit photo works best. JPEG, PNG or WebP.",
    accept: "image/*",
    failed: "IMAGE upload failed",
    checking: "Preparing your preview…",
  },
};

const UNREACHABLE = "The shop could not be reached. Check your connection and try again.";
const NOT_AN_IMAGE = "Choose an image file: JPEG, PNG or WebP.";

/** Whether a line in the basket carries this upload. */
function inBasket(token: string): boolean {
  return readBasket().some((item) => item.meta?.gpxToken === token || item.meta?.imageToken === token);
}

/**
 * Posts the file with XMLHttpRequest rather than fetch: only XHR reports how
 * much of a large photo has been sent. Resolves with the status and JSON body.
 */
function send(url: string, body: FormData, onProgress: (fraction: number) => void, xhr: XMLHttpRequest) {
  return new Promise<{ status: number; answer: Answer }>((resolve, reject) => {
    xhr.open("POST", url);
    xhr.responseType = "json";
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onload = () => resolve({ status: xhr.status, answer: (xhr.response ?? {}) as Answer });
    xhr.onerror = () => reject(new Error("network"));
    xhr.onabort = () => reject(new Error("aborted"));
    xhr.send(body);
  });
}

/**
 * The file a product needs before it can go in the basket (spec sections 4
 * and 5). After an upload the shopper sees what we will print from: the route
 * map and profile, or the photo as a lit lithophane.
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
  const [dragging, setDragging] = useState(false);
  const [trim, setTrim] = useState<RouteTrim>(NO_TRIM);
  // The chosen route stays in the browser, so a new trim can send it again; the server keeps only the newest.
  const chosen = useRef<{ file: File; token: string | null } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const request = useRef<XMLHttpRequest | null>(null);
  useEffect(() => () => request.current?.abort(), []);
  // Not useId: an island hydrates as its own root, so ids must come from props.
  const inputId = `upload-${kind}-${productId}`;
  const label = LABELS[kind];
  const uploading = state.status === "uploading";

  /** After a failure, or to replace a file, so choosing the same file again still counts as a change. */
  function clearPicker() {
    if (input.current) input.current.value = "";
  }

  function fail(reason: string | null) {
    clearPicker();
    setState({ status: "error", reason });
  }

  async function upload(file: File, routeTrim: RouteTrim = trim) {
    onUploaded(null);
    // An upload a basket line already carries is never replaced: the line still needs it.
    const earlier = chosen.current?.token ?? null;
    const replaces = earlier && !inBasket(earlier) ? earlier : null;
    // The earlier upload stays the one to replace until this one is stored.
    chosen.current = { file, token: replaces };
    // The picker's filter is only a suggestion; a type the browser knows to be no image is refused here.
    if (kind === "image" && file.type !== "" && !file.type.startsWith("image/")) {
      fail(NOT_AN_IMAGE);
      return;
    }
    setState({ status: "uploading", fileName: file.name, percent: 0 });
    const body = new FormData();
    body.append(kind, file);
    body.append("productId", productId);
    if (kind === "gpx") {
      body.append("trimStartM", String(routeTrim.startM));
      body.append("trimEndM", String(routeTrim.endM));
    }
    if (replaces) body.append("replaces", replaces);
    const xhr = new XMLHttpRequest();
    request.current = xhr;
    try {
      const { status, answer } = await send(
        `/api/${kind}/upload`,
        body,
        (fraction) => {
          const percent = Math.round(fraction * 100);
          setState({ status: "uploading", fileName: file.name, percent: percent >= 100 ? null : percent });
        },
        xhr,
      );
      if (status < 200 || status >= 300 || !answer.token || !answer.details) {
        fail(answer.error ?? null);
        return;
      }
      const name = answer.name || file.name;
      chosen.current = { file, token: answer.token };
      const uploaded =
        kind === "gpx"
          ? { kind, token: answer.token, name, details: answer.details as RouteDetails, hidden: answer.hidden, trim: routeTrim }
          : { kind, token: answer.token, name, details: answer.details as PhotoDetails };
      setState({ status: "success", upload: uploaded });
      onUploaded({ token: answer.token, fileName: name });
    } catch (error) {
      if (error instanceof Error && error.message === "aborted") return;
      fail(UNREACHABLE);
    } finally {
      if (request.current === xhr) request.current = null;
    }
  }

  /** A new trim: the chosen route goes again with it, replacing the stored one. */
  function retrim(next: RouteTrim) {
    setTrim(next);
    if (chosen.current && !uploading) void upload(chosen.current.file, next);
  }

  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !uploading) void upload(file);
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping a file is a shortcut; the file input inside is the keyboard and screen-reader way
    <div
      className={`upload upload--${state.status} ${dragging ? "is-dragging" : ""}`}
      onDragOver={(event) => {
        event.preventDefault();
        if (!uploading) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      <div className="upload__head">
        <label htmlFor={inputId} className="upload__label">
          {label.title}
        </label>
        {state.status !== "success" && <p className="upload__hint">{label.hint}</p>}
      </div>

      {kind === "gpx" && <RouteTrimPicker idPrefix={inputId} trim={trim} disabled={uploading} onChange={retrim} />}

      <input
        ref={input}
        id={inputId}
        className="upload__input"
        type="file"
        accept={label.accept}
        disabled={uploading}
        hidden={state.status === "success"}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (file) void upload(file);
        }}
      />

      <div className="upload__status" role="status" aria-live="polite">
        {state.status === "uploading" && (
          <div className="upload__progress">
            <span className="upload__progress-text">
              {state.percent === null ? label.checking : `Uploading ${state.fileName}…`}
              {state.percent !== null && <span aria-hidden="true"> {state.percent}%</span>}
            </span>
            <progress max={100} value={state.percent ?? undefined} aria-label="Upload progress" />
          </div>
        )}
        {state.status === "success" && (
          <p className="upload__file">
            <span className="upload__tick" aria-hidden="true">
              ✓
            </span>
            <span>
              Uploaded <strong className="upload__name">{state.upload.name}</strong>
            </span>
          </p>
        )}
      </div>

      {state.status === "error" && (
        <div className="upload__error" role="alert">
          <p className="upload__error-title">{label.failed}</p>
          {state.reason && <p className="upload__error-reason">{state.reason}</p>}
        </div>
      )}

      {state.status === "success" && (
        <>
          {state.upload.kind === "gpx" ? (
            <RoutePreview details={state.upload.details} hidden={state.upload.hidden} trimmed={trimSentence(state.upload.trim)} />
          ) : (
            <PhotoPreview token={state.upload.token} details={state.upload.details} />
          )}
          <button
            type="button"
            className="button button--ghost upload__replace"
            onClick={() => {
              clearPicker();
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
