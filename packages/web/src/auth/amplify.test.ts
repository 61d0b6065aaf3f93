import { describe, expect, it } from "vitest";
import { amplifyAuthConfig } from "./amplify";

const origin = "http://localhost:3000";
const pool = { userPoolId: "local_abc", userPoolClientId: "client1" };

describe("amplifyAuthConfig", () => {
  it("leaves Amplify unconfigured without a user pool", () => {
    expect(amplifyAuthConfig({}, origin)).toBeUndefined();
    expect(amplifyAuthConfig({ userPoolId: "local_abc" }, origin)).toBeUndefined();
  });

  it("points Amplify at the local user pool endpoint, with no hosted UI", () => {
    const cognito = amplifyAuthConfig({ ...pool, userPoolEndpoint: "http://localhost:3000/cognito/" }, origin)?.Auth?.Cognito;
    expect(cognito).toEqual({
      userPoolId: "local_abc",
      userPoolClientId: "client1",
      userPoolEndpoint: "http://localhost:3000/cognito/",
      loginWith: undefined,
    });
  });

  it("adds the hosted UI when there is an OAuth domain, returning to the site", () => {
    const cognito = amplifyAuthConfig(
      { ...pool, oauthDomain: "regrip.auth.us-east-1.amazoncognito.com", siteUrl: "https://regrip.example" },
      origin,
    )?.Auth?.Cognito;
    expect(cognito).not.toHaveProperty("userPoolEndpoint");
    expect(cognito?.loginWith).toEqual({
      oauth: {
        domain: "regrip.auth.us-east-1.amazoncognito.com",
        scopes: ["openid", "email", "profile"],
        redirectSignIn: ["https://regrip.example/"],
        redirectSignOut: ["https://regrip.example/"],
        responseType: "code",
      },
    });
  });

  it("returns to the page's origin when no site URL is set", () => {
    const oauth = amplifyAuthConfig({ ...pool, oauthDomain: "auth.regrip.example" }, origin)?.Auth?.Cognito?.loginWith?.oauth;
    expect(oauth?.redirectSignIn).toEqual(["http://localhost:3000/"]);
  });
});
