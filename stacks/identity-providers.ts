import { SecretValue, Stack } from "aws-cdk-lib";
import {
  ProviderAttribute,
  UserPoolClientIdentityProvider,
  UserPoolIdentityProviderApple,
  UserPoolIdentityProviderGoogle,
  UserPoolIdentityProviderOidc,
  type IUserPool,
  type IUserPoolIdentityProvider,
} from "aws-cdk-lib/aws-cognito";
import {
  AwsCustomResource,
  AwsCustomResourcePolicy,
  Logging,
  PhysicalResourceId,
} from "aws-cdk-lib/custom-resources";
import type { Construct } from "constructs";
import type { SecretName } from "../infra/env";
import { secretParameterName } from "./Secrets";
import type { DeploySettings, IdentityProviderName } from "./settings";

/** The name each provider has in the user pool (what the client's SupportedIdentityProviders lists). */
export const clientIdentityProviders: Record<IdentityProviderName, UserPoolClientIdentityProvider> = {
  google: UserPoolClientIdentityProvider.GOOGLE,
  apple: UserPoolClientIdentityProvider.APPLE,
  github: UserPoolClientIdentityProvider.custom("GitHub"),
};

/**
 * Social sign-ins for the hosted UI, from the SST secrets of infra/env.ts.
 *
 * Why not `SecretValue.ssmSecure`: SST stores secrets as SSM SecureStrings and
 * CloudFormation accepts `{{resolve:ssm-secure:...}}` only in a short list of
 * properties; `AWS::Cognito::UserPoolIdentityProvider.ProviderDetails` is not
 * one of them, so such a template synthesizes and then fails to deploy.
 * Instead each value is read at deploy time by a custom resource (one SSM
 * GetParameter with decryption, response hidden from its logs) and handed to
 * the provider as an attribute: the values never appear in the template and
 * synthesis needs no AWS access. A provider is only created when the stage
 * asks for it (settings.identityProviders), because a missing secret would
 * fail the deploy.
 */
export function createIdentityProviders(
  scope: Construct,
  userPool: IUserPool,
  settings: DeploySettings,
): IUserPoolIdentityProvider[] {
  const read = secretReader(scope, settings.identityProvidersRevision);
  return settings.identityProviders.map((name) => {
    switch (name) {
      case "google":
        return new UserPoolIdentityProviderGoogle(scope, "GoogleSignIn", {
          userPool,
          clientId: read("GOOGLE_CLIENT_ID"),
          clientSecretValue: SecretValue.resourceAttribute(read("GOOGLE_CLIENT_SECRET")),
          scopes: ["openid", "email", "profile"],
          attributeMapping: {
            email: ProviderAttribute.GOOGLE_EMAIL,
            emailVerified: ProviderAttribute.GOOGLE_EMAIL_VERIFIED,
            givenName: ProviderAttribute.GOOGLE_GIVEN_NAME,
            familyName: ProviderAttribute.GOOGLE_FAMILY_NAME,
          },
        });
      case "apple":
        return new UserPoolIdentityProviderApple(scope, "AppleSignIn", {
          userPool,
          clientId: read("APPLE_SERVICES_ID"),
          teamId: read("APPLE_TEAM_ID"),
          keyId: read("APPLE_KEY_ID"),
          privateKeyValue: SecretValue.resourceAttribute(read("APPLE_PRIVATE_KEY")),
          scopes: ["name", "email"],
          attributeMapping: {
            email: ProviderAttribute.APPLE_EMAIL,
            emailVerified: ProviderAttribute.APPLE_EMAIL_VERIFIED,
            givenName: ProviderAttribute.APPLE_FIRST_NAME,
            familyName: ProviderAttribute.APPLE_LAST_NAME,
          },
        });
      case "github":
        // GitHub speaks OAuth 2 but not OIDC; Cognito reaches it through a bridge
        // (for example github-cognito-openid-wrapper) whose issuer is configured per stage.
        return new UserPoolIdentityProviderOidc(scope, "GitHubSignIn", {
          userPool,
          name: clientIdentityProviders.github.name,
          clientId: read("GITHUB_CLIENT_ID"),
          clientSecret: read("GITHUB_CLIENT_SECRET"),
          issuerUrl: settings.githubIssuerUrl!,
          scopes: ["openid", "read:user", "user:email"],
          attributeMapping: {
            email: ProviderAttribute.other("email"),
            fullname: ProviderAttribute.other("name"),
          },
        });
    }
  });
}

/** A deploy-time read of one SST secret; the returned string is a CloudFormation attribute. */
function secretReader(scope: Construct, revision: string) {
  const stack = Stack.of(scope);
  return (name: SecretName): string => {
    const parameterName = secretParameterName(name);
    const call = {
      service: "SSM",
      action: "GetParameter",
      parameters: { Name: parameterName, WithDecryption: true },
      // The revision is part of the id: changing it re-runs the read on the next deploy.
      physicalResourceId: PhysicalResourceId.of(`${parameterName}#${revision}`),
      outputPaths: ["Parameter.Value"],
      logging: Logging.withDataHidden(),
    };
    const reader = new AwsCustomResource(scope, `Read${name}`, {
      resourceType: "Custom::SecretRead",
      onUpdate: call,
      installLatestAwsSdk: false,
      policy: AwsCustomResourcePolicy.fromSdkCalls({
        resources: [
          stack.formatArn({ service: "ssm", resource: "parameter", resourceName: parameterName.slice(1) }),
        ],
      }),
    });
    return reader.getResponseField("Parameter.Value");
  };
}
