import { describe, expect, it } from "vitest";
import { anonymousChannelAccess, channelAccess, parseCommands, playerChannels } from "./realtime-protocol.ts";

describe("realtime channel rules", () => {
  it("lets a player read their own user-limited channels, global ones and the public sport ones only", () => {
    expect(channelAccess("wallet:accounts#7", "7")).toBe("allowed");
    expect(channelAccess("wallet:accounts#7,8", "8")).toBe("allowed");
    expect(channelAccess("wallet:accounts#8", "7")).toBe("denied");
    expect(channelAccess("wallet:accounts", "7")).toBe("denied");
    expect(channelAccess("global:online", "7")).toBe("allowed");
    expect(channelAccess("global:online#8", "7")).toBe("denied");
    expect(channelAccess("sport:event-42", "7")).toBe("allowed");
    expect(channelAccess("sport:live", "7")).toBe("allowed");
    expect(channelAccess("sport:live#8", "7")).toBe("denied");
    expect(channelAccess("casino:tables#7", "7")).toBe("unknown");
    expect(channelAccess("no-namespace", "7")).toBe("unknown");
    expect(playerChannels("7")).toHaveLength(12);
    expect(playerChannels("7").every((channel) => channelAccess(channel, "7") === "allowed")).toBe(true);
  });

  it("lets a guest read the public sport channels and nothing else", () => {
    expect(anonymousChannelAccess("sport:event-42")).toBe("allowed");
    expect(anonymousChannelAccess("sport:live")).toBe("allowed");
    expect(anonymousChannelAccess("sport:live#8")).toBe("denied");
    expect(anonymousChannelAccess("global:online")).toBe("denied");
    expect(anonymousChannelAccess("wallet:accounts#7")).toBe("denied");
    // A user-limited channel with an empty user list names no guest either.
    expect(anonymousChannelAccess("wallet:accounts#")).toBe("denied");
    expect(anonymousChannelAccess("wallet:accounts")).toBe("denied");
    expect(anonymousChannelAccess("casino:tables")).toBe("unknown");
  });

  it("reads newline-joined JSON objects and refuses anything else", () => {
    expect(parseCommands('{"id":1,"connect":{}}\n{}\n')).toEqual([{ id: 1, connect: {} }, {}]);
    expect(parseCommands("[1]")).toBeNull();
    expect(parseCommands('{"id":1}\nnope')).toBeNull();
  });
});
