// The demo shop's pictures, drawn as SVG by code (seeded randomness, so the
// same code always draws the same bytes and the content-hashed names stay
// put). Data for the seed, not part of the running shop: src/db/seed/pictures.ts
// renders them to WebP into $DATA_DIR/media when it seeds an empty database.

import { birdFeederRobin, birdFeederSage, seedTrayLabels } from "./garden";
import { bottleCage, cableClips, headphoneStand } from "./household";
import { lithophaneLit, lithophaneUnlit } from "./lithophane";
import { ownModelPrints } from "./own-model";
import { planterHexSizes, planterHexTeal, planterHexTerracotta } from "./planter";
import { reliefMapAngled, reliefMapSizes, reliefMapTop } from "./relief";
import { heroPicture, projectCafePlanters, projectCoastToCoast, projectLighthousePanels } from "./scenes";
import { giftVoucherCard } from "./voucher";

/** Every picture the demo shop shows, drawn as SVG and stored as WebP. */
export const DEMO_ART = {
  "relief-map-top": reliefMapTop,
  "relief-map-angled": reliefMapAngled,
  "relief-map-sizes": reliefMapSizes,
  "lithophane-lit": lithophaneLit,
  "lithophane-unlit": lithophaneUnlit,
  "planter-terracotta": planterHexTerracotta,
  "planter-teal": planterHexTeal,
  "planter-sizes": planterHexSizes,
  "bird-feeder-robin": birdFeederRobin,
  "bird-feeder-sage": birdFeederSage,
  "plant-labels": seedTrayLabels,
  "headphone-stand": headphoneStand,
  "cable-clips": cableClips,
  "bottle-cage": bottleCage,
  "own-model-prints": ownModelPrints,
  "gift-voucher": giftVoucherCard,
  "project-coast-to-coast": projectCoastToCoast,
  "project-lighthouse": projectLighthousePanels,
  "project-cafe-planters": projectCafePlanters,
  hero: heroPicture,
} satisfies Record<string, () => string>;

export type DemoPictureName = keyof typeof DEMO_ART;
