import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

const clients = new WeakMap<D1Database, ReturnType<typeof create>>();
const create = (d1: D1Database) => drizzle(d1, { schema });

/**
 * A drizzle client over a D1 binding. Bindings arrive per request on Workers,
 * but the object is usually the same one, and building a client reads the
 * whole schema (relations and all): so one client per binding object.
 */
export function database(d1: D1Database) {
  let client = clients.get(d1);
  if (!client) {
    client = create(d1);
    clients.set(d1, client);
  }
  return client;
}
export type Database = ReturnType<typeof database>;
