import { describe, expect, it } from "vitest";
import { customerSearch } from "../entities/customerSearch";
import { normaliseSearchText, searchKeys, searchTerms } from "./search-index";

describe("customer search terms", () => {
  it("normalises case, accents and punctuation", () => {
    expect(normaliseSearchText("José O'Neil")).toBe("joseoneil");
    expect(normaliseSearchText("(303) 555-0142")).toBe("3035550142");
    expect(normaliseSearchText("x".repeat(300))).toHaveLength(100);
  });

  it("indexes first last, last, email and the national digits, leaving out what another term already covers", () => {
    expect(searchTerms({ firstName: "Casey", lastName: "Dink", email: "casey@regrip.test", phone: "+13035550142" })).toEqual(
      ["3035550142", "caseydink", "caseyregriptest", "dink"].sort(),
    );
    // "ann" is a prefix of "annlee", which is a prefix of the email's form: one term covers all three.
    expect(searchTerms({ firstName: "Ann", lastName: "Lee", email: "annlee@x.io" })).toEqual(["annleexio", "lee"]);
    expect(searchTerms({ firstName: "Li", lastName: "Wu" })).toEqual(["liwu"]);
  });

  it("searches a phone typed with its country code by the national digits", () => {
    expect(searchKeys("+1 (303) 555")).toEqual(["303555"]);
    expect(searchKeys("1-303-555")).toEqual(["1303555", "303555"]);
    expect(searchKeys("303-555")).toEqual(["303555"]);
    expect(searchKeys("a.b")).toEqual([]);
  });

  it("queries one prefix partition with begins_with on the typed text", () => {
    const params = customerSearch().query.byTerm({ prefix: "cas" }).begins({ entry: "casey" }).params({ table: "t" });
    expect(params.KeyConditionExpression).toContain("begins_with(#sk1, :sk1)");
    expect(params.ExpressionAttributeValues[":pk"]).toBe("custsearch#cas");
    expect(params.ExpressionAttributeValues[":sk1"]).toBe("casey");
  });
});
