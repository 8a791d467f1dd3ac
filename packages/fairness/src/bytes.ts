/** Hex and hashing helpers over WebCrypto (Workers, browsers and Node 20 alike). */

/** Each byte's two hex digits: a deal writes about 150 hashes as hex, 5,000 bytes. */
const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, "0"));

export const toHex = (bytes: Uint8Array): string => {
  let hex = "";
  for (const b of bytes) hex += HEX[b];
  return hex;
};

/** Bytes of a hex string of exactly `length` bytes, or null. */
export function fromHex(hex: string, length: number): Uint8Array | null {
  if (hex.length !== length * 2 || !/^[0-9a-f]*$/i.test(hex)) return null;
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
}

export function concatBytes(...parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/** Big-endian unsigned integer of `bytes` bytes. */
export function uintBytes(value: number, bytes: 2 | 4): Uint8Array {
  const out = new Uint8Array(bytes);
  const view = new DataView(out.buffer);
  if (bytes === 2) view.setUint16(0, value);
  else view.setUint32(0, value);
  return out;
}

export async function sha256(bytes: Uint8Array): Promise<Uint8Array> {
  // Copied into a plain ArrayBuffer view: digest() refuses shared buffers.
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new Uint8Array(bytes)));
}

/** HMAC-SHA-256 under `key`, imported once for every message signed with it (a deal signs 53). */
export async function hmacSigner(
  key: Uint8Array,
): Promise<(message: Uint8Array) => Promise<Uint8Array>> {
  const imported = await crypto.subtle.importKey(
    "raw",
    new Uint8Array(key),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return async (message) =>
    new Uint8Array(await crypto.subtle.sign("HMAC", imported, new Uint8Array(message)));
}

export async function hmacSha256(key: Uint8Array, message: Uint8Array): Promise<Uint8Array> {
  return (await hmacSigner(key))(message);
}
