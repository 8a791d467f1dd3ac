import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { LOCALE_COOKIE, pickLocale } from "./locales";
import { messagesOf } from "./messages";

// No locale in the URL: each request speaks the language of its cookie or its browser.
export default getRequestConfig(async () => {
  const [jar, head] = await Promise.all([cookies(), headers()]);
  const locale = pickLocale(jar.get(LOCALE_COOKIE)?.value, head.get("accept-language"));
  return { locale, messages: messagesOf(locale) };
});
