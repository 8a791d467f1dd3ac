"use client";
/**
 * Above a home game's table (H-1, H-2): that it is a home game, whether the
 * host paused or closed it, and the way to its page (the guests, the host's
 * controls and the banker's sheet, H-6). The pause and close come over the
 * table's socket (`home` in its state), as they happen; the host's name and
 * the viewer's role are asked for once. Nothing at any other table.
 */
import type { StateMessage } from "@felt/protocol";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useTRPC } from "@/lib/trpc";

type HomeState = NonNullable<StateMessage["home"]>;

export function HomeTableBar({ tableId, home }: { tableId: string; home: HomeState }) {
  const t = useTranslations("home.bar");
  const trpc = useTRPC();
  const game = useQuery({
    ...trpc.home.get.queryOptions({ tableId }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!game.data) return null;
  const { data } = game;
  const state = home.closed ? "closed" : home.paused ? "paused" : "open";
  return (
    <p className="home-table-bar" role="status" data-testid="home-bar" data-state={state}>
      {t(state, { host: data.host })}{" "}
      <Link href={`/home/${tableId}`}>{data.role === "host" ? t("manage") : t("sheet")}</Link>
    </p>
  );
}
