/**
 * The shop's public identity, shown in the layout, contact page and metadata.
 * The spec's configuration has no keys for these, so they live here, in one
 * place (see docs/decisions/0003-shop-identity.md).
 */
export const SHOP = {
  name: "Strata",
  tagline: "Custom 3D prints, made to order in the UK",
  description:
    "Strata prints route relief maps from your GPX files, lithophanes from your photos, and useful things for home and garden — each one made to order in the UK.",
  email: "hello@strata-prints.co.uk",
  location: "Printed in Kendal, Cumbria, United Kingdom",
  replyPromise: "We reply within 1 business day.",
  /** Printed on packing slips (src/modules/packing-slips) for anything sent back. */
  returnAddress: ["Strata", "Kendal", "Cumbria", "United Kingdom"],
} as const;
