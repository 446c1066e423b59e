import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseEther } from "ethers";
import {
  DEMO_PRESALE,
  DEMO_TOKEN,
  getContract,
  listPresalesCreated,
  predictedLocalAddresses,
  readPresale,
  resolveChainConfig,
  startAnvil,
  STABLE_PER_ACCOUNT,
  withLocalDeployment,
} from "../src/node";
import { TEST_PORT_RANGE, useChain } from "./helpers";

const testChain = useChain();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("startLocalChain", () => {
  it("answers on its port with the local chain id, and deploys to the predicted addresses", async () => {
    const { chain } = testChain;
    expect(chain.port).toBeGreaterThanOrEqual(TEST_PORT_RANGE[0]);
    expect(chain.port).toBeLessThanOrEqual(TEST_PORT_RANGE[1]);
    expect(chain.rpcUrl).toBe(`http://127.0.0.1:${chain.port}`);
    expect(chain.chainId).toBe(31337);
    expect(Number((await chain.provider.getNetwork()).chainId)).toBe(31337);
    expect(chain.accounts).toHaveLength(10);
    expect(chain.deployer).toBe(chain.accounts[0]);
    expect(chain.contracts).toEqual(predictedLocalAddresses());
    for (const address of Object.values(chain.contracts)) expect(await chain.provider.getCode(address)).not.toBe("0x");

    const config = withLocalDeployment(resolveChainConfig({})!, chain, {});
    expect(config.rpcUrl).toBe(chain.rpcUrl);
    expect(config.contracts).toEqual(chain.contracts);
  });

  it("seeds the demo presale through the factory with everything a launchpad record needs", async () => {
    const { chain } = testChain;
    const demo = chain.demoPresale!;
    const factory = getContract("PresaleFactory", chain.contracts.presaleFactory, chain.provider);
    expect(await factory.getPresale(chain.contracts.token)).toBe(demo.presaleAddress);
    expect(demo).toMatchObject({
      tokenAddress: chain.contracts.token,
      tokenName: DEMO_TOKEN.name,
      tokenSymbol: DEMO_TOKEN.symbol,
      tokenDecimals: 18,
      owner: chain.deployer,
      staker: chain.contracts.staking,
      pid: 0,
      lockDays: 90,
      priceBNB: DEMO_PRESALE.priceBNB,
      priceBUSD: DEMO_PRESALE.priceBUSD,
      minBNB: DEMO_PRESALE.minBNB,
      maxBNB: DEMO_PRESALE.maxBNB,
      minBUSD: DEMO_PRESALE.minBUSD,
      maxBUSD: DEMO_PRESALE.maxBUSD,
      hardCap: DEMO_PRESALE.hardCap,
      busdHardCap: DEMO_PRESALE.busdHardCap,
      isPresaleOpen: false,
    });
    expect(await readPresale(chain.provider, demo.presaleAddress)).toMatchObject({ presaleAddress: demo.presaleAddress });
    const token = getContract("SaleToken", chain.contracts.token, chain.provider);
    expect(await token.balanceOf(demo.presaleAddress)).toBe(demo.deposited);
    expect(demo.deposited).toBe(parseEther(String(1000 * 100 + 2 * 50000)));

    const events = await listPresalesCreated(chain.provider, chain.contracts.presaleFactory);
    expect(events[0]).toMatchObject({ presaleAddress: demo.presaleAddress, token: chain.contracts.token });
    expect(events[0].transactionHash).toBe(demo.transactionHash);

    const stable = getContract("StableCoin", chain.contracts.stable, chain.provider);
    for (const account of chain.accounts.slice(0, 5)) expect(await stable.balanceOf(account)).toBeGreaterThanOrEqual(STABLE_PER_ACCOUNT);
  });
});

