import { Duration, Fn, RemovalPolicy, type Stack } from "aws-cdk-lib";
import {
  AccountRecovery,
  CfnUserPoolGroup,
  FeaturePlan,
  Mfa,
  StandardThreatProtectionMode,
  OAuthScope,
  UserPoolClientIdentityProvider,
  UserPoolEmail,
} from "aws-cdk-lib/aws-cognito";
import { Cognito, type StackContext } from "sst/constructs";
import { poolGroups, userPool } from "../infra/auth";
import { clientIdentityProviders, createIdentityProviders } from "./identity-providers";
import { deploySettings, domainOfAddress, isProduction, siteRedirectUrls } from "./settings";

type SignIn = "email" | "phone" | "username" | "preferredUsername";

/**
 * `regrip-<stage>-<8 hex characters of the stack's id>`: the stage's name as Cognito allows it (lower case letters,
 * digits and hyphens; cut to leave room), and a part of `AWS::StackId`, resolved by CloudFormation at deploy.
 */
function defaultDomainPrefix(stack: Stack, stage: string): string {
  const name = `regrip-${stage}`.toLowerCase().replace(/[^a-z0-9-]/g, "-").replace(/aws|amazon|cognito/g, "x").slice(0, 50).replace(/-+$/, "");
  // arn:aws:cloudformation:<region>:<account>:stack/<name>/<uuid>: the UUID's first part.
  const stackUuid = Fn.select(2, Fn.split("/", stack.stackId));
  return `${name}-${Fn.select(0, Fn.split("-", stackUuid))}`;
}

export function Auth({ app, stack }: StackContext) {
  const settings = deploySettings(app);
  const redirectUrls = siteRedirectUrls(app, settings);
  // The hosted UI needs somewhere to return to. Production's site URL is only
  // known after its first deploy (see docs/deploy.md); until then the pool
  // serves the password flows alone.
  const oauth = redirectUrls.length > 0;

  const cognito = new Cognito(stack, userPool.id, {
    // infra/auth.ts names no username attributes: the username is free text, so
    // customers use their email address as their username and staff a plain name.
    // (Email as an *alias* would forbid email-shaped usernames.)
    login: userPool.usernameAttributes.length > 0 ? (userPool.usernameAttributes as SignIn[]) : ["username"],
    identityPoolFederation: false,
    cdk: {
      userPool: {
        passwordPolicy: userPool.passwordPolicy,
        standardAttributes: { email: { required: false, mutable: true } },
        autoVerify: { email: true },
        // Through SES from a verified address once the stage names one; Cognito's own sender allows 50 a day.
        // Sent through the identity SES verified: the address itself, or its domain (Cognito refuses a sender whose
        // only identity is its domain unless told so).
        ...(settings.emailFrom
          ? {
              email: UserPoolEmail.withSES({
                fromEmail: settings.emailFrom,
                fromName: "Regrip",
                sesRegion: stack.region,
                ...(settings.emailIdentity === "domain" ? { sesVerifiedDomain: domainOfAddress(settings.emailFrom) } : {}),
              }),
            }
          : {}),
        accountRecovery: AccountRecovery.EMAIL_ONLY,
        // Two-step sign-in by authenticator app (infra/auth.ts `mfa`): optional in the pool, required of staff by the
        // server (packages/core/src/actor), which only trusts staff roles in a token of the authenticator group.
        mfa: userPool.mfa.configuration === "OPTIONAL" ? Mfa.OPTIONAL : Mfa.OFF,
        mfaSecondFactor: { otp: userPool.mfa.totp, sms: userPool.mfa.sms },
        // Production's pool watches every sign-in for leaked passwords and risky attempts, and blocks them (Cognito's
        // threat protection, in the Plus plan: priced per monthly active user, docs/deploy.md). Other stages keep the
        // default plan.
        ...(isProduction(app) ? { featurePlan: FeaturePlan.PLUS, standardThreatProtectionMode: StandardThreatProtectionMode.FULL_FUNCTION } : {}),
        removalPolicy: isProduction(app) ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
        // Cognito's own guard: production's pool cannot be deleted until this is turned off.
        deletionProtection: isProduction(app),
      },
      userPoolClient: {
        generateSecret: false,
        authFlows: { ...userPool.authFlows },
        preventUserExistenceErrors: true,
        accessTokenValidity: Duration.minutes(userPool.tokenValidityMinutes.access),
        idTokenValidity: Duration.minutes(userPool.tokenValidityMinutes.id),
        refreshTokenValidity: Duration.days(userPool.refreshTokenValidityDays),
        supportedIdentityProviders: [
          UserPoolClientIdentityProvider.COGNITO,
          ...settings.identityProviders.map((name) => clientIdentityProviders[name]),
        ],
        ...(oauth
          ? {
              oAuth: {
                flows: { authorizationCodeGrant: true },
                scopes: [OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE, OAuthScope.PHONE, OAuthScope.COGNITO_ADMIN],
                callbackUrls: redirectUrls,
                logoutUrls: redirectUrls,
              },
            }
          : { disableOAuth: true }),
      },
    },
  });

  poolGroups.forEach((groupName, precedence) => {
    new CfnUserPoolGroup(stack, `Group${groupName}`, {
      userPoolId: cognito.userPoolId,
      groupName,
      // Lower wins when a user is in both: an admin's tokens carry ADMIN's role first (the authenticator group last).
      precedence,
    });
  });

  // Prefixes are global in a region, across accounts: by default the stage's name and the first 8 characters of
  // this stack's id (a UUID CloudFormation gives the stack), so a second installation of Regrip never collides.
  const domainPrefix = settings.authDomainPrefix ?? defaultDomainPrefix(stack, app.stage);
  const domain = cognito.cdk.userPool.addDomain("HostedUi", { cognitoDomain: { domainPrefix } });
  // By the domain resource's own name (a reference the Web stack imports), not this stack's expression of it.
  const hostedUiDomain = `${domain.domainName}.auth.${stack.region}.amazoncognito.com`;

  // The client may only list providers that already exist in the pool.
  for (const provider of createIdentityProviders(stack, cognito.cdk.userPool, settings)) {
    cognito.cdk.userPoolClient.node.addDependency(provider);
  }

  const issuer = `https://cognito-idp.${stack.region}.amazonaws.com/${cognito.userPoolId}`;

  stack.addOutputs({
    UserPoolId: cognito.userPoolId,
    UserPoolClientId: cognito.userPoolClientId,
    HostedUiDomain: hostedUiDomain,
  });

  return { cognito, issuer, hostedUiDomain };
}
