// Builds the browser assets into dist/client (hashed names + manifest.json).
import { buildClientAssets } from "../src/ssr/build-client";

const started = performance.now();
const manifest = await buildClientAssets();
console.log(`Built client assets in ${Math.round(performance.now() - started)} ms:`, manifest);
