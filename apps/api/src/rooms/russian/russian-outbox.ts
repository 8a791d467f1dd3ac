/**
 * What a change at a Russian poker table owes the ledger and the lobby. The
 * house plays every box: when a box is settled its stakes (ANTE, BET, bonus,
 * insurance and the fees of RP-12) go from the table's escrow to the house,
 * and what the box gets back and wins comes back from the house. Until then
 * the chips stay in the escrow, so a round cut off by a crash loses nothing:
 * it goes on from the stored snapshot, and these rows are written in the same
 * transaction as the settlement that implies them.
 */
import { russian } from "@felt/engine";
import { russianHandRecord, russianRoundRecord } from "../../history/russian-round";
import type { OutboxItem } from "../outbox";
import type { RussianFairness } from "./russian-state";

/** Everything a box put down, over all its fields. */
export const boxStakes = (settlement: russian.BoxSettlement): number =>
  russian.BET_FIELDS.reduce((sum, field) => sum + settlement[field].stake, 0);

export function russianOutboxFor(
  tableId: string,
  table: russian.RussianTableState,
  events: readonly russian.RussianTableEvent[],
  now: number,
  fairness: RussianFairness | null = null,
): OutboxItem[] {
  const stakes: OutboxItem[] = [];
  const payouts: OutboxItem[] = [];
  const cashOuts: OutboxItem[] = [];
  const histories: OutboxItem[] = [];
  let lobby = false;
  for (const e of events) {
    if (e.type === "playerSat") lobby = true;
    if (e.type === "playerLeft") {
      lobby = true;
      if (e.cashOut > 0) {
        cashOuts.push({
          kind: "cashOut",
          key: `russian:${tableId}:v${table.version}:${e.playerId}`,
          userId: e.playerId,
          amount: e.cashOut,
        });
      }
    }
    // "My hands": the round's record, written with the settlement; its key and the row's id
    // are the round's, so a retry or a replay after a crash writes it once.
    if (e.type === "roundEvent" && e.event.type === "roundSettled" && table.round) {
      const commitment = fairness?.roundNumber === e.roundNumber ? fairness : null;
      const record = russianRoundRecord(tableId, e.roundNumber, table.round, now, commitment);
      if (record && record.boxes.length > 0) {
        const hand = russianHandRecord(record);
        histories.push({ kind: "history", key: `history:${e.roundNumber}`, record: hand });
      }
    }
    if (e.type === "roundEvent" && e.event.type === "boxSettled") {
      const settlement = e.event;
      const key = `r${e.roundNumber}:b${settlement.box}`;
      const staked = boxStakes(settlement);
      const userId = settlement.playerId;
      if (staked > 0) stakes.push({ kind: "houseStake", key, userId, amount: staked });
      if (settlement.toPlayer > 0) {
        payouts.push({ kind: "housePayout", key, userId, amount: settlement.toPlayer });
      }
    }
  }
  // In this order: the escrow pays the house before the house pays back, and a
  // player leaving after the round is paid out of an escrow that has his winnings.
  const items = [...stakes, ...payouts, ...cashOuts, ...histories];
  if (lobby) items.push({ kind: "lobby", key: "lobby" });
  return items;
}
