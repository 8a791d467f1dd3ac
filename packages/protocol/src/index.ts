export * from "./events";
export * from "./feed";
export * from "./patch";
export * from "./poker";
export * from "./table";
export * from "./view";
