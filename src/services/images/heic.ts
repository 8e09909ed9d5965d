/** ISO-BMFF brands of HEIC/HEIF pictures made with HEVC: iPhone photos, and what Macs and Android phones export. */
const HEIC_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs", "mif1", "msf1"]);

/**
 * True for a HEIC file, judged by its header: an `ftyp` box whose major brand
 * is one of HEIC's. The sharp build the shop installs decodes AVIF but not
 * HEVC, so callers use this to tell a shopper what to do with such a photo
 * instead of calling it "not a photo".
 */
export function isHeic(bytes: Uint8Array): boolean {
  if (bytes.length < 12) return false;
  const box = String.fromCharCode(...bytes.subarray(4, 8));
  return box === "ftyp" && HEIC_BRANDS.has(String.fromCharCode(...bytes.subarray(8, 12)));
}
