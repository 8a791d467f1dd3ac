"use client";
// First, before any schema parses: see the module.
import "@/lib/zod-jitless";
import type { AppRouter } from "@felt/api/router";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import { type ReactNode, useState } from "react";
import { ApiUrlProvider } from "@/lib/api-url";
import { TRPCProvider } from "@/lib/trpc";

export function Providers({ apiUrl, children }: { apiUrl: string; children: ReactNode }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 5_000 } } }),
  );
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({
      links: [
        httpBatchLink({
          url: `${apiUrl}/trpc`,
          // The API refuses larger batches (MAX_BATCH_SIZE in apps/api/src/trpc/init.ts).
          maxItems: 10,
          fetch: (url, options) => fetch(url, { ...options, credentials: "include" }),
        }),
      ],
    }),
  );
  return (
    <ApiUrlProvider url={apiUrl}>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          {children}
        </TRPCProvider>
      </QueryClientProvider>
    </ApiUrlProvider>
  );
}
