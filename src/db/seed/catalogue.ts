import type { DemoPictureName } from "../../../seed/art";
import type { PricingSettings } from "../../../shared/instant-prices";

// The demo shop. Together the products show every case the storefront has:
// variants with and without a '-base' one, 'Only N left', out of stock,
// unlimited stock, a per-order cap, a GPX upload, a photo upload, a product
// priced from the shopper's own 3D model, and a product in no category.

type DemoVariant = { id: string; name: string; price_cents: number; stock: number | null };
export type DemoProduct = {
  id: string;
  name: string;
  description: string;
  price_cents: number;
  stock: number | null;
  max_online_qty: number | null;
  requires_gpx: boolean;
  requires_image: boolean;
  requires_model?: boolean;
  /** A gift voucher (docs/decisions/0054-gift-vouchers.md); an item when left out. */
  kind?: "voucher";
  category_id: string | null;
  pictures: DemoPictureName[];
  variants: DemoVariant[];
};

export const DEMO_CATEGORIES = [
  { id: "basic", name: "Basic", sort: 0 },
  { id: "personalised", name: "Personalised", sort: 1 },
];

export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    id: "route-relief-map",
    name: "Route relief map",
    description:
      "Your walk, ride or run printed as a 3D landscape. Upload the GPX file from your watch or app and we raise the hills, sink the lakes and inlay your route in red, with start and finish marked. Printed in PLA on a 6 mm base.",
    price_cents: 3900,
    stock: null,
    max_online_qty: null,
    requires_gpx: true,
    requires_image: false,
    category_id: "personalised",
    pictures: ["relief-map-angled", "relief-map-top", "relief-map-sizes"],
    variants: [
      { id: "route-relief-map-base", name: "A5 tile (148 × 210 mm)", price_cents: 3900, stock: null },
      { id: "route-relief-map-a4", name: "A4 tile (210 × 297 mm)", price_cents: 5400, stock: null },
      { id: "route-relief-map-a3", name: "A3 tile (297 × 420 mm)", price_cents: 7900, stock: null },
    ],
  },
  {
    id: "photo-lithophane",
    name: "Photo lithophane lamp",
    description:
      "A favourite photo printed as a thin white panel that glows into a detailed picture when the warm LED stand behind it is switched on. Portrait panel 100 × 150 mm; the USB-powered stand is included. Upload a clear, well-lit photo.",
    price_cents: 3400,
    stock: null,
    max_online_qty: 3,
    requires_gpx: false,
    requires_image: true,
    category_id: "personalised",
    pictures: ["lithophane-lit", "lithophane-unlit"],
    variants: [],
  },
  {
    id: "hex-planter",
    name: "Hexagonal planter with drip tray",
    description:
      "A faceted planter with a matching drip tray, printed in tough PETG that is happy indoors or on a sheltered sill. A drainage hole keeps roots healthy. Choose from three sizes.",
    price_cents: 1200,
    stock: null,
    max_online_qty: null,
    requires_gpx: false,
    requires_image: false,
    category_id: "basic",
    pictures: ["planter-terracotta", "planter-teal", "planter-sizes"],
    variants: [
      { id: "hex-planter-base", name: "Small, 9 cm", price_cents: 1200, stock: 8 },
      { id: "hex-planter-medium", name: "Medium, 12 cm", price_cents: 1600, stock: 2 },
      { id: "hex-planter-large", name: "Large, 15 cm", price_cents: 2200, stock: 0 },
    ],
  },
  {
    id: "bird-feeder",
    name: "Cottage bird feeder",
    description:
      "A little house for the garden birds with a clear seed window, a perch and a lift-off roof for refilling. Printed in UV-stable ASA that keeps its colour through a British winter. Comes with a hanging cord.",
    price_cents: 2400,
    stock: 2,
    max_online_qty: null,
    requires_gpx: false,
    requires_image: false,
    category_id: "basic",
    pictures: ["bird-feeder-robin", "bird-feeder-sage"],
    variants: [],
  },
  {
    id: "plant-labels",
    name: "Plant labels, pack of 10",
    description:
      "Reusable labels for seed trays, pots and the veg patch. Write on them in pencil or marker and wipe clean for next season. A mixed pack of five colours, 12 cm long.",
    price_cents: 450,
    stock: null,
    max_online_qty: null,
    requires_gpx: false,
    requires_image: false,
    category_id: "basic",
    pictures: ["plant-labels"],
    variants: [],
  },
  {
    id: "headphone-stand",
    name: "Headphone stand",
    description:
      "A weighted desk stand with a wide, curved cradle that spreads the load on your headband. Printed in matt charcoal PLA with a non-slip foot. Limited to two per order while we catch up with demand.",
    price_cents: 1800,
    stock: 14,
    max_online_qty: 2,
    requires_gpx: false,
    requires_image: false,
    category_id: "basic",
    pictures: ["headphone-stand"],
    variants: [],
  },
  {
    id: "cable-clips",
    name: "Desk cable clips, set of 4",
    description:
      "Self-adhesive clips that hold charging leads at the edge of the desk so they stop sliding down the back. Each takes a cable up to 7 mm thick. Back in stock soon.",
    price_cents: 800,
    stock: 0,
    max_online_qty: null,
    requires_gpx: false,
    requires_image: false,
    category_id: "basic",
    pictures: ["cable-clips"],
    variants: [],
  },
  {
    id: "bottle-cage",
    name: "Bike bottle cage",
    description:
      "A light, springy bottle cage that grips a standard 74 mm bottle over rough tracks. Printed in PETG, bolts to the usual two bosses on your frame; stainless bolts included. Pick your colour.",
    price_cents: 1500,
    stock: null,
    max_online_qty: null,
    requires_gpx: false,
    requires_image: false,
    category_id: null,
    pictures: ["bottle-cage"],
    variants: [
      { id: "bottle-cage-orange", name: "Orange", price_cents: 1500, stock: null },
      { id: "bottle-cage-black", name: "Black", price_cents: 1500, stock: 3 },
      { id: "bottle-cage-teal", name: "Teal", price_cents: 1500, stock: null },
    ],
  },
  {
    id: "print-your-own-model",
    name: "Print your own model",
    description:
      "Send us your own design as an STL, OBJ or 3MF file and see its price at once, worked out from its size and the material you choose. Printed in PLA or PETG at 0.2 mm layers with 20 % infill. Anything unusual we price by hand within one working day.",
    // The price shown before a model is priced: the minimum charge (DEMO_PRICING below).
    price_cents: 800,
    stock: null,
    max_online_qty: null,
    requires_gpx: false,
    requires_image: false,
    requires_model: true,
    category_id: "personalised",
    pictures: ["own-model-prints"],
    variants: [],
  },
  {
    id: "gift-voucher",
    name: "Gift voucher",
    description:
      "Let them choose: a gift voucher to spend on anything in the shop, over one order or several. We email the code to you, or to them on the day you choose, with your message. Valid for 24 months.",
    // The owner's amounts are its options; the price shown before one is chosen is the smallest.
    price_cents: 1000,
    stock: null,
    max_online_qty: null,
    requires_gpx: false,
    requires_image: false,
    kind: "voucher",
    category_id: null,
    pictures: ["gift-voucher"],
    variants: [
      { id: "gift-voucher-10", name: "£10", price_cents: 1000, stock: null },
      { id: "gift-voucher-25", name: "£25", price_cents: 2500, stock: null },
      { id: "gift-voucher-50", name: "£50", price_cents: 5000, stock: null },
      { id: "gift-voucher-100", name: "£100", price_cents: 10000, stock: null },
    ],
  },
];

