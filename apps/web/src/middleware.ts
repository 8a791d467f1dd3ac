import { type NextRequest, NextResponse } from "next/server";
import { apiUrl } from "@/lib/config";
import { contentSecurityPolicy, newNonce } from "@/lib/security-headers";

/**
 * Every page gets a fresh nonce and its CSP (lib/security-headers.ts). A
 * `middleware.ts` on the edge runtime rather than Next 16's `proxy.ts`:
 * proxies run on Node.js only, which OpenNext cannot bundle into the web
 * Worker ("Node.js middleware is not currently supported"). Next
 * reads the policy from the request to put the nonce on its scripts, and the
 * browser reads it from the response. Pages are rendered per request already
 * (app/layout.tsx), as nonces need.
 */
export function middleware(request: NextRequest) {
  const policy = contentSecurityPolicy({
    nonce: newNonce(),
    apiUrl: apiUrl(),
    pageOrigin: request.nextUrl.origin,
    dev: process.env.NODE_ENV === "development",
  });
  const headers = new Headers(request.headers);
  headers.set("Content-Security-Policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", policy);
  return response;
}

export const config = {
  matcher: [
    {
      // Static files carry no script to allow; prefetches are not pages.
      source: "/((?!_next/static|_next/image|favicon.ico).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
