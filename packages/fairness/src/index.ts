export * from "./deal";
export * from "./shuffle";
export * from "./uniform";
