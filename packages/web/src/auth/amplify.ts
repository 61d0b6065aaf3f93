import { Amplify, type ResourcesConfig } from "aws-amplify";
import { siteHome, type RuntimeConfig } from "../config/runtime-config";

type CognitoConfig = NonNullable<NonNullable<ResourcesConfig["Auth"]>["Cognito"]>;

/** The Amplify Auth config for this site, or undefined when the user pool is not known (a bare build). */
export function amplifyAuthConfig(config: RuntimeConfig, origin: string): ResourcesConfig | undefined {
  const { userPoolId, userPoolClientId, userPoolEndpoint, oauthDomain } = config;
  if (!userPoolId || !userPoolClientId) return undefined;
  const home = siteHome(config, origin);
  const cognito: CognitoConfig = {
    userPoolId,
    userPoolClientId,
    ...(userPoolEndpoint ? { userPoolEndpoint } : {}),
    loginWith: oauthDomain
      ? {
          oauth: {
            domain: oauthDomain,
            scopes: ["openid", "email", "profile"],
            redirectSignIn: [home],
            redirectSignOut: [home],
            responseType: "code",
          },
        }
      : undefined,
  };
  return { Auth: { Cognito: cognito } };
}

export function configureAmplify(config: RuntimeConfig, origin: string = location.origin): void {
  const resources = amplifyAuthConfig(config, origin);
  if (!resources) return;
  Amplify.configure(resources);
}
