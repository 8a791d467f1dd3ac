/**
 * `pnpm -s felt <command>`: the command-line tool. Each command lives in
 * ./commands/<name>.ts and exports `run(args): Promise<number>` (the exit status).
 */
type Command = {
  summary: string;
  load: () => Promise<{ run: (args: string[]) => Promise<number> | number }>;
};

const commands: Record<string, Command> = {
  census: {
    summary: "census <5|7> [--deck 52|7A] [--wild …]   count every hand by category (JSON)",
    load: () => import("./commands/census"),
  },
  bench: {
    summary:
      "bench [eval|engine|feed]   time our evaluator, engine and table feed against npm peers (JSON)",
    load: () => import("./commands/bench"),
  },
  replay: {
    summary: "replay <file.phh|file.phhs …>   replay PHH hand histories, one JSON line per hand",
    load: () => import("./commands/replay"),
  },
  verify: {
    summary:
      "verify [--audit] <file.phh|file.phhs …>   check each hand's deal against its commitment (docs/fairness.md)",
    load: () => import("./commands/verify"),
  },
  simulate: {
    summary:
      "simulate russian --hands N --seed S --strategy NAME [--rules F] [--caribbean]   RTP by Monte Carlo (JSON)",
    load: () => import("./commands/simulate"),
  },
  bots: {
    summary:
      "bots --url URL --tables T --seats S --hands H [--think-ms M] [--rake PERCENT] [--save-histories DIR] [--chaos-every-s N] [--duration-s D] [--game holdem|dealers-choice|russian|stud7|stud5] --admin-password P   load test over WebSockets; --chaos-every-s aborts a room every ~N s; --duration-s stops dealing after D s, a soak (JSON)\n  felt bots --tournament --players N [--game holdem-nl|omaha-pl|holdem-fl|stud7] [--level-seconds S] [--think-ms M] [--rebuy-levels L] --admin-password P   a live tournament played to the end (JSON)\n  felt bots --sng N --tables T [--seats-per-table K] [--level-seconds S] [--think-ms M] --admin-password P   T sit-and-gos of N seats, each started by its last registration, played to their payouts (JSON)\n  felt bots --home --tables T --seats S --hands H [--think-ms M] --admin-password P   T private home games, each opened by a bot host and joined from its invite link (JSON)",
    load: () => import("./commands/bots"),
  },
  backup: {
    summary:
      "backup <dir> [--state DIR]   copy a self-hosted server's state (D1, rooms), pausing it for the copy (JSON)",
    load: () => import("./commands/backup"),
  },
  restore: {
    summary:
      "restore <dir> [--state DIR]   put a backup in place as the state (server stopped; the old state is kept aside)",
    load: () => import("./commands/restore"),
  },
  "tournament-sim": {
    summary:
      "tournament-sim --entrants N --seed S [--seats K]   play a whole tournament with bots (JSON)",
    load: () => import("./commands/tournament-sim"),
  },
};

export function help(): string {
  const lines = Object.values(commands).map((c) => `  felt ${c.summary}`);
  return ["Usage: pnpm -s felt <command> [args]", "", "Commands:", ...lines].join("\n");
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    console.log(help());
    return 0;
  }
  const command = commands[name];
  if (!command) {
    console.error(`felt: unknown command "${name}"\n\n${help()}`);
    return 2;
  }
  const module = await command.load();
  return module.run(args);
}
