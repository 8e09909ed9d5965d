import { useState } from "react";
import type { ProductImage } from "../../src/modules/catalog/model";
import { imageSources, SIZES } from "../components/responsive-image";

export type ProductGalleryProps = { name: string; images: ProductImage[] };

/** The main product picture with a row of thumbnails that switch it. */
export function ProductGallery({ name, images }: ProductGalleryProps) {
  const [active, setActive] = useState(0);
  const main = images[active];

  if (!main) {
    return <div className="gallery gallery--empty" role="img" aria-label={`No picture of ${name} yet`} />;
  }
  return (
    <div className="gallery">
      <div className="gallery__main">
        <img
          {...imageSources(main.url, main.width, SIZES.gallery)}
          alt={images.length > 1 ? `${name}, picture ${active + 1} of ${images.length}` : name}
          width={main.width ?? 800}
          height={main.height ?? 800}
          fetchPriority="high"
        />
      </div>
      {images.length > 1 && (
        <ul className="gallery__thumbs" aria-label="Pictures">
          {images.map((image, index) => (
            <li key={image.url}>
              <button
                type="button"
                className="gallery__thumb"
                aria-label={`Show picture ${index + 1} of ${images.length}`}
                aria-current={index === active ? "true" : undefined}
                onClick={() => setActive(index)}
              >
                <img {...imageSources(image.url, image.width, SIZES.thumb)} alt="" width={96} height={96} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
