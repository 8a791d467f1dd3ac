import { lobbyRouter } from "../lobby/router";
import { publicProcedure, router } from "./init";

export const appRouter = router({
  health: publicProcedure.query(() => ({ ok: true as const, service: "felt-api" })),
  lobby: lobbyRouter,
});

export type AppRouter = typeof appRouter;
