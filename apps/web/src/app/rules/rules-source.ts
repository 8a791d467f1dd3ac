/**
 * The rule files, bundled into the server build as text (next.config.ts gives
 * `*.md` Turbopack's `text` type) instead of read from disk at request time:
 * the web Worker has no repository on disk. Rendered once per language.
 */
import type { Locale } from "@/i18n/locales";
import en from "../../../../../docs/rules.md";
import ru from "../../../../../docs/rules.ru.md";
import { rulesHtml } from "./rules-html";

const SOURCES: Record<Locale, string> = { en, ru };
const rendered = new Map<Locale, string>();

export function rulesFor(locale: Locale): string {
  let html = rendered.get(locale);
  if (html === undefined) {
    html = rulesHtml(SOURCES[locale]);
    rendered.set(locale, html);
  }
  return html;
}
