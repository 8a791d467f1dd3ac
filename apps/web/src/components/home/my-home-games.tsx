"use client";
/** The open home games the player hosts or was admitted to, each linking to its page. */
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useTRPC } from "@/lib/trpc";

export function MyHomeGames() {
  const t = useTranslations("home.mine");
  const trpc = useTRPC();
  const me = useQuery(trpc.auth.me.queryOptions());
  const mine = useQuery({ ...trpc.home.mine.queryOptions(), enabled: Boolean(me.data) });
  const games = mine.data?.games ?? [];
  if (games.length === 0) return null;
  return (
    <section className="panel" aria-labelledby="my-home-title">
      <h2 id="my-home-title">{t("title")}</h2>
      <ul>
        {games.map((g) => (
          <li key={g.tableId}>
            <Link href={`/home/${g.tableId}`}>{g.name}</Link>{" "}
            <span className="muted">
              {g.role === "host" ? t("hosting") : t("guest", { host: g.host })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
