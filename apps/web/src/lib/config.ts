/**
 * Where the browser reaches the API, read on the server at request time
 * (FELT_API_URL), so one build serves any deployment. The default is the
 * local API of `npm run dev` and `npm start`. The web Worker sets it empty
 * (apps/web/wrangler.jsonc): the API is then on the page's own origin, behind
 * the Service Binding (worker.ts).
 */
export function apiUrl(): string {
  return (process.env.FELT_API_URL ?? "http://127.0.0.1:8787").replace(/\/$/, "");
}
