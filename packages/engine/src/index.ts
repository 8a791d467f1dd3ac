export * from "./cards";
