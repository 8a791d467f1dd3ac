import Link from "next/link";
import { chips } from "@/lib/format";
import type { Tournament } from "./use-tournament";

/** The tables in play, each open to watch. */
export function TablesSection({ t }: { t: Tournament }) {
  if (t.tables.length === 0) return null;
  return (
    <section aria-labelledby="tables-heading" className="panel">
      <h2 id="tables-heading">
        Tables <span className="muted">({t.tables.length})</span>
      </h2>
      <table className="lobby-table compact" data-testid="tables">
        <thead>
          <tr>
            <th scope="col">Table</th>
            <th scope="col">Players</th>
            <th scope="col">Chips</th>
            <th scope="col">Average</th>
          </tr>
        </thead>
        <tbody>
          {t.tables.map((table) => (
            <tr
              key={table.tableId}
              className={table.tableId === t.you?.tableId ? "is-me" : undefined}
            >
              <td>
                <Link href={`/table/${table.tableId}`}>Table {table.number}</Link>
              </td>
              <td>
                {table.players}/{t.seatsPerTable}
              </td>
              <td>{chips(table.chips)}</td>
              <td>{table.players > 0 ? chips(Math.round(table.chips / table.players)) : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
