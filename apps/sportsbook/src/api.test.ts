import { describe, expect, it, vi } from "vitest";
import { createSportsbookApi, SportsbookApiError } from "./api.ts";

function answering(...bodies: { status: number; body: unknown }[]) {
  const queue = [...bodies];
  return vi.fn(async () => {
    const next = queue.shift() ?? { status: 500, body: {} };
    return new Response(JSON.stringify(next.body), { status: next.status, headers: { "content-type": "application/json" } });
  });
}

const INFO = { Categories: [{ CategoryId: 1, Name: "England", Championships: [] }] };

describe("the widget's API client", () => {
  it("sends the sportsbook token as the bearer token only when there is one", async () => {
    const fetchMock = answering({ status: 200, body: { data: [] } }, { status: 200, body: { data: [] } });
    let token = "";
    const api = createSportsbookApi({ token: () => token, language: () => "de", fetch: fetchMock as unknown as typeof fetch });
    await api.sports();
    token = "sb-token";
    await api.sports();
    const headersOf = (call: number) => new Headers((fetchMock.mock.calls[call] as unknown as [string, RequestInit])[1].headers);
    expect(headersOf(0).get("authorization")).toBeNull();
    expect(headersOf(1).get("authorization")).toBe("Bearer sb-token");
    expect(headersOf(1).get("accept-language")).toBe("de");
  });

  it("keeps sport info per sport, and asks again after a failure", async () => {
    const fetchMock = answering({ status: 503, body: { code: "SERVICE_UNAVAILABLE", message: "Down" } }, { status: 200, body: INFO });
    const api = createSportsbookApi({ token: () => "", language: () => "en-GB", fetch: fetchMock as unknown as typeof fetch });
    await expect(api.sportInfo(66)).rejects.toBeInstanceOf(SportsbookApiError);
    expect(await api.sportInfo(66)).toEqual(INFO);
    expect(await api.sportInfo(66)).toEqual(INFO);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("carries a refused bet's reason", async () => {
    const fetchMock = answering({ status: 422, body: { code: "BET_REJECTED", message: "Refused", reason: "stakeTooHigh" } });
    const api = createSportsbookApi({ token: () => "sb", language: () => "en-GB", fetch: fetchMock as unknown as typeof fetch });
    await expect(api.cashOut("bet-1", "offer-1")).rejects.toMatchObject({ status: 422, reason: "stakeTooHigh" });
  });
});
