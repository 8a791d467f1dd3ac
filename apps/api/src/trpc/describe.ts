/**
 * Renders docs/API.md's procedure table from the routers themselves (their
 * zod inputs and `.meta()`), so the documentation cannot drift: a test
 * compares the file with this output, and `pnpm --filter @felt/api api-docs`
 * rewrites it.
 */
import { z } from "zod";
import type { Meta } from "./init";

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
};

const range = (min?: number, max?: number) =>
  min === undefined && max === undefined ? "" : ` ${min ?? ""}..${max ?? ""}`;

/** A compact, TypeScript-like signature of a JSON Schema. */
export function signature(schema: JsonSchema): string {
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map(signature).join(" | ");
  if (schema.allOf) return schema.allOf.map(signature).join(" & ");
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  switch (schema.type) {
    case "object": {
      const required = new Set(schema.required ?? []);
      const fields = Object.entries(schema.properties ?? {}).map(([name, field]) => {
        const optional = !required.has(name) || field.default !== undefined;
        const fallback = field.default !== undefined ? ` = ${JSON.stringify(field.default)}` : "";
        return `${name}${optional ? "?" : ""}: ${signature(field)}${fallback}`;
      });
      return `{ ${fields.join(", ")} }`;
    }
    case "array":
      return `(${signature(schema.items ?? {})})[${range(schema.minItems, schema.maxItems).trim()}]`;
    case "string":
      return `${schema.format ?? "string"}${range(schema.minLength, schema.maxLength)}`;
    case "integer":
      return `int${range(schema.minimum, schema.maximum)}`;
    case "number":
      return `number${range(schema.minimum, schema.maximum)}`;
    case "boolean":
      return "boolean";
    case "null":
      return "null";
    default:
      return "unknown";
  }
}

type ProcedureLike = {
  _def: { type: string; meta?: Meta; inputs: unknown[] };
};

export function procedureTable(procedures: Record<string, unknown>): string {
  const rows = Object.entries(procedures as Record<string, ProcedureLike>)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([path, procedure]) => {
      const { type, meta, inputs } = procedure._def;
      const input = inputs[0]
        ? signature(
            z.toJSONSchema(inputs[0] as z.ZodType, {
              io: "input",
              unrepresentable: "any",
            }) as JsonSchema,
          )
        : "—";
      const cells = [
        `\`${path}\``,
        type,
        meta?.access ?? "public",
        `\`${input}\``.replaceAll("|", "\\|"),
        (meta?.description ?? "").replaceAll("|", "\\|"),
      ];
      return `| ${cells.join(" | ")} |`;
    });
  return [
    "| procedure | kind | who | input | what it does |",
    "|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}

export const DOC_START =
  "<!-- procedures:start (generated from the routers: pnpm --filter @felt/api api-docs) -->";
export const DOC_END = "<!-- procedures:end -->";

/** Replace the generated section of docs/API.md. */
export function withProcedureTable(markdown: string, table: string): string {
  const start = markdown.indexOf(DOC_START);
  const end = markdown.indexOf(DOC_END);
  if (start < 0 || end < start) throw new Error("docs/API.md lacks the procedures markers");
  return `${markdown.slice(0, start + DOC_START.length)}\n${table}\n${markdown.slice(end)}`;
}
