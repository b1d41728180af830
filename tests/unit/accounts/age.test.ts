import { describe, expect, it } from "vitest";
import { acceptableBirthDate, ageBand, ageOn, isMinor, parseBirthDate } from "#domain/accounts/age.ts";

const on = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe("age, asked once (issue 52)", () => {
  it("counts whole years from the birthday's own day", () => {
    expect(ageOn("2010-06-15", on("2023-06-14"))).toBe(12);
    expect(ageOn("2010-06-15", on("2023-06-15"))).toBe(13);
    // 29 February: the birthday counts from 1 March in other years.
    expect(ageOn("2008-02-29", on("2026-02-28"))).toBe(17);
    expect(ageOn("2008-02-29", on("2026-03-01"))).toBe(18);
  });

  it("refuses dates that are not days, under 13, in the future or over 120 years ago", () => {
    expect(parseBirthDate("2010-02-30")).toBeNull();
    expect(parseBirthDate("15/06/2010")).toBeNull();
    // Said at the form's date field, by the request's name of it.
    expect(() => acceptableBirthDate("2013-12-03", on("2026-12-02"))).toThrow(
      expect.objectContaining({ code: "age_under_13", fields: { birthDate: "You must be 13 or older to have an account at this shop." } }),
    );
    expect(acceptableBirthDate("2013-12-02", on("2026-12-02"))).toBe("2013-12-02");
    expect(() => acceptableBirthDate("2030-01-01", on("2026-12-02"))).toThrow(
      expect.objectContaining({ code: "invalid_birth_date", fields: { birthDate: expect.stringContaining("date of birth") } }),
    );
    expect(() => acceptableBirthDate("1900-01-01", on("2026-12-02"))).toThrow(expect.objectContaining({ code: "invalid_birth_date" }));
  });

  it("a minor is under 18; an account without a date is not known to be one; staff see the band", () => {
    expect(isMinor("2009-01-01", on("2026-12-02"))).toBe(true);
    expect(isMinor("2008-12-02", on("2026-12-02"))).toBe(false);
    expect(isMinor(null, on("2026-12-02"))).toBe(false);
    expect([ageBand("2011-01-01", on("2026-12-02")), ageBand("1990-01-01", on("2026-12-02")), ageBand(null, on("2026-12-02"))]).toEqual([
      "under_18",
      "adult",
      "unknown",
    ]);
  });
});
