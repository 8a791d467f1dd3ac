import { z } from "zod";

/**
 * zod compiles object parsers with `new Function` when it may; even asking
 * whether it may is an eval that the CSP blocks and reports as a violation
 * (src/middleware.ts). Parsing without it is a little slower and never matters
 * for a table's messages. Imported first by the client's providers.
 */
z.config({ jitless: true });
