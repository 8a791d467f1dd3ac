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

export const tableSocketUrl = (apiUrl: string, tableId: string) =>
  `${apiUrl.replace(/^http/, "ws")}/ws/table/${encodeURIComponent(tableId)}`;
