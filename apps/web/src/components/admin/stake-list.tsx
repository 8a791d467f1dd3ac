"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { type FormEvent, useState } from "react";
import { type Format, useFormat } from "@/i18n/format";
import { useErrors } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";
import type { Stake } from "./stake-form";

type StakeListMessages = ReturnType<typeof useTranslations<"admin.stakeList">>;

/** "NL Five-card draw · 7–A deck · deuces wild · 25/50 · buy-in 500–2,500 · 6 seats · rake 5% cap 100 · chat players only". */
function stakeSummary(stake: Stake, t: StakeListMessages, format: Format): string {
  const { chips } = format;
  const blinds = { small: chips(stake.smallBlind), big: chips(stake.bigBlind) };
  return [
    format.gameName(stake.game, stake.betting, stake),
    stake.ante > 0 ? t("blindsAnte", { ...blinds, ante: chips(stake.ante) }) : t("blinds", blinds),
    t("buyIn", { min: chips(stake.minBuyIn), max: chips(stake.maxBuyIn) }),
    t("seats", { seats: stake.seats }),
    t("rake", { percent: stake.rakePercent, cap: chips(stake.rakeCap) }),
    t("chat", { mode: stake.chat }),
    stake.games ? t("games", { count: stake.games.length }) : null,
  ]
    .filter((part) => part !== null)
    .join(" · ");
}

function StakeRow({ stake, onEdit }: { stake: Stake; onEdit: (stake: Stake) => void }) {
  const t = useTranslations("admin.stakeList");
  const common = useTranslations("admin.common");
  const format = useFormat();
  const errors = useErrors();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [tableName, setTableName] = useState("");
  const refresh = () => queryClient.invalidateQueries();
  const tables = useQuery(trpc.admin.tables.list.queryOptions({ stakeId: stake.id }));
  const open = useMutation(
    trpc.admin.tables.open.mutationOptions({
      onSuccess: async () => {
        setTableName("");
        await refresh();
      },
    }),
  );
  const close = useMutation(trpc.admin.tables.close.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.admin.stakes.delete.mutationOptions({ onSuccess: refresh }));
  const openErrors = errors.fields(open.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    open.mutate({ stakeId: stake.id, name: tableName });
  };
  const problem = [close, remove].find((m) => m.isError);

  return (
    <li className="stake" data-testid="stake-row">
      <div className="stake-head">
        <strong>{stake.name}</strong>
        <span className="muted">{stakeSummary(stake, t, format)}</span>
        <span className="actions">
          <button type="button" className="secondary" onClick={() => onEdit(stake)}>
            {common("edit")}
          </button>
          <button
            type="button"
            className="secondary"
            onClick={() => remove.mutate({ id: stake.id })}
          >
            {common("delete")}
          </button>
        </span>
      </div>
      <ul className="stake-tables">
        {tables.data?.map((table) => (
          <li key={table.id}>
            {table.name}{" "}
            <span className="muted">
              {t("tableState", { status: table.status, seated: table.playersSeated })}
            </span>
            {table.status === "open" && (
              <button
                type="button"
                className="secondary small"
                onClick={() => close.mutate({ id: table.id })}
              >
                {t("closeTable", { name: table.name })}
              </button>
            )}
          </li>
        ))}
      </ul>
      <form className="open-table" onSubmit={submit} noValidate>
        <label htmlFor={`table-${stake.id}`}>{t("newTableName")}</label>
        <input
          id={`table-${stake.id}`}
          value={tableName}
          onChange={(e) => setTableName(e.target.value)}
          aria-invalid={Boolean(openErrors.name)}
        />
        <button type="submit" disabled={open.isPending}>
          {t("openTable")}
        </button>
        {open.isError && (
          <small role="alert" className="error">
            {openErrors.name ? `${t("tableName")} ${openErrors.name}` : errors.message(open.error)}
          </small>
        )}
      </form>
      {problem && (
        <p role="alert" className="error">
          {errors.message(problem.error)}
        </p>
      )}
    </li>
  );
}

export function StakeList({ onEdit }: { onEdit: (stake: Stake) => void }) {
  const t = useTranslations("admin.stakeList");
  const errors = useErrors();
  const trpc = useTRPC();
  const stakes = useQuery(trpc.admin.stakes.list.queryOptions());
  if (stakes.isError) {
    return (
      <p role="alert" className="error">
        {errors.message(stakes.error)}
      </p>
    );
  }
  return (
    <section aria-labelledby="stakes-heading">
      <h2 id="stakes-heading">{t("heading")}</h2>
      {stakes.isPending && <p className="muted">{t("loading")}</p>}
      <ul className="stakes">
        {stakes.data?.map((stake) => (
          <StakeRow key={stake.id} stake={stake} onEdit={onEdit} />
        ))}
      </ul>
    </section>
  );
}
