import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** FELT_TEST_SIZE=full (vitest.config.ts): the long random runs at their full size. */
    fullSize: boolean;
  }
}

/**
 * How many hands (or runs) a long random run plays: `quick` in `npm test`, where a file must
 * take a few seconds on two shared cores, or `full` under
 * `FELT_TEST_SIZE=full npx vitest run <file>`. The seeds are the same either way, so the
 * quick run is the first part of the full one (as packages/engine/src/test-size.ts).
 */
export const sized = (quick: number, full: number): number => (inject("fullSize") ? full : quick);
