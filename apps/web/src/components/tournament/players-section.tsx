"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useFormat } from "@/i18n/format";
import type { Tournament } from "./use-tournament";

/**
 * Everyone in the tournament: before the start the entrants, then the players
 * left by chip count (with their tables) followed by those out, by place.
 */
export function PlayersSection({ t }: { t: Tournament }) {
  const tr = useTranslations("tournament.players");
  const f = useFormat();
  const started = t.startedAt !== null;
  const reEntries = t.maxEntriesPerPlayer > 1;
  let rank = 0;
  return (
    <section aria-labelledby="players-heading" className="panel">
      <h2 id="players-heading">
        {tr("heading")} <span className="muted">({f.chips(t.playersTotal)})</span>
      </h2>
      {t.players.length === 0 ? (
        <p className="muted">{tr("empty")}</p>
      ) : (
        <table className="lobby-table compact" data-testid="players">
          <thead>
            <tr>
              <th scope="col">{tr("rank")}</th>
              <th scope="col">{tr("player")}</th>
              {started && <th scope="col">{tr("table")}</th>}
              {started && <th scope="col">{tr("chipsOrPrize")}</th>}
              {reEntries && <th scope="col">{tr("entries")}</th>}
            </tr>
          </thead>
          <tbody>
            {t.players.map((p, i) => {
              // Players still in are ranked by chips; the others show their place.
              if (p.stack !== null) rank += 1;
              const position = p.place ? f.placeName(p.place) : p.stack !== null ? rank : i + 1;
              return (
                <tr
                  key={p.playerId}
                  data-testid="player-row"
                  className={p.playerId === t.you?.playerId ? "is-me" : undefined}
                >
                  <td>{position}</td>
                  <td>{p.name}</td>
                  {started && (
                    <td>
                      {p.tableId ? (
                        <Link href={`/table/${p.tableId}`}>
                          {tr("tableNumber", { number: String(p.tableNumber) })}
                        </Link>
                      ) : (
                        "—"
                      )}
                    </td>
                  )}
                  {started && (
                    <td>
                      {p.stack !== null
                        ? f.chips(p.stack)
                        : p.prize
                          ? tr("won", { amount: f.chips(p.prize) })
                          : p.place
                            ? tr("out")
                            : "—"}
                    </td>
                  )}
                  {reEntries && <td>{p.entries}</td>}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {t.playersTotal > t.players.length && (
        <p className="muted">
          {tr("showing", { shown: f.chips(t.players.length), total: f.chips(t.playersTotal) })}
        </p>
      )}
    </section>
  );
}
