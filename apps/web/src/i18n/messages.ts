/**
 * The catalogues: one JSON file per language and area of the site
 * (`messages/<locale>/<area>.json`), each area a namespace of its own
 * (`useTranslations("table")`). English is the reference: its keys are the
 * type every `t()` call is checked against, and a test fails when the
 * Russian catalogue has a key more or less, or other placeholders.
 */

import type { Locale } from "./locales";
import enAccount from "./messages/en/account.json";
import enAdmin from "./messages/en/admin.json";
import enAuth from "./messages/en/auth.json";
import enCommon from "./messages/en/common.json";
import enErrors from "./messages/en/errors.json";
import enHistory from "./messages/en/history.json";
import enHome from "./messages/en/home.json";
import enLobby from "./messages/en/lobby.json";
import enReplayer from "./messages/en/replayer.json";
import enRules from "./messages/en/rules.json";
import enRussian from "./messages/en/russian.json";
import enTable from "./messages/en/table.json";
import enTournament from "./messages/en/tournament.json";
import enWaitlist from "./messages/en/waitlist.json";
import ruAccount from "./messages/ru/account.json";
import ruAdmin from "./messages/ru/admin.json";
import ruAuth from "./messages/ru/auth.json";
import ruCommon from "./messages/ru/common.json";
import ruErrors from "./messages/ru/errors.json";
import ruHistory from "./messages/ru/history.json";
import ruHome from "./messages/ru/home.json";
import ruLobby from "./messages/ru/lobby.json";
import ruReplayer from "./messages/ru/replayer.json";
import ruRules from "./messages/ru/rules.json";
import ruRussian from "./messages/ru/russian.json";
import ruTable from "./messages/ru/table.json";
import ruTournament from "./messages/ru/tournament.json";
import ruWaitlist from "./messages/ru/waitlist.json";

const en = {
  common: enCommon,
  lobby: enLobby,
  auth: enAuth,
  account: enAccount,
  history: enHistory,
  home: enHome,
  table: enTable,
  tournament: enTournament,
  admin: enAdmin,
  errors: enErrors,
  rules: enRules,
  russian: enRussian,
  replayer: enReplayer,
  waitlist: enWaitlist,
};
const ru: typeof en = {
  common: ruCommon,
  lobby: ruLobby,
  auth: ruAuth,
  account: ruAccount,
  history: ruHistory,
  home: ruHome,
  table: ruTable,
  tournament: ruTournament,
  admin: ruAdmin,
  errors: ruErrors,
  rules: ruRules,
  russian: ruRussian,
  replayer: ruReplayer,
  waitlist: ruWaitlist,
};

export type Messages = typeof en;
export const CATALOGUES: Record<Locale, Messages> = { en, ru };

export const messagesOf = (locale: Locale): Messages => CATALOGUES[locale];
