import { chips, placeName } from "@/lib/format";
import type { Tournament } from "./use-tournament";

/** At the end every player has a place; the winners come first. */
export function FinalStandings({ t }: { t: Tournament }) {
  const standings = t.players
    .filter((p) => p.place !== null)
    .sort((a, b) => (a.place?.from ?? 0) - (b.place?.from ?? 0));
  return (
    <section aria-labelledby="standings-heading" className="panel standings">
      <h2 id="standings-heading">Final standings</h2>
      <table className="lobby-table compact" data-testid="final-standings">
        <thead>
          <tr>
            <th scope="col">Place</th>
            <th scope="col">Player</th>
            <th scope="col">Prize</th>
          </tr>
        </thead>
        <tbody>
          {standings.map((p) => (
            <tr key={p.playerId}>
              <td>{p.place && placeName(p.place)}</td>
              <td>{p.name}</td>
              <td>{p.prize ? chips(p.prize) : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
