/** Runs anvil as a child process, deploys the contracts and seeds the demo data (CHAIN=local). */
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { getAddress, JsonRpcProvider, type JsonRpcSigner } from "ethers";
import { LOCAL_CHAIN_ID, type ContractAddresses } from "./chains";
import { deployContracts, seedDemo, seedSafePresale, type DemoPresale } from "./deploy";
import { createSafe, deploySafeContracts, type SafeDeployment } from "./safeDeploy";

type Log = (line: string) => void;

const PLATFORM: Record<string, string> = { linux: "linux", darwin: "darwin", win32: "win32" };
const ARCH: Record<string, string> = { x64: "amd64", arm64: "arm64" };

/**
 * The anvil executable: ANVIL_BIN when set, else the native binary of @foundry-rs/anvil's platform package (spawned
 * directly so that killing it needs no wrapper), else the package's node wrapper.
 */
export function anvilCommand(): { command: string; args: string[] } {
  if (process.env.ANVIL_BIN) return { command: process.env.ANVIL_BIN, args: [] };
  const platform = PLATFORM[process.platform];
  const arch = ARCH[process.arch];
  if (platform && arch) {
    try {
      const dir = path.dirname(require.resolve(`@foundry-rs/anvil-${platform}-${arch}/package.json`));
      return { command: path.join(dir, "bin", platform === "win32" ? "anvil.exe" : "anvil"), args: [] };
    } catch {
      // fall through to the wrapper
    }
  }
  const wrapper = path.join(path.dirname(require.resolve("@foundry-rs/anvil/package.json")), "bin.mjs");
  return { command: process.execPath, args: [wrapper] };
}

// ----- every anvil this process started is killed when it exits -----

const running = new Set<ChildProcess>();
let hooksInstalled = false;

function killAll(signal: NodeJS.Signals) {
  for (const child of running) {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

function installExitHooks() {
  if (hooksInstalled) return;
  hooksInstalled = true;
  process.on("exit", () => killAll("SIGKILL"));
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    const onSignal = () => {
      killAll("SIGTERM");
      // Keep the default behaviour (exit) when nobody else handles the signal.
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    };
    process.once(signal, onSignal);
  }
}

// ----- starting anvil -----

export interface AnvilOptions {
  /** Listen on this port; when omitted, the first free port of `portRange` (default 8545). */
  port?: number;
  /** Pick a free port in [from, to] (starting at a random offset), retrying when anvil cannot bind it. */
  portRange?: [number, number];
  chainId?: number;
  host?: string;
  /** Receives anvil's output lines and progress messages. */
  log?: Log;
  /** Milliseconds to wait for anvil to answer (default 30000). */
  timeoutMs?: number;
  /** Extra anvil arguments. */
  anvilArgs?: string[];
}

export interface AnvilProcess {
  rpcUrl: string;
  host: string;
  port: number;
  chainId: number;
  pid: number;
  /** Stops anvil (SIGTERM, then SIGKILL after 5 s); resolves when it has exited. Safe to call twice. */
  stop(): Promise<void>;
}

function portIsFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

async function rpcAnswers(rpcUrl: string): Promise<number | null> {
  try {
    const res = await fetch(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
      signal: AbortSignal.timeout(1000),
    });
    const body = (await res.json()) as { result?: string };
    return body.result ? Number(BigInt(body.result)) : null;
  } catch {
    return null;
  }
}

class PortInUseError extends Error {}

async function spawnOnPort(port: number, host: string, chainId: number, options: AnvilOptions): Promise<AnvilProcess> {
  const log = options.log;
  const { command, args } = anvilCommand();
  const child = spawn(
    command,
    [...args, "--host", host, "--port", String(port), "--chain-id", String(chainId), ...(options.anvilArgs ?? [])],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  running.add(child);
  installExitHooks();

  const tail: string[] = [];
  // anvil prints "Listening on <host>:<port>" once its socket is bound. Until then an answer on the port is another
  // node's: two processes that found the port free at the same moment both spawn anvil there, the second fails to bind,
  // and the first one's answer (same chain id) would pass for its own until the first stops.
  let listening = false;
  const onData = (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split(/\r?\n/)) {
      if (!line.trim()) continue;
      if (line.startsWith(`Listening on `)) listening = true;
      tail.push(line);
      if (tail.length > 40) tail.shift();
      log?.(`anvil: ${line}`);
    }
  };
  child.stdout!.on("data", onData);
  child.stderr!.on("data", onData);

  let exited = false;
  const exitPromise = new Promise<void>((resolve) => {
    child.once("exit", () => {
      exited = true;
      running.delete(child);
      resolve();
    });
    child.once("error", (err) => {
      tail.push(String(err));
      exited = true;
      running.delete(child);
      resolve();
    });
  });

  const stop = async () => {
    if (exited) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
    await exitPromise;
    clearTimeout(timer);
  };

  const rpcUrl = `http://${host}:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  while (true) {
    if (exited) {
      const output = tail.join("\n");
      if (/address already in use|AddrInUse|os error 98/i.test(output)) throw new PortInUseError(output);
      throw new Error(`anvil exited before answering on ${rpcUrl}:\n${output}`);
    }
    const answered = listening ? await rpcAnswers(rpcUrl) : null;
    if (answered === chainId) break;
    if (answered !== null) {
      await stop();
      throw new Error(`${rpcUrl} answers with chain id ${answered}, expected ${chainId}: is another node on port ${port}?`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`anvil did not answer on ${rpcUrl} within ${options.timeoutMs ?? 30_000} ms:\n${tail.join("\n")}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  log?.(`anvil ${child.pid} listening on ${rpcUrl} (chain id ${chainId})`);
  return { rpcUrl, host, port, chainId, pid: child.pid!, stop };
}

