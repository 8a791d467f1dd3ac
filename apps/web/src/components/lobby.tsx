"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { chips, gameName } from "@/lib/format";
import { useTRPC } from "@/lib/trpc";

export function Lobby() {
  const trpc = useTRPC();
  const tables = useQuery(trpc.lobby.list.queryOptions());
  const tournaments = useQuery(trpc.lobby.tournaments.queryOptions());

  return (
    <div className="lobby">
      <section aria-labelledby="cash-heading">
        <h1 id="cash-heading">Cash tables</h1>
        {tables.isPending && <p className="muted">Loading tables…</p>}
        {tables.isError && (
          <p role="alert" className="error">
            Could not reach the lobby: {tables.error.message}
          </p>
        )}
        {tables.data && (
          <table className="lobby-table">
            <thead>
              <tr>
                <th scope="col">Table</th>
                <th scope="col">Game</th>
                <th scope="col">Blinds</th>
                <th scope="col">Buy-in</th>
                <th scope="col">Players</th>
              </tr>
            </thead>
            <tbody>
              {tables.data.map((table) => (
                <tr key={table.id} data-testid="lobby-row">
                  <td>
                    <Link href={`/table/${table.id}`}>{table.name}</Link>
                  </td>
                  <td>{gameName(table.game, table.betting)}</td>
                  <td>
                    {chips(table.smallBlind)}/{chips(table.bigBlind)}
                  </td>
                  <td>
                    {chips(table.minBuyIn)}–{chips(table.maxBuyIn)}
                  </td>
                  <td>
                    {table.playersSeated}/{table.seats}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="mtt-heading">
        <h2 id="mtt-heading">Tournaments</h2>
        {tournaments.data?.length === 0 && <p className="muted">No tournaments scheduled.</p>}
        <ul className="tournaments">
          {tournaments.data?.map((t) => (
            <li key={t.id}>
              <strong>{t.name}</strong> — {new Date(t.startsAt).toLocaleString()} · buy-in{" "}
              {chips(t.buyIn)}+{chips(t.fee)} · {chips(t.startingStack)} chips · {t.status}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
