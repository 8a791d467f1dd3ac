/**
 * The D1 schema (drizzle), one module per part of the house under ./schema;
 * drizzle-kit reads it all from here to write the migrations.
 */
export * from "./schema/admin";
export * from "./schema/histories";
export * from "./schema/home";
export * from "./schema/ledger";
export * from "./schema/metrics";
export * from "./schema/settings";
export * from "./schema/tables";
export * from "./schema/tournaments";
export * from "./schema/users";
