/** What the lobby names and describes a tournament with, in both languages (null = none). */
export type TournamentTexts = {
  name: string;
  nameRu: string | null;
  description: string | null;
  descriptionRu: string | null;
};

/**
 * The name and description in the viewer's language: the Russian ones at the
 * ru locale when the admin wrote them, else the default ones, so a tournament
 * without Russian texts still shows its name there.
 */
export function textsFor(
  t: TournamentTexts,
  locale: string,
): { name: string; description: string | null } {
  const ru = locale === "ru";
  return {
    name: (ru && t.nameRu) || t.name,
    description: (ru && t.descriptionRu) || t.description,
  };
}
