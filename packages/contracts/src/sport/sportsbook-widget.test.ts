import { describe, expect, it } from "vitest";
import { sportsbookCountry, sportsbookLocale } from "./sportsbook-widget.ts";

describe("sportsbookLocale", () => {
  it("maps es-MX to es-ES and en-US to en-GB", () => {
    expect(sportsbookLocale("es-MX")).toBe("es-ES");
    expect(sportsbookLocale("en-US")).toBe("en-GB");
  });

  it("passes the site's other languages through", () => {
    expect(sportsbookLocale("en")).toBe("en-GB");
    expect(sportsbookLocale("es")).toBe("es-ES");
    expect(sportsbookLocale("de")).toBe("de");
    expect(sportsbookLocale("pt-br")).toBe("pt-BR");
    expect(sportsbookLocale("fa")).toBe("fa");
  });

  it("defaults to en-GB", () => {
    expect(sportsbookLocale("uz")).toBe("en-GB");
    expect(sportsbookLocale("")).toBe("en-GB");
    expect(sportsbookLocale(undefined)).toBe("en-GB");
  });
});

describe("sportsbookCountry", () => {
  it("takes the profile's country first, then the visitor's, then UA", () => {
    expect(sportsbookCountry("de", "TR")).toBe("DE");
    expect(sportsbookCountry(null, "tr")).toBe("TR");
    expect(sportsbookCountry(null, null)).toBe("UA");
    expect(sportsbookCountry("", "XX1")).toBe("UA");
  });
});
