import { listen } from "../../src/app";
import type { TestShop } from "./test-app";

export type ListeningShop = {
  /** http://127.0.0.1:<port> */
  origin: string;
  request(path: string, init?: RequestInit): Promise<Response>;
  stop(): Promise<void>;
};

/**
 * The test shop's app on a real socket on loopback, for what app.handle cannot
 * show: the connecting address (127.0.0.1 here) that per-address limits and
 * TRUST_PROXY go by. Stop it before closing the shop.
 */
export function listenOnLoopback(shop: TestShop): ListeningShop {
  // As main.ts listens: every request through app.answer.
  const server = listen(shop.app, { hostname: "127.0.0.1", port: 0 });
  const origin = `http://127.0.0.1:${server.port}`;
  return {
    origin,
    request: (path, init) => fetch(`${origin}${path}`, init),
    async stop() {
      await server.stop(true);
    },
  };
}
