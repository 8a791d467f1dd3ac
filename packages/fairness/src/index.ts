export * from "./deal";
export * from "./history";
export * from "./shuffle";
export * from "./uniform";
