import type { Locale } from "./locales";
import type { Messages } from "./messages";

// Every `t("…")` key and `useLocale()` value is checked against the English catalogue.
declare module "next-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: Messages;
  }
}
