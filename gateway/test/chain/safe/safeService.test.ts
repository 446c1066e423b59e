import { packSignatures, SAFE_TX_TYPES, safeDomain, safeTxHash } from "@presale/abis";
import { Wallet } from "ethers";
import { errorCode, fieldErrors, startSignedIn, type TestApp, withTestApp } from "../../support/testApp";
import { safeFixture } from "../../support/safe";

/** Proposals and confirmations through GraphQL against the local chain's 2-of-3 Safe: what is stored, what is refused. */
describe("Safe transactions: propose and confirm", () => {
  let app: TestApp;
  let token: string;
  let fx: ReturnType<typeof safeFixture>;
  beforeAll(async () => {
    ({ app, token } = await startSignedIn({ chain: true }));
    fx = safeFixture(app);
  }, 60_000);
  afterAll(() => app.close());

  it("reads a Safe's owners, threshold and nonce from the chain, and refuses what is not a Safe", async () => {
    const res = await app.gql(
      `query($a: String!) { safeInfo(address: $a) { address owners threshold nonce } }`,
      { a: fx.local.safe },
      token,
    );
    expect(res.body.data.safeInfo).toEqual({ address: fx.local.safe, owners: expect.any(Array), threshold: 2, nonce: 0 });
    expect([...res.body.data.safeInfo.owners].sort()).toEqual(fx.local.accounts.slice(0, 3).sort());

    for (const address of [fx.local.safePresale!.presaleAddress, fx.local.accounts[4]]) {
      const refused = await app.gql(`query($a: String!) { safeInfo(address: $a) { address } }`, { a: address }, token);
      expect(errorCode(refused)).toBe("BAD_USER_INPUT");
      expect(fieldErrors(refused).address).toMatch(/is not a Safe on chain 31337/);
    }
    const malformed = await app.gql(`{ safeInfo(address: "0x1234") { address } }`, {}, token);
    expect(fieldErrors(malformed).address).toMatch(/must be an address/);
    expect(errorCode(await app.gql(`query($a: String!) { safeInfo(address: $a) { address } }`, { a: fx.local.safe }))).toBe(
      "UNAUTHENTICATED",
    );
  });

  it("stores a proposal signed by one owner, then executable once a second owner confirms; the packed signatures execute", async () => {
    const data = fx.busdHardCap("600");
    const tx = fx.txOf(data, await fx.chainNonce());
    const proposed = await fx.propose(token, { data, signature: await fx.sign(0, tx) });
    expect(proposed.body.errors).toBeUndefined();
    const hash = safeTxHash(fx.local.chainId, fx.local.safe, tx);
    expect(proposed.body.data.proposeSafeTransaction).toEqual({
      safeTxHash: hash,
      nonce: Number(tx.nonce),
      status: "pending",
      proposer: fx.local.accounts[0],
      confirmationCount: 1,
    });

    const confirmed = await fx.confirm(token, hash, await fx.sign(1, tx));
    expect(confirmed.body.errors).toBeUndefined();
    expect(confirmed.body.data.confirmSafeTransaction).toEqual({
      safeTxHash: hash,
      status: "executable",
      confirmations: [{ owner: fx.local.accounts[0] }, { owner: fx.local.accounts[1] }],
    });

    const listed = await app.gql(
      `query($f: SafeTransactionFilter) { allSafeTransactions(filter: $f) { safeTxHash signatures confirmations { owner signature } } _allSafeTransactionsMeta(filter: $f) { count } }`,
      { f: { safe: fx.local.safe, status: "executable" } },
      token,
    );
    expect(listed.body.data._allSafeTransactionsMeta.count).toBe(1);
    const [item] = listed.body.data.allSafeTransactions;
    expect(item.signatures).toBe(packSignatures(item.confirmations));
    await fx.execute(5, tx, item.signatures);
    expect(await fx.presale.connect(fx.local.provider).getFunction("BUSDhardCap")()).toBe(600n * 10n ** 18n);
  });

  it("refuses forged, malformed, non-owner, other-chain, other-Safe and duplicate signatures, storing nothing", async () => {
    const before = await fx.stored(token);
    const data = fx.busdHardCap("700");
    const nonce = await fx.chainNonce();
    const tx = fx.txOf(data, nonce);
    const otherSafe = fx.local.safeContracts.singleton;
    const forged = (await fx.sign(0, tx)).slice(0, 10) + "ab" + (await fx.sign(0, tx)).slice(12);
    const refusals: [string, string, RegExp][] = [
      ["forged", forged, /not from an owner of this Safe|not a valid ECDSA signature/],
      [
        "random wallet",
        await Wallet.createRandom().signTypedData(safeDomain(fx.local.chainId, fx.local.safe), SAFE_TX_TYPES, tx),
        /not from an owner of this Safe/,
      ],
      ["non-owner account", await fx.sign(3, tx), /not from an owner of this Safe \(signed for another Safe or chain\?\)/],
      ["chain id 1", await fx.sign(0, tx, 1), /not from an owner of this Safe \(signed for another Safe or chain\?\)/],
      [
        "another Safe",
        await fx.sign(0, tx, fx.local.chainId, otherSafe),
        /not from an owner of this Safe \(signed for another Safe or chain\?\)/,
      ],
      ["too short", "0x1234", /65 bytes/],
      ["v of 0", (await fx.sign(0, tx)).slice(0, 130) + "00", /v must be 27 or 28/],
    ];
    for (const [why, signature, message] of refusals) {
      const res = await fx.propose(token, { data, signature, nonce });
      expect([why, errorCode(res)]).toEqual([why, "BAD_USER_INPUT"]);
      expect([why, fieldErrors(res).signature]).toEqual([why, expect.stringMatching(message)]);
    }
    const badArgs = await fx.propose(token, { data: "0xabc", signature: await fx.sign(0, tx), nonce: -1, value: "-5", safe: "nope" });
    expect(Object.keys(fieldErrors(badArgs)).sort()).toEqual(["data", "nonce", "safe", "value"]);
    expect(await fx.stored(token)).toEqual(before);

    // A proposal, then the same owner again, and the other refusals on confirm.
    const hash = (await fx.propose(token, { data, signature: await fx.sign(0, tx) })).body.data.proposeSafeTransaction.safeTxHash;
    const after = await fx.stored(token);
    expect(after.confirmations).toBe(before.confirmations + 1);
    for (const [signature, message] of [
      [await fx.sign(0, tx), /has already signed this transaction/],
      [await fx.sign(3, tx), /not from an owner of this Safe/],
      [await fx.sign(1, tx, 1), /not from an owner of this Safe \(signed for another Safe or chain\?\)/],
    ] as const) {
      const res = await fx.confirm(token, hash, signature);
      expect(errorCode(res)).toBe("BAD_USER_INPUT");
      expect(fieldErrors(res).signature).toMatch(message);
    }
    const again = await fx.propose(token, { data, signature: await fx.sign(1, tx), nonce });
    expect(fieldErrors(again).safeTxHash).toMatch(/already proposed/);
    const unknown = await fx.confirm(token, "0x" + "12".repeat(32), await fx.sign(1, tx));
    expect(fieldErrors(unknown).safeTxHash).toMatch(/No Safe transaction with this hash/);
    const spent = await fx.propose(token, { data, signature: await fx.sign(0, fx.txOf(data, nonce - 1)), nonce: nonce - 1 });
    expect(fieldErrors(spent).nonce).toMatch(/already used by this Safe/);
    expect(await fx.stored(token)).toEqual(after);
  });

  it("gives the next free nonce by default: past the chain's and every waiting proposal's (safeInfo tells it first)", async () => {
    const { transactions } = await fx.stored(token);
    const waiting = transactions.filter((t) => t.status === "pending" || t.status === "executable").map((t) => t.nonce);
    const expected = Math.max(await fx.chainNonce(), ...waiting.map((n) => n + 1));
    expect(expected).toBeGreaterThan(await fx.chainNonce());
    const info = await app.gql(`query($a: String!) { safeInfo(address: $a) { nonce nextNonce } }`, { a: fx.local.safe }, token);
    expect(info.body.data.safeInfo).toEqual({ nonce: await fx.chainNonce(), nextNonce: expected });
    const data = fx.busdHardCap("800");
    const res = await fx.propose(token, { data, signature: await fx.sign(2, fx.txOf(data, expected)) });
    expect(res.body.data.proposeSafeTransaction).toMatchObject({ nonce: expected, status: "pending", proposer: fx.local.accounts[2] });
  });

  it("needs the chain permission on Safe transactions to propose or confirm", async () => {
    const data = fx.busdHardCap("900");
    const res = await fx.propose("", { data, signature: await fx.sign(0, fx.txOf(data, 50)), nonce: 50 });
    expect(errorCode(res)).toBe("UNAUTHENTICATED");
  });

  it("takes a rejection (an empty call to the Safe itself) at a nonce already proposed, and audits each write as its user", async () => {
    const data = fx.busdHardCap("950");
    const nonce = Math.max(await fx.chainNonce(), ...(await fx.stored(token)).transactions.map((t) => t.nonce + 1));
    const proposed = await fx.propose(token, { data, signature: await fx.sign(0, fx.txOf(data, nonce)) });
    expect(proposed.body.data.proposeSafeTransaction.nonce).toBe(nonce);
    const rejection = { ...fx.txOf("0x", nonce), to: fx.local.safe };
    const rejected = await fx.propose(token, {
      safe: fx.local.safe,
      data: "0x",
      signature: await fx.sign(1, rejection),
      nonce,
      to: fx.local.safe,
    });
    expect(rejected.body.errors).toBeUndefined();
    expect(rejected.body.data.proposeSafeTransaction).toMatchObject({ nonce, status: "pending", proposer: fx.local.accounts[1] });

    const events = await app.gql(
      `query($f: AuditEventFilter) { allAuditEvents(filter: $f, sortField: "id", sortOrder: "ASC") { actorName operation transport resource } }`,
      { f: { resource: "SafeTransaction" } },
      token,
    );
    const audited = events.body.data.allAuditEvents as { actorName: string; operation: string; transport: string }[];
    expect(audited.length).toBeGreaterThan(0);
    expect(audited.every((event) => event.actorName === "admin" || event.operation === "update")).toBe(true);
    expect(audited.some((event) => event.operation === "create" && event.actorName === "admin" && event.transport === "graphql")).toBe(
      true,
    );
  });

  it("stores a proposal and its signature together, a confirmation and the new count together: a failed write leaves neither", async () => {
    const { ds } = app.services;
    const sqlite = ds.options.type === "better-sqlite3";
    // The database refuses every new signature, as a full disk or a lost connection would.
    const refuseSignatures = () =>
      ds.query(
        sqlite
          ? `CREATE TRIGGER refuse_signatures BEFORE INSERT ON safe_confirmations BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`
          : `CREATE TRIGGER refuse_signatures BEFORE INSERT ON safe_confirmations FOR EACH ROW SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'refused by the test'`,
      );
    await refuseSignatures();
    const counted = async () => {
      const [{ transactions }] = await ds.query(`SELECT COUNT(*) AS transactions FROM safe_transactions`);
      const [{ events }] = await ds.query(
        `SELECT COUNT(*) AS events FROM audit_events WHERE resource IN ('SafeTransaction', 'SafeConfirmation')`,
      );
      return { transactions: Number(transactions), events: Number(events) };
    };
    const data = fx.busdHardCap("960");
    const nonce = Math.max(await fx.chainNonce(), ...(await fx.stored(token)).transactions.map((t) => t.nonce + 1));
    const tx = fx.txOf(data, nonce);
    const before = await counted();
    try {
      const refused = await fx.propose(token, { data, signature: await fx.sign(0, tx), nonce });
      expect(refused.body.errors?.[0].extensions?.code).toBe("INTERNAL_SERVER_ERROR");
      expect(await counted()).toEqual(before);
    } finally {
      await ds.query(`DROP TRIGGER refuse_signatures`);
    }
    const stored = (await fx.propose(token, { data, signature: await fx.sign(0, tx), nonce })).body.data.proposeSafeTransaction;
    expect(stored).toMatchObject({ nonce, confirmationCount: 1 });

    await refuseSignatures();
    const afterProposal = await counted();
    try {
      const confirmed = await fx.confirm(token, stored.safeTxHash, await fx.sign(1, tx));
      expect(confirmed.body.errors?.[0].extensions?.code).toBe("INTERNAL_SERVER_ERROR");
      expect(await counted()).toEqual(afterProposal);
    } finally {
      await ds.query(`DROP TRIGGER refuse_signatures`);
    }
    const row = (await fx.stored(token)).transactions.find((t) => t.safeTxHash === stored.safeTxHash);
    expect(row).toMatchObject({ status: "pending", confirmations: [{ owner: fx.local.accounts[0] }] });
  });

  it("counts every signature when two owners confirm at the same moment", async () => {
    const data = fx.busdHardCap("970");
    const nonce = Math.max(await fx.chainNonce(), ...(await fx.stored(token)).transactions.map((t) => t.nonce + 1));
    const tx = fx.txOf(data, nonce);
    const proposed = (await fx.propose(token, { data, signature: await fx.sign(0, tx), nonce })).body.data.proposeSafeTransaction;
    const [one, two] = await Promise.all([fx.sign(1, tx), fx.sign(2, tx)]);
    const answers = await Promise.all([fx.confirm(token, proposed.safeTxHash, one), fx.confirm(token, proposed.safeTxHash, two)]);
    expect(answers.map((answer) => answer.body.errors)).toEqual([undefined, undefined]);
    const row = (await fx.stored(token)).transactions.find((t) => t.safeTxHash === proposed.safeTxHash);
    expect(row.confirmations).toHaveLength(3);
    const counted = await app.gql(
      `query($f: SafeTransactionFilter) { allSafeTransactions(filter: $f) { confirmationCount status } }`,
      { f: { safeTxHash: proposed.safeTxHash } },
      token,
    );
    expect(counted.body.data.allSafeTransactions).toEqual([
      { confirmationCount: 3, status: expect.stringMatching(/^(executable|pending)$/) },
    ]);
  });
});

describe("Safe transactions without a chain", () => {
  it("refuses safeInfo and proposals clearly when CHAIN=none", async () => {
    await withTestApp({}, async (app) => {
      const token = await app.adminToken();
      const info = await app.gql(`{ safeInfo(address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266") { address } }`, {}, token);
      expect(errorCode(info)).toBe("BAD_USER_INPUT");
      expect(fieldErrors(info).address).toMatch(/No chain is configured \(CHAIN=none\)/);
      const proposed = await app.gql(
        `mutation { proposeSafeTransaction(safe: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", to: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", data: "0x", signature: "0x") { safeTxHash } }`,
        {},
        token,
      );
      expect(fieldErrors(proposed).safe).toMatch(/No chain is configured/);
    });
  });
});
