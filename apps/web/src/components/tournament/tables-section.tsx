import Link from "next/link";
import { useTranslations } from "next-intl";
import { useFormat } from "@/i18n/format";
import type { Tournament } from "./use-tournament";

/** The tables in play, each open to watch. */
export function TablesSection({ t }: { t: Tournament }) {
  const tr = useTranslations("tournament.tables");
  const f = useFormat();
  if (t.tables.length === 0) return null;
  return (
    <section aria-labelledby="tables-heading" className="panel">
      <h2 id="tables-heading">
        {tr("heading")} <span className="muted">({t.tables.length})</span>
      </h2>
      <table className="lobby-table compact" data-testid="tables">
        <thead>
          <tr>
            <th scope="col">{tr("table")}</th>
            <th scope="col">{tr("players")}</th>
            <th scope="col">{tr("chips")}</th>
            <th scope="col">{tr("average")}</th>
          </tr>
        </thead>
        <tbody>
          {t.tables.map((table) => (
            <tr
              key={table.tableId}
              className={table.tableId === t.you?.tableId ? "is-me" : undefined}
            >
              <td>
                <Link href={`/table/${table.tableId}`}>
                  {tr("tableNumber", { number: String(table.number) })}
                </Link>
              </td>
              <td>
                {table.players}/{t.seatsPerTable}
              </td>
              <td>{f.chips(table.chips)}</td>
              <td>{table.players > 0 ? f.chips(Math.round(table.chips / table.players)) : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
