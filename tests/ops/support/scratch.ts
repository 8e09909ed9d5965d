import { join } from "node:path";
import { litestreamPathDir, prepareShopDatabase, removeDir, type ShopProcess, spawnShop, startShop, tempDir } from "./shop-process";

/**
 * The temp folders and shop processes one test file makes, so that its
 * afterAll(() => scratch.cleanUp()) kills and removes all of them, even after a failure.
 */
export function createScratch() {
  const dirs: string[] = [];
  const running: ShopProcess[] = [];
  return {
    tempDir(): string {
      const dir = tempDir();
      dirs.push(dir);
      return dir;
    },
    async startShop(options: Parameters<typeof startShop>[0]): Promise<ShopProcess> {
      const shop = await startShop(options);
      running.push(shop);
      return shop;
    },
    /** A shop process that is not waited for (a start meant to fail); killed at clean-up if it did not. */
    async spawnShop(options: Parameters<typeof spawnShop>[0]): Promise<ShopProcess> {
      const shop = await spawnShop(options);
      running.push(shop);
      return shop;
    },
    cleanUp(): void {
      for (const shop of running) shop.killAll();
      for (const dir of dirs) removeDir(dir);
    },
  };
}

/**
 * A shop set up to run under Litestream, inside `root`: data/shop.db prepared,
 * a bin folder with `litestream` for PATH, and a file:// replica next to them.
 */
export function replicatedShop(root: string) {
  const dataDir = join(root, "data");
  const file = prepareShopDatabase(dataDir);
  const pathDir = litestreamPathDir(root);
  return { dataDir, file, pathDir, env: { LITESTREAM_REPLICA_URL: `file://${join(root, "replica")}` } };
}
