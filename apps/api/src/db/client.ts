import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

/** A drizzle client over the request's D1 binding (bindings arrive per request on Workers). */
export const database = (d1: D1Database) => drizzle(d1, { schema });
export type Database = ReturnType<typeof database>;
