export * from "./shuffle";
