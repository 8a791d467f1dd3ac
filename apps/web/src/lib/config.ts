/**
 * Where the API lives, read on the server at request time (FELT_API_URL), so
 * one build serves any deployment. The default is `npm run dev`'s wrangler.
 */
export function apiUrl(): string {
  return (process.env.FELT_API_URL ?? "http://127.0.0.1:8787").replace(/\/$/, "");
}
