import type { DataSource } from "typeorm";

export interface IndexStatus {
  enabled: boolean;
  headBlock: number | null;
  indexedBlock: number | null;
  behind: number | null;
  confirmations: number;
  lastError: string | null;
  updatedAt: Date | null;
}

/**
 * How far the indexer is, as the replica that indexes last recorded it (any
 * replica answers; no RPC call). `behind` counts the confirmed blocks not yet
 * indexed: head − confirmations − indexed, 0 when caught up.
 */
export async function readIndexStatus(
  ds: DataSource,
  chain: { chainId: number; factory: string; confirmations: number; enabled: boolean } | null,
): Promise<IndexStatus> {
  const confirmations = chain?.confirmations ?? 0;
  const none = { headBlock: null, indexedBlock: null, behind: null, lastError: null, updatedAt: null };
  if (!chain) return { enabled: false, confirmations, ...none };
  const [row] = await ds.query(
    `SELECT blockNumber, headBlock, lastError, updatedAtMs FROM chain_index_cursors WHERE chainId = ? AND factory = ?`,
    [chain.chainId, chain.factory],
  );
  if (!row) return { enabled: chain.enabled, confirmations, ...none };
  const indexedBlock = Number(row.blockNumber) >= 0 ? Number(row.blockNumber) : null;
  const headBlock = row.headBlock === null ? null : Number(row.headBlock);
  return {
    enabled: chain.enabled,
    headBlock,
    indexedBlock,
    behind: headBlock === null ? null : Math.max(0, headBlock - confirmations - (indexedBlock ?? -1)),
    confirmations,
    lastError: row.lastError ?? null,
    updatedAt: row.updatedAtMs === null ? null : new Date(Number(row.updatedAtMs)),
  };
}
