import { getContract, mined } from "@presale/abis";
import type { LocalChain } from "@presale/abis/node";
import { parseEther, type Contract } from "ethers";
import { createServer, type Server } from "http";
import type { AddressInfo } from "net";
import { ChainIndexer } from "../../src/chain/indexer/chainIndexer";
import type { ChainIndexConfig } from "../../src/config";
import { createLogger } from "../../src/logger";
import type { TestApp } from "./testApp";

/**
 * An indexer on the app's chain, polled by hand (pollOnce) unless the test
 * starts it; on the app's database, or on `replica`'s (another process on it).
 */
export function indexerFor(app: TestApp, config: Partial<ChainIndexConfig> = {}, rpcUrl?: string, replica: TestApp = app) {
  const scope = app.services.indexScope!;
  return new ChainIndexer({
    ds: replica.services.ds,
    database: replica.services.config.database,
    chainId: scope.chainId,
    factory: scope.factory,
    rpcUrl: rpcUrl ?? app.services.chain.localChain!.rpcUrl,
    config: { ...app.services.config.chainIndex, intervalMs: 100, ...config },
    log: createLogger("silent"),
    trail: replica.services.trail,
  });
}

/** The demo presale, driven from anvil's accounts: account 0 owns it, the others buy. */
export async function demoSale(local: LocalChain) {
  const address = local.demoPresale!.presaleAddress;
  const as = async (index: number) => getContract("Presale", address, await local.signer(index));
  const owner = await as(0);
  const send = mined;
  return {
    address,
    owner,
    start: (days = 7) => send(owner.startPresale(days)),
    close: () => send(owner.closePresale()),
    toggleWhitelist: () => send(owner.whitelistedSale()),
    whitelist: (addresses: string[], allocations: bigint[]) => send(owner.addMultipleWhitelistedAddresses(addresses, allocations)),
    setHardCap: (wei: bigint) => send(owner.setHardCap(wei)),
    buyBnb: async (index: number, ether: string) => send((await as(index)).buyToken({ value: parseEther(ether) })),
    buyBusd: async (index: number, amount: string) => {
      const stable = getContract("StableCoin", local.contracts.stable, await local.signer(index)) as Contract;
      await send(stable.approve(address, parseEther(amount)));
      return send((await as(index)).buyTokenWithBUSD(parseEther(amount)));
    },
  };
}

export const mine = (local: LocalChain, blocks: number) => local.provider.send("anvil_mine", [`0x${blocks.toString(16)}`]);

/**
 * A JSON-RPC relay in front of anvil that behaves like a public BSC endpoint
 * when told: refuses eth_getLogs spans above `maxLogSpan` blocks with BSC's
 * error, or answers nothing useful at all while `down`.
 */
export async function rpcRelay(target: string, opts: { maxLogSpan?: number } = {}) {
  const state = {
    maxLogSpan: opts.maxLogSpan ?? Infinity,
    down: false,
    refuse: new Set<string>(),
    spans: [] as number[],
    ranges: [] as [number, number][],
    calls: 0,
  };
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    state.calls++;
    if (state.down) {
      res.writeHead(503).end("unavailable");
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    const answer = async (call: { id: unknown; method: string; params: { fromBlock: string; toBlock: string }[] }) => {
      if (state.refuse.has(call.method)) return { jsonrpc: "2.0", id: call.id, error: { code: -32603, message: "internal error" } };
      if (call.method === "eth_getLogs") {
        const [from, to] = [Number(BigInt(call.params[0].fromBlock)), Number(BigInt(call.params[0].toBlock))];
        const span = to - from + 1;
        if (span > state.maxLogSpan)
          return { jsonrpc: "2.0", id: call.id, error: { code: -32000, message: `exceed maximum block range: ${state.maxLogSpan}` } };
        state.spans.push(span);
        state.ranges.push([from, to]);
      }
      const upstream = await fetch(target, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(call) });
      return upstream.json();
    };
    const result = Array.isArray(body) ? await Promise.all(body.map(answer)) : await answer(body);
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(result));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits (bounded) until `check` holds, polling every 50 ms. */
export async function until(check: () => Promise<boolean> | boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
