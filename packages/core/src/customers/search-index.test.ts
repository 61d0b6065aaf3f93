import { describe, expect, it } from "vitest";
import { customerSearch } from "../entities/customerSearch";
import { normaliseSearchText, searchKeys, searchTerms, staleTerms } from "./search-index";

describe("customer search terms", () => {
  it("normalises case, accents and punctuation", () => {
    expect(normaliseSearchText("José O'Neil")).toBe("joseoneil");
    expect(normaliseSearchText("(303) 555-0142")).toBe("3035550142");
    expect(normaliseSearchText("x".repeat(300))).toHaveLength(100);
  });

  it("indexes first last, last, email and the national digits, leaving out what another term already covers", () => {
    expect(searchTerms({ firstName: "Casey", lastName: "Dink", email: "casey@regrip.test", phone: "+13035550142" })).toEqual(
      ["3035550142", "~2410555303", "caseydink", "caseyregriptest", "dink"].sort(),
    );
    // "ann" is a prefix of "annlee", which is a prefix of the email's form: one term covers all three.
    expect(searchTerms({ firstName: "Ann", lastName: "Lee", email: "annlee@x.io" })).toEqual(["annleexio", "lee"]);
    expect(searchTerms({ firstName: "Li", lastName: "Wu" })).toEqual(["liwu"]);
  });

  it("searches a phone typed with its country code by the national digits", () => {
    expect(searchKeys("+1 (303) 555")).toEqual(["~5553031", "303555"]);
    expect(searchKeys("1-303-555")).toEqual(["~5553031", "1303555", "303555"]);
    expect(searchKeys("303-555")).toEqual(["~555303", "303555"]);
    expect(searchKeys("a.b")).toEqual([]);
  });

  it("finds a phone by 4 or more of its last digits, from the backwards term", () => {
    const terms = searchTerms({ firstName: "Val", lastName: "Ortiz", phone: "+17205551234" });
    expect(terms).toContain("~4321555027");
    // "1234" finds (720) 555-1234: the prefix "~4321" of its backwards digits, in the partition "~43".
    expect(searchKeys("1234")).toEqual(["~4321", "1234", "234"]);
    expect(searchKeys("555-1234")).toContain("~4321555");
    for (const typed of ["1234", "51234", "(555) 1234"]) {
      expect(searchKeys(typed).some((key) => terms.some((term) => key.startsWith("~") && term.startsWith(key))), typed).toBe(true);
    }
    // Under 4 digits, or letters: no search by last digits; a name search never reads these items.
    expect(searchKeys("234").some((key) => key.startsWith("~"))).toBe(false);
    expect(searchKeys("ortiz").some((key) => key.startsWith("~"))).toBe(false);
    expect(searchKeys("~4321")).toEqual(["4321"]);
    expect(searchTerms({ firstName: "Ann", lastName: "Lee", phone: "+1720" })).not.toContain("~027");
  });

  it("knows a user whose recorded terms lack one their fields give now (the repair's test)", () => {
    const fields = { firstName: "Val", lastName: "Ortiz", phone: "+17205551234" };
    expect(staleTerms({ ...fields, searchTerms: searchTerms(fields) })).toBe(false);
    expect(staleTerms({ ...fields, searchTerms: searchTerms(fields).filter((term) => !term.startsWith("~")) })).toBe(true);
    expect(staleTerms(fields)).toBe(true);
  });

  it("queries one prefix partition with begins_with on the typed text", () => {
    const params = customerSearch().query.byTerm({ prefix: "cas" }).begins({ entry: "casey" }).params({ table: "t" });
    expect(params.KeyConditionExpression).toContain("begins_with(#sk1, :sk1)");
    expect(params.ExpressionAttributeValues[":pk"]).toBe("custsearch#cas");
    expect(params.ExpressionAttributeValues[":sk1"]).toBe("casey");
  });
});
