export * from "./events";
export * from "./poker";
export * from "./table";
export * from "./view";
