import { chips, duration } from "@/lib/format";
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
  const rows = rowsOf(t.structure);
  const clock = t.status === "running" ? t.clock : null;
  const isCurrent = (row: Row) =>
    clock !== null &&
    (row.kind === "break"
      ? clock.onBreak && row.afterLevel === clock.levelNumber
      : !clock.onBreak && row.number === clock.levelNumber);
  return (
    <section aria-labelledby="structure-heading" className="panel">
      <h2 id="structure-heading">Structure</h2>
      <table className="lobby-table compact" data-testid="structure">
        <thead>
          <tr>
            <th scope="col">Level</th>
            <th scope="col">Blinds</th>
            <th scope="col">{t.structure.anteKind === "big-blind" ? "BB ante" : "Ante"}</th>
            <th scope="col">Length</th>
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
                      <span className="muted" title="Late registration closes after this level">
                        {" "}
                        · late reg ends
                      </span>
                    )}
                  </td>
                  <td>
                    {chips(row.smallBlind)}/{chips(row.bigBlind)}
                  </td>
                  <td>{row.ante > 0 ? chips(row.ante) : "—"}</td>
                </>
              ) : (
                <td colSpan={3}>Break</td>
              )}
              {/* The last level never ends: it plays on until someone has every chip. */}
              <td>{i === rows.length - 1 ? "to the end" : duration(row.ms)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
