/**
 * The players' purchase records as a list sorted by id. A sorted array
 * rather than an object keyed by id: states are copied on every change,
 * and copying an array of 10 000 references is a memory copy while
 * spreading an object of 10 000 keys is thousands of times slower. Lookups
 * are binary searches; ids compare by UTF-16 code units (`<`), which is
 * also the order the seat draw shuffles.
 */

/** What a player has bought. Alive or not is where they sit: an entry in play has a seat. */
export interface PlayerRecord {
  playerId: string;
  entries: number;
  /** Of the current entry. */
  rebuys: number;
  addOns: number;
}

/** Index of the record, or −(insertion point) − 1 when absent. */
function search(players: readonly PlayerRecord[], playerId: string): number {
  let low = 0;
  let high = players.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const id = (players[mid] as PlayerRecord).playerId;
    if (id === playerId) return mid;
    if (id < playerId) low = mid + 1;
    else high = mid - 1;
  }
  return -low - 1;
}

export function findRecord(
  players: readonly PlayerRecord[],
  playerId: string,
): PlayerRecord | null {
  const index = search(players, playerId);
  return index >= 0 ? (players[index] as PlayerRecord) : null;
}

/** A new list with this record added or replaced. */
export function withRecord(players: readonly PlayerRecord[], record: PlayerRecord): PlayerRecord[] {
  const index = search(players, record.playerId);
  const next = players.slice();
  if (index >= 0) next[index] = record;
  else next.splice(-index - 1, 0, record);
  return next;
}

export function withoutRecord(players: readonly PlayerRecord[], playerId: string): PlayerRecord[] {
  const index = search(players, playerId);
  if (index < 0) return players.slice();
  const next = players.slice();
  next.splice(index, 1);
  return next;
}
