/**
 * The SST app synthesized offline (stacks/synth.ts) and checked against the
 * contracts it is built from: infra/table.ts, infra/auth.ts, infra/env.ts and
 * the route table. Two stages: "dev" with no deploy settings, and "production"
 * (REGRIP_PRODUCTION=true) with a site URL and every identity provider.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CachePolicy, OriginRequestPolicy } from "aws-cdk-lib/aws-cloudfront";
import { beforeAll, describe, expect, it } from "vitest";
import { poolGroups, userPool } from "../../infra/auth";
import { env, secrets } from "../../infra/env";
import { contentSecurityPolicy, hstsMaxAgeSeconds } from "../../infra/headers";
import { keyAttributes, table } from "../../infra/table";
import { routeKey, routes } from "../../packages/functions/src/routes";
import { ownRouteVariable } from "../../packages/functions/src/http/own-route";
import { apiStackOf } from "../../stacks/Api";
import { repoRoot, stackNames, type StackName, type Synthesis } from "../../stacks/synth";
import { synthesized, productionSiteUrl } from "./configurations";
import { snsDeliveryLogGroups } from "../../stacks/Webhooks";
import { originSecretHeader, viewerAddressHeader } from "../../packages/functions/src/http/origin";
import { smsWebhook, snsDeliveryStatus, snsInbound, stripeWebhook } from "../../infra/webhooks";

const stripeWebhookHandler: string = stripeWebhook.handler;
const smsWebhookHandler = smsWebhook.handler;
const snsInboundHandler = snsInbound.handler;
const snsDeliveryStatusHandler = snsDeliveryStatus.handler;
import { jobs, jobsOf } from "../../infra/jobs";
import { prerenderedPages } from "../../infra/prerendered";
import { hashedAssetCacheControl, revalidatedCacheControl, webCacheControl } from "../../infra/web-cache";
import { handlerTimeoutSeconds } from "../../stacks/handlers";
import { callLimits } from "../../packages/core/src/aws";
import { stageOutputs } from "../../scripts/lib/stage-target";
import {
  joined,
  onlyResource,
  resource,
  resourcesOfType,
  runCloudFrontFunction,
  target,
  templateJson,
  type Resource,
} from "./cloudformation";


/** The uploader's glob (`**`, `assets/**`, `**\/*.js`) against a file path, as glob matches it. */
function globMatches(glob: string, file: string): boolean {
  const pattern = glob
    .split(/(\*\*\/|\*\*|\*)/)
    .map((part) => (part === "**/" ? "(?:.*/)?" : part === "**" ? ".*" : part === "*" ? "[^/]*" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${pattern}$`).test(file);
}

let dev: Synthesis;
let production: Synthesis;
/** A new production stage: a sender verified by its domain, a hosted UI prefix of its own (configurations.ts). */
let prod: Synthesis;

beforeAll(async () => {
  dev = await synthesized("dev");
  production = await synthesized("production");
  prod = await synthesized("prod");
});

/**
 * The variables every handler gets (EMAIL_FROM only a function granted email and USER_EXPORTS_BUCKET only the one
 * granted userExports: test/infra/grants.test.ts; REGRIP_ROUTE only an API route's function, its own route).
 */
const everyHandlers = Object.values(env).filter((name) => name !== env.emailFrom && name !== env.userExportsBucket && name !== env.route);

/** The stack a route key's route lives in (stacks/Api.ts `apiStackOf`). */
const stackOfKey = (key: string) => apiStackOf(routes.find((route) => routeKey(route) === key)!);

function routeResource(synthesis: Synthesis, key: string): [string, Resource] {
  const found = resourcesOfType(synthesis, stackOfKey(key), "AWS::ApiGatewayV2::Route").filter(
    ([, r]) => r.Properties?.RouteKey === key,
  );
  expect(found, `route ${key}`).toHaveLength(1);
  return found[0];
}

/** The Lambda function behind a route: Route.Target → Integration.IntegrationUri → Function. */
function routeFunction(synthesis: Synthesis, key: string): { stack: StackName; logicalId: string; fn: Resource } {
  const [, route] = routeResource(synthesis, key);
  const integrationId = /^integrations\/\$\{ref\}$/.test(joined(route.Properties!.Target))
    ? (route.Properties!.Target["Fn::Join"][1][1].Ref as string)
    : undefined;
  expect(integrationId, `${key} targets an integration`).toBeDefined();
  const stack = stackOfKey(key);
  const integration = resource(synthesis, { stack, logicalId: integrationId! });
  const fnAt = target(synthesis, stack, integration.Properties!.IntegrationUri);
  expect(fnAt?.attribute).toBe("Arn");
  const fn = resource(synthesis, fnAt!);
  expect(fn.Type).toBe("AWS::Lambda::Function");
  return { stack, logicalId: fnAt!.logicalId, fn };
}

function webhookFunction(synthesis: Synthesis, handler = stripeWebhookHandler): { stack: StackName; logicalId: string; fn: Resource } {
  const found = synthesis.functions.filter((f) => f.handler === handler);
  expect(found).toHaveLength(1);
  const at = { stack: "Webhooks" as const, logicalId: found[0].logicalId };
  return { ...at, fn: resource(synthesis, at) };
}

function variables(fn: Resource): Record<string, unknown> {
  return fn.Properties?.Environment?.Variables ?? {};
}

describe("Storage", () => {
  it("builds the table's keys and indexes from infra/table.ts", () => {
    const [, t] = onlyResource(dev, "Storage", "AWS::DynamoDB::Table");
    const p = t.Properties!;
    const sortedNames = (defs: { AttributeName: string }[]) => defs.map((d) => d.AttributeName).sort();

    expect(sortedNames(p.AttributeDefinitions)).toEqual([...keyAttributes()].sort());
    expect(p.AttributeDefinitions.every((d: { AttributeType: string }) => d.AttributeType === "S")).toBe(true);
    expect(p.KeySchema).toEqual([
      { AttributeName: table.primary.partitionKey, KeyType: "HASH" },
      { AttributeName: table.primary.sortKey, KeyType: "RANGE" },
    ]);
    expect(
      [...p.GlobalSecondaryIndexes].sort((a, b) => a.IndexName.localeCompare(b.IndexName)),
    ).toEqual(
      [...table.globalIndexes]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((index) => ({
          IndexName: index.name,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: "HASH" },
            { AttributeName: index.sortKey, KeyType: "RANGE" },
          ],
          Projection: { ProjectionType: "ALL" },
        })),
    );
    expect(p.TimeToLiveSpecification).toEqual({ AttributeName: table.timeToLiveAttribute, Enabled: true });
    expect(p.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(p.BillingMode).toBe("PAY_PER_REQUEST");
  });

  it("keeps production's data when the stage is removed, and nothing else's", () => {
    const data: [StackName, string][] = [
      ["Storage", "AWS::DynamoDB::Table"],
      ["Storage", "AWS::S3::Bucket"],
      ["Auth", "AWS::Cognito::UserPool"],
    ];
    for (const [stack, type] of data) {
      const [, prod] = onlyResource(production, stack, type);
      expect(prod.DeletionPolicy, `production ${type}`).toBe("Retain");
      expect(prod.UpdateReplacePolicy, `production ${type}`).toBe("Retain");
      const [, disposable] = onlyResource(dev, stack, type);
      expect(disposable.DeletionPolicy, `dev ${type}`).toBe("Delete");
    }
    expect(onlyResource(production, "Storage", "AWS::DynamoDB::Table")[1].Properties!.DeletionProtectionEnabled).toBe(true);
    expect(onlyResource(production, "Auth", "AWS::Cognito::UserPool")[1].Properties!.DeletionProtection).toBe("ACTIVE");
    expect(onlyResource(dev, "Storage", "AWS::DynamoDB::Table")[1].Properties!.DeletionProtectionEnabled).toBe(false);
    expect(onlyResource(dev, "Auth", "AWS::Cognito::UserPool")[1].Properties!.DeletionProtection ?? "INACTIVE").toBe("INACTIVE");
    // A dev stage's bucket is emptied on removal so CloudFormation can delete it.
    expect(resourcesOfType(dev, "Storage", "Custom::S3AutoDeleteObjects")).toHaveLength(1);
    expect(resourcesOfType(production, "Storage", "Custom::S3AutoDeleteObjects")).toHaveLength(0);
  });

  it("keeps paddle photos private and lets the site PUT to presigned URLs", () => {
    const [, bucket] = onlyResource(production, "Storage", "AWS::S3::Bucket");
    expect(bucket.Properties!.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    const [rule] = bucket.Properties!.CorsConfiguration.CorsRules;
    expect(rule.AllowedMethods).toEqual(["PUT"]);
    expect(rule.AllowedOrigins).toEqual([productionSiteUrl]);
  });
});

describe("Auth", () => {
  it("sends the pool's emails through SES from the stage's verified sender, or Cognito's own (50 a day) without one", () => {
    const [, devPool] = onlyResource(dev, "Auth", "AWS::Cognito::UserPool");
    expect(devPool.Properties!.EmailConfiguration?.EmailSendingAccount ?? "COGNITO_DEFAULT").toBe("COGNITO_DEFAULT");
    const [, pool] = onlyResource(production, "Auth", "AWS::Cognito::UserPool");
    expect(pool.Properties!.EmailConfiguration).toMatchObject({ EmailSendingAccount: "DEVELOPER", From: "Regrip <hello@regrip.example>" });
    expect(joined(pool.Properties!.EmailConfiguration.SourceArn)).toMatch(/:ses:us-east-1:(\d{12}|\$\{ref\}):identity\/hello@regrip.example$/);
    // A sender verified by its domain: the pool sends through the domain's identity, from the address.
    const [, byDomain] = onlyResource(prod, "Auth", "AWS::Cognito::UserPool");
    expect(byDomain.Properties!.EmailConfiguration).toMatchObject({ EmailSendingAccount: "DEVELOPER", From: "Regrip <orders@mail.regrip.example>" });
    expect(joined(byDomain.Properties!.EmailConfiguration.SourceArn)).toMatch(/:ses:us-east-1:(\d{12}|\$\{ref\}):identity\/mail.regrip.example$/);
  });

  it("names the hosted UI's domain uniquely by default (the stage and the stack's id), or as the stage's settings say", () => {
    for (const [synthesis, stage] of [[dev, "dev"], [production, "production"]] as const) {
      const [, domain] = onlyResource(synthesis, "Auth", "AWS::Cognito::UserPoolDomain");
      const parts = domain.Properties!.Domain["Fn::Join"][1];
      expect(parts[0]).toBe(`regrip-${stage}-`);
      expect(JSON.stringify(parts[1])).toContain('{"Ref":"AWS::StackId"}');
    }
    const [, own] = onlyResource(prod, "Auth", "AWS::Cognito::UserPoolDomain");
    expect(own.Properties!.Domain).toBe("regrip-shop-two");
  });

  it("has the groups of infra/auth.ts in the pool", () => {
    const [poolId] = onlyResource(dev, "Auth", "AWS::Cognito::UserPool");
    const groups = resourcesOfType(dev, "Auth", "AWS::Cognito::UserPoolGroup").map(([, g]) => g.Properties!);
    expect(groups.map((g) => g.GroupName).sort()).toEqual([...poolGroups].sort());
    for (const group of groups) expect(group.UserPoolId).toEqual({ Ref: poolId });
  });

  it("offers two-step sign-in by authenticator app only, and guards production's sign-ins with threat protection", () => {
    for (const synthesis of [dev, production]) {
      const [, pool] = onlyResource(synthesis, "Auth", "AWS::Cognito::UserPool");
      expect(pool.Properties!.MfaConfiguration).toBe("OPTIONAL");
      expect(pool.Properties!.EnabledMfas).toEqual(["SOFTWARE_TOKEN_MFA"]);
    }
    const [, shop] = onlyResource(production, "Auth", "AWS::Cognito::UserPool");
    expect(shop.Properties!.UserPoolTier).toBe("PLUS");
    expect(shop.Properties!.UserPoolAddOns).toEqual({ AdvancedSecurityMode: "ENFORCED" });
    const [, disposable] = onlyResource(dev, "Auth", "AWS::Cognito::UserPool");
    expect(disposable.Properties!.UserPoolAddOns).toBeUndefined();
  });

  it("applies the password policy and a public web client with the flows of infra/auth.ts", () => {
    const [, pool] = onlyResource(dev, "Auth", "AWS::Cognito::UserPool");
    const policy = userPool.passwordPolicy;
    expect(pool.Properties!.Policies.PasswordPolicy).toEqual({
      MinimumLength: policy.minLength,
      RequireLowercase: policy.requireLowercase,
      RequireUppercase: policy.requireUppercase,
      RequireNumbers: policy.requireDigits,
      RequireSymbols: policy.requireSymbols,
    });
    // Usernames are free text (customers use their email address), matched case-insensitively.
    expect(pool.Properties!.UsernameAttributes).toBeUndefined();
    expect(pool.Properties!.AliasAttributes).toBeUndefined();
    expect(pool.Properties!.UsernameConfiguration).toEqual({ CaseSensitive: false });

    const [, client] = onlyResource(dev, "Auth", "AWS::Cognito::UserPoolClient");
    expect(client.Properties!.GenerateSecret).toBe(false);
    expect([...client.Properties!.ExplicitAuthFlows].sort()).toEqual(
      ["ALLOW_USER_PASSWORD_AUTH", "ALLOW_USER_SRP_AUTH", "ALLOW_ADMIN_USER_PASSWORD_AUTH", "ALLOW_REFRESH_TOKEN_AUTH"].sort(),
    );
    expect(client.Properties!.AccessTokenValidity).toBe(userPool.tokenValidityMinutes.access);
    expect(client.Properties!.IdTokenValidity).toBe(userPool.tokenValidityMinutes.id);
  });

  it("throttles the API's stage and, far lower, the password sign-in, as the stage's settings say", () => {
    const [, devStage] = onlyResource(dev, "Api", "AWS::ApiGatewayV2::Stage");
    expect(devStage.Properties!.DefaultRouteSettings).toMatchObject({ ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 });
    expect(devStage.Properties!.RouteSettings).toEqual({ "POST /api/auth/local": { ThrottlingRateLimit: 2, ThrottlingBurstLimit: 5 } });
    // The stage names the sign-in route, so it waits for it.
    const [signInId] = resourcesOfType(dev, "Api", "AWS::ApiGatewayV2::Route").find(([, r]) => r.Properties!.RouteKey === "POST /api/auth/local")!;
    expect(([] as string[]).concat(devStage.DependsOn ?? [])).toContain(signInId);
    const [, prodStage] = onlyResource(prod, "Api", "AWS::ApiGatewayV2::Stage");
    expect(prodStage.Properties!.DefaultRouteSettings).toMatchObject({ ThrottlingRateLimit: 20, ThrottlingBurstLimit: 40 });
    expect(prodStage.Properties!.RouteSettings).toEqual({ "POST /api/auth/local": { ThrottlingRateLimit: 1, ThrottlingBurstLimit: 3 } });
  });

  it("puts the site behind a per-IP WAF rate rule only when the stage asks for one", () => {
    expect(resourcesOfType(dev, "Web", "AWS::WAFv2::WebACL")).toEqual([]);
    expect(resourcesOfType(production, "Web", "AWS::WAFv2::WebACL")).toEqual([]);
    const [aclId, acl] = onlyResource(prod, "Web", "AWS::WAFv2::WebACL");
    expect(acl.Properties).toMatchObject({
      Scope: "CLOUDFRONT",
      DefaultAction: { Allow: {} },
      Rules: [{ Name: "PerIpRateLimit", Action: { Block: {} }, Statement: { RateBasedStatement: { Limit: 600, AggregateKeyType: "IP" } } }],
    });
    const [, distribution] = onlyResource(prod, "Web", "AWS::CloudFront::Distribution");
    expect(target(prod, "Web", distribution.Properties!.DistributionConfig.WebACLId)?.logicalId).toBe(aclId);
  });

  it("serves a hosted UI with the code flow back to the site", () => {

    const [, client] = onlyResource(production, "Auth", "AWS::Cognito::UserPoolClient");
    expect(client.Properties!.AllowedOAuthFlows).toEqual(["code"]);
    expect(client.Properties!.CallbackURLs).toEqual([`${productionSiteUrl}/`]);
    expect(client.Properties!.LogoutURLs).toEqual([`${productionSiteUrl}/`]);
    // A stage that does not know its site URL yet still works with a local web app.
    const [, devClient] = onlyResource(dev, "Auth", "AWS::Cognito::UserPoolClient");
    expect(devClient.Properties!.CallbackURLs).toContain("http://localhost:3000/");
  });

  it("adds the requested identity providers with their secrets read at deploy time, never written in the template", () => {
    const providers = resourcesOfType(production, "Auth", "AWS::Cognito::UserPoolIdentityProvider");
    expect(providers.map(([, p]) => p.Properties!.ProviderName).sort()).toEqual(["GitHub", "Google", "SignInWithApple"]);
    for (const [, provider] of providers) {
      for (const [key, value] of Object.entries<unknown>(provider.Properties!.ProviderDetails)) {
        if (["authorize_scopes", "oidc_issuer", "attributes_request_method"].includes(key)) continue;
        const from = target(production, "Auth", value);
        expect(from, `${provider.Properties!.ProviderName}.${key}`).toBeDefined();
        expect(resource(production, from!).Type).toBe("Custom::SecretRead");
      }
    }
    const [, client] = onlyResource(production, "Auth", "AWS::Cognito::UserPoolClient");
    expect(client.Properties!.SupportedIdentityProviders.sort()).toEqual(["COGNITO", "GitHub", "Google", "SignInWithApple"]);
    expect(client.DependsOn?.sort()).toEqual(providers.map(([id]) => id).sort());

    // CloudFormation rejects ssm-secure references in identity provider details.
    for (const synthesis of [dev, production]) {
      for (const stack of stackNames) {
        expect(JSON.stringify(templateJson(synthesis, stack))).not.toContain("resolve:ssm-secure");
      }
    }
    expect(resourcesOfType(dev, "Auth", "AWS::Cognito::UserPoolIdentityProvider")).toHaveLength(0);
  });
});

describe("Api", () => {
  it("has a JWT authorizer for the pool's issuer and the web client", () => {
    const [, authorizer] = onlyResource(dev, "Api", "AWS::ApiGatewayV2::Authorizer");
    const jwt = authorizer.Properties!.JwtConfiguration;
    expect(authorizer.Properties!.AuthorizerType).toBe("JWT");
    expect(authorizer.Properties!.IdentitySource).toEqual(["$request.header.Authorization"]);
    expect(joined(jwt.Issuer)).toBe("https://cognito-idp.us-east-1.amazonaws.com/${ref}");
    const issuerPool = target(dev, "Api", jwt.Issuer["Fn::Join"][1][1]);
    expect(resource(dev, issuerPool!).Type).toBe("AWS::Cognito::UserPool");
    expect(jwt.Audience).toHaveLength(1);
    expect(resource(dev, target(dev, "Api", jwt.Audience[0])!).Type).toBe("AWS::Cognito::UserPoolClient");
  });

  it("has exactly the routes of the route table, staff routes in the StaffApi stack and admin routes in AdminApi", () => {
    const keys = (["Api", "StaffApi", "AdminApi"] as const).flatMap((stack) =>
      resourcesOfType(dev, stack, "AWS::ApiGatewayV2::Route").map(([, r]) => `${stack} ${r.Properties!.RouteKey}`),
    );
    expect(keys.sort()).toEqual(routes.map((route) => `${apiStackOf(route)} ${routeKey(route)}`).sort());
    // One API: the StaffApi and AdminApi stacks' routes are the Api stack's API's.
    const [apiId] = onlyResource(dev, "Api", "AWS::ApiGatewayV2::Api");
    for (const stack of ["StaffApi", "AdminApi"] as const) {
      expect(resourcesOfType(dev, stack, "AWS::ApiGatewayV2::Route").length, stack).toBeGreaterThan(0);
      for (const [, r] of resourcesOfType(dev, stack, "AWS::ApiGatewayV2::Route")) {
        expect(target(dev, stack, r.Properties!.ApiId)).toEqual({ stack: "Api", logicalId: apiId });
      }
    }
  });

  for (const route of routes) {
    const key = routeKey(route);
    it(`${key}: ${route.access === "public" ? "no authorizer" : "JWT authorizer"}, its own function running ${route.handler}`, () => {
      const [authorizerId] = onlyResource(dev, "Api", "AWS::ApiGatewayV2::Authorizer");
      const [, r] = routeResource(dev, key);
      if (route.access === "public") {
        expect(r.Properties!.AuthorizationType).toBe("NONE");
        expect(r.Properties!.AuthorizerId).toBeUndefined();
      } else {
        expect(r.Properties!.AuthorizationType).toBe("JWT");
        expect(target(dev, apiStackOf(route), r.Properties!.AuthorizerId)).toEqual({ stack: "Api", logicalId: authorizerId });
      }
      const { stack, logicalId } = routeFunction(dev, key);
      const built = dev.functions.find((f) => f.stack === stack && f.logicalId === logicalId);
      expect(built?.handler).toBe(route.handler);
    });
  }

  it("gives every route its own function", () => {
    const ids = routes.map((route) => routeFunction(dev, routeKey(route)).logicalId);
    expect(new Set(ids).size).toBe(routes.length);
  });

  it("gives every handler the environment of infra/env.ts", () => {
    const handlers = [...routes.map((route) => routeFunction(dev, routeKey(route))), webhookFunction(dev)];
    for (const { stack, fn } of handlers) {
      const vars = variables(fn);
      for (const name of everyHandlers) expect(vars, name).toHaveProperty(name);
      const points = (name: string) => resource(dev, target(dev, stack, vars[name])!).Type;
      expect(points(env.tableName)).toBe("AWS::DynamoDB::Table");
      expect(points(env.userPoolId)).toBe("AWS::Cognito::UserPool");
      expect(points(env.userPoolClientId)).toBe("AWS::Cognito::UserPoolClient");
      expect(points(env.uploadsBucket)).toBe("AWS::S3::Bucket");
      expect(joined(vars[env.issuer])).toBe("https://cognito-idp.us-east-1.amazonaws.com/${ref}");
    }
    // Each route's function is told its own route, and only a route's function is.
    for (const route of routes) expect(JSON.parse(String(variables(routeFunction(dev, routeKey(route)).fn)[env.route])), routeKey(route)).toEqual(JSON.parse(ownRouteVariable(route)));
    expect(variables(webhookFunction(dev).fn)).not.toHaveProperty(env.route);
    const prodRoute = routeFunction(production, routeKey(routes[0])).fn;
    expect(variables(prodRoute)[env.loginUrl]).toBe(`${productionSiteUrl}/login`);
    expect(variables(prodRoute)[env.siteUrl]).toBe(productionSiteUrl);
    expect(variables(routeFunction(dev, routeKey(routes[0])).fn)[env.loginUrl]).toBe("/login");
  });

  it("gives every handler a timeout that outlasts its bounded SDK calls and stays under API Gateway's 30 s", () => {
    const handlers = [...routes.map((route) => routeFunction(dev, routeKey(route))), webhookFunction(dev)];
    for (const { fn } of handlers) {
      expect(fn.Properties?.Timeout).toBe(handlerTimeoutSeconds);
      expect(handlerTimeoutSeconds).toBeLessThan(30);
    }
    const slowestDynamoCall = (callLimits.connectionTimeoutMs + callLimits.requestTimeoutMs) * callLimits.maxAttempts;
    expect(slowestDynamoCall / 1000).toBeLessThan(handlerTimeoutSeconds / 2);
  });
});

describe("secrets", () => {
  // What each function may read is asserted with its other grants in grants.test.ts.
  it("lists every secret in .env.example", () => {
    const lines = readFileSync(join(repoRoot, ".env.example"), "utf8").split(/\r?\n/);
    for (const { name } of secrets) expect(lines.some((line) => line.startsWith(`${name}=`)), name).toBe(true);
  });
});

describe("Web", () => {
  it("sends /api/* to the HTTP API on the site's origin, uncached, with the viewer's headers", () => {
    const [, distribution] = onlyResource(dev, "Web", "AWS::CloudFront::Distribution");
    const config = distribution.Properties!.DistributionConfig;
    const api = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === "/api/*");
    expect(api).toBeDefined();
    expect(api.CachePolicyId).toBe(CachePolicy.CACHING_DISABLED.cachePolicyId);
    expect(api.OriginRequestPolicyId).toBe(OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId);
    expect([...api.AllowedMethods].sort()).toEqual(["DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT"]);

    const origin = config.Origins.find((o: { Id: string }) => o.Id === api.TargetOriginId);
    expect(origin.CustomOriginConfig.OriginProtocolPolicy).toBe("https-only");
    expect(joined(origin.DomainName)).toBe("${ref}.execute-api.us-east-1.${ref}");
    const apiId = target(dev, "Web", origin.DomainName["Fn::Join"][1][0]);
    expect(resource(dev, apiId!).Type).toBe("AWS::ApiGatewayV2::Api");
  });

  it("fills the web app's user pool and client placeholders at deploy time", () => {
    const [, uploader] = onlyResource(dev, "Web", "Custom::S3Uploader");
    const replaced = (search: string) =>
      uploader.Properties!.replaceValues.filter((r: { search: string }) => r.search === search) as { files: string; replace: unknown }[];
    for (const [name, type] of [
      ["VITE_USER_POOL_ID", "AWS::Cognito::UserPool"],
      ["VITE_USER_POOL_CLIENT_ID", "AWS::Cognito::UserPoolClient"],
    ]) {
      const rules = replaced(`{{ ${name} }}`);
      expect(rules.map((r) => r.files)).toContain("**/*.html");
      for (const rule of rules) expect(resource(dev, target(dev, "Web", rule.replace)!).Type).toBe(type);
    }
  });

  it("compresses on every behaviour, caches the site by its files' Cache-Control, and stores hashed assets as immutable and pages as no-cache", () => {
    for (const synthesis of [dev, production]) {
      const [, distribution] = onlyResource(synthesis, "Web", "AWS::CloudFront::Distribution");
      const config = distribution.Properties!.DistributionConfig;
      const behaviors: { PathPattern?: string; Compress?: boolean }[] = [config.DefaultCacheBehavior, ...(config.CacheBehaviors ?? [])];
      expect(behaviors).toHaveLength(3);
      for (const behavior of behaviors) expect(behavior.Compress, behavior.PathPattern ?? "default").toBe(true);
      // CachingOptimized: gzip and brotli in the cache key, and the origin's Cache-Control followed up to a year.
      expect(config.DefaultCacheBehavior.CachePolicyId).toBe(CachePolicy.CACHING_OPTIMIZED.cachePolicyId);

      // The uploader gives each file the Cache-Control of the last rule whose glob matches it.
      const [, uploader] = onlyResource(synthesis, "Web", "Custom::S3Uploader");
      const rules = uploader.Properties!.fileOptions as { files: string | string[]; cacheControl: string }[];
      const cacheControl = (file: string) =>
        rules.findLast((rule) => [rule.files].flat().some((glob) => globMatches(glob, file)))?.cacheControl;
      for (const file of ["assets/index-Ab12Cd34.js", "assets/BookingPage-B3Y34cbR.css", "assets/inter-latin-Ab12.woff2"]) {
        expect(cacheControl(file), file).toBe(hashedAssetCacheControl);
        expect(webCacheControl(`/${file}`), file).toBe(hashedAssetCacheControl);
      }
      for (const file of ["index.html", "prerendered/index.html", "prerendered/terms/index.html", "favicon.svg", "stray.js"]) {
        expect(cacheControl(file), file).toBe(revalidatedCacheControl);
      }
    }
  });

  it("serves paddle photos at /uploads/* from the private uploads bucket through origin access control", () => {
    const [, distribution] = onlyResource(dev, "Web", "AWS::CloudFront::Distribution");
    const config = distribution.Properties!.DistributionConfig;
    const uploads = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === "/uploads/*");
    expect(uploads).toBeDefined();
    expect([...uploads.AllowedMethods].sort()).toEqual(["GET", "HEAD"]);
    expect(uploads.ViewerProtocolPolicy).toBe("redirect-to-https");
    expect(uploads.CachePolicyId).toBe(CachePolicy.CACHING_OPTIMIZED.cachePolicyId);

    // The origin is the Storage stack's bucket, signed for with OAC (no origin access identity, nothing public).
    const origin = config.Origins.find((o: { Id: string }) => o.Id === uploads.TargetOriginId);
    const bucket = target(dev, "Web", origin.DomainName);
    expect(bucket && { stack: bucket.stack, type: resource(dev, bucket).Type, attribute: bucket.attribute }).toEqual({
      stack: "Storage",
      type: "AWS::S3::Bucket",
      attribute: "RegionalDomainName",
    });
    expect(origin.S3OriginConfig.OriginAccessIdentity).toBe("");
    const oac = resource(dev, target(dev, "Web", origin.OriginAccessControlId)!);
    expect(oac.Type).toBe("AWS::CloudFront::OriginAccessControl");
    expect(oac.Properties!.OriginAccessControlConfig).toMatchObject({ OriginAccessControlOriginType: "s3", SigningBehavior: "always" });

    // /uploads/<key> on the site is <key> in the bucket.
    const [association] = uploads.FunctionAssociations;
    const code = resource(dev, target(dev, "Web", association.FunctionARN)!).Properties!.FunctionCode as string;
    expect(association.EventType).toBe("viewer-request");
    expect(runCloudFrontFunction(code, { uri: "/uploads/paddles/u-1/p-1/photo.png" }).uri).toBe("/paddles/u-1/p-1/photo.png");

    expect(runCloudFrontFunction(code, { uri: "/uploads/skus/s-1/i-1-full.png" }).uri).toBe("/skus/s-1/i-1-full.png");

    // The bucket lets CloudFront (and only CloudFront of this account) read the photos.
    for (const synthesis of [dev, production]) {
      const [, policy] = onlyResource(synthesis, "Storage", "AWS::S3::BucketPolicy");
      const grants = policy.Properties!.PolicyDocument.Statement.filter(
        (s: { Principal?: { Service?: string } }) => s.Principal?.Service === "cloudfront.amazonaws.com",
      );
      expect(grants).toHaveLength(1);
      expect(grants[0]).toMatchObject({ Effect: "Allow", Action: "s3:GetObject" });
      // Paddle photos and product images alike (a product image under skus/ was refused before).
      expect(grants[0].Resource.map(joined)).toEqual(["${ref}/paddles/*", "${ref}/skus/*"]);
      // The stage's own account (the offline synthesis has a fixed one).
      expect(joined(grants[0].Condition.ArnLike["AWS:SourceArn"])).toMatch(/^arn:\$\{ref\}:cloudfront::(\d{12}|\$\{ref\}):distribution\/\*$/);
    }
  });

  it("puts infra/headers.ts's security headers on every behaviour: pages, assets, the API and photos", () => {
    for (const synthesis of [dev, production]) {
      const [, distribution] = onlyResource(synthesis, "Web", "AWS::CloudFront::Distribution");
      const config = distribution.Properties!.DistributionConfig;
      const behaviors: { PathPattern?: string; ResponseHeadersPolicyId?: unknown }[] = [
        config.DefaultCacheBehavior,
        ...(config.CacheBehaviors ?? []),
      ];
      expect(behaviors.map((b) => b.PathPattern ?? "default").sort()).toEqual(["/api/*", "/uploads/*", "default"]);
      for (const behavior of behaviors) {
        const where = `${synthesis === dev ? "dev" : "production"} ${behavior.PathPattern ?? "default"}`;
        const at = target(synthesis, "Web", behavior.ResponseHeadersPolicyId);
        expect(at, `${where} has a response headers policy of its own stack`).toBeDefined();
        const policy = resource(synthesis, at!);
        expect(policy.Type).toBe("AWS::CloudFront::ResponseHeadersPolicy");
        const security = policy.Properties!.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
        expect(security.StrictTransportSecurity, where).toEqual({
          AccessControlMaxAgeSec: hstsMaxAgeSeconds,
          IncludeSubdomains: true,
          Override: true,
        });
        expect(security.ContentTypeOptions, where).toEqual({ Override: true });
        expect(security.FrameOptions, where).toEqual({ FrameOption: "DENY", Override: true });
        expect(security.ReferrerPolicy, where).toEqual({ ReferrerPolicy: "strict-origin-when-cross-origin", Override: true });
        expect(security.ContentSecurityPolicy.Override, where).toBe(true);
        const csp = joined(security.ContentSecurityPolicy.ContentSecurityPolicy);
        const directives = new Map(csp.split(";").map((d) => d.trim().split(/\s+/)).map(([name, ...sources]) => [name, sources]));
        expect(directives.get("frame-ancestors"), where).toEqual(["'none'"]);
        expect(directives.get("object-src"), where).toEqual(["'none'"]);
        expect(directives.get("script-src"), where).toEqual(["'self'"]);
        expect(directives.get("default-src"), where).toEqual(["'self'"]);
        // The browser's calls outside the site: Cognito's API, the hosted UI's token endpoint, presigned photo PUTs.
        expect(directives.get("connect-src"), where).toEqual([
          "'self'",
          "https://cognito-idp.us-east-1.${ref}",
          // The hosted UI's domain, by the Auth stack's domain resource (imported).
          "https://${ref}.auth.us-east-1.amazoncognito.com",
          "https://${ref}.s3.us-east-1.${ref}",
        ]);
        // The same policy, one place: the local server's map is written from the same module.
        expect(csp.replace(/ https:[^;\s]+/g, "")).toBe(contentSecurityPolicy());
      }
    }
  });

  it("routes the single-page app without error pages that would swallow the API's 403 and 404", () => {
    const [, distribution] = onlyResource(dev, "Web", "AWS::CloudFront::Distribution");
    const config = distribution.Properties!.DistributionConfig;
    expect(config.CustomErrorResponses ?? []).toEqual([]);

    const code = (association: { FunctionARN: unknown }) =>
      resource(dev, target(dev, "Web", association.FunctionARN)!).Properties!.FunctionCode as string;
    const [spa] = config.DefaultCacheBehavior.FunctionAssociations;
    expect(spa.EventType).toBe("viewer-request");
    expect(runCloudFrontFunction(code(spa), { uri: "/orders/ord_123" }).uri).toBe("/index.html");
    // The landing, terms, privacy and booking pages are served as prerendered at build time; other pages get the empty index.html.
    expect(runCloudFrontFunction(code(spa), { uri: "/" }).uri).toBe("/prerendered/index.html");
    expect(runCloudFrontFunction(code(spa), { uri: "/terms" }).uri).toBe("/prerendered/terms/index.html");
    expect(runCloudFrontFunction(code(spa), { uri: "/privacy" }).uri).toBe("/prerendered/privacy/index.html");
    expect(runCloudFrontFunction(code(spa), { uri: "/booking" }).uri).toBe("/prerendered/booking/index.html");
    expect(runCloudFrontFunction(code(spa), { uri: "/booking/x" }).uri).toBe("/index.html");
    expect(runCloudFrontFunction(code(spa), { uri: "/privacy/x" }).uri).toBe("/index.html");
    expect(runCloudFrontFunction(code(spa), { uri: "/toString" }).uri).toBe("/index.html");
    // Every bag status page is the one shell; nothing else under /b/ is.
    expect(runCloudFrontFunction(code(spa), { uri: "/b/k3v9q2m8x1c7b4n6z0p5r2t8wy" }).uri).toBe("/prerendered/b/index.html");
    expect(runCloudFrontFunction(code(spa), { uri: "/b/" }).uri).toBe("/index.html");
    expect(runCloudFrontFunction(code(spa), { uri: "/b/x/y" }).uri).toBe("/index.html");
    expect(runCloudFrontFunction(code(spa), { uri: "/b/x.js" }).uri).toBe("/b/x.js");
    for (const page of prerenderedPages) expect(runCloudFrontFunction(code(spa), { uri: page.path }).uri).toBe(`/${page.file}`);
    expect(runCloudFrontFunction(code(spa), { uri: "/assets/index-abc.js" }).uri).toBe("/assets/index-abc.js");

    const api = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === "/api/*");
    const forwarded = runCloudFrontFunction(
      code(api.FunctionAssociations[0]),
      // A viewer's own viewer-address header is replaced by the address CloudFront saw.
      { uri: "/api/auth/user", headers: { host: { value: "d111.cloudfront.net" }, [viewerAddressHeader]: { value: "10.0.0.1" } } },
      { ip: "203.0.113.9" },
    );
    expect(forwarded.headers?.["x-forwarded-host"]).toEqual({ value: "d111.cloudfront.net" });
    expect(forwarded.headers?.[viewerAddressHeader]).toEqual({ value: "203.0.113.9" });
  });

  it("tells the API's functions, and only them, the origin secret CloudFront sends with every API request", () => {
    const [, distribution] = onlyResource(production, "Web", "AWS::CloudFront::Distribution");
    const origins = distribution.Properties!.DistributionConfig.Origins as { DomainName: unknown; OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] }[];
    const apiOrigin = origins.find((o) => joined(o.DomainName).includes("execute-api"))!;
    const header = apiOrigin.OriginCustomHeaders!.find((h) => h.HeaderName === originSecretHeader)!;
    // A dynamic reference to the stage's generated secret: its value is never in a template.
    const reference = joined(header.HeaderValue);
    expect(reference).toMatch(/^\{\{resolve:secretsmanager:\$\{ref\}:SecretString:::\}\}$/);
    const [secretId, secret] = onlyResource(production, "Storage", "AWS::SecretsManager::Secret");
    expect(secret.Properties!.GenerateSecretString).toMatchObject({ ExcludePunctuation: true, PasswordLength: 48 });
    expect(target(production, "Web", (header.HeaderValue as { "Fn::Join": [string, unknown[]] })["Fn::Join"][1][1])!.logicalId).toBe(secretId);
    // Every API function compares it; the webhooks and the job, which CloudFront never calls, hold none.
    const fn = routeFunction(production, routeKey(routes[0])).fn;
    expect(joined(variables(fn)[env.originSecret])).toBe(reference);
    expect(variables(webhookFunction(production).fn)[env.originSecret]).toBe("");
  });
});

describe("Webhooks", () => {
  it("exposes the Stripe and SMS webhooks on public function URLs of their own, each with every handler's environment", () => {
    const urls = resourcesOfType(dev, "Webhooks", "AWS::Lambda::Url").map(([, url]) => url);
    expect(urls).toHaveLength(2);
    for (const handler of [stripeWebhookHandler, smsWebhookHandler]) {
      const { logicalId, fn } = webhookFunction(dev, handler);
      const url = urls.find((u) => target(dev, "Webhooks", u.Properties!.TargetFunctionArn)?.logicalId === logicalId);
      expect(url?.Properties!.AuthType, handler).toBe("NONE");
      for (const name of everyHandlers) expect(variables(fn), `${handler} ${name}`).toHaveProperty(name);
    }
    expect(Object.keys(templateJson(dev, "Webhooks").Outputs ?? {})).toEqual(expect.arrayContaining(["StripeWebhookUrl", "SmsWebhookUrl"]));
  });

  it("reserves no concurrency for the Stripe webhook unless the stage's settings ask (a new account's limit refuses any)", () => {
    expect(webhookFunction(production).fn.Properties!.ReservedConcurrentExecutions).toBeUndefined();
    expect(webhookFunction(dev).fn.Properties!.ReservedConcurrentExecutions).toBeUndefined();
  });

  it("takes SNS's inbound texts from a topic only SNS and End User Messaging use, into a function with no URL", () => {
    for (const synthesis of [dev, production]) {
      const found = synthesis.functions.filter((f) => f.handler === snsInboundHandler);
      expect(found, synthesis.stage).toHaveLength(1);
      const fn = resource(synthesis, { stack: "Webhooks", logicalId: found[0].logicalId });
      for (const name of everyHandlers) expect(variables(fn), name).toHaveProperty(name);
      const [topicId] = onlyResource(synthesis, "Webhooks", "AWS::SNS::Topic");
      const [, subscription] = onlyResource(synthesis, "Webhooks", "AWS::SNS::Subscription");
      expect(subscription.Properties!.Protocol).toBe("lambda");
      expect(target(synthesis, "Webhooks", subscription.Properties!.TopicArn)?.logicalId).toBe(topicId);
      expect(target(synthesis, "Webhooks", subscription.Properties!.Endpoint)?.logicalId).toBe(found[0].logicalId);
      // Invoked by SNS from this topic only (in place of a signature), and never through a URL.
      const invokers = resourcesOfType(synthesis, "Webhooks", "AWS::Lambda::Permission")
        .map(([, p]) => p.Properties!)
        .filter((p) => target(synthesis, "Webhooks", p.FunctionName)?.logicalId === found[0].logicalId);
      expect(invokers).toHaveLength(1);
      expect(invokers[0]).toMatchObject({ Action: "lambda:InvokeFunction", Principal: "sns.amazonaws.com" });
      expect(target(synthesis, "Webhooks", invokers[0].SourceArn)?.logicalId).toBe(topicId);
      const urls = resourcesOfType(synthesis, "Webhooks", "AWS::Lambda::Url").map(([, url]) => url.Properties!.TargetFunctionArn);
      expect(urls.some((arn) => target(synthesis, "Webhooks", arn)?.logicalId === found[0].logicalId)).toBe(false);
      // End User Messaging may publish to it, from this account only.
      const [, policy] = onlyResource(synthesis, "Webhooks", "AWS::SNS::TopicPolicy");
      const statements = policy.Properties!.PolicyDocument.Statement as { Principal?: { Service?: string }; Action: string; Condition?: unknown }[];
      expect(statements.find((st) => st.Principal?.Service === "sms-voice.amazonaws.com")).toMatchObject({
        Action: "sns:Publish",
        Condition: { StringEquals: { "aws:SourceAccount": expect.anything() } },
      });
      expect(Object.keys(templateJson(synthesis, "Webhooks").Outputs ?? {})).toContain("SmsInboundTopicArn");
    }
  });

  it("subscribes to SNS's SMS delivery status log groups only on a stage told the account keeps them", () => {
    expect(dev.functions.filter((f) => f.handler === snsDeliveryStatusHandler)).toHaveLength(0);
    expect(resourcesOfType(dev, "Webhooks", "AWS::Logs::SubscriptionFilter")).toHaveLength(0);

    const found = production.functions.filter((f) => f.handler === snsDeliveryStatusHandler);
    expect(found).toHaveLength(1);
    const filters = resourcesOfType(production, "Webhooks", "AWS::Logs::SubscriptionFilter").map(([, f]) => f.Properties!);
    expect(filters.map((f) => joined(f.LogGroupName))).toEqual(snsDeliveryLogGroups("us-east-1", "123456789012"));
    for (const filter of filters) {
      expect(filter.FilterPattern).toBe("");
      expect(target(production, "Webhooks", filter.DestinationArn)?.logicalId).toBe(found[0].logicalId);
    }
    // CloudWatch Logs may invoke it, for those groups.
    const invokers = resourcesOfType(production, "Webhooks", "AWS::Lambda::Permission")
      .map(([, p]) => p.Properties!)
      .filter((p) => target(production, "Webhooks", p.FunctionName)?.logicalId === found[0].logicalId);
    expect(invokers.length).toBeGreaterThan(0);
    for (const invoker of invokers) expect(joined(invoker.Principal)).toMatch(/^logs\./);
  });
});

describe("Jobs", () => {
  it("runs each job of infra/jobs.ts on its schedule: a schedule rule targeting its function, with every handler's environment", () => {
    expect(jobs.map((job) => job.schedule)).toEqual(["rate(5 minutes)", "cron(0 16 * * ? *)", "cron(30 8 * * ? *)"]);
    // The user export is production's only.
    expect(jobsOf(false).map((job) => job.name)).toEqual(["Unpaid-hold job", "Reminders job"]);
    for (const synthesis of [dev, production]) {
      const rules = resourcesOfType(synthesis, "Jobs", "AWS::Events::Rule");
      const jobs = jobsOf(synthesis === production);
      expect(rules).toHaveLength(jobs.length);
      for (const job of jobs) {
        const found = synthesis.functions.filter((f) => f.handler === job.handler);
        expect(found, job.name).toHaveLength(1);
        expect(found[0].stack).toBe("Jobs");
        const matching = rules.filter(([, rule]) => target(synthesis, "Jobs", rule.Properties!.Targets[0].Arn)?.logicalId === found[0].logicalId);
        expect(matching, job.name).toHaveLength(1);
        const [, rule] = matching[0];
        expect(rule.Properties!.ScheduleExpression).toBe(job.schedule);
        expect(rule.Properties!.State ?? "ENABLED").toBe("ENABLED");
        expect(rule.Properties!.Targets).toHaveLength(1);
        const fnAt = target(synthesis, "Jobs", rule.Properties!.Targets[0].Arn);
        expect(fnAt).toMatchObject({ logicalId: found[0].logicalId, attribute: "Arn" });
        const fn = resource(synthesis, fnAt!);
        expect(fn.Type).toBe("AWS::Lambda::Function");
        // EventBridge may invoke it.
        const permissions = resourcesOfType(synthesis, "Jobs", "AWS::Lambda::Permission").map(([, p]) => p.Properties!);
        expect(permissions.some((p) => p.Principal === "events.amazonaws.com" && target(synthesis, "Jobs", p.FunctionName)?.logicalId === fnAt!.logicalId)).toBe(true);
        const vars = variables(fn);
        for (const name of everyHandlers) expect(vars, name).toHaveProperty(name);
        expect(resource(synthesis, target(synthesis, "Jobs", vars[env.tableName])!).Type).toBe("AWS::DynamoDB::Table");
        expect(fn.Properties!.Timeout).toBe(job.timeoutSeconds);
        // Bundled and run as every handler (infra/bundling.ts).
        expect(found[0].props.runtime).toBe(dev.functions.find((f) => f.handler === stripeWebhookHandler)!.props.runtime);
        expect(found[0].props.nodejs).toEqual(dev.functions.find((f) => f.handler === stripeWebhookHandler)!.props.nodejs);
      }
    }
  });
});

describe("the app", () => {
  it("outputs the site, API, pool, client and webhook URLs", () => {
    const outputs = (stack: StackName) => Object.keys(templateJson(dev, stack).Outputs ?? {});
    expect(outputs("Web")).toContain("SiteUrl");
    expect(outputs("Api")).toContain("ApiUrl");
    expect(outputs("Auth")).toEqual(expect.arrayContaining(["UserPoolId", "UserPoolClientId"]));
    expect(outputs("Webhooks")).toContain("StripeWebhookUrl");
    const webhook = templateJson(dev, "Webhooks").Outputs!.StripeWebhookUrl.Value as Record<string, unknown[]>;
    expect(resource(dev, target(dev, "Webhooks", webhook)!).Type).toBe("AWS::Lambda::Url");
  });

  it("outputs what npm run stage:setup reads, each naming its resource", () => {
    for (const [stack, keys] of Object.entries(stageOutputs) as [StackName, readonly string[]][]) {
      expect(Object.keys(templateJson(dev, stack).Outputs ?? {}), stack).toEqual(expect.arrayContaining([...keys]));
    }
    const [tableId] = onlyResource(dev, "Storage", "AWS::DynamoDB::Table");
    expect(target(dev, "Storage", templateJson(dev, "Storage").Outputs!.TableName.Value)).toEqual({ stack: "Storage", logicalId: tableId });
    const [poolId] = onlyResource(dev, "Auth", "AWS::Cognito::UserPool");
    expect(target(dev, "Auth", templateJson(dev, "Auth").Outputs!.UserPoolId.Value)).toEqual({ stack: "Auth", logicalId: poolId });
  });

  it("keeps every stack under CloudFormation's 500 resources", () => {
    // Each route costs about 6 resources (function, role, policy, integration, route, permission).
    for (const synthesis of [dev, production]) {
      for (const stack of stackNames) {
        const count = Object.keys(templateJson(synthesis, stack).Resources).length;
        expect(count, `${synthesis.stage} ${stack}`).toBeLessThan(500);
      }
    }
  });
});
