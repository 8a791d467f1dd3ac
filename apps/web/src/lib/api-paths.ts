/**
 * The paths that belong to the API Worker. In production the web Worker
 * (worker.ts) passes them to the API through its Service Binding, so pages,
 * tRPC and the table sockets share one origin. Next.js has no route under them.
 */
export const isApiPath = (pathname: string): boolean =>
  pathname.startsWith("/trpc/") || pathname.startsWith("/ws/");
