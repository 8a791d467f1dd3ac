// `npm start`: says where the platform is once the API and the web app both
// answer. Until then (about 20 s: the Worker is bundled and loaded into
// workerd, `next start` loads the app) a printed URL would only refuse
// connections. Usage: node scripts/say-when-ready.mjs <api-url> <web-url>
const [api, web] = process.argv.slice(2);
const answers = (url) =>
  fetch(url).then(
    () => true,
    () => false,
  );
for (const url of [`${api}/trpc/health`, web]) {
  while (!(await answers(url))) await new Promise((resolve) => setTimeout(resolve, 250));
}
console.log(`  API  ${api}   (try: curl ${api}/trpc/lobby.tables)`);
console.log(`  Web  ${web}   (Ctrl-C stops both)`);
