import type { NextConfig } from "next";

const config: NextConfig = {
  transpilePackages: ["@felt/engine", "@felt/protocol"],
  // Type errors are caught by `tsc` in the test command; the build need not repeat it.
  typescript: { ignoreBuildErrors: true },
  poweredByHeader: false,
};

export default config;
