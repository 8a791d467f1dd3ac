import { describe, expect, it } from "vitest";
import { homeOptions, inviteTokenOf } from "./bots-home";

const base = ["--admin-password", "x"];
const TOKEN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJ0123-_Z";

describe("felt bots --home", () => {
  it("H-1 takes the tables, seats and hands; a home game seats 2 to 10", () => {
    expect(homeOptions(["--tables", "3", "--seats", "4", "--hands", "20", ...base])).toMatchObject({
      tables: 3,
      seats: 4,
      hands: 20,
      url: "http://127.0.0.1:8787",
    });
    expect(homeOptions(["--seats", "1", ...base])).toBe(
      "--seats must be a whole number from 2 to 10",
    );
    expect(homeOptions(["--seats", "11", ...base])).toBe(
      "--seats must be a whole number from 2 to 10",
    );
    expect(homeOptions(["--hands", "0", ...base])).toBe(
      "--hands must be a whole number from 1 to 10000",
    );
    expect(homeOptions(["--tables", "2"])).toMatch(/^--admin-password/);
  });

  it("H-1 a guest reads the token from the invite link, in the fragment or (older links) the path", () => {
    expect(TOKEN).toHaveLength(43);
    expect(inviteTokenOf(`http://127.0.0.1:3000/home/join#${TOKEN}`)).toBe(TOKEN);
    expect(inviteTokenOf(`/home/join#${TOKEN}`)).toBe(TOKEN);
    expect(inviteTokenOf(`https://felt.example/home/join/${TOKEN}`)).toBe(TOKEN);
    expect(inviteTokenOf(`/home/join#${TOKEN.slice(1)}`)).toBeNull();
    expect(inviteTokenOf(`/home/${TOKEN}`)).toBeNull();
    expect(inviteTokenOf(`/home/join#${TOKEN}?x=1`)).toBeNull();
  });
});
