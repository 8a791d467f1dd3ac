/**
 * The languages the site speaks and how a request picks one: the cookie set
 * by the header's switch, else the browser's Accept-Language, else English.
 */
import { match } from "@formatjs/intl-localematcher";
import Negotiator from "negotiator";

export const LOCALES = ["en", "ru"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
/** Remembers the switch's choice for a year. */
export const LOCALE_COOKIE = "felt-locale";
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export const isLocale = (value: unknown): value is Locale =>
  typeof value === "string" && (LOCALES as readonly string[]).includes(value);

/** The language of a request: a valid cookie wins, then the best match for Accept-Language. */
export function pickLocale(cookie: string | undefined, acceptLanguage: string | null): Locale {
  if (isLocale(cookie)) return cookie;
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const asked = new Negotiator({ headers: { "accept-language": acceptLanguage } }).languages();
  try {
    // "lookup": a language is matched by its own tag only, never by a "close" one.
    const best = match(asked, LOCALES, DEFAULT_LOCALE, { algorithm: "lookup" });
    return isLocale(best) ? best : DEFAULT_LOCALE;
  } catch {
    // A malformed tag in the header (RangeError from Intl): fall back rather than fail the page.
    return DEFAULT_LOCALE;
  }
}