export const DEMO_PROJECTS: {
  id: string;
  title: string;
  description: string;
  picture: DemoPictureName;
  link_url: string | null;
  link_label: string | null;
  sort: number;
}[] = [
  {
    id: "coast-to-coast",
    title: "Coast to Coast, 190 miles in relief",
    description:
      "A long-format relief of Wainwright's route from St Bees to Robin Hood's Bay, printed as a leaving present for a walking club's founder.",
    picture: "project-coast-to-coast",
    link_url: "/products/route-relief-map",
    link_label: "Make one of your route",
    sort: 0,
  },
  {
    id: "lifeboat-lithophanes",
    title: "Lighthouse lithophanes for a lifeboat raffle",
    description:
      "Three lit panels of the local lighthouse, printed from a volunteer's photograph and raffled to raise funds for the station.",
    picture: "project-lighthouse",
    link_url: "/products/photo-lithophane",
    link_label: "See the lithophane lamp",
    sort: 1,
  },
  {
    id: "cafe-planters",
    title: "Window planters for a neighbourhood café",
    description: "Twenty hexagonal planters in the café's colours, sized to its window sills and printed in weather-proof PETG.",
    picture: "project-cafe-planters",
    link_url: "/custom-request",
    link_label: "Ask about a batch",
    sort: 2,
  },
];

