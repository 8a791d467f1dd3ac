/**
 * Device cookies (OWASP's "Slow down online guessing attacks with device
 * cookies"): a browser that signed in to an account gets a cookie that
 * proves it, and signing in to that account from it is held to its own
 * lockout instead of the account's. A stranger's wrong guesses can lock the
 * account for every client it has not seen (rate-limit.ts), never for the
 * owner's known device.
 *
 * The cookie is `<nonce>.<mac>`, the MAC an HMAC-SHA256 of the account's id
 * and the nonce, keyed with the account's password hash. Nothing is stored
 * and no key needs managing: only the server (and whoever knows the
 * password, who needs no guessing) can make one, and a new password ends
 * every device cookie of the account. The nonce names the device for its
 * own lockout.
 */
import { type Env, webOrigins } from "../env";

export const DEVICE_COOKIE = "felt_device";
const DEVICE_SECONDS = 365 * 24 * 60 * 60;
const NONCE_BYTES = 16;
const COOKIE_SHAPE = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

type Account = { id: string; passwordHash: string };

const base64Url = (bytes: ArrayBuffer | Uint8Array) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");

async function mac(account: Account, nonce: string): Promise<ArrayBuffer> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(account.passwordHash),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return crypto.subtle.sign("HMAC", key, encoder.encode(`felt-device ${account.id} ${nonce}`));
}

/** A new device cookie for `account` (Set-Cookie), sent after a correct password. */
export async function deviceCookie(account: Account): Promise<string> {
  const nonce = base64Url(crypto.getRandomValues(new Uint8Array(NONCE_BYTES)));
  const token = `${nonce}.${base64Url(await mac(account, nonce))}`;
  // Path=/trpc: only the API reads it. HttpOnly, Secure, SameSite=Lax as the session cookie.
  return `${DEVICE_COOKIE}=${token}; Path=/trpc; HttpOnly; Secure; SameSite=Lax; Max-Age=${DEVICE_SECONDS}`;
}

/**
 * The device's nonce when the request carries a device cookie that `account`
 * issued, else null. As with the session cookie, it counts only from the web
 * app's own origins (or with no Origin).
 */
export async function knownDevice(
  request: Request | null,
  env: Env,
  account: Account | undefined,
): Promise<string | null> {
  if (!request || !account) return null;
  const origin = request.headers.get("Origin");
  if (origin !== null && !webOrigins(env).includes(origin)) return null;
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const [name, value = ""] = part.trim().split("=");
    const found = name === DEVICE_COOKIE ? value.match(COOKIE_SHAPE) : null;
    if (!found?.[1] || !found[2]) continue;
    const expected = new Uint8Array(await mac(account, found[1]));
    const given = new TextEncoder().encode(found[2]);
    const wanted = new TextEncoder().encode(base64Url(expected));
    if (given.byteLength === wanted.byteLength && crypto.subtle.timingSafeEqual(given, wanted)) {
      return found[1];
    }
  }
  return null;
}
