import type { Metadata, Viewport } from "next";
import Link from "next/link";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { AccountBar } from "@/components/account-bar";
import { LocaleSwitch } from "@/components/locale-switch";
import { MyTablesBar } from "@/components/my-tables-bar";
import { apiUrl } from "@/lib/config";
import { Providers } from "./providers";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  return { title: t("title"), description: t("description") };
}

// The API address and the language are read per request, so the same build runs anywhere.
export const dynamic = "force-dynamic";

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [locale, tRules] = await Promise.all([getLocale(), getTranslations("rules")]);
  return (
    <html lang={locale}>
      <body>
        <NextIntlClientProvider>
          <Providers apiUrl={apiUrl()}>
            <header className="topbar">
              <Link href="/" className="brand">
                <span aria-hidden="true">♠</span> Felt
              </Link>
              <Link href="/rules">{tRules("link")}</Link>
              <AccountBar />
              <LocaleSwitch />
            </header>
            <MyTablesBar />
            <main>{children}</main>
          </Providers>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
