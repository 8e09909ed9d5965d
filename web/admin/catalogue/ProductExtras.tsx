import { apiCall, enc } from "../api";
import { Notice } from "../parts";
import type { AdminImage, AdminProduct, AdminVariant } from "../types";
import { useLoad } from "../use-load";
import { ProductImages } from "./ProductImages";
import { ProductVariants } from "./ProductVariants";

// Fixed empties: a new [] each render would look like a fresh load to the sections.
const NO_IMAGES: AdminImage[] = [];
const NO_VARIANTS: AdminVariant[] = [];

/** The editor's Product Images and Product Variants sections; both need a saved product. */
export function ProductExtras({ productId, onChanged }: { productId: string | null; onChanged: () => void }) {
  if (!productId) {
    return (
      <>
        <ProductImages productId={null} images={NO_IMAGES} onChanged={onChanged} />
        <ProductVariants productId={null} variants={NO_VARIANTS} onChanged={onChanged} />
      </>
    );
  }
  return <SavedProductExtras productId={productId} onChanged={onChanged} />;
}

/**
 * One load of the product's details feeds both sections, so a failed load is
 * said once ('Failed to load product details.'), not once per section.
 * After any change in either, the details load again and the table is told.
 */
function SavedProductExtras({ productId, onChanged }: { productId: string; onChanged: () => void }) {
  const details = useLoad(() => apiCall<AdminProduct>(`/api/admin/products/${enc(productId)}`), "Failed to load product details.");
  async function changed() {
    await details.reload();
    onChanged();
  }
  return (
    <>
      <Notice tone="error">{details.error}</Notice>
      <ProductImages productId={productId} images={details.data?.images ?? NO_IMAGES} onChanged={changed} />
      <ProductVariants productId={productId} variants={details.data?.variants ?? NO_VARIANTS} onChanged={changed} />
    </>
  );
}
