/**
 * Test helper (not exported): the fixture files as text. Vitest's
 * `import.meta.glob` inlines them when the test is built, so engine code and
 * its tests stay free of file I/O and of Node types.
 */
declare global {
  interface ImportMeta {
    glob(
      pattern: string,
      options: { query: string; import: string; eager: true },
    ): Record<string, unknown>;
  }
}

const files = import.meta.glob("./fixtures/**/*.{phh,phhs}", {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;

/** Fixture texts by path relative to fixtures/, e.g. "illegal/nt-not-your-turn.phh". */
export const FIXTURES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(files).map(([path, text]) => [path.replace("./fixtures/", ""), text]),
);

export function fixture(name: string): string {
  const text = FIXTURES[name];
  if (text === undefined) throw new Error(`no fixture ${name}`);
  return text;
}
