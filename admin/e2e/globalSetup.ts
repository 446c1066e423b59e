import { buildIfStale, ensureChromium, oneAtATime, startProduct } from "./product";

/**
 * Installs Chromium if missing, builds what is stale (one shard at a time), and
 * starts the real gateway on a fresh SQLite database and chain of its own. Tests run in this process (--runInBand)
 * and find it through E2E_BASE_URL.
 */
export default async function globalSetup(config: { shard?: { shardIndex: number; shardCount: number } | null }) {
  oneAtATime(() => {
    ensureChromium();
    buildIfStale();
  });
  const product = await startProduct(config.shard ? { index: config.shard.shardIndex, count: config.shard.shardCount } : undefined);
  (globalThis as Record<string, unknown>).__PRESALE_PRODUCT__ = product;
  process.env.E2E_BASE_URL = product.baseUrl;
  console.log(`\ne2e: gateway at ${product.baseUrl} (data in ${product.dataDir})`);
}
