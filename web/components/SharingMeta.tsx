import { SHARING_PICTURE } from "../../shared/derived-pictures";

/**
 * The link preview's picture (docs/product.md#link-previews-and-search): og:image as an
 * absolute address, and for one of our 1200 × 630 sharing copies (`.share.jpg`,
 * shared/derived-pictures.ts) its type and size, so a preview can be laid out before the
 * picture loads.
 */
export function SharingMeta({ image }: { image: string | null }) {
  const sharingCopy = image !== null && /\.share\.jpg$/.test(image);
  return (
    <>
      {image && <meta property="og:image" content={image} />}
      {sharingCopy && <meta property="og:image:type" content="image/jpeg" />}
      {sharingCopy && <meta property="og:image:width" content={String(SHARING_PICTURE.width)} />}
      {sharingCopy && <meta property="og:image:height" content={String(SHARING_PICTURE.height)} />}
      <meta name="twitter:card" content={image ? "summary_large_image" : "summary"} />
    </>
  );
}
