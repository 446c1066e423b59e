import type { DataSource, EntityManager } from "typeorm";
import type { AuditTrail } from "../../audit/trail";
import { Contribution } from "../../resources/contribution";
import { SafeTransaction } from "../../resources/safeTransaction";
import { WhitelistEntry } from "../../resources/whitelistEntry";
import { SAFE_EVENTS, type ChainEvent } from "./events";
import type { BlockHeader } from "./rpc";
import { SafeProposals } from "./safeProposals";

export interface Cursor {
  /** The last block indexed (fromBlock - 1 before the first batch). */
  blockNumber: number;
  blockHash: string | null;
}

export interface FollowedPresale {
  presaleAddress: string;
  tokenAddress: string;
  createdBlock: number;
  hardCap: bigint | null;
  busdHardCap: bigint | null;
}

/** One range read from the chain, written with the cursor in one transaction. */
export interface Batch {
  fromBlock: number;
  to: BlockHeader;
  headBlock: number;
  /** Oldest first. */
  events: ChainEvent[];
  /** The blocks the events are in, read by number (their time, and hashes to detect a reorg by). */
  blocks: Map<number, BlockHeader>;
  presales: FollowedPresale[];
}

const SAFE_EVENT_NAMES = new Set<string>(SAFE_EVENTS);

/** Stored block hashes older than this many blocks behind the cursor are dropped: a reorg deeper than that is not expected. */
const KEPT_BLOCKS = 10_000;

/**
 * The indexer's writes: raw events (unique per log), the contributions and
 * whitelist projected from them, the presales followed, the cursor and recent
 * block hashes. Written directly, not through ResourceService: these rows come
 * from the chain, not from an admin, and are not audited. Safe proposals are
 * the exception: their statuses are admins' business (the audit trail, its
 * webhooks and change events tell each one), so each gets its event.
 */
export class IndexStore {
  constructor(
    private readonly ds: DataSource,
    readonly chainId: number,
    readonly factory: string,
    /** Told which resources changed, so cached answers keyed by their versions are dropped. */
    private readonly changed: (resources: string[]) => void = () => {},
    /** Appends each Safe proposal's new status to the audit trail, in the indexer's transaction (its webhooks and change event follow). */
    private readonly trail?: AuditTrail,
  ) {
    this.safeProposals = new SafeProposals(chainId, trail);
  }

  /** Safe proposals' statuses, decided by their Safes' executions. */
  private readonly safeProposals: SafeProposals;

  async cursor(fromBlock: number): Promise<Cursor> {
    const [row] = await this.ds.query(`SELECT blockNumber, blockHash FROM chain_index_cursors WHERE chainId = ? AND factory = ?`, [
      this.chainId,
      this.factory,
    ]);
    if (row) return { blockNumber: Number(row.blockNumber), blockHash: row.blockHash ?? null };
    await this.ds.query(
      `INSERT INTO chain_index_cursors (chainId, factory, blockNumber, blockHash, updatedAtMs) VALUES (?, ?, ?, NULL, ?)`,
      [this.chainId, this.factory, fromBlock - 1, Date.now()],
    );
    return { blockNumber: fromBlock - 1, blockHash: null };
  }

  async presales(): Promise<string[]> {
    const rows = await this.ds.query(`SELECT presaleAddress FROM chain_presales WHERE chainId = ? AND factory = ? ORDER BY id`, [
      this.chainId,
      this.factory,
    ]);
    return rows.map((row: { presaleAddress: string }) => row.presaleAddress);
  }

  /** The Safes with a stored proposal on this chain: their executions decide the proposals' statuses. */
  async safes(): Promise<string[]> {
    const rows = await this.ds.query(`SELECT DISTINCT safe FROM safe_transactions WHERE chainId = ? ORDER BY safe`, [this.chainId]);
    return rows.map((row: { safe: string }) => row.safe);
  }

  /** The stored hashes of recent indexed blocks, newest first. */
  async recentBlocks(limit = 256): Promise<{ blockNumber: number; blockHash: string }[]> {
    const rows = await this.ds.query(
      `SELECT blockNumber, blockHash FROM chain_index_blocks WHERE chainId = ? AND factory = ? ORDER BY blockNumber DESC LIMIT ${Number(limit)}`,
      [this.chainId, this.factory],
    );
    return rows.map((row: { blockNumber: unknown; blockHash: string }) => ({
      blockNumber: Number(row.blockNumber),
      blockHash: row.blockHash,
    }));
  }

