export * from "./feed";
export * from "./patch";
export * from "./table";
