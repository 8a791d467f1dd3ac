/** `felt bench [eval|engine|feed]`: with no argument, every benchmark in turn (one JSON line each). */
const benches: Record<string, () => Promise<{ run: (args: string[]) => Promise<number> }>> = {
  eval: () => import("./bench-eval"),
  engine: () => import("./bench-engine"),
  feed: () => import("./bench-feed"),
};

export async function run(args: string[]): Promise<number> {
  const [which, ...rest] = args;
  const names = which === undefined ? Object.keys(benches) : [which];
  let status = 0;
  for (const name of names) {
    const load = benches[name];
    if (!load) {
      console.error(
        `felt bench: unknown benchmark "${name}" (have: ${Object.keys(benches).join(", ")})`,
      );
      return 2;
    }
    status ||= await (await load()).run(rest);
  }
  return status;
}
