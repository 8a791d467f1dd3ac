"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { useFormat } from "@/i18n/format";
import { textsFor } from "@/lib/tournament-texts";
import { type RouterOutputs, useTRPC } from "@/lib/trpc";
import styles from "./my-tables-bar.module.css";

type MyTable = RouterOutputs["lobby"]["myTables"][number];

/**
 * How often the bar asks where it is his turn (a tab out of view does not
 * ask). Each ask reads the rooms' memory (lobby.myTables): no socket, so the
 * table a page plays at keeps its one socket per player, and another tab is
 * never replaced. Seated nowhere, it asks seldom: sitting down changes the
 * wallet, and a change of the wallet makes it ask at once.
 */
const MY_TABLES_REFRESH_MS = 3_000;
const SEATED_NOWHERE_REFRESH_MS = 30_000;

export const tableHref = (table: Pick<MyTable, "kind" | "tableId">) =>
  `${table.kind === "russian" ? "/russian" : "/table"}/${table.tableId}`;

/**
 * The tables the signed-in player sits at, on every page: each one's name,
 * stakes and state, and a "your turn" mark (a word and a sign, not a colour
 * alone). The links switch tables by client navigation, without a reload.
 * Nothing shows for a guest, or a player seated nowhere.
 */
export function MyTablesBar() {
  const t = useTranslations("lobby.myTables");
  const trpc = useTRPC();
  const pathname = usePathname();
  const me = useQuery(trpc.auth.me.queryOptions());
  const mine = useQuery({
    ...trpc.lobby.myTables.queryOptions(),
    enabled: Boolean(me.data),
    refetchInterval: (query) =>
      query.state.data?.length ? MY_TABLES_REFRESH_MS : SEATED_NOWHERE_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
  // A buy-in or a cash-out moves the wallet (the header's query, shared): look again then.
  const queryClient = useQueryClient();
  const { data: balance } = useQuery({
    ...trpc.cashier.balance.queryOptions(),
    enabled: Boolean(me.data),
    select: (wallet) => wallet.balance,
  });
  const seenBalance = useRef(balance);
  useEffect(() => {
    const before = seenBalance.current;
    seenBalance.current = balance;
    if (before !== undefined && balance !== before)
      void queryClient.invalidateQueries({ queryKey: trpc.lobby.myTables.queryKey() });
  }, [balance, queryClient, trpc]);
  const tables = me.data ? (mine.data ?? []) : [];
  if (tables.length === 0) return null;
  const turns = tables.filter((table) => table.yourTurn).length;
  return (
    <nav className={styles.bar} aria-label={t("label")} data-testid="my-tables">
      <span className={styles.title}>{t("title")}</span>
      {/* Said to a screen reader on a phone too, where the title is left out. */}
      {turns > 0 && <span className="visually-hidden">{t("turns", { count: turns })}</span>}
      <ul className={styles.list}>
        {tables.map((table) => (
          <MyTableLink key={table.tableId} table={table} current={pathname === tableHref(table)} />
        ))}
      </ul>
    </nav>
  );
}

function MyTableLink({ table, current }: { table: MyTable; current: boolean }) {
  const t = useTranslations("lobby.myTables");
  const f = useFormat();
  const locale = useLocale();
  const name =
    table.kind === "tournament"
      ? textsFor(
          { name: table.name, nameRu: table.nameRu, description: null, descriptionRu: null },
          locale,
        ).name
      : table.name;
  const detail =
    table.kind === "tournament"
      ? t("tournamentTable", { number: table.tableNumber ?? 0 })
      : table.kind === "russian"
        ? t("russian")
        : t("blinds", { small: f.chips(table.smallBlind ?? 0), big: f.chips(table.bigBlind ?? 0) });
  const state = table.yourTurn ? "yourTurn" : table.playing ? "playing" : "waiting";
  return (
    <li>
      <Link
        href={tableHref(table)}
        className={table.yourTurn ? `${styles.table} ${styles.yourTurn}` : styles.table}
        aria-current={current ? "page" : undefined}
        data-testid="my-table"
        data-table={table.tableId}
        data-turn={String(table.yourTurn)}
      >
        <span className={styles.name}>{name}</span>
        <span className={styles.detail}>{detail}</span>
        <span className={styles.state} data-testid="my-table-state">
          {table.yourTurn && <span aria-hidden="true">▶ </span>}
          {t(`state.${state}`)}
        </span>
      </Link>
    </li>
  );
}
