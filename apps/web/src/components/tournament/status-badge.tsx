import { useTranslations } from "next-intl";
import type { TournamentStatus } from "./use-tournament";

/** A tournament's status as lobbies show it: a coloured word, the same everywhere. */
export function StatusBadge({ status }: { status: TournamentStatus }) {
  const tr = useTranslations("tournament.status");
  return (
    <span className={`badge badge-${status}`} data-testid="status-badge">
      {tr(status)}
    </span>
  );
}
