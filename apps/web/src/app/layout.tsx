import type { Metadata, Viewport } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { AccountBar } from "@/components/account-bar";
import { apiUrl } from "@/lib/config";
import { Providers } from "./providers";
import "./globals.css";

export const metadata: Metadata = {
  title: "Felt — open-source poker",
  description: "Cash tables and tournaments on Cloudflare Workers",
};

// The API address is read per request, so the same build runs anywhere.
export const dynamic = "force-dynamic";

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <Providers apiUrl={apiUrl()}>
          <header className="topbar">
            <Link href="/" className="brand">
              <span aria-hidden="true">♠</span> Felt
            </Link>
            <AccountBar />
          </header>
          <main>{children}</main>
        </Providers>
      </body>
    </html>
  );
}
