/**
 * Password hashing with PBKDF2-SHA-256 from WebCrypto, so it runs the same in
 * the Worker and in Node scripts. 100,000 iterations is the most the Workers
 * runtime allows. Stored as `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>`
 * so the cost can be raised later without breaking old hashes.
 */
const ITERATIONS = 100_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(password),
    "PBKDF2",
    false,
    ["deriveBits"],
  );
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt, iterations },
    key,
    HASH_BITS,
  );
  return new Uint8Array(bits);
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, salt, ITERATIONS);
  return `pbkdf2-sha256$${ITERATIONS}$${toBase64(salt)}$${toBase64(hash)}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iterations, salt, expected] = stored.split("$");
  if (scheme !== "pbkdf2-sha256" || !iterations || !salt || !expected) return false;
  const count = Number(iterations);
  if (!Number.isSafeInteger(count) || count < 1 || count > ITERATIONS) return false;
  const actual = await derive(password, fromBase64(salt), count);
  const wanted = fromBase64(expected);
  // Constant-time comparison: never leak how many leading bytes matched.
  if (actual.length !== wanted.length) return false;
  let difference = 0;
  for (let i = 0; i < actual.length; i++)
    difference |= (actual[i] as number) ^ (wanted[i] as number);
  return difference === 0;
}
