import { useState } from "react";

export type PhotoDetails = { width: number; height: number };

/** Below this many pixels on the short side, fine detail in the panel gets soft. */
const SMALL_PHOTO_SIDE = 800;

/**
 * The uploaded photo as the server renders a lithophane (greyscale, shadows
 * lifted), set in a warm back-lit frame so the shopper sees the lamp switched on.
 */
export function PhotoPreview({ token, details }: { token: string; details: PhotoDetails }) {
  const [failed, setFailed] = useState(false);
  const small = Math.min(details.width, details.height) < SMALL_PHOTO_SIDE;
  return (
    <figure className="lithophane">
      <div className="lithophane__lamp">
        <div className="lithophane__panel">
          {failed ? (
            <p className="lithophane__fallback">The preview could not be shown, but your photo is uploaded.</p>
          ) : (
            <img
              src={`/api/uploads/${encodeURIComponent(token)}/preview.jpg`}
              alt="Your photo as a lit lithophane"
              width={details.width}
              height={details.height}
              onError={() => setFailed(true)}
            />
          )}
        </div>
        <div className="lithophane__stand" aria-hidden="true" />
      </div>
      <figcaption className="lithophane__caption">How your lithophane will look when lit</figcaption>
      {small && (
        <p className="hint lithophane__hint">
          This photo is {details.width} × {details.height} px. A larger one will print with finer detail.
        </p>
      )}
    </figure>
  );
}
