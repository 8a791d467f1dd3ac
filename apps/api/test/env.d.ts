// Types for the test runtime: the Worker's bindings plus the migrations the
// pool injects, and the main module behind `exports` from cloudflare:workers.
type FeltEnv = import("../src/env").Env;

declare namespace Cloudflare {
  interface Env extends FeltEnv {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
  }
  interface GlobalProps {
    mainModule: typeof import("../src/index");
    durableNamespaces: "TableRoom";
  }
}
