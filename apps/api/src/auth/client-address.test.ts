import { describe, expect, it } from "vitest";
import { call, unique } from "../../test/trpc";
import { clientAddress } from "./client-address";
import { SIGN_IN_LIMITS } from "./rate-limit";

const password = "correct horse battery";
const account = () => {
  const tag = unique();
  return { email: `c${tag}@example.test`, password, displayName: `c${tag}` };
};
/** A CF-Connecting-IP header, as any client may send one. */
const claiming = (ip: string) => ({ headers: { "CF-Connecting-IP": ip } });
let spoofs = 0;
const spoofed = () => claiming(`192.0.2.${++spoofs % 250}`);

const request = (peer?: string, header?: string) =>
  new Request("http://api.test/", {
    headers: header ? { "CF-Connecting-IP": header } : {},
    ...(peer ? { cf: { clientIp: peer } } : {}),
  });

describe("the client's address", () => {
  it("is the socket's peer when workerd owns the socket, whatever header the client sends", () => {
    expect(clientAddress(request("198.51.100.1:4242", "1.2.3.4"), {})).toBe("198.51.100.1");
    expect(clientAddress(request("[2001:DB8::1]:443"), {})).toBe("2001:db8::1");
    expect(clientAddress(request("[::ffff:198.51.100.1]:80"), {})).toBe("198.51.100.1");
    // A proxy that is not named is just another client.
    expect(
      clientAddress(request("198.51.100.1:4242", "1.2.3.4"), { TRUSTED_PROXIES: "10.0.0.1" }),
    ).toBe("198.51.100.1");
  });

  it("is the header a named proxy sets, and the proxy's own address when it sets none", () => {
    const vars = { TRUSTED_PROXIES: "10.0.0.1, 2001:db8::2" };
    expect(clientAddress(request("10.0.0.1:5000", "203.0.113.4"), vars)).toBe("203.0.113.4");
    expect(clientAddress(request("[2001:db8::2]:5000", "2001:DB8::9"), vars)).toBe("2001:db8::9");
    expect(clientAddress(request("10.0.0.1:5000"), vars)).toBe("10.0.0.1");
    expect(clientAddress(request("10.0.0.1:5000", "not an address"), vars)).toBe("10.0.0.1");
  });

  it("is Cloudflare's CF-Connecting-IP when no peer is reported (the edge owns the socket)", () => {
    expect(clientAddress(request(undefined, "203.0.113.4"), {})).toBe("203.0.113.4");
    expect(clientAddress(request(), {})).toBe("unknown");
  });
});

describe("limits under npm start (workerd owns the socket)", () => {
  it("sign-ups with a new CF-Connecting-IP each time still count against the peer's address", async () => {
    const vars = { SIGN_UPS_PER_IP_PER_HOUR: "3" };
    const peer = "198.51.100.20:50000";
    for (let i = 0; i < 3; i++) {
      expect((await call("auth.signUp", account(), { vars, peer, ...spoofed() })).error).toBeNull();
    }
    const fourth = await call("auth.signUp", account(), { vars, peer, ...spoofed() });
    expect(fourth.error?.reason).toBe("sign_up_limit_network");
    // Another client (another peer) is not held up.
    const other = await call("auth.signUp", account(), { vars, peer: "198.51.100.21:50000" });
    expect(other.error).toBeNull();
  });

  it("password guesses with a new CF-Connecting-IP each time are held at the peer's address", async () => {
    const owner = account();
    await call("auth.signUp", owner);
    const peer = "198.51.100.30:40000";
    const guess = () =>
      call("auth.signIn", { email: owner.email, password: "not it" }, { peer, ...spoofed() });
    for (let i = 0; i < SIGN_IN_LIMITS.accountAtAddress.attempts; i++) {
      expect((await guess()).error?.reason).toBe("wrong_credentials");
    }
    expect((await guess()).error?.reason).toBe("sign_in_limit_account");
  });

  it("clients that send no header are not one address: a stranger's lockout is not the owner's", async () => {
    const owner = account();
    await call("auth.signUp", owner);
    const stranger = "198.51.100.40:1234";
    for (let i = 0; i <= SIGN_IN_LIMITS.accountAtAddress.attempts; i++) {
      await call("auth.signIn", { email: owner.email, password: "not it" }, { peer: stranger });
    }
    const mine = { email: owner.email, password };
    const locked = await call("auth.signIn", mine, { peer: stranger });
    expect(locked.error?.reason).toBe("sign_in_limit_account");
    const home = await call("auth.signIn", mine, { peer: "198.51.100.41:1234" });
    expect(home.error).toBeNull();
  });

  it("a proxy named in TRUSTED_PROXIES is believed about its clients; an unnamed peer is not", async () => {
    const vars = { SIGN_UPS_PER_IP_PER_HOUR: "1", TRUSTED_PROXIES: "10.20.0.1" };
    const proxy = "10.20.0.1:60000";
    const [first, second] = ["203.0.113.61", "203.0.113.62"];
    expect(
      (await call("auth.signUp", account(), { vars, peer: proxy, ...claiming(first) })).error,
    ).toBeNull();
    const again = await call("auth.signUp", account(), { vars, peer: proxy, ...claiming(first) });
    expect(again.error?.reason).toBe("sign_up_limit_network");
    expect(
      (await call("auth.signUp", account(), { vars, peer: proxy, ...claiming(second) })).error,
    ).toBeNull();
    // The same header from a peer that is not the proxy counts that peer.
    const direct = "10.20.0.9:60000";
    expect(
      (await call("auth.signUp", account(), { vars, peer: direct, ...claiming("203.0.113.63") }))
        .error,
    ).toBeNull();
    const spoof = await call("auth.signUp", account(), {
      vars,
      peer: direct,
      ...claiming("203.0.113.64"),
    });
    expect(spoof.error?.reason).toBe("sign_up_limit_network");
  });
});
