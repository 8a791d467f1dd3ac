export async function run(_args: string[]): Promise<number> {
  console.error("felt replay: not built yet");
  return 1;
}
