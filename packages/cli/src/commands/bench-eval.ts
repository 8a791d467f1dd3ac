export async function run(_args: string[]): Promise<number> {
  console.error("felt bench-eval: not built yet");
  return 1;
}
