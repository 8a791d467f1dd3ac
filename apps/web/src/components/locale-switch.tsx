"use client";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useTransition } from "react";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, LOCALES, type Locale } from "@/i18n/locales";

/** The header's language switch: remembered in a cookie, the page rendered again in the new language. */
export function LocaleSwitch() {
  const t = useTranslations("common.language");
  const locale = useLocale();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const choose = (next: Locale) => {
    // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie the server reads on the next request.
    document.cookie = `${LOCALE_COOKIE}=${next}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE}; samesite=lax`;
    startTransition(() => router.refresh());
  };
  return (
    <label className="locale-switch">
      <span className="visually-hidden">{t("label")}</span>
      <select
        value={locale}
        disabled={pending}
        onChange={(event) => choose(event.target.value as Locale)}
        data-testid="locale-switch"
      >
        {LOCALES.map((option) => (
          <option key={option} value={option} lang={option}>
            {t(option)}
          </option>
        ))}
      </select>
    </label>
  );
}
