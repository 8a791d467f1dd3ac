export async function run(_args: string[]): Promise<number> {
  console.error("felt bench-engine: not built yet");
  return 1;
}
