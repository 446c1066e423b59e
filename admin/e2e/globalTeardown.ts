import { rmSync } from "fs";
import type { Product } from "./product";

export default async function globalTeardown() {
  const product = (globalThis as Record<string, unknown>).__PRESALE_PRODUCT__ as Product | undefined;
  if (!product) return;
  if (product.child.exitCode === null) {
    const exited = new Promise((r) => product.child.once("exit", r));
    product.child.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (product.child.exitCode === null) product.child.kill("SIGKILL");
  }
  rmSync(product.dataDir, { recursive: true, force: true });
}
