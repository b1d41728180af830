import { describe, expect, it } from "vitest";
import { assertAcceptablePassword } from "#domain/accounts/password-policy.ts";

const isCommon = (password: string) => password === "password123";

describe("the password rule", () => {
  it("takes 8 to 128 characters that are not a common password", () => {
    expect(() => assertAcceptablePassword("correct horse battery", isCommon)).not.toThrow();
  });

  it("refuses a short, a long and a common one, each said at the field the request named it by", () => {
    expect(() => assertAcceptablePassword("short", isCommon)).toThrow(
      expect.objectContaining({ code: "password_too_short", fields: { password: "Password must be at least 8 characters" } }),
    );
    expect(() => assertAcceptablePassword("x".repeat(129), isCommon, "newPassword")).toThrow(
      expect.objectContaining({ code: "password_too_long", fields: { newPassword: "Password must be at most 128 characters" } }),
    );
    expect(() => assertAcceptablePassword("password123", isCommon, "newPassword")).toThrow(
      expect.objectContaining({ code: "common_password", fields: { newPassword: expect.stringContaining("most common") } }),
    );
  });
});
