/**
 * Where to go once signed in: `next` when it is a page of this site (a
 * tournament's "Sign in to register", a table's seat), else the lobby.
 * Parsed as a URL against this page's origin, as the browser will resolve
 * it, so tabs, backslashes, `//host` and encoded tricks that a pattern
 * misses (`/\t/evil.example` is `//evil.example` to a browser) cannot send
 * a fresh session to another site.
 */
export function returnPath(next: string | null, origin: string): string {
  if (!next) return "/";
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return "/";
  }
  if (url.origin !== origin) return "/";
  const path = `${url.pathname}${url.search}${url.hash}`;
  // `/.//evil.example` resolves to the path `//evil.example`, which is another host again.
  return new URL(path, origin).origin === origin ? path : "/";
}
