#!/usr/bin/env node
/** `npm run chain -w abis [-- --port 8545]`: starts the local chain, prints its config as JSON, runs until Ctrl-C. */
import { startLocalChain } from "./localChain";

async function main() {
  const at = process.argv.indexOf("--port");
  const port = at > 0 ? Number(process.argv[at + 1]) : Number(process.env.LOCAL_CHAIN_PORT ?? 8545);
  const chain = await startLocalChain({ port, log: process.argv.includes("--verbose") ? console.error : undefined });
  const { provider: _p, signer: _s, stop: _stop, ...printable } = chain;
  console.log(JSON.stringify(printable, (_k, v) => (typeof v === "bigint" ? v.toString() : v), 2));
  const shutdown = () => void chain.stop().then(() => process.exit(0));
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
