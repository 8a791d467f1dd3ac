"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Dialog } from "@/components/dialog";
import { useErrors } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";

/** The most characters a note holds (the API's NOTE_MAX_LENGTH). */
const NOTE_MAX_LENGTH = 500;

/**
 * Your private note on the player in a seat: a small button on the seat's
 * corner (filled when there is a note), opening a dialog to read and edit it. Only
 * its author ever reads a note (`account.notes`). The seats' reads share
 * one request (tRPC batches them).
 */
export function SeatNote({ playerId, name }: { playerId: string; name: string }) {
  const t = useTranslations("account.note");
  const wording = useErrors();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const boxId = useId();
  const query = trpc.account.notes.get.queryOptions({ playerIds: [playerId] });
  const note = useQuery({ ...query, staleTime: 60_000 });
  const saved = note.data?.notes[playerId] ?? "";
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(saved);
  useEffect(() => setText(saved), [saved]);
  const save = useMutation(
    trpc.account.notes.set.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: query.queryKey });
        setOpen(false);
      },
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ playerId, text });
  };
  return (
    <span className="seat-note">
      <button
        type="button"
        className={`seat-note-button${saved ? " has-note" : ""}`}
        aria-expanded={open}
        aria-controls={boxId}
        aria-label={t("open", { name })}
        title={saved || t("open", { name })}
        data-testid="seat-note-button"
        onClick={() => setOpen((o) => !o)}
      >
        ✎
      </button>
      {open && (
        <Dialog label={t("open", { name })} onClose={() => setOpen(false)}>
          <form id={boxId} className="seat-note-box" onSubmit={submit}>
            <label htmlFor={`${boxId}-text`}>{t("label", { name })}</label>
            <textarea
              id={`${boxId}-text`}
              value={text}
              maxLength={NOTE_MAX_LENGTH}
              rows={3}
              onChange={(e) => setText(e.target.value)}
            />
            <small className="muted">{t("hint")}</small>
            {save.isError && (
              <small role="alert" className="error">
                {wording.message(save.error)}
              </small>
            )}
            <span className="actions">
              <button type="submit" className="small" disabled={save.isPending}>
                {t("save")}
              </button>
              <button type="button" className="small secondary" onClick={() => setOpen(false)}>
                {t("close")}
              </button>
            </span>
          </form>
        </Dialog>
      )}
    </span>
  );
}
