import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { refusal } from "../tournaments/refusals";
import { Reason } from "../trpc/messages";
import { refusalError } from "./tournaments-router";

describe("tournament refusals", () => {
  it("become API errors whose reason is the code", () => {
    const closed = refusalError(
      refusal("rebuy_closed", "rebuys ended after level 6", { untilLevel: 6 }),
    );
    expect(closed).toBeInstanceOf(TRPCError);
    expect(closed.code).toBe("PRECONDITION_FAILED");
    expect(closed.message).toBe("rebuys ended after level 6");
    expect(closed.cause).toEqual(new Reason("rebuy_closed", { untilLevel: 6 }));
    expect((closed.cause as Reason).params).toEqual({ untilLevel: 6 });
    const missing = refusalError(refusal("not_found", "There is no such tournament."));
    expect(missing.code).toBe("NOT_FOUND");
    expect((missing.cause as Reason).reason).toBe("tournament_not_found");
  });
});
