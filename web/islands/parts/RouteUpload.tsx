import { useEffect, useRef, useState } from "react";
import type { RouteTrim } from "../../../shared/route-trim";
import type { ReadRoute } from "../../lib/route-reading";
import { inBasket, type ReadyAttachment, sendUpload, sentPercent, UNREACHABLE, type UploadedAttachment } from "../../lib/upload-request";
import type { ChosenRoute as ChosenRouteDrawing } from "./ChosenRoute";
import { type FrameStatus, UploadFrame } from "./UploadFrame";

/** The route and trim the shop stored last for this page: the upload a new one replaces, or the basket line's. */
type Stored = { file: File; trim: RouteTrim; token: string; name: string };
type Chosen = { file: File; route: ReadRoute };

const READ_FAILED = "Your route could not be read here. Check your connection and try again.";
const SENT_ON_ADD = "Drawn from your file. It is sent when you add it to your basket, and we keep only the part drawn in full.";

// Written out rather than imported: shared/route-trim.ts (and the figures it brings) loads with the drawing, on first use.
const NO_TRIM: RouteTrim = { startM: 0, endM: 0 };
const sameTrim = (a: RouteTrim, b: RouteTrim) => a.startM === b.startM && a.endM === b.endM;

/**
 * The GPX route a relief map is printed from (docs/decisions/0028-route-trim-in-the-browser.md): the
 * chosen file is read and drawn here at once, with the trim under the drawing; changing the trim
 * redraws and sends nothing. The file goes to the shop once, with the trim, when the map is added to
 * the basket (`send`), and the shop still checks it, trims it and keeps only the trimmed route.
 */
export function RouteUpload({ productId, onReady }: { productId: string; onReady: (attachment: ReadyAttachment | null) => void }) {
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [trim, setTrim] = useState<RouteTrim>(NO_TRIM);
  const [state, setState] = useState<FrameStatus>({ status: "idle" });
  const [stored, setStored] = useState<Stored | null>(null);
  // The drawing's own chunk, loaded with the reader when the first file is chosen.
  const [Drawing, setDrawing] = useState<typeof ChosenRouteDrawing | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const request = useRef<XMLHttpRequest | null>(null);
  useEffect(() => () => request.current?.abort(), []);
  const inputId = `upload-gpx-${productId}`;
  const busy = state.status === "working";
  /** The stored upload when it is this very file with this very trim. */
  const storedAsChosen = stored && chosen && stored.file === chosen.file && sameTrim(stored.trim, trim) ? stored : null;

  async function choose(file: File) {
    onReady(null);
    setState({ status: "working", text: "Reading your route…", percent: null });
    try {
      const drawing = await import("./ChosenRoute");
      const read = await drawing.readRouteFile(file);
      setDrawing(() => drawing.ChosenRoute);
      if ("refusal" in read) {
        refuse(read.refusal);
        return;
      }
      setChosen({ file, route: read.route });
      setTrim(NO_TRIM);
      setState({ status: "idle" });
    } catch {
      refuse(READ_FAILED);
    }
  }

  function refuse(reason: string | null) {
    if (input.current) input.current.value = "";
    setChosen(null);
    setState({ status: "error", reason });
  }

  /** Sends the chosen file once, with its trim, unless exactly that is stored already. */
  async function send(route: Chosen, routeTrim: RouteTrim, earlier: Stored | null): Promise<UploadedAttachment | null> {
    if (earlier && earlier.file === route.file && sameTrim(earlier.trim, routeTrim))
      return { token: earlier.token, fileName: earlier.name };
    const name = route.file.name;
    setState({ status: "working", text: `Uploading ${name}…`, percent: 0 });
    const body = new FormData();
    body.append("gpx", route.file);
    body.append("productId", productId);
    body.append("trimStartM", String(routeTrim.startM));
    body.append("trimEndM", String(routeTrim.endM));
    // An upload a basket line carries is never replaced: the line still needs it.
    if (earlier && !inBasket(earlier.token)) body.append("replaces", earlier.token);
    const xhr = new XMLHttpRequest();
    request.current = xhr;
    try {
      const { status, answer } = await sendUpload(
        "gpx",
        body,
        (fraction) => {
          const percent = sentPercent(fraction);
          setState({ status: "working", text: percent === null ? "Checking your route…" : `Uploading ${name}…`, percent });
        },
        xhr,
      );
      if (status < 200 || status >= 300 || !answer.token) {
        setState({ status: "error", reason: answer.error ?? null });
        return null;
      }
      const kept = { file: route.file, trim: routeTrim, token: answer.token, name: answer.name || name };
      setStored(kept);
      setState({ status: "idle" });
      return { token: kept.token, fileName: kept.name };
    } catch (error) {
      if (!(error instanceof Error && error.message === "aborted")) setState({ status: "error", reason: UNREACHABLE });
      return null;
    } finally {
      if (request.current === xhr) request.current = null;
    }
  }

  // What the basket's Add takes: this file with this trim, stored on the first add. `send` always takes
  // the file and trim on show when Add is pressed.
  const sendChosen = useRef<() => Promise<UploadedAttachment | null>>(async () => null);
  sendChosen.current = () => (chosen ? send(chosen, trim, stored) : Promise.resolve(null));
  // Offered again for each file read (choosing one withdraws the last until it is read) and each stored upload.
  const chosenFile = chosen?.file ?? null;
  const storedToken = storedAsChosen?.token ?? null;
  useEffect(() => {
    onReady(chosenFile ? { token: storedToken, send: () => sendChosen.current() } : null);
  }, [chosenFile, storedToken, onReady]);

  const frameState: FrameStatus =
    state.status !== "idle" || !chosen
      ? state
      : storedAsChosen
        ? {
            status: "done",
            line: (
              <>
                Uploaded <strong className="upload__name">{storedAsChosen.name}</strong>
              </>
            ),
          }
        : { status: "done", line: <strong className="upload__name">{chosen.file.name}</strong> };

  return (
    <UploadFrame
      kind="gpx"
      inputId={inputId}
      input={input}
      state={frameState}
      chosen={chosen !== null}
      busy={busy}
      hint={SENT_ON_ADD}
      onFile={(file) => void choose(file)}
    >
      {chosen && Drawing && <Drawing idPrefix={inputId} route={chosen.route} trim={trim} disabled={busy} onTrim={setTrim} />}
    </UploadFrame>
  );
}
