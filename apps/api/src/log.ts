/**
 * Structured logs: one JSON object per line, which Workers Logs indexes by
 * field (docs/operations.md#monitoring). Requests carry their `requestId`;
 * a room's lines carry its `table`.
 */
export type LogFields = Record<string, unknown>;

export function logLine(level: "info" | "error", msg: string, fields: LogFields = {}): void {
  const line = JSON.stringify({ level, msg, ...fields });
  if (level === "error") console.error(line);
  else console.log(line);
}

/** An error worth an operator's look: the message, the error's name, message and stack. */
export function logError(msg: string, error: unknown, fields: LogFields = {}): void {
  logLine("error", msg, { ...fields, error: describe(error) });
}

function describe(error: unknown): unknown {
  if (error instanceof Error) {
    const cause = error.cause === undefined ? {} : { cause: describe(error.cause) };
    return { name: error.name, message: error.message, stack: error.stack, ...cause };
  }
  // A refusal (an engine error value) is already plain data.
  return error;
}