describe("startAnvil", () => {
  it("refuses a port in use with a clear message, and stop() ends the process", async () => {
    const server = net.createServer();
    const port = await new Promise<number>((resolve, reject) => {
      const tryPort = (p: number) => {
        server.once("error", () => (p < TEST_PORT_RANGE[1] ? tryPort(p + 1) : reject(new Error("no port"))));
        server.listen(p, "127.0.0.1", () => resolve(p));
      };
      tryPort(TEST_PORT_RANGE[0] + 50);
    });
    try {
      await expect(startAnvil({ port })).rejects.toThrow(`port ${port} on 127.0.0.1 is already in use`);
    } finally {
      server.close();
    }

    const anvil = await startAnvil({ portRange: TEST_PORT_RANGE, chainId: 1337 });
    expect(alive(anvil.pid)).toBe(true);
    await anvil.stop();
    expect(alive(anvil.pid)).toBe(false);
    await anvil.stop(); // twice is fine
    await expect(fetch(anvil.rpcUrl, { method: "POST", body: "{}" })).rejects.toThrow();
  });

  it("takes only its own anvil's answer: a node already answering on the port (a race lost at bind) is refused", async () => {
    // A stand-in for anvil that loses the race: another node answers on the port with the same chain id, and this
    // process reports the port in use, as anvil does, a moment later.
    const dir = mkdtempSync(path.join(tmpdir(), "anvil-race-"));
    const fake = path.join(dir, "anvil");
    writeFileSync(
      fake,
      `#!${process.execPath}
      const port = Number(process.argv[process.argv.indexOf("--port") + 1]);
      require("node:http").createServer((req, res) => {
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ jsonrpc: "2.0", id: 1, result: "0x7a69" }));
      }).listen(port, "127.0.0.1", () => {
        process.stderr.write("Error: Address already in use (os error 98)\\n");
        setTimeout(() => process.exit(0), 1000);
      });`,
      { mode: 0o755 },
    );
    const previous = process.env.ANVIL_BIN;
    process.env.ANVIL_BIN = fake;
    try {
      const port = TEST_PORT_RANGE[0] + 60;
      await expect(startAnvil({ port })).rejects.toThrow(`port ${port} on 127.0.0.1 is already in use`);
    } finally {
      if (previous === undefined) delete process.env.ANVIL_BIN;
      else process.env.ANVIL_BIN = previous;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("anvil does not outlive the process that started it", () => {
  /** Runs a node child that starts anvil through src/ (transpiled on the fly by swc), prints anvil's pid, then `ending`. */
  async function childStartingAnvil(
    ending: "exit" | "wait",
  ): Promise<{ anvilPid: number; child: import("node:child_process").ChildProcess }> {
    const { spawn } = await import("node:child_process");
    const script = `
      const fs = require("node:fs");
      const swc = require("@swc/core");
      require.extensions[".ts"] = (m, file) => m._compile(swc.transformSync(fs.readFileSync(file, "utf8"),
        { filename: file, jsc: { parser: { syntax: "typescript" }, target: "es2022" }, module: { type: "commonjs" } }).code, file);
      const { startAnvil } = require(${JSON.stringify(require.resolve("../src/localChain.ts"))});
      startAnvil({ portRange: [${TEST_PORT_RANGE[0]}, ${TEST_PORT_RANGE[1]}] }).then((a) => {
        process.stdout.write(a.pid + "\\n");
        ${ending === "exit" ? "process.exit(0);" : "setInterval(() => {}, 1000);"}
      });`;
    const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
    const anvilPid = await new Promise<number>((resolve, reject) => {
      child.stdout!.once("data", (d: Buffer) => resolve(Number(String(d).trim())));
      child.once("exit", (code) => reject(new Error(`child exited (${code}) before starting anvil`)));
    });
    return { anvilPid, child };
  }

  async function waitDead(pid: number) {
    for (let i = 0; i < 50 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
    return !alive(pid);
  }

  it("kills anvil when the process exits", async () => {
    const { anvilPid } = await childStartingAnvil("exit");
    expect(await waitDead(anvilPid)).toBe(true);
  });

  it("kills anvil on SIGTERM, and the process still terminates", async () => {
    const { anvilPid, child } = await childStartingAnvil("wait");
    expect(alive(anvilPid)).toBe(true);
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once("exit", (_code, signal) => resolve(signal)));
    child.kill("SIGTERM");
    expect(await exited).toBe("SIGTERM");
    expect(await waitDead(anvilPid)).toBe(true);
  });
});
