import type { TournamentStatus } from "./use-tournament";

const LABELS: Record<TournamentStatus, string> = {
  scheduled: "Announced",
  registering: "Registering",
  running: "Running",
  finished: "Finished",
  cancelled: "Cancelled",
};

/** A tournament's status as lobbies show it: a coloured word, the same everywhere. */
export function StatusBadge({ status }: { status: TournamentStatus }) {
  return (
    <span className={`badge badge-${status}`} data-testid="status-badge">
      {LABELS[status]}
    </span>
  );
}
