import { useEffect, useRef, useState } from "react";
import { ApiError, apiCall, enc, isSessionEnd, uploadImage } from "./api";
import { ResultNotice, useResult } from "./parts";
import type { AdminProductImage } from "./types";

/** A new image goes after the others, at image count + 1000 (docs/product.md#images-and-variants). */
const NEW_IMAGE_SORT_OFFSET = 1000;

const bySortOrder = (a: AdminProductImage, b: AdminProductImage) => a.sort_order - b.sort_order;

function detail(error: unknown): string {
  if (error instanceof ApiError) return error.serverError || `HTTP ${error.status}`;
  return "network error";
}

/** Pictures belong to a stored product (decision 0029): a new one asks to be saved first. */
const SAVE_FIRST = "Please save the product first before adding images.";

/**
 * A product's pictures: add, reorder (the first is the primary image) and remove.
 * The editor loads them (with the variants); `onChanged` loads them again after a change.
 * A new product (no id yet) shows Add Image too, and pressing it says to save the product first.
 */
export function ProductImages({
  productId,
  images: loaded,
  onChanged,
}: {
  productId: string | null;
  images: AdminProductImage[];
  onChanged: () => void | Promise<void>;
}) {
  // A move shows at once and stays unless the server refuses it; each load replaces it.
  const [images, setImages] = useState<AdminProductImage[]>(() => [...loaded].sort(bySortOrder));
  useEffect(() => setImages([...loaded].sort(bySortOrder)), [loaded]);
  const [busy, setBusy] = useState(false);
  const result = useResult();
  const input = useRef<HTMLInputElement>(null);

  function choose() {
    if (!productId) return result.fail(SAVE_FIRST);
    input.current?.click();
  }

  async function add(file: File | undefined) {
    if (!file) return;
    if (!productId) return result.fail(SAVE_FIRST);
    setBusy(true);
    result.clear();
    try {
      const url = await uploadImage(file);
      await apiCall(`/api/admin/products/${enc(productId)}/images`, {
        method: "POST",
        json: { image_url: url, sort_order: images.length + NEW_IMAGE_SORT_OFFSET },
      });
      await onChanged();
    } catch (caught) {
      if (!isSessionEnd(caught)) result.fail("Image upload failed. Please try again.");
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  }

  async function move(index: number, step: -1 | 1) {
    if (!productId) return;
    const next = [...images];
    const [moved] = next.splice(index, 1);
    if (!moved) return;
    next.splice(index + step, 0, moved);
    const reordered = next.map((image, position) => ({ ...image, sort_order: position }));
    setImages(reordered);
    result.clear();
    try {
      await apiCall(`/api/admin/products/${enc(productId)}/images/reorder`, {
        method: "PATCH",
        json: { imageOrders: reordered.map(({ id, sort_order }) => ({ id, sort_order })) },
      });
      await onChanged();
    } catch (caught) {
      if (isSessionEnd(caught)) return;
      result.fail("Failed to reorder images. Please try again.");
      await onChanged();
    }
  }

  async function remove(image: AdminProductImage) {
    if (!productId) return;
    result.clear();
    try {
      await apiCall(`/api/admin/product-images/${enc(String(image.id))}`, { method: "DELETE" });
      await onChanged();
    } catch (caught) {
      if (!isSessionEnd(caught)) result.fail(`Failed to delete image: ${detail(caught)}`);
    }
  }

  return (
    <section className="admin-subsection card" aria-label="Product Images">
      <div className="admin-subsection__header">
        <h4>Product Images</h4>
        <input ref={input} type="file" accept="image/*" hidden onChange={(event) => void add(event.target.files?.[0])} />
        <button type="button" className="button button--secondary admin-button--small" disabled={busy} onClick={choose}>
          {busy ? "Uploading…" : "Add Image"}
        </button>
      </div>
      <p className="hint">
        {images.length} {images.length === 1 ? "image" : "images"} · First image is used as primary
      </p>
      <ResultNotice state={result} />
      {images.length > 0 && (
        <ol className="admin-images">
          {images.map((image, index) => (
            <li key={image.id} className="admin-image">
              <img src={image.image_url} alt={`Image ${index + 1}`} width={72} height={72} />
              <div className="admin-image__text">
                <strong>
                  Image {index + 1}
                  {index === 0 && <span className="admin-image__primary"> (Primary)</span>}
                </strong>
                <span className="admin-cell-sub">Sort order: {image.sort_order}</span>
              </div>
              <div className="admin-actions">
                <button
                  type="button"
                  className="admin-icon-button"
                  aria-label={`Move image ${index + 1} up`}
                  disabled={index === 0}
                  onClick={() => void move(index, -1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="admin-icon-button"
                  aria-label={`Move image ${index + 1} down`}
                  disabled={index === images.length - 1}
                  onClick={() => void move(index, 1)}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="button button--ghost admin-button--small admin-button--danger"
                  aria-label={`Remove image ${index + 1}`}
                  onClick={() => void remove(image)}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
