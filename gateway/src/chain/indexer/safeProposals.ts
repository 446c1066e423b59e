import { In, LessThanOrEqual, MoreThanOrEqual, type EntityManager } from "typeorm";
import { SYSTEM } from "../../auth/access";
import type { AuditTrail } from "../../audit/trail";
import type { Row } from "../../resources/kit/define";
import { SafeTransaction } from "../../resources/safeTransaction";
import type { ChainEvent } from "./events";

const idOf = (row: { id?: unknown }) => Number(row.id);

/**
 * The indexer's projection of Safe executions onto the stored Safe proposals: their statuses are admins' business,
 * so each change is written with its audit event, in the indexer's transaction.
 */
export class SafeProposals {
  constructor(
    private readonly chainId: number,
    private readonly trail?: AuditTrail,
  ) {}

  /**
   * Sets `values` on Safe proposals, each with its audit event (operation update, transport chain, the chain
   * transaction that decided it). Returns their ids.
   */
  private async set(manager: EntityManager, rows: Row[], values: Record<string, unknown>, txHash?: string): Promise<number[]> {
    const proposals = manager.getRepository(SafeTransaction.name);
    for (const before of rows) {
      await proposals.update({ id: before.id }, { ...values, updatedAt: new Date() });
      const after = (await proposals.findOneBy({ id: before.id })) as Row;
      await this.trail?.appendWrite(manager, SafeTransaction, {
        actor: SYSTEM,
        via: { transport: "chain", chainId: this.chainId, ...(txHash ? { txHash } : {}) },
        operation: "update",
        before,
        after,
      });
    }
    return rows.map(idOf);
  }

  /**
   * A Safe's execution, on its proposals: SafeMultiSigTransaction spends its nonce (every proposal still waiting at
   * that nonce or below is replaced; one fully signed at the next nonce becomes executable), then ExecutionSuccess or
   * ExecutionFailure marks the proposal it ran, whether it was sent from the admin or from anywhere else.
   */
  async project(manager: EntityManager, event: ChainEvent, at: Date): Promise<number[]> {
    const proposals = manager.getRepository<Row>(SafeTransaction.name);
    const mine = { chainId: this.chainId, safe: event.address };
    /**
     * The Safe used `nonce` to run `ran`: what else still waited at it (or below) is replaced (`ran` itself is marked by
     * the ExecutionSuccess or ExecutionFailure that follows); a fully signed one at the next nonce is executable.
     */
    const spend = async (nonce: number, ran?: string) => {
      const waiting = await proposals.find({ where: { ...mine, nonce: LessThanOrEqual(nonce), status: In(["pending", "executable"]) } });
      const spent = waiting.filter((row) => row.safeTxHash !== ran);
      const next = await proposals.find({ where: { ...mine, nonce: nonce + 1, status: "pending" } });
      const ready = next.filter((row) => Number(row.confirmationCount) >= Number(row.confirmationsRequired));
      return [
        ...(await this.set(manager, spent, { status: "replaced" }, event.txHash)),
        ...(await this.set(manager, ready, { status: "executable" }, event.txHash)),
      ];
    };
    if (event.name === "SafeMultiSigTransaction") return spend(Number(event.args.nonce), event.args.txHash as string | undefined);
    const ran = await proposals.find({ where: { ...mine, safeTxHash: String(event.args.txHash) } });
    const marked = await this.set(
      manager,
      ran,
      { status: event.name === "ExecutionSuccess" ? "executed" : "failed", executedTxHash: event.txHash, executedAt: at },
      event.txHash,
    );
    // A Safe without SafeL2's event (the plain singleton) still spends the nonce of a proposal it ran.
    return [...marked, ...(ran.length ? await spend(Number(ran[0].nonce)) : [])];
  }

  /**
   * Reopens the Safe proposals that events of undone blocks (a reorg) had decided. Nonces are spent in block order,
   * so for each Safe every proposal from the lowest nonce those events spent on is open again: executable when fully
   * signed at that nonce (the Safe's next again), pending otherwise.
   */
  async reopen(manager: EntityManager, undone: { address: string; name: string; args: string }[]): Promise<number[]> {
    const proposals = manager.getRepository<Row>(SafeTransaction.name);
    const lowest = new Map<string, number>();
    for (const event of undone) {
      const args = JSON.parse(event.args);
      let nonce: number | undefined;
      if (event.name === "SafeMultiSigTransaction") nonce = Number(args.nonce);
      else {
        const [ran] = await proposals.find({ where: { chainId: this.chainId, safe: event.address, safeTxHash: String(args.txHash) } });
        nonce = ran ? Number(ran.nonce) : undefined;
      }
      if (nonce !== undefined) lowest.set(event.address, Math.min(nonce, lowest.get(event.address) ?? nonce));
    }
    const ids: number[] = [];
    for (const [safe, nonce] of lowest) {
      const rows = await proposals.find({ where: { chainId: this.chainId, safe, nonce: MoreThanOrEqual(nonce) } });
      const open = { executedTxHash: null, executedAt: null };
      const signed = (row: Row) => Number(row.nonce) === nonce && Number(row.confirmationCount) >= Number(row.confirmationsRequired);
      const changed = (row: Row) => row.status !== (signed(row) ? "executable" : "pending") || row.executedTxHash !== null;
      ids.push(
        ...(await this.set(
          manager,
          rows.filter((row) => changed(row) && signed(row)),
          { status: "executable", ...open },
        )),
      );
      ids.push(
        ...(await this.set(
          manager,
          rows.filter((row) => changed(row) && !signed(row)),
          { status: "pending", ...open },
        )),
      );
    }
    return ids;
  }
}
