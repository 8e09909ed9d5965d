import { useState } from "react";
import { failureText, isSessionEnd, uploadImage } from "../api";
import { type OrderFiles, shopRenders } from "./holds";

/**
 * The proof pictures of a question: the shop's own renders of the order's files in one tap each, and any picture the
 * owner uploads (the admin image upload). Each chosen picture shows with a Remove.
 */
export function ProofPicker({ order, chosen, onChange }: { order: OrderFiles; chosen: string[]; onChange: (urls: string[]) => void }) {
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState("");
  const renders = shopRenders(order).filter((render) => !chosen.includes(render.url));

  async function upload(file: File) {
    setUploading(true);
    setError("");
    try {
      onChange([...chosen, await uploadImage(file)]);
    } catch (caught) {
      if (!isSessionEnd(caught)) setError(failureText(caught, "The picture could not be uploaded"));
    } finally {
      setUploading(false);
    }
  }

  return (
    <fieldset className="proof-picker">
      <legend>Proof pictures</legend>
      {chosen.length > 0 && (
        <ul className="proof-picker__chosen" aria-label="Chosen proof pictures">
          {chosen.map((url, index) => (
            <li key={url}>
              <img src={url} alt={`Proof picture ${index + 1}`} />
              <button
                type="button"
                className="button button--ghost admin-button--small"
                onClick={() => onChange(chosen.filter((each) => each !== url))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {renders.map((render) => (
        <button
          key={render.url}
          type="button"
          className="button button--secondary admin-button--small"
          onClick={() => onChange([...chosen, render.url])}
        >
          Add {render.label}
        </button>
      ))}
      <label className="button button--ghost admin-button--small proof-picker__upload">
        {uploading ? "Uploading…" : "Upload a picture"}
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="visually-hidden"
          disabled={uploading}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) void upload(file);
          }}
        />
      </label>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
