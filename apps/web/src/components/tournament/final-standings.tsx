import { useTranslations } from "next-intl";
import { useFormat } from "@/i18n/format";
import type { Tournament } from "./use-tournament";

/** At the end every player has a place; the winners come first. */
export function FinalStandings({ t }: { t: Tournament }) {
  const tr = useTranslations("tournament.standings");
  const f = useFormat();
  const standings = t.players
    .filter((p) => p.place !== null)
    .sort((a, b) => (a.place?.from ?? 0) - (b.place?.from ?? 0));
  return (
    <section aria-labelledby="standings-heading" className="panel standings">
      <h2 id="standings-heading">{tr("heading")}</h2>
      <table className="lobby-table compact" data-testid="final-standings">
        <thead>
          <tr>
            <th scope="col">{tr("place")}</th>
            <th scope="col">{tr("player")}</th>
            <th scope="col">{tr("prize")}</th>
          </tr>
        </thead>
        <tbody>
          {standings.map((p) => (
            <tr key={p.playerId}>
              <td>{p.place && f.placeName(p.place)}</td>
              <td>{p.name}</td>
              <td>{p.prize ? f.chips(p.prize) : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
