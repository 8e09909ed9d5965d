// Debian's Chromium and the flags every headless run of it here uses: the
// browser tests (playwright.config.ts), the audit's Lighthouse runs, the bench's
// page weight and the screenshot scripts. Playwright's own browser download
// does not work on this machine. Plain JavaScript so the Node-run scripts can
// import it too (types in chromium.d.mts).
export const CHROMIUM_PATH = "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  // Debian's launcher turns GPU rasterisation on, which without a GPU means SwiftShader drawing every tile: the
  // CPU's own rasteriser costs less (docs/decisions/0061-the-stories-cpu.md).
  "--disable-gpu-rasterization",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
