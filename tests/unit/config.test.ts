import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/server/config.ts";

describe("configuration", () => {
  it("has working defaults for a local store", () => {
    expect(loadConfig({})).toEqual({
      databaseUrl: "file:./data/shop.db",
      host: "localhost",
      port: 4321,
      publicUrl: "http://localhost:4321",
      dataDir: "./data",
      logLevel: "info",
    });
  });

  it("treats empty variables as unset and trims a trailing slash from PUBLIC_URL", () => {
    expect(loadConfig({ PORT: "", PUBLIC_URL: "https://shop.example/" }).publicUrl).toBe("https://shop.example");
  });

  it("stops with one line naming each bad variable", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT="eighty" is invalid/);
    expect(() => loadConfig({ LOG_LEVEL: "loud", DATABASE_URL: "mysql://x" })).toThrow(/LOG_LEVEL.*DATABASE_URL|DATABASE_URL.*LOG_LEVEL/);
    expect(() => loadConfig({ PUBLIC_URL: "not a url" })).toThrow(/PUBLIC_URL/);
  });
});