/** Starts anvil and waits until it answers JSON-RPC with the expected chain id. */
export async function startAnvil(options: AnvilOptions = {}): Promise<AnvilProcess> {
  const host = options.host ?? "127.0.0.1";
  const chainId = options.chainId ?? LOCAL_CHAIN_ID;
  if (options.port !== undefined) {
    if (!(await portIsFree(options.port, host))) {
      throw new Error(`port ${options.port} on ${host} is already in use: cannot start anvil there`);
    }
    try {
      return await spawnOnPort(options.port, host, chainId, options);
    } catch (err) {
      if (err instanceof PortInUseError)
        throw new Error(`port ${options.port} on ${host} is already in use: cannot start anvil there`, { cause: err });
      throw err;
    }
  }
  const [from, to] = options.portRange ?? [8545, 8545];
  const size = to - from + 1;
  const offset = Math.floor(Math.random() * size);
  for (let i = 0; i < size; i++) {
    const port = from + ((offset + i) % size);
    if (!(await portIsFree(port, host))) continue;
    try {
      return await spawnOnPort(port, host, chainId, options);
    } catch (err) {
      if (err instanceof PortInUseError) continue; // taken between the check and anvil's bind
      throw err;
    }
  }
  throw new Error(`no free port in ${from}-${to} on ${host} for anvil`);
}

// ----- the product's local chain -----

export interface StartLocalChainOptions extends AnvilOptions {
  /** Seed BUSD, staking pools, reward reserves and the demo presale (default true). */
  seed?: boolean;
  /** Open the demo presale for this many days (default: deposited but not started). */
  startDemoPresaleDays?: number;
}

export interface LocalChain {
  rpcUrl: string;
  port: number;
  chainId: number;
  /** anvil's process id. */
  pid: number;
  /** anvil's unlocked accounts (account 0 deployed everything and owns every contract). */
  accounts: string[];
  deployer: string;
  contracts: ContractAddresses;
  /** The seeded presale, owned by account 0 (null with seed: false). */
  demoPresale: DemoPresale | null;
  /** The Safe 1.4.1 contracts (singleton, proxy factory, fallback handler, MultiSendCallOnly). */
  safeContracts: SafeDeployment;
  /** The demo 2-of-3 Safe whose owners are accounts 0, 1 and 2. */
  safe: string;
  /** The second seeded presale, owned by the demo Safe (null with seed: false). */
  safePresale: DemoPresale | null;
  /** A provider on the chain (closed by stop()). */
  provider: JsonRpcProvider;
  /** anvil's unlocked account `index` as a signer. */
  signer(index?: number): Promise<JsonRpcSigner>;
  /** Stops anvil and closes the provider; resolves when anvil has exited. Also done on process exit. */
  stop(): Promise<void>;
}

/** Signatures the demo Safe needs (of its three owners, anvil's accounts 0, 1 and 2). */
export const DEMO_SAFE_THRESHOLD = 2;

/**
 * Starts anvil, deploys every contract from account 0 (Multicall3 at its canonical address) and seeds the demo data:
 * BUSD for the first five accounts, staking pools 0..10, reward reserves, one presale created through the factory;
 * then the Safe contracts, a 2-of-3 Safe of accounts 0, 1, 2, and a second presale owned by that Safe.
 */
export async function startLocalChain(options: StartLocalChainOptions = {}): Promise<LocalChain> {
  const log = options.log;
  const started = Date.now();
  const anvil = await startAnvil(options);
  const provider = new JsonRpcProvider(anvil.rpcUrl, anvil.chainId, {
    staticNetwork: true,
    pollingInterval: 100,
    cacheTimeout: -1,
    batchStallTime: 0,
  });
  const stop = async () => {
    provider.destroy();
    await anvil.stop();
  };
  try {
    const accounts = ((await provider.send("eth_accounts", [])) as string[]).map((a) => getAddress(a));
    const deployerSigner = await provider.getSigner(0);
    const deployer = await deployerSigner.getAddress();
    const contracts = await deployContracts(deployerSigner, log);
    const demoPresale =
      options.seed === false
        ? null
        : await seedDemo(deployerSigner, contracts, {
            fundAccounts: accounts.slice(0, 5),
            startDemoPresaleDays: options.startDemoPresaleDays,
            log,
          });
    // After the product's contracts and the first presale, so their addresses stay those of a chain without a Safe.
    const safeContracts = await deploySafeContracts(deployerSigner, log);
    const safe = await createSafe(deployerSigner, safeContracts, accounts.slice(0, 3), DEMO_SAFE_THRESHOLD, 0n);
    log?.(`demo Safe ${safe}: ${DEMO_SAFE_THRESHOLD} of ${accounts.slice(0, 3).join(", ")}`);
    const safePresale = options.seed === false ? null : await seedSafePresale(deployerSigner, contracts, safe, log);
    log?.(`local chain ready on ${anvil.rpcUrl} in ${Date.now() - started} ms`);
    return {
      rpcUrl: anvil.rpcUrl,
      port: anvil.port,
      chainId: anvil.chainId,
      pid: anvil.pid,
      accounts,
      deployer,
      contracts,
      demoPresale,
      safeContracts,
      safe,
      safePresale,
      provider,
      signer: (index = 0) => provider.getSigner(index),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
