/**
 * The web app's security headers. The Content-Security-Policy is strict and
 * nonce-based: only scripts carrying this response's nonce run (Next.js puts
 * it on its own scripts, read from the request's CSP header that the proxy
 * sets), and whatever they load ('strict-dynamic'); no inline script, no
 * eval (except in `next dev`, where React needs it), no plugins, no <base>.
 * The page talks only to itself and the API (HTTP and its WebSocket), and
 * no site may frame it (clickjacking a "call" or "all-in" button).
 */
export function contentSecurityPolicy(options: {
  nonce: string;
  /** Empty when the API is on the page's own origin (the web Worker). */
  apiUrl: string;
  pageOrigin: string;
  dev: boolean;
}): string {
  const api = new URL(options.apiUrl || options.pageOrigin);
  const socket = `${api.protocol === "https:" ? "wss:" : "ws:"}//${api.host}`;
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${options.nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' 'nonce-${options.nonce}'`,
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self' ${api.origin} ${socket}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The same on every response, static files included (next.config.ts). */
export const STATIC_SECURITY_HEADERS = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "no-referrer" },
  // Felt needs none of these; a page script (or an ad in a frame) may not ask for them either.
  {
    key: "Permissions-Policy",
    value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
  },
  // For browsers without CSP frame-ancestors.
  { key: "X-Frame-Options", value: "DENY" },
];

/** A fresh nonce per response: 16 random bytes, base64. */
export function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}