/** Configuration values as the spec stores them: text, money in pence. */
/**
 * The demo shop's rates for instant prices (GET/PUT /api/admin/pricing): a UK maker's spool prices, two common
 * printers at what their power, wear and the owner's time cost an hour, and a markup that leaves a margin.
 */
export const DEMO_PRICING: PricingSettings = {
  materials: [
    {
      id: "pla",
      name: "PLA",
      colours: ["Black", "White", "Grey", "Red", "Blue", "Green"],
      density_g_cm3: 1.24,
      price_per_kg_pence: 2200,
      waste_pct: 5,
    },
    {
      id: "petg",
      name: "PETG",
      colours: ["Black", "White", "Clear", "Orange"],
      density_g_cm3: 1.27,
      price_per_kg_pence: 2600,
      waste_pct: 7,
    },
  ],
  printers: [
    { id: "mk4", name: "Prusa MK4", bed_mm: [250, 210, 220], hourly_pence: 120 },
    { id: "x1c", name: "Bambu Lab X1 Carbon", bed_mm: [256, 256, 256], hourly_pence: 150 },
  ],
  rules: {
    setup_pence: 150,
    minimum_pence: 800,
    markup_pct: 35,
    infill_pct: 20,
    support_bands: [
      { overhang_over: 0.1, surcharge_pct: 10 },
      { overhang_over: 0.25, surcharge_pct: 25 },
    ],
    max_overhang_fraction: 0.4,
    auto_limit_pence: 15000,
    instant_on: true,
    review_all: false,
    quantity_breaks: [
      { from: 5, discount_pct: 5 },
      { from: 10, discount_pct: 10 },
    ],
  },
};

export const DEMO_CONFIGURATION = {
  delivery_fee: "500",
  free_delivery_threshold: "5000",
  featured_products: JSON.stringify(["route-relief-map", "photo-lithophane", "hex-planter"]),
  hero_description:
    "Route relief maps from your GPX file, lithophanes from your photos and useful prints for home and garden.<br><strong>Printed to order in our Cumbrian workshop.</strong>",
  hero_cta_text: "Browse the shop",
  hero_cta_link: "/products",
  // Who the demo shop is (docs/decisions/0021-shop-identity-in-configuration.md): invented, but in the shape the admin's rules ask for.
  shop_name: "Strata",
  trader_name: "Strata Prints Ltd",
  trader_address: "Unit 4, Beck Mill Yard\nStricklandgate\nKendal\nCumbria\nLA9 4QR",
  contact_email: "hello@strata-prints.co.uk",
  vat_number: "",
  company_number: "14857203",
  announcement: "Last UK Christmas posting: 18 December",
};
