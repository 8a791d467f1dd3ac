export * from "./chat";
export * from "./events";
export * from "./feed";
export * from "./patch";
export * from "./poker";
export * from "./russian";
export * from "./table";
export * from "./view";
