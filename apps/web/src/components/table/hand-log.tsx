import type { TableEvent } from "@felt/engine";
import { describeEvent } from "./describe-event";

type Props = {
  log: { handNumber: number; event: TableEvent }[];
  nameOf: (seat: number) => string;
};

/** The hand-history panel: what happened, newest at the bottom, as this player may see it. */
export function HandLog({ log, nameOf }: Props) {
  const lines = log
    .map(({ event }, i) => ({ key: i, text: describeEvent(event, nameOf) }))
    .filter((line): line is { key: number; text: string } => line.text !== null)
    .slice(-60);
  return (
    <section className="hand-log" aria-label="Hand history">
      <h2>Hand history</h2>
      <ol data-testid="hand-log">
        {lines.map((line) => (
          <li key={line.key}>{line.text}</li>
        ))}
      </ol>
    </section>
  );
}
