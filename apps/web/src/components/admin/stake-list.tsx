"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { errorMessage, fieldErrors } from "@/lib/errors";
import { chips, gameName } from "@/lib/format";
import { useTRPC } from "@/lib/trpc";
import type { Stake } from "./stake-form";

function StakeRow({ stake, onEdit }: { stake: Stake; onEdit: (stake: Stake) => void }) {
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
  const openErrors = fieldErrors(open.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    open.mutate({ stakeId: stake.id, name: tableName });
  };
  const problem = [close, remove].find((m) => m.isError);

  return (
    <li className="stake" data-testid="stake-row">
      <div className="stake-head">
        <strong>{stake.name}</strong>
        <span className="muted">
          {gameName(stake.game, stake.betting)} · {chips(stake.smallBlind)}/{chips(stake.bigBlind)}
          {stake.ante > 0 && ` ante ${chips(stake.ante)}`} · buy-in {chips(stake.minBuyIn)}–
          {chips(stake.maxBuyIn)} · {stake.seats} seats · rake {stake.rakePercent}% cap{" "}
          {chips(stake.rakeCap)}
        </span>
        <span className="actions">
          <button type="button" className="secondary" onClick={() => onEdit(stake)}>
            Edit
          </button>
          <button
            type="button"
            className="secondary"
            onClick={() => remove.mutate({ id: stake.id })}
          >
            Delete
          </button>
        </span>
      </div>
      <ul className="stake-tables">
        {tables.data?.map((table) => (
          <li key={table.id}>
            {table.name}{" "}
            <span className="muted">
              ({table.status}, {table.playersSeated} seated)
            </span>
            {table.status === "open" && (
              <button
                type="button"
                className="secondary small"
                onClick={() => close.mutate({ id: table.id })}
              >
                Close {table.name}
              </button>
            )}
          </li>
        ))}
      </ul>
      <form className="open-table" onSubmit={submit} noValidate>
        <label htmlFor={`table-${stake.id}`}>New table name</label>
        <input
          id={`table-${stake.id}`}
          value={tableName}
          onChange={(e) => setTableName(e.target.value)}
          aria-invalid={Boolean(openErrors.name)}
        />
        <button type="submit" disabled={open.isPending}>
          Open table
        </button>
        {open.isError && (
          <small role="alert" className="error">
            {openErrors.name ? `Table name ${openErrors.name}` : errorMessage(open.error)}
          </small>
        )}
      </form>
      {problem && (
        <p role="alert" className="error">
          {errorMessage(problem.error)}
        </p>
      )}
    </li>
  );
}

export function StakeList({ onEdit }: { onEdit: (stake: Stake) => void }) {
  const trpc = useTRPC();
  const stakes = useQuery(trpc.admin.stakes.list.queryOptions());
  if (stakes.isError) {
    return (
      <p role="alert" className="error">
        {errorMessage(stakes.error)}
      </p>
    );
  }
  return (
    <section aria-labelledby="stakes-heading">
      <h2 id="stakes-heading">Stakes and tables</h2>
      {stakes.isPending && <p className="muted">Loading stakes…</p>}
      <ul className="stakes">
        {stakes.data?.map((stake) => (
          <StakeRow key={stake.id} stake={stake} onEdit={onEdit} />
        ))}
      </ul>
    </section>
  );
}