  /** Writes a range's events, their projections, the block hashes and the cursor at once; events already stored are skipped. */
  async apply(batch: Batch): Promise<void> {
    let written = 0;
    const safeWrites = new Set<number>();
    await this.ds.transaction(async (m) => {
      const known = new Set(
        (
          await m.query(`SELECT txHash, logIndex FROM chain_events WHERE chainId = ? AND blockNumber BETWEEN ? AND ?`, [
            this.chainId,
            batch.fromBlock,
            batch.to.number,
          ])
        ).map((row: { txHash: string; logIndex: unknown }) => `${row.txHash}:${Number(row.logIndex)}`),
      );
      for (const presale of batch.presales) {
        const [exists] = await m.query(`SELECT id FROM chain_presales WHERE chainId = ? AND presaleAddress = ?`, [
          this.chainId,
          presale.presaleAddress,
        ]);
        if (exists) continue;
        await m.query(
          `INSERT INTO chain_presales (chainId, factory, presaleAddress, tokenAddress, createdBlock, hardCap, busdHardCap) VALUES (?, ?, ?, ?, ?, ?, ?)`,
          [
            this.chainId,
            this.factory,
            presale.presaleAddress,
            presale.tokenAddress,
            presale.createdBlock,
            presale.hardCap?.toString() ?? null,
            presale.busdHardCap?.toString() ?? null,
          ],
        );
      }
      for (const event of batch.events) {
        if (known.has(`${event.txHash}:${event.logIndex}`)) continue;
        const time = batch.blocks.get(event.blockNumber)!.timestamp;
        await m.query(
          `INSERT INTO chain_events (chainId, blockNumber, blockHash, blockTime, txHash, logIndex, address, name, args) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [
            this.chainId,
            event.blockNumber,
            event.blockHash,
            time,
            event.txHash,
            event.logIndex,
            event.address,
            event.name,
            JSON.stringify(event.args),
          ],
        );
        if (SAFE_EVENT_NAMES.has(event.name))
          for (const id of await this.safeProposals.project(m, event, new Date(time * 1000))) safeWrites.add(id);
        else written += await this.project(m, event, new Date(time * 1000));
      }
      const hashes = new Map<number, string>([...batch.blocks.values(), batch.to].map((block) => [block.number, block.hash]));
      const numbers = [...hashes.keys()];
      await m.query(
        `DELETE FROM chain_index_blocks WHERE chainId = ? AND factory = ? AND blockNumber IN (${numbers.map(() => "?").join(", ")})`,
        [this.chainId, this.factory, ...numbers],
      );
      for (const [number, hash] of hashes)
        await m.query(`INSERT INTO chain_index_blocks (chainId, factory, blockNumber, blockHash) VALUES (?, ?, ?, ?)`, [
          this.chainId,
          this.factory,
          number,
          hash,
        ]);
      await m.query(`DELETE FROM chain_index_blocks WHERE chainId = ? AND factory = ? AND blockNumber < ?`, [
        this.chainId,
        this.factory,
        batch.to.number - KEPT_BLOCKS,
      ]);
      await m.query(
        `UPDATE chain_index_cursors SET blockNumber = ?, blockHash = ?, headBlock = ?, lastError = NULL, updatedAtMs = ? WHERE chainId = ? AND factory = ?`,
        [batch.to.number, batch.to.hash, batch.headBlock, Date.now(), this.chainId, this.factory],
      );
    });
    if (written) this.changed([Contribution.name, WhitelistEntry.name]);
    if (safeWrites.size) await this.safeChanged();
  }

  /** After Safe proposals' statuses committed: cached answers of them, and of the audit events, move on. */
  private async safeChanged() {
    this.changed([SafeTransaction.name]);
    await this.trail?.appended();
  }

  /** The rows an event stands for: a contribution, or the whitelist entry's current allocation. Returns how many it wrote. */
  private async project(manager: EntityManager, event: ChainEvent, at: Date): Promise<number> {
    const now = new Date();
    if (event.name === "TokensBought") {
      await manager.getRepository(Contribution.name).insert({
        eventKey: `${this.chainId}:${event.txHash}:${event.logIndex}`,
        chainId: this.chainId,
        presaleAddress: event.address,
        buyer: event.args.buyer,
        currency: event.args.withBUSD ? "BUSD" : "BNB",
        amountPaid: event.args.paid,
        tokens: event.args.tokens,
        blockNumber: event.blockNumber,
        txHash: event.txHash,
        logIndex: event.logIndex,
        boughtAt: at,
        createdAt: now,
        updatedAt: now,
      });
      return 1;
    }
    if (event.name === "WhitelistedAddressAdded") {
      await this.setWhitelistEntry(manager, event.address, String(event.args.user), {
        allocation: String(event.args.allocation),
        addedAt: at,
        blockNumber: event.blockNumber,
      });
      return 1;
    }
    return 0;
  }

  private async setWhitelistEntry(
    manager: EntityManager,
    presaleAddress: string,
    address: string,
    state: { allocation: string; addedAt: Date; blockNumber: number } | null,
  ) {
    const entries = manager.getRepository(WhitelistEntry.name);
    const entryKey = `${this.chainId}:${presaleAddress}:${address}`;
    if (!state) {
      await entries.delete({ entryKey });
      return;
    }
    const updated = await entries.update({ entryKey }, { ...state, updatedAt: new Date() });
    if (!updated.affected) {
      const now = new Date();
      await entries.insert({ entryKey, chainId: this.chainId, presaleAddress, address, ...state, createdAt: now, updatedAt: now });
    }
  }

  /**
   * Undoes every block after `blockNumber` (a reorg replaced them): their
   * events, contributions and presales go, each whitelist entry they touched
   * falls back to its last remaining add, and the cursor moves back.
   */
  async rollbackAfter(blockNumber: number, blockHash: string | null): Promise<void> {
    let reopened = 0;
    await this.ds.transaction(async (m) => {
      const safeEvents: { address: string; name: string; args: string }[] = await m.query(
        `SELECT address, name, args FROM chain_events WHERE chainId = ? AND blockNumber > ? AND name IN (${[...SAFE_EVENT_NAMES].map(() => "?").join(", ")})`,
        [this.chainId, blockNumber, ...SAFE_EVENT_NAMES],
      );
      const touched: { presaleAddress: string; address: string }[] = await m.query(
        `SELECT presaleAddress, address FROM whitelist_entries WHERE chainId = ? AND blockNumber > ?`,
        [this.chainId, blockNumber],
      );
      await m.query(`DELETE FROM chain_events WHERE chainId = ? AND blockNumber > ?`, [this.chainId, blockNumber]);
      await m.query(`DELETE FROM contributions WHERE chainId = ? AND blockNumber > ?`, [this.chainId, blockNumber]);
      await m.query(`DELETE FROM chain_presales WHERE chainId = ? AND factory = ? AND createdBlock > ?`, [
        this.chainId,
        this.factory,
        blockNumber,
      ]);
      await m.query(`DELETE FROM chain_index_blocks WHERE chainId = ? AND factory = ? AND blockNumber > ?`, [
        this.chainId,
        this.factory,
        blockNumber,
      ]);
      for (const { presaleAddress, address } of touched) {
        const adds: { blockNumber: unknown; blockTime: unknown; args: string }[] = await m.query(
          `SELECT blockNumber, blockTime, args FROM chain_events WHERE chainId = ? AND address = ? AND name = 'WhitelistedAddressAdded' ORDER BY blockNumber DESC, logIndex DESC`,
          [this.chainId, presaleAddress],
        );
        const last = adds.find((add) => JSON.parse(add.args).user === address);
        await this.setWhitelistEntry(
          m,
          presaleAddress,
          address,
          last
            ? {
                allocation: JSON.parse(last.args).allocation,
                addedAt: new Date(Number(last.blockTime) * 1000),
                blockNumber: Number(last.blockNumber),
              }
            : null,
        );
      }
      await m.query(`UPDATE chain_index_cursors SET blockNumber = ?, blockHash = ?, updatedAtMs = ? WHERE chainId = ? AND factory = ?`, [
        blockNumber,
        blockHash,
        Date.now(),
        this.chainId,
        this.factory,
      ]);
      reopened = (await this.safeProposals.reopen(m, safeEvents)).length;
    });
    this.changed([Contribution.name, WhitelistEntry.name]);
    if (reopened) await this.safeChanged();
  }

  /** What the last poll saw: the head (when the RPC answered) and its error, if any. */
  async recordStatus(headBlock: number | null, error: string | null): Promise<void> {
    await this.ds.query(
      `UPDATE chain_index_cursors SET headBlock = COALESCE(?, headBlock), lastError = ?, updatedAtMs = ? WHERE chainId = ? AND factory = ?`,
      [headBlock, error?.slice(0, 500) ?? null, Date.now(), this.chainId, this.factory],
    );
  }
}
