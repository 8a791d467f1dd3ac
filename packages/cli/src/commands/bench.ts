export async function run(_args: string[]): Promise<number> {
  console.error("felt bench: not built yet");
  return 1;
}
