import { readBasket } from "./basket-store";

export type AttachmentKind = "gpx" | "image" | "model";

/** Each kind's upload call (docs/product.md#public-calls). */
const UPLOAD_PATHS: Record<AttachmentKind, string> = {
  gpx: "/api/gpx/upload",
  image: "/api/image/upload",
  model: "/api/models/upload",
};
/** What the basket line keeps: the token and the name the server stored. */
export type UploadedAttachment = { token: string; fileName: string };
/**
 * A file ready to go with a basket line. A photo is already stored (`token`); a route is sent once, with
 * its trim, when it is added (docs/decisions/0028-route-trim-in-the-browser.md): `token` is set only when
 * this very file and trim are stored already. `send` stores it if need be and answers the stored upload,
 * or null when it could not be sent (the upload part then says why).
 */
export type ReadyAttachment = { token: string | null; send: () => Promise<UploadedAttachment | null> };

export type UploadAnswer = { token?: string; name?: string; details?: unknown; error?: string };

export const UNREACHABLE = "The shop could not be reached. Check your connection and try again.";

/** Whether a line in the basket carries this upload: such an upload is never replaced, the line still needs it. */
export function inBasket(token: string): boolean {
  return readBasket().some((item) => item.meta?.gpxToken === token || item.meta?.imageToken === token || item.meta?.modelToken === token);
}

/**
 * Posts the file with XMLHttpRequest rather than fetch: only XHR reports how
 * much of a large file has been sent. Resolves with the status and JSON body;
 * rejects with "network" or "aborted".
 */
export function sendUpload<Answer = UploadAnswer>(
  kind: AttachmentKind,
  body: FormData,
  onProgress: (fraction: number) => void,
  xhr: XMLHttpRequest,
) {
  return new Promise<{ status: number; answer: Answer & { error?: string } }>((resolve, reject) => {
    xhr.open("POST", UPLOAD_PATHS[kind]);
    xhr.responseType = "json";
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onload = () => resolve({ status: xhr.status, answer: (xhr.response ?? {}) as Answer & { error?: string } });
    xhr.onerror = () => reject(new Error("network"));
    xhr.onabort = () => reject(new Error("aborted"));
    xhr.send(body);
  });
}

/** A percentage for the progress bar, or null once everything is sent and the shop is checking the file. */
export function sentPercent(fraction: number): number | null {
  const percent = Math.round(fraction * 100);
  return percent >= 100 ? null : percent;
}
