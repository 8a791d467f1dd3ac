import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const config: NextConfig = {
  transpilePackages: ["@felt/engine", "@felt/protocol"],
  // Type errors are caught by `tsc` in the test command; the build need not repeat it.
  typescript: { ignoreBuildErrors: true },
  poweredByHeader: false,
};

export default createNextIntlPlugin("./src/i18n/request.ts")(config);
