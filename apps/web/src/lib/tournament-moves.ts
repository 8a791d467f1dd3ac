/**
 * Where a tournament table's page should take the player, or null to stay.
 * A move is followed only when the tournament has you at another table *and*
 * you played at this one (the socket seated you here, or the tournament said
 * so earlier): someone who opened another table to watch it is left there.
 * `fresh` is false for an answer cached before the page opened, which may
 * predate the very move that brought you here.
 */
export function moveTarget({
  tableId,
  yourTable,
  fresh,
  playedHere,
}: {
  tableId: string;
  yourTable: string | null;
  fresh: boolean;
  playedHere: boolean;
}): string | null {
  if (!fresh || yourTable === null || yourTable === tableId || !playedHere) return null;
  return yourTable;
}
