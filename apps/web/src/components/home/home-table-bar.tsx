"use client";
/**
 * Above a home game's table (H-1, H-2): that it is a home game, whether the
 * host paused or closed it, and the way to its page (the guests, the host's
 * controls and the banker's sheet, H-6). Nothing at any other table.
 */
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useTRPC } from "@/lib/trpc";

const POLL_MS = 5_000;

export function HomeTableBar({ tableId }: { tableId: string }) {
  const t = useTranslations("home.bar");
  const trpc = useTRPC();
  const table = useQuery({ ...trpc.lobby.table.queryOptions({ id: tableId }), retry: false });
  const home = table.data?.home === true;
  const game = useQuery({
    ...trpc.home.get.queryOptions({ tableId }),
    enabled: home,
    retry: false,
    refetchInterval: POLL_MS,
  });
  if (!home || !game.data) return null;
  const { data } = game;
  const state =
    data.status === "closed" || data.room?.closed
      ? "closed"
      : data.room?.paused
        ? "paused"
        : "open";
  return (
    <p className="home-table-bar" role="status" data-testid="home-bar" data-state={state}>
      {t(state, { host: data.host })}{" "}
      <Link href={`/home/${tableId}`}>{data.role === "host" ? t("manage") : t("sheet")}</Link>
    </p>
  );
}
