/**
 * The caller's address, which the abuse limits count (rate-limit.ts).
 *
 * Whoever owns the socket knows it; a header is only as good as whoever set it.
 *
 * - `npm start` (scripts/serve.mjs): workerd accepts the connection itself
 *   and puts the peer's address in `request.cf.clientIp` ("ip:port" or
 *   "[ip]:port"; no client can set it there). A `CF-Connecting-IP` header is
 *   then whatever the client chose, and counts only when the peer is one of
 *   `TRUSTED_PROXIES`: the reverse proxy the operator runs in front, which
 *   overwrites that header with its own client's address.
 * - Cloudflare: the edge owns the socket and overwrites `CF-Connecting-IP`
 *   with the client's address (the web Worker passes it on through the
 *   Service Binding); its `request.cf` has no `clientIp`. So do the tests'
 *   requests, and `npm run dev`'s, whose proxy keeps a header the client sent.
 */
import type { Env } from "../env";

const FORWARDED_HEADER = "CF-Connecting-IP";
/** Digits, hex, dots and colons only, as long as an IPv6 address may be. */
const ADDRESS_SHAPE = /^[0-9a-f.:]{2,45}$/;

export function clientAddress(request: Request, env: Pick<Env, "TRUSTED_PROXIES">): string {
  const forwarded = address(request.headers.get(FORWARDED_HEADER));
  const peer = peerAddress(request);
  if (peer === null) return forwarded ?? "unknown";
  if (forwarded !== null && trustedProxies(env).includes(peer)) return forwarded;
  return peer;
}

/** The socket's peer as workerd reports it, without the port; null when workerd did not. */
function peerAddress(request: Request): string | null {
  const clientIp = (request.cf as { clientIp?: unknown } | undefined)?.clientIp;
  if (typeof clientIp !== "string") return null;
  const host = clientIp.match(/^\[(.*)\]:\d+$/)?.[1] ?? clientIp.match(/^([^:]*):\d+$/)?.[1];
  return address(host ?? clientIp) ?? "unknown";
}

/** The proxies whose `CF-Connecting-IP` is believed: comma-separated addresses. */
export function trustedProxies(env: Pick<Env, "TRUSTED_PROXIES">): string[] {
  return (env.TRUSTED_PROXIES ?? "")
    .split(",")
    .map((entry) => address(entry))
    .filter((entry) => entry !== null);
}

/** One address in one spelling (lower case; an IPv4 address mapped into IPv6 as IPv4), or null. */
function address(text: string | null | undefined): string | null {
  const trimmed = text?.trim().toLowerCase() ?? "";
  if (!ADDRESS_SHAPE.test(trimmed)) return null;
  return trimmed.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/)?.[1] ?? trimmed;
}
