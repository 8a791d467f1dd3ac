import { dealersChoiceGameOf } from "@felt/protocol";
import { useTranslations } from "next-intl";

/** The table's short game names (`table.games`), keyed by dealer's choice game id. */
export type GameMessages = ReturnType<typeof useTranslations<"table.games">>;

/**
 * A dealer's choice game as the viewer's language words it. The table sends the
 * catalogue's English name (the same for every viewer, and in PHH); a name not in
 * the catalogue is shown as it came.
 */
export function localGameName(t: GameMessages, name: string): string {
  const id = dealersChoiceGameOf(name);
  return id === null ? name : t(id);
}

export function useGameName(): (name: string) => string {
  const t = useTranslations("table.games");
  return (name) => localGameName(t, name);
}
