import { useTranslations } from "next-intl";
import { useFormat } from "@/i18n/format";
import type { Tournament } from "./use-tournament";

type Row =
  | {
      kind: "level";
      number: number;
      smallBlind: number;
      bigBlind: number;
      ante: number;
      ms: number;
    }
  | { kind: "break"; afterLevel: number; ms: number };

/** Numbers the levels (breaks do not count) and notes which break follows which level. */
function rowsOf(structure: Tournament["structure"]): Row[] {
  let number = 0;
  return structure.entries.map((entry) =>
    entry.kind === "level"
      ? {
          kind: "level",
          number: ++number,
          smallBlind: entry.smallBlind,
          bigBlind: entry.bigBlind,
          ante: entry.ante,
          ms: entry.durationMs,
        }
      : { kind: "break", afterLevel: number, ms: entry.durationMs },
  );
}

/** The blind structure, the level in play marked, and when late registration ends. */
export function StructureSection({ t }: { t: Tournament }) {
  const tr = useTranslations("tournament.structure");
  const trBlinds = useTranslations("tournament.blinds");
  const f = useFormat();
  const rows = rowsOf(t.structure);
  const clock = t.status === "running" ? t.clock : null;
  const isCurrent = (row: Row) =>
    clock !== null &&
    (row.kind === "break"
      ? clock.onBreak && row.afterLevel === clock.levelNumber
      : !clock.onBreak && row.number === clock.levelNumber);
  return (
    <section aria-labelledby="structure-heading" className="panel">
      <h2 id="structure-heading">{tr("heading")}</h2>
      <table className="lobby-table compact" data-testid="structure">
        <thead>
          <tr>
            <th scope="col">{tr("level")}</th>
            <th scope="col">{tr("blinds")}</th>
            <th scope="col">
              {t.structure.anteKind === "big-blind" ? tr("bigBlindAnte") : tr("ante")}
            </th>
            <th scope="col">{tr("length")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr
              // The structure never changes, so a row's position is its identity.
              key={i}
              className={[row.kind === "break" && "is-break", isCurrent(row) && "is-current"]
                .filter(Boolean)
                .join(" ")}
              aria-current={isCurrent(row) ? "step" : undefined}
            >
              {row.kind === "level" ? (
                <>
                  <td>
                    {row.number}
                    {t.lateRegistrationUntilLevel === row.number && (
                      <span className="muted" title={tr("lateRegEndsTitle")}>
                        {" "}
                        {tr("lateRegEnds")}
                      </span>
                    )}
                  </td>
                  <td>
                    {trBlinds("plain", {
                      small: f.chips(row.smallBlind),
                      big: f.chips(row.bigBlind),
                    })}
                  </td>
                  <td>{row.ante > 0 ? f.chips(row.ante) : "—"}</td>
                </>
              ) : (
                <td colSpan={3}>{tr("break")}</td>
              )}
              {/* The last level never ends: it plays on until someone has every chip. */}
              <td>{i === rows.length - 1 ? tr("toTheEnd") : f.duration(row.ms)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
