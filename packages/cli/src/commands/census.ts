export async function run(_args: string[]): Promise<number> {
  console.error("felt census: not built yet");
  return 1;
}
