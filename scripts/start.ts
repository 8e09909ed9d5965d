// `bun start` and the production entrypoint: the shop from its pre-compiled server bundle
// (scripts/server-bundle.ts), built first when it is missing or older than the sources. Where it
// cannot be built (a read-only install), the shop runs from its sources, as `bun run dev` does.
import { log } from "../src/log";
import { buildServerBundle, SERVER_BUNDLE, serverBundleIsStale } from "./server-bundle";

let entry = SERVER_BUNDLE;
if (serverBundleIsStale()) {
  try {
    await buildServerBundle();
  } catch (error) {
    log("warn", "The server bundle could not be built, so the shop runs from its sources (a slower start).", {
      error: error instanceof Error ? error.message : String(error),
    });
    entry = "../src/main.ts";
  }
}
await import(entry);
