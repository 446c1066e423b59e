import { interfaceOf } from "@presale/abis";
import type { AuditTrail } from "../../audit/trail";
import type { DataSource } from "typeorm";
import type { ChainIndexConfig, Config } from "../../config";
import type { Logger } from "../../logger";
import { indexProgress } from "../../metrics";
import { type ChainEvent, decodeLog, PRESALE_CREATED_TOPIC, PRESALE_TOPICS, type RawLog, SAFE_TOPICS } from "./events";
import { type Cursor, type FollowedPresale, IndexStore } from "./indexStore";
import { indexerLock, type IndexerLock } from "./indexerLock";
import { type BlockHeader, errorText, IndexerRpc, isRangeRefusal } from "./rpc";

export interface ChainIndexerOptions {
  ds: DataSource;
  database: Config["database"];
  chainId: number;
  rpcUrl: string;
  factory: string;
  config: ChainIndexConfig;
  log: Logger;
  /** Told which resources the indexer changed (their cached answers are then stale). */
  changed?: (resources: string[]) => void;
  /** Appends each Safe proposal's status change to the audit trail (its webhooks and change events follow). */
  trail?: AuditTrail;
}

/** The longest wait between tries while the RPC (or the database) fails. */
const MAX_BACKOFF_MS = 60_000;

const presaleInterface = interfaceOf("Presale");
/** Ranges accepted in a row before the getLogs span is doubled again (a hard limit then costs one refusal in GROW_AFTER + 1). */
const GROW_AFTER = 16;
/** Block headers requested in parallel while reading a range. */
const HEADERS_AT_ONCE = 8;

/**
 * Follows the presale factory's PresaleCreated events and every presale's
 * events into the database (chain/indexer/indexStore.ts), one range of
 * CHAIN_LOG_RANGE blocks at a time, CHAIN_CONFIRMATIONS blocks behind the head.
 * Runs on the replica holding the indexer lock; the others try to take it each
 * poll. Never in a request's path: failures are logged, recorded in the cursor
 * (chainIndexStatus) and retried with a doubling back-off.
 */
export class ChainIndexer {
  readonly store: IndexStore;
  private readonly rpc: IndexerRpc;
  private readonly lock: IndexerLock;
  /**
   * Blocks per getLogs request: CHAIN_LOG_RANGE, halved each time the endpoint
   * refuses a span, and doubled again (up to CHAIN_LOG_RANGE) after
   * GROW_AFTER ranges in a row were accepted: a refusal of a busy stretch
   * ("limit exceeded") does not slow every later catch-up.
   */
  private span: number;
  private acceptedInARow = 0;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = true;
  /** Set by stop(): a poll in progress ends after its current range. */
  private closing = false;
  private failures = 0;
  private holding = false;
  /** The head the last poll saw (kept when the poll then fails, so the status can say how far behind it is). */
  private seenHead: number | null = null;

  constructor(private readonly options: ChainIndexerOptions) {
    this.store = new IndexStore(options.ds, options.chainId, options.factory, options.changed, options.trail);
    this.rpc = new IndexerRpc(options.rpcUrl, options.chainId);
    this.lock = indexerLock(options.ds, options.database);
    this.span = options.config.logRange;
  }

  /** Whether this process holds the lock (and so is the one indexing). */
  get isIndexing() {
    return this.holding;
  }

