import { passwordResetRouter } from "../account/password-reset";
import { accountRouter } from "../account/router";
import { adminRouter } from "../admin/router";
import { authRouter } from "../auth/router";
import { cashierRouter } from "../cashier/router";
import { historyRouter } from "../history/router";
import { homeRouter } from "../home/router";
import { lobbyRouter } from "../lobby/router";
import { tournamentsRouter } from "../lobby/tournaments-router";
import { waitlistRouter } from "../lobby/waitlist-router";
import { mergeRouters, publicProcedure, router } from "./init";

export const appRouter = router({
  health: publicProcedure
    .meta({ description: 'Liveness: `{ ok: true, service: "felt-api" }`.' })
    .query(() => ({ ok: true as const, service: "felt-api" })),
  auth: mergeRouters(authRouter, passwordResetRouter),
  account: accountRouter,
  cashier: cashierRouter,
  history: historyRouter,
  home: homeRouter,
  lobby: lobbyRouter,
  tournaments: tournamentsRouter,
  waitlist: waitlistRouter,
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;
