/** A readable, unique id: the name's slug plus a short random suffix. */
export function newId(name: string): string {
  const slug =
    name
      .normalize("NFKD")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40) || "x";
  const suffix = [...crypto.getRandomValues(new Uint8Array(3))]
    .map((b) => b.toString(36).padStart(2, "0"))
    .join("");
  return `${slug}-${suffix}`;
}
