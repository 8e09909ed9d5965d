// Builds the browser assets into dist/client (hashed names + manifest.json) and the server bundle into dist/server.
import { buildClientAssets } from "../src/ssr/build-client";
import { buildServerBundle } from "./server-bundle";

const started = performance.now();
const manifest = await buildClientAssets();
console.log(`Built client assets in ${Math.round(performance.now() - started)} ms:`, manifest);
const serverStarted = performance.now();
await buildServerBundle();
console.log(`Built the server bundle in ${Math.round(performance.now() - serverStarted)} ms.`);