  /** Starts polling: at once, then every CHAIN_INDEX_INTERVAL_MS (longer while failing). */
  start() {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops polling, lets the current poll finish, frees the lock (another replica takes over) and closes the RPC client. */
  async stop() {
    this.stopped = true;
    this.closing = true;
    clearTimeout(this.timer);
    await this.running;
    await this.lock.release();
    this.holding = false;
    this.rpc.destroy();
  }

  private schedule(delayMs: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick().finally(() => (this.running = undefined));
    }, delayMs);
  }

  private async tick() {
    const { log, config } = this.options;
    let delay = config.intervalMs;
    try {
      await this.pollOnce();
      this.failures = 0;
    } catch (e) {
      this.failures++;
      delay = Math.min(config.intervalMs * 2 ** this.failures, MAX_BACKOFF_MS);
      const message = errorText(e);
      if (this.failures === 1 || this.failures % 10 === 0)
        log.warn({ err: e, failures: this.failures, retryInMs: delay }, "chain indexer: poll failed, retrying with back-off");
      await this.store.recordStatus(this.seenHead, message).catch(() => undefined);
    }
    this.schedule(delay);
  }

  /**
   * One poll: takes (or checks) the lock, then indexes up to the confirmed
   * head. Returns whether this process indexed. Tests call it directly.
   */
  async pollOnce(): Promise<boolean> {
    this.holding = this.holding ? await this.lock.held() : await this.lock.tryAcquire();
    if (!this.holding) return false;
    const { config } = this.options;
    this.seenHead = null;
    const head = await this.rpc.blockNumber();
    this.seenHead = head;
    indexProgress.set({ block: "head" }, head);
    const target = head - config.confirmations;
    let cursor = await this.store.cursor(config.fromBlock);
    cursor = await this.checkReorg(cursor);
    while (cursor.blockNumber < target && !this.closing) cursor = await this.indexRange(cursor, target, head);
    await this.store.recordStatus(head, null);
    indexProgress.set({ block: "indexed" }, cursor.blockNumber);
    indexProgress.set({ block: "behind" }, Math.max(0, target - cursor.blockNumber));
    return true;
  }

  /**
   * Whether the last indexed block is still on the chain; if not (a reorg, an
   * anvil revert), rolls back to the newest stored block that still is.
   */
  private async checkReorg(cursor: Cursor): Promise<Cursor> {
    if (cursor.blockHash === null) return cursor;
    const onChain = await this.rpc.block(cursor.blockNumber);
    if (onChain?.hash === cursor.blockHash) return cursor;
    let keep: Cursor = { blockNumber: this.options.config.fromBlock - 1, blockHash: null };
    for (const stored of await this.store.recentBlocks()) {
      if (stored.blockNumber >= cursor.blockNumber) continue;
      if ((await this.rpc.block(stored.blockNumber))?.hash === stored.blockHash) {
        keep = { blockNumber: stored.blockNumber, blockHash: stored.blockHash };
        break;
      }
    }
    this.options.log.warn(
      { from: cursor.blockNumber, to: keep.blockNumber },
      "chain indexer: reorg, rolling back to the last block still on chain",
    );
    await this.store.rollbackAfter(keep.blockNumber, keep.blockHash);
    return keep;
  }

  /** Indexes the next range after the cursor (at most `span` blocks, up to `target`); returns the new cursor. */
  private async indexRange(cursor: Cursor, target: number, head: number): Promise<Cursor> {
    const from = cursor.blockNumber + 1;
    for (;;) {
      const to = Math.min(from + this.span - 1, target);
      try {
        const next = await this.readAndStore(from, to, head);
        if (++this.acceptedInARow >= GROW_AFTER && this.span < this.options.config.logRange) {
          this.span = Math.min(this.options.config.logRange, this.span * 2);
          this.acceptedInARow = 0;
        }
        return next;
      } catch (e) {
        if (!isRangeRefusal(e) || to === from) throw e;
        this.acceptedInARow = 0;
        this.span = Math.max(1, Math.floor((to - from + 1) / 2));
        this.options.log.info(
          { from, to, span: this.span, error: errorText(e) },
          "chain indexer: the endpoint refused the range; halving it",
        );
      }
    }
  }

  private async readAndStore(from: number, to: number, head: number): Promise<Cursor> {
    const { factory } = this.options;
    const created = (await this.rpc.getLogs([factory], [PRESALE_CREATED_TOPIC], from, to))
      .map((log) => decodeLog(log, this.options.chainId))
      .filter(isEvent);
    const presales = await Promise.all(created.map((event) => this.followed(event)));
    const addresses = [...(await this.store.presales()), ...presales.map((p) => p.presaleAddress)];
    // The Safes with proposals in the same request: their executions set the proposals' statuses (decodeLog tells them apart).
    const safes = await this.store.safes();
    const topics = safes.length ? [...PRESALE_TOPICS, ...SAFE_TOPICS] : PRESALE_TOPICS;
    const watched = [...addresses, ...safes];
    const logs: RawLog[] = watched.length ? await this.rpc.getLogs(watched, topics, from, to) : [];
    const events = [
      ...created,
      ...logs
        .filter((log) => !log.removed)
        .map((log) => decodeLog(log, this.options.chainId))
        .filter(isEvent),
    ].sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex);
    const blocks = new Map<number, BlockHeader>();
    const numbers = [...new Set([...events.map((event) => event.blockNumber), to])];
    // A few at a time: fast on a busy range, without tripping an endpoint's rate limit.
    for (let at = 0; at < numbers.length; at += HEADERS_AT_ONCE)
      for (const block of await Promise.all(numbers.slice(at, at + HEADERS_AT_ONCE).map((number) => this.header(number))))
        blocks.set(block.number, block);
    // A log from a block that is no longer the one at its height: the chain moved while we read; the next poll reads again.
    for (const event of events)
      if (blocks.get(event.blockNumber)!.hash !== event.blockHash) throw new Error(`block ${event.blockNumber} changed while it was read`);
    const end = blocks.get(to)!;
    await this.store.apply({ fromBlock: from, to: end, headBlock: head, events, blocks, presales });
    return { blockNumber: to, blockHash: end.hash };
  }

  private async header(number: number): Promise<BlockHeader> {
    const block = await this.rpc.block(number);
    if (!block) throw new Error(`block ${number} is not on the chain any more`);
    return block;
  }

  /** A presale the factory created, with its hard caps as they were at creation (later changes come as SettingChanged events). */
  private async followed(event: ChainEvent): Promise<FollowedPresale> {
    const presaleAddress = String(event.args.presale);
    const read = (getter: string) => this.rpc.callUint(presaleAddress, presaleInterface.encodeFunctionData(getter), event.blockNumber);
    return {
      presaleAddress,
      tokenAddress: String(event.args.token),
      createdBlock: event.blockNumber,
      hardCap: await read("hardCap"),
      busdHardCap: await read("BUSDhardCap"),
    };
  }
}

const isEvent = (event: ChainEvent | null): event is ChainEvent => event !== null;
