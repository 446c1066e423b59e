import { buildIfStale, ensureChromium, startProduct } from "./product";

/**
 * Installs Chromium if missing, builds what is stale, and starts the real
 * gateway on a fresh SQLite database. Tests run in this process (--runInBand)
 * and find it through E2E_BASE_URL.
 */
export default async function globalSetup() {
  ensureChromium();
  buildIfStale();
  const product = await startProduct();
  (globalThis as Record<string, unknown>).__PRESALE_PRODUCT__ = product;
  process.env.E2E_BASE_URL = product.baseUrl;
  console.log(`\ne2e: gateway at ${product.baseUrl} (data in ${product.dataDir})`);
}
