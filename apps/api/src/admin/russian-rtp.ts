/**
 * `admin.stakes.russianRtp`: the theoretical RTP of a Russian stake's rules, for the admin's
 * form. The engine's `rulesRtp` plays the same seeded run as `felt simulate russian` (about
 * a second of CPU), so the figure is reproducible and matches the CLI's.
 */
import { russian } from "@felt/engine";
import { z } from "zod";
import { apiError, customIssue } from "../trpc/messages";
import { russianIssues, russianRulesInput } from "./stake-input";

const ante = z.number().int().min(1).max(russian.MAX_ANTE);

export const russianRtpInput = z
  .strictObject({
    rules: russianRulesInput,
    /** The stake's small and big blind; the run plays the least ANTE (it matters under a maximum payout). */
    minAnte: ante.optional(),
    maxAnte: ante.optional(),
  })
  .superRefine((input, ctx) => {
    for (const issue of russianIssues(input.rules, ["rules"]))
      ctx.addIssue(customIssue(issue.path, issue.code, issue.message, issue.params));
  });

/** What the form shows (the engine's RulesRtp, spelt out so the API's types stand alone). */
export type RussianRtp = {
  rtp: number;
  ci95: [number, number];
  houseEdge: number;
  hands: number;
  seed: number;
  strategy: string;
};

export function russianRtp(input: z.infer<typeof russianRtpInput>): RussianRtp {
  const minAnte = input.minAnte ?? russian.DEFAULT_OPTIONS.minAnte;
  const maxAnte = Math.max(minAnte, input.maxAnte ?? russian.DEFAULT_OPTIONS.maxAnte);
  const run = russian.rulesRtp({ ...input.rules, minAnte, maxAnte });
  if (!run.ok)
    throw apiError("BAD_REQUEST", "russian_rules", run.error.message, { code: run.error.code });
  const { rtp, ci95, houseEdge, hands, seed, strategy } = run.result;
  return { rtp, ci95, houseEdge, hands, seed, strategy };
}
