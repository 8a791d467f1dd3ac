import { env, exports } from "cloudflare:workers";
import { type ServerMessage, serverMessageSchema } from "@felt/protocol";
import { beforeEach, describe, expect, it } from "vitest";
import { seedDemo } from "../../test/seed";

/** Open the table socket through the worker, as a browser would. */
async function connect(tableId: string) {
  const res = await exports.default.fetch(`http://api.test/ws/table/${tableId}`, {
    headers: { Upgrade: "websocket" },
  });
  expect(res.status).toBe(101);
  const socket = res.webSocket;
  if (!socket) throw new Error("no socket");
  const inbox: ServerMessage[] = [];
  const waiters: Array<() => void> = [];
  socket.addEventListener("message", (event) => {
    inbox.push(serverMessageSchema.parse(JSON.parse(event.data as string)));
    for (const wake of waiters.splice(0)) wake();
  });
  socket.accept();
  /** Resolve with the first message (consumed in order) that matches. */
  async function next(match: (m: ServerMessage) => boolean): Promise<ServerMessage> {
    for (;;) {
      const index = inbox.findIndex(match);
      if (index >= 0) return inbox.splice(0, index + 1).at(-1) as ServerMessage;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  }
  return { socket, next };
}

const isState = (version: number) => (m: ServerMessage) =>
  m.type === "state" && m.state.version === version;

describe("TableRoom over WebSocket", () => {
  beforeEach(async () => {
    await seedDemo(env.DB);
  });

  it("sends the versioned state on connect and echoes a change to every socket", async () => {
    const alice = await connect("aurora");
    const first = await alice.next(isState(0));
    expect(first).toMatchObject({ state: { tableId: "aurora", version: 0, lastEcho: null } });

    const bob = await connect("aurora");
    await bob.next(isState(0));

    alice.socket.send(JSON.stringify({ type: "echo", text: "hello", expectedVersion: 0 }));
    for (const player of [alice, bob]) {
      const update = await player.next(isState(1));
      expect(update).toMatchObject({ state: { version: 1, lastEcho: "hello" } });
    }
    alice.socket.close();
    bob.socket.close();
  });

  it("refuses a stale version and malformed messages without changing state", async () => {
    const carol = await connect("borealis");
    await carol.next(isState(0));
    carol.socket.send(JSON.stringify({ type: "echo", text: "late", expectedVersion: 7 }));
    expect(await carol.next((m) => m.type === "error")).toMatchObject({ code: "stale_version" });
    for (const bad of ["{", '{"type":"echo","text":"x","expectedVersion":-1}', "[]", "null"]) {
      carol.socket.send(bad);
      expect(await carol.next((m) => m.type === "error")).toMatchObject({
        code: "malformed_message",
      });
    }
    carol.socket.send(JSON.stringify({ type: "sync" }));
    expect(await carol.next((m) => m.type === "state")).toMatchObject({
      state: { version: 0, lastEcho: null },
    });
    carol.socket.close();
  });

  it("keeps state across connections (persisted in the object's storage)", async () => {
    const dan = await connect("caspian");
    await dan.next(isState(0));
    dan.socket.send(JSON.stringify({ type: "echo", text: "kept", expectedVersion: 0 }));
    await dan.next(isState(1));
    dan.socket.close();
    const erin = await connect("caspian");
    expect(await erin.next((m) => m.type === "state")).toMatchObject({
      state: { version: 1, lastEcho: "kept" },
    });
    erin.socket.close();
  });

  it("404s unknown tables and 426s plain HTTP", async () => {
    const unknown = await exports.default.fetch("http://api.test/ws/table/atlantis", {
      headers: { Upgrade: "websocket" },
    });
    expect(unknown.status).toBe(404);
    const plain = await exports.default.fetch("http://api.test/ws/table/aurora");
    expect(plain.status).toBe(426);
  });
});
