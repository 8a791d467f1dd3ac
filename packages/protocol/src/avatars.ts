/**
 * The built-in avatars a player may choose (`account.setAvatar`). Only the
 * id is stored and sent; the web draws each one itself (no images to fetch).
 * Defined once here so the API's input check and the web's picker agree.
 */
export const AVATARS = [
  "spade",
  "heart",
  "diamond",
  "club",
  "chip",
  "crown",
  "star",
  "moon",
  "sun",
  "bolt",
  "leaf",
  "anchor",
] as const;

export type AvatarId = (typeof AVATARS)[number];

export const isAvatarId = (value: unknown): value is AvatarId =>
  typeof value === "string" && (AVATARS as readonly string[]).includes(value);
