"use client";
import Link from "next/link";
import { chips, placeName } from "@/lib/format";
import type { Tournament } from "./use-tournament";

/**
 * Everyone in the tournament: before the start the entrants, then the players
 * left by chip count (with their tables) followed by those out, by place.
 */
export function PlayersSection({ t }: { t: Tournament }) {
  const started = t.status === "running" || t.status === "finished";
  const reEntries = t.maxEntriesPerPlayer > 1;
  let rank = 0;
  return (
    <section aria-labelledby="players-heading" className="panel">
      <h2 id="players-heading">
        Players <span className="muted">({chips(t.playersTotal)})</span>
      </h2>
      {t.players.length === 0 ? (
        <p className="muted">No one has registered yet.</p>
      ) : (
        <table className="lobby-table compact" data-testid="players">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Player</th>
              {started && <th scope="col">Table</th>}
              {started && <th scope="col">Chips / prize</th>}
              {reEntries && <th scope="col">Entries</th>}
            </tr>
          </thead>
          <tbody>
            {t.players.map((p, i) => {
              // Players still in are ranked by chips; the others show their place.
              if (p.stack !== null) rank += 1;
              const position = p.place ? placeName(p.place) : p.stack !== null ? rank : i + 1;
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
                        <Link href={`/table/${p.tableId}`}>Table {p.tableNumber}</Link>
                      ) : (
                        "—"
                      )}
                    </td>
                  )}
                  {started && (
                    <td>
                      {p.stack !== null
                        ? chips(p.stack)
                        : p.prize
                          ? `won ${chips(p.prize)}`
                          : p.place
                            ? "out"
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
          Showing the first {chips(t.players.length)} of {chips(t.playersTotal)}.
        </p>
      )}
    </section>
  );
}
