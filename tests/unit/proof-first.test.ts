import { describe, expect, test } from "bun:test";
import { MAX_PROOFS } from "../../src/modules/holds/model";
import { type ProofFirstParts, proofFirstQuestion } from "../../src/modules/holds/proof-first";

// Which paid orders a "Proof before making" question opens for, and with which pictures
// (docs/decisions/0048-order-holds.md). The paying itself is tested in tests/api/proof-before-making.test.ts.

const PUBLIC_URL = "https://shop.example";

/** Every product flagged, each with its own /media picture; every file drawable. */
const flaggedShop: ProofFirstParts = {
  productOf: (id) => ({ proofBeforeMaking: true, images: [{ url: `/media/${id}.webp`, width: 800, height: 800 }] }),
  canDraw: () => true,
  publicUrl: PUBLIC_URL,
};

describe("the question a paid order opens with", () => {
  test("an order from a quote asks nothing, even where its line's id is a flagged product's", () => {
    expect(proofFirstQuestion([{ product_id: "qt_abc", meta: { quoteId: "qt_abc" } }], flaggedShop)).toBeNull();
  });

  test("a product picture from another site is never a proof: the line shows nothing instead", () => {
    const parts: ProofFirstParts = {
      ...flaggedShop,
      productOf: () => ({ proofBeforeMaking: true, images: [{ url: "https://cdn.example.com/sign.webp", width: null, height: null }] }),
    };
    expect(proofFirstQuestion([{ product_id: "sign", meta: {} }], parts)?.proof_urls).toEqual([]);
  });

  test("the same picture twice is shown once, and no more pictures than a question can show", () => {
    const sameSign = Array.from({ length: 3 }, () => ({ product_id: "sign", meta: {} }));
    expect(proofFirstQuestion(sameSign, flaggedShop)?.proof_urls).toEqual(["/media/sign.webp"]);
    const manyPhotos = Array.from({ length: MAX_PROOFS + 3 }, (_, index) => ({
      product_id: "lamp",
      meta: { imageToken: `photo${index}` },
    }));
    const shown = proofFirstQuestion(manyPhotos, flaggedShop)?.proof_urls ?? [];
    expect(shown).toHaveLength(MAX_PROOFS);
    expect(shown[0]).toBe("/api/uploads/photo0/preview.jpg");
  });
});
