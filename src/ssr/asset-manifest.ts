/** Public URLs of the built, content-hashed client files: made by the client build, read at boot. */
export type AssetManifest = {
  /** The storefront's island hydrator: every page except /admin. */
  clientScript: string;
  stylesheet: string;
  /** The owner's client app (web/admin/main.tsx): /admin only, never with clientScript. */
  adminScript: string;
  adminStylesheet: string;
  /** The ALTCHA widget's styles: only on pages whose route asks for them (the custom request form). */
  captchaStylesheet: string;
  /** ALTCHA's PBKDF2 proof-of-work worker, served from our own origin (CSP worker-src 'self', no blob:). */
  captchaWorker: string;
  /** The printed packing slips' styles (src/modules/packing-slips): their pages link nothing else. */
  packingSlipStylesheet: string;
};
