"use client";
/**
 * The invite link's page (H-1): who hosts, what is played, and the guest's
 * standing; he asks for a seat (or watches, if the host allows it) and the
 * page follows the host's answer.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useFormat } from "@/i18n/format";
import { useErrors } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";
import { PENDING_JOIN } from "./join-from-link";

/** How often the page asks whether the host answered. */
const POLL_MS = 3_000;

export function JoinPage({ token }: { token: string }) {
  const t = useTranslations("home.join");
  const f = useFormat();
  const wording = useErrors();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const me = useQuery(trpc.auth.me.queryOptions());
  const preview = useQuery({
    ...trpc.home.invite.preview.queryOptions({ token }),
    enabled: Boolean(me.data),
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.role === "requested" || query.state.data?.role === "watching"
        ? POLL_MS
        : false,
  });
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.home.invite.preview.queryKey({ token }) });
  const request = useMutation(trpc.home.invite.request.mutationOptions({ onSuccess: refresh }));
  const watch = useMutation(trpc.home.invite.watch.mutationOptions({ onSuccess: refresh }));

  if (me.isPending) return null;
  if (!me.data)
    return (
      <p>
        {/* The token stays out of the sign-in address (and its logs): this tab keeps it. */}
        <Link
          href={`/sign-in?next=${encodeURIComponent("/home/join")}`}
          onClick={() => sessionStorage.setItem(PENDING_JOIN, token)}
        >
          {t("signIn")}
        </Link>
      </p>
    );
  if (preview.isError)
    return (
      <p role="alert" className="error">
        {wording.message(preview.error)}
      </p>
    );
  const game = preview.data;
  if (!game) return null;
  const { role } = game;
  const mayPlay = role === "admitted" || role === "host";
  const mayWatch = mayPlay || (game.spectators && (role === "watching" || role === "requested"));
  const failed = request.error ?? watch.error;
  return (
    <section className="panel home-join" aria-labelledby="join-title">
      <h1 id="join-title">{t("title", { name: game.name })}</h1>
      <p>{t("hostedBy", { host: game.host })}</p>
      <p>
        {f.gameName(game.stake.game, game.stake.betting, game.stake)} ·{" "}
        {t("stakes", { small: f.chips(game.stake.smallBlind), big: f.chips(game.stake.bigBlind) })}{" "}
        · {t("buyIn", { min: f.chips(game.stake.minBuyIn), max: f.chips(game.stake.maxBuyIn) })}
      </p>
      {game.status === "closed" ? (
        <p>{t("closed")}</p>
      ) : (
        <>
          <p role="status" data-testid="join-status">
            {t(`status.${role}`)}
          </p>
          <div className="actions">
            {(role === "stranger" || role === "watching") && (
              <button type="button" onClick={() => request.mutate({ token })}>
                {t("request")}
              </button>
            )}
            {role === "stranger" && game.spectators && (
              <button type="button" onClick={() => watch.mutate({ token })}>
                {t("watch")}
              </button>
            )}
            {mayWatch && (
              <Link className="button-link" href={`/table/${game.tableId}`}>
                {t("toTable")}
              </Link>
            )}
          </div>
        </>
      )}
      {failed && (
        <p role="alert" className="error">
          {wording.message(failed)}
        </p>
      )}
    </section>
  );
}
