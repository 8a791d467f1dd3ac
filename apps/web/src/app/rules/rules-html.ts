/**
 * The rulebook as HTML: `docs/rules.md` (or its Russian edition) rendered
 * with GitHub's heading anchors, so `/rules#texas-holdem` lands where the
 * repository's links do. Links between the rule files stay on the site;
 * links to the repository's other documents keep only their text.
 */
import { Marked } from "marked";
import { gfmHeadingId } from "marked-gfm-heading-id";
import type { Locale } from "@/i18n/locales";

const FILES: Record<Locale, string> = { en: "rules.md", ru: "rules.ru.md" };

/** Where a link of the rule files goes on the site, or null for one that stays text. */
export function siteHref(href: string): string | null {
  if (href.startsWith("#") || /^https?:\/\//.test(href)) return href;
  const [file, anchor] = href.split("#");
  if (file === FILES.en || file === FILES.ru) return `/rules${anchor ? `#${anchor}` : ""}`;
  return null;
}

export function rulesHtml(markdown: string): string {
  const marked = new Marked(gfmHeadingId(), {
    renderer: {
      link({ href, tokens }) {
        const text = this.parser.parseInline(tokens);
        const target = siteHref(href);
        return target === null ? text : `<a href="${target}">${text}</a>`;
      },
    },
  });
  return marked.parse(markdown, { async: false });
}
