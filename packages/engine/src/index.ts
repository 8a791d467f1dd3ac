export * from "./betting";
export * from "./cards";
export * from "./eval";
export * from "./hand";
export * from "./phh";
export * from "./pots";
export * as russian from "./russian";
export { type SeededRandom, seededFloats, seededRandom, shuffleInPlace } from "./seeded-random";
export * from "./table";
