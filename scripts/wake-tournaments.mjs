// `npm run dev`, `npm start` and `npm run preview`, once the API answers: open
// the room of every tournament still taking registrations, so each sets its
// start alarm. Seeded tournaments are written straight to D1 and would
// otherwise wait for someone to open their page. On Cloudflare the API
// Worker's Cron Trigger does this (apps/api/src/tournaments/wake.ts).
const api = process.argv[2] ?? "http://127.0.0.1:8787";
const get = async (procedure, input) => {
  const query = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const res = await fetch(`${api}/trpc/${procedure}${query}`);
  if (!res.ok) throw new Error(`${procedure}: HTTP ${res.status}`);
  return (await res.json()).result.data;
};

for (let tries = 0; ; tries++) {
  try {
    await get("health");
    break;
  } catch {
    if (tries > 180) process.exit(0); // the API never came up; `turbo dev` shows why
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
for (const t of await get("lobby.tournaments")) {
  if (t.status === "registering") await get("tournaments.get", { id: t.id }).catch(() => {});
}
