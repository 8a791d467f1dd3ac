import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import styles from "./rules.module.css";
import { rulesFor } from "./rules-source";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("rules");
  return { title: t("title") };
}

/** The rules we play, in the viewer's language; each table links to its game's section. */
export default async function RulesPage() {
  const html = rulesFor(await getLocale());
  // Our own documents from the repository, rendered on the server: no user input reaches them.
  return <article className={styles.rules} dangerouslySetInnerHTML={{ __html: html }} />;
}
