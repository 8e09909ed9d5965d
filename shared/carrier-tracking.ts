/**
 * Where a shopper follows a parcel. The owner's tracking form (web/admin/TrackingForm.tsx) stores the
 * carrier as free text, so "Royal Mail", "royalmail" and "Parcelforce Worldwide" must all be found:
 * the name is compared in lower case with everything but letters removed, and a carrier is known when
 * that starts with one of its names. A link the owner typed in wins; an unknown carrier with no link
 * leaves the number as plain text (a guessed link would send the shopper to the wrong company).
 */
type Carrier = { names: readonly string[]; url: (number: string) => string };

// In the order the admin's carrier field suggests them (KNOWN_CARRIERS). No name begins another, so order never decides.
const CARRIERS: Record<string, Carrier> = {
  "Royal Mail": { names: ["royalmail"], url: (n) => `https://www.royalmail.com/track-your-item#/tracking-results/${n}` },
  DPD: { names: ["dpd"], url: (n) => `https://www.dpd.co.uk/apps/tracking/?reference=${n}` },
  Evri: { names: ["evri", "hermes"], url: (n) => `https://www.evri.com/track/parcel/${n}` },
  Parcelforce: { names: ["parcelforce"], url: (n) => `https://www.parcelforce.com/track-trace?trackNumber=${n}` },
  UPS: { names: ["ups", "unitedparcelservice"], url: (n) => `https://www.ups.com/track?loc=en_GB&tracknum=${n}` },
  DHL: { names: ["dhl"], url: (n) => `https://www.dhl.com/gb-en/home/tracking.html?tracking-id=${n}&submit=1` },
};

/** The carriers whose tracking pages are known, as the admin's carrier field suggests them. */
export const KNOWN_CARRIERS = Object.keys(CARRIERS);

const isHttpLink = (url: string) => /^https?:\/\/[^\s]+$/i.test(url);

/** What an order or email holds about its parcel (the fields of docs/product.md#order). */
export type ParcelTracking = { carrier: string | null; number: string | null; url?: string | null };

/** The page to follow the parcel on: the owner's own link, else the known carrier's page, else null. */
export function trackingUrl({ carrier, number, url }: ParcelTracking): string | null {
  const own = url?.trim();
  if (own && isHttpLink(own)) return own;
  const compactNumber = number?.replace(/\s+/g, "") ?? "";
  if (!carrier || !compactNumber) return null;
  const name = carrier.toLowerCase().replace(/[^a-z]/g, "");
  const known = Object.values(CARRIERS).find((candidate) => candidate.names.some((prefix) => name.startsWith(prefix)));
  return known ? known.url(encodeURIComponent(compactNumber)) : null;
}
