"use client";
import { createContext, type ReactNode, useContext } from "react";

const ApiUrlContext = createContext<string | null>(null);

export function ApiUrlProvider({ url, children }: { url: string; children: ReactNode }) {
  return <ApiUrlContext.Provider value={url}>{children}</ApiUrlContext.Provider>;
}

export function useApiUrl(): string {
  const url = useContext(ApiUrlContext);
  if (url === null) throw new Error("useApiUrl outside ApiUrlProvider");
  return url;
}

/** The table socket's URL; an empty `apiUrl` means the page's own origin (the web Worker). */
export function tableSocketUrl(apiUrl: string, tableId: string, page = window.location.href) {
  const url = new URL(`${apiUrl}/ws/table/${encodeURIComponent(tableId)}`, page);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  return url.href;
}
