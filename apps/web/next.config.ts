import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { STATIC_SECURITY_HEADERS } from "./src/lib/security-headers";

// `npm run build` sets NEXT_PRIVATE_STANDALONE (package.json), OpenNext's own switch for the
// standalone output it bundles: one `next build` serves `next start` and the Worker.
const config: NextConfig = {
  transpilePackages: ["@felt/engine", "@felt/fairness", "@felt/protocol", "@felt/tournament"],
  // Type errors are caught by `tsc` in the test command; the build need not repeat it.
  typescript: { ignoreBuildErrors: true },
  poweredByHeader: false,
  // The rules pages import docs/*.md as text, so the build carries them (a Worker has no disk).
  turbopack: { rules: { "*.md": { type: "text" } } },
  // The CSP, with its nonce, is set per page in src/middleware.ts.
  headers: async () => [{ source: "/:path*", headers: STATIC_SECURITY_HEADERS }],
};

export default createNextIntlPlugin("./src/i18n/request.ts")(config);
