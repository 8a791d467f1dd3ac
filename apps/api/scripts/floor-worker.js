/**
 * The floor of `npm run bench:live`: the least a live table can cost on
 * workerd. Each action is one durable row in the room's SQLite and one
 * message of the table feed's size to each of the table's sockets, which any
 * table must do; no rules, no deal, no D1. `felt bots` against the real
 * Worker is measured beside it, so the ratio says what our code adds on
 * this machine. Plain JavaScript: Miniflare loads it as it is.
 */

/** About the size of a table delta (`felt bots` reports ~250 bytes a message). */
const PAD = "x".repeat(200);

export class FloorRoom {
  constructor(ctx) {
    this.ctx = ctx;
    this.sql = ctx.storage.sql;
    this.sql.exec("CREATE TABLE IF NOT EXISTS log (id INTEGER PRIMARY KEY, body TEXT)");
    this.version = 0;
  }

  fetch() {
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** `{ seat, seats }` acts; every socket hears the new version and whose turn it is. */
  webSocketMessage(_socket, raw) {
    const { seat, seats } = JSON.parse(raw);
    this.version++;
    this.sql.exec("INSERT INTO log (body) VALUES (?)", `${raw}${PAD}`);
    const text = JSON.stringify({ version: this.version, seat, next: (seat + 1) % seats, PAD });
    for (const socket of this.ctx.getWebSockets()) socket.send(text);
  }
}

export default {
  /** `/<table>`: a WebSocket to that table's room. */
  fetch(request, env) {
    const table = new URL(request.url).pathname.slice(1);
    return env.FLOOR.get(env.FLOOR.idFromName(table)).fetch(request);
  },
};
