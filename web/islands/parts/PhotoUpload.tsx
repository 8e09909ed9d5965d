import { useEffect, useRef, useState } from "react";
import { inBasket, type ReadyAttachment, sendUpload, sentPercent, UNREACHABLE } from "../../lib/upload-request";
import { type PhotoDetails, PhotoPreview } from "./PhotoPreview";
import { type FrameStatus, UploadFrame } from "./UploadFrame";

const NOT_AN_IMAGE = "Choose an image file: JPEG, PNG or WebP.";

/**
 * The photo a lithophane is printed from: sent as soon as it is chosen, since
 * only the shop can show how it will look lit (the preview is made from the
 * stored photo). The basket line then takes the stored photo as it is.
 */
export function PhotoUpload({ productId, onReady }: { productId: string; onReady: (attachment: ReadyAttachment | null) => void }) {
  const [state, setState] = useState<FrameStatus>({ status: "idle" });
  const [photo, setPhoto] = useState<{ token: string; name: string; details: PhotoDetails } | null>(null);
  // The shopper's last stored photo: the one a new file replaces, until the new one is stored.
  const earlier = useRef<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const request = useRef<XMLHttpRequest | null>(null);
  useEffect(() => () => request.current?.abort(), []);

  function fail(reason: string | null) {
    if (input.current) input.current.value = "";
    setPhoto(null);
    setState({ status: "error", reason });
  }

  async function upload(file: File) {
    onReady(null);
    // An upload a basket line already carries is never replaced: the line still needs it.
    const replaces = earlier.current && !inBasket(earlier.current) ? earlier.current : null;
    // The picker's filter is only a suggestion; a type the browser knows to be no image is refused here.
    if (file.type !== "" && !file.type.startsWith("image/")) {
      fail(NOT_AN_IMAGE);
      return;
    }
    setPhoto(null);
    setState({ status: "working", text: `Uploading ${file.name}…`, percent: 0 });
    const body = new FormData();
    body.append("image", file);
    body.append("productId", productId);
    if (replaces) body.append("replaces", replaces);
    const xhr = new XMLHttpRequest();
    request.current = xhr;
    try {
      const { status, answer } = await sendUpload(
        "image",
        body,
        (fraction) => {
          const percent = sentPercent(fraction);
          setState({ status: "working", text: percent === null ? "Preparing your preview…" : `Uploading ${file.name}…`, percent });
        },
        xhr,
      );
      if (status < 200 || status >= 300 || !answer.token || !answer.details) {
        fail(answer.error ?? null);
        return;
      }
      const stored = { token: answer.token, fileName: answer.name || file.name };
      earlier.current = stored.token;
      setPhoto({ token: stored.token, name: stored.fileName, details: answer.details as PhotoDetails });
      setState({
        status: "done",
        line: (
          <>
            Uploaded <strong className="upload__name">{stored.fileName}</strong>
          </>
        ),
      });
      onReady({ token: stored.token, send: async () => stored });
    } catch (error) {
      if (error instanceof Error && error.message === "aborted") return;
      fail(UNREACHABLE);
    } finally {
      if (request.current === xhr) request.current = null;
    }
  }

  return (
    <UploadFrame
      kind="image"
      inputId={`upload-image-${productId}`}
      input={input}
      state={state}
      chosen={photo !== null}
      busy={state.status === "working"}
      onFile={(file) => void upload(file)}
    >
      {photo && <PhotoPreview token={photo.token} details={photo.details} />}
    </UploadFrame>
  );
}
