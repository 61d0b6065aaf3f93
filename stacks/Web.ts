import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { Annotations, CustomResource, Duration, Lazy, type Stack } from "aws-cdk-lib";
import {
  AllowedMethods,
  CachePolicy,
  CfnFunction,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from "aws-cdk-lib/aws-cloudfront";
import { HttpOrigin, S3BucketOrigin } from "aws-cdk-lib/aws-cloudfront-origins";
import { Code, Function as LambdaFunction, Runtime, RuntimeFamily } from "aws-cdk-lib/aws-lambda";
import { Bucket as S3Bucket } from "aws-cdk-lib/aws-s3";
import { CfnWebACL } from "aws-cdk-lib/aws-wafv2";
import { Certificate } from "aws-cdk-lib/aws-certificatemanager";
import { Provider } from "aws-cdk-lib/custom-resources";
import { StaticSite, use, type StackContext } from "sst/constructs";
import {
  cloudConnectSources,
  contentSecurityPolicy,
  frameOption,
  hstsIncludeSubDomains,
  hstsMaxAgeSeconds,
  referrerPolicy,
  type CloudEndpoints,
} from "../infra/headers";
import { prerenderedPages, shellPrefix } from "../infra/prerendered";
import { lambdaRuntime } from "../infra/bundling";
import {
  hashedAssetCacheControl,
  hashedAssetsDir,
  previousBuildDays,
  previousBuildTag,
  revalidatedCacheControl,
} from "../infra/web-cache";
import { originSecretHeader, viewerAddressHeader } from "../packages/functions/src/http/origin";
import { Api } from "./Api";
import { Auth } from "./Auth";
import { deploySettings } from "./settings";
import { Storage } from "./Storage";

/**
 * Single-page routing on the site's default behavior: a path without a file
 * extension is a route of the app, so S3 serves index.html for it, or the
 * page's HTML prerendered at build time for the landing, terms and privacy
 * pages, and the one shell of every bag status page `/b/{slug}` (infra/prerendered.ts).
 *
 * SST's StaticSite does this with distribution-wide error pages (403/404 →
 * /index.html, 200), but CloudFront applies error pages to every behavior:
 * the API's 403s and 404s would reach the browser as the site's HTML with 200.
 */
const spaRouting = `
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri.indexOf("/.well-known/") === 0) return request;
  var prerendered = ${JSON.stringify(Object.fromEntries(prerenderedPages.filter((page) => !shellPrefix(page.path)).map((page) => [page.path, `/${page.file}`])))};
  if (Object.prototype.hasOwnProperty.call(prerendered, uri)) {
    request.uri = prerendered[uri];
    return request;
  }
  var shells = ${JSON.stringify(prerenderedPages.flatMap((page) => (shellPrefix(page.path) ? [[shellPrefix(page.path), `/${page.file}`]] : [])))};
  for (var i = 0; i < shells.length; i++) {
    var rest = uri.substring(shells[i][0].length);
    if (uri.indexOf(shells[i][0]) === 0 && rest.length > 0 && rest.indexOf("/") === -1 && rest.indexOf(".") === -1) {
      request.uri = shells[i][1];
      return request;
    }
  }
  var last = uri.substring(uri.lastIndexOf("/") + 1);
  if (last.indexOf(".") === -1) request.uri = "/index.html";
  return request;
}`;

/**
 * API Gateway must see its own Host header, so the viewer's is not forwarded; this keeps it as X-Forwarded-Host.
 * API Gateway's source address is CloudFront's edge, so this also passes on the viewer's address as CloudFront
 * saw it, replacing any header of that name the viewer sent (the API trusts it only beside the origin secret:
 * packages/functions/src/http/origin.ts). The managed AllViewerExceptHostHeader policy cannot add CloudFront's
 * own CloudFront-Viewer-Address: CloudFront headers are forwarded only by an allow list, which would then have to
 * name every viewer header the API reads.
 */
export const forwardViewerHost = `
function handler(event) {
  var request = event.request;
  if (request.headers.host) request.headers["x-forwarded-host"] = { value: request.headers.host.value };
  request.headers["${viewerAddressHeader}"] = { value: event.viewer.ip };
  return request;
}`;

/** Paddle photos are stored under their key (`paddles/...`) and seen at `/uploads/<key>` on the site. */
export const uploadsPath = `
function handler(event) {
  var request = event.request;
  if (request.uri.indexOf("/uploads/") === 0) request.uri = request.uri.substring("/uploads".length);
  return request;
}`;

/**
 * The custom resource that keeps the previous build (keepPreviousBuild below): every file of the site's bucket that
 * is not in the build just uploaded, and not already counting down, is copied onto itself with the previous-build
 * tag. The copy restarts the file's age (S3's lifecycle counts days from an object's creation, and the file may have
 * been uploaded weeks ago), and the bucket's lifecycle rule deletes tagged files that many days later. The function
 * deletes nothing itself. A file of the new build with an old one's name was uploaded again, without the tag.
 */
export const keepPreviousBuildCode = `
const s3 = require("@aws-sdk/client-s3");
const client = new s3.S3Client({});
const tag = ${JSON.stringify(previousBuildTag)};
exports.handler = async (event) => {
  if (event.RequestType === "Delete") return {};
  const { bucket, files } = event.ResourceProperties;
  const current = new Set(files);
  let token;
  do {
    const page = await client.send(new s3.ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
    for (const { Key } of page.Contents || []) {
      if (current.has(Key)) continue;
      const { TagSet } = await client.send(new s3.GetObjectTaggingCommand({ Bucket: bucket, Key }));
      if (TagSet.some((each) => each.Key === tag.key)) continue;
      const head = await client.send(new s3.HeadObjectCommand({ Bucket: bucket, Key }));
      await client.send(new s3.CopyObjectCommand({
        Bucket: bucket,
        Key,
        CopySource: encodeURI(bucket + "/" + Key),
        MetadataDirective: "REPLACE",
        CacheControl: head.CacheControl,
        ContentType: head.ContentType,
        TaggingDirective: "REPLACE",
        Tagging: tag.key + "=" + tag.value,
      }));
    }
    token = page.NextContinuationToken;
  } while (token);
  return {};
};`;

/** The web app, and where its build lands (relative to the repository, where SST runs). */
const webPath = "packages/web";
const webBuildOutput = "dist";

export function Web({ app, stack }: StackContext) {
  const { cognito, hostedUiDomain } = use(Auth);
  const { api } = use(Api);
  const { uploads, originSecret } = use(Storage);
  const settings = deploySettings(app);

  // Imported by its attributes: given the Storage stack's own bucket, the OAC origin would add this distribution's
  // id to that stack's bucket policy, and the stacks would depend on each other. Storage grants the read instead.
  const uploadsBucket = S3Bucket.fromBucketAttributes(stack, "UploadsBucket", {
    bucketArn: uploads.bucketArn,
    bucketName: uploads.bucketName,
    bucketRegionalDomainName: uploads.cdk.bucket.bucketRegionalDomainName,
  });
  Annotations.of(stack).acknowledgeWarning(
    "@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac",
    "The Storage stack grants CloudFront read access to the uploads bucket.",
  );
  // One policy on every behaviour: the pages, their assets, the API's JSON and the photos.
  const securityHeaders = securityHeadersPolicy(stack, {
    region: stack.region,
    urlSuffix: stack.urlSuffix,
    hostedUiDomain,
    uploadsBucketName: uploads.bucketName,
  });

  const uploadsBehavior = {
    origin: S3BucketOrigin.withOriginAccessControl(uploadsBucket),
    viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
    allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
    compress: true,
    // Keys are never reused (a new photo gets a new key), so photos cache well.
    cachePolicy: CachePolicy.CACHING_OPTIMIZED,
    // nosniff among others: an upload is only ever shown as the image type it was signed for.
    responseHeadersPolicy: securityHeaders,
    functionAssociations: [
      {
        eventType: FunctionEventType.VIEWER_REQUEST,
        function: new CloudFrontFunction(stack, "UploadsPath", { code: FunctionCode.fromInline(uploadsPath) }),
      },
    ],
  };

  const apiBehavior = {
    origin: new HttpOrigin(`${api.httpApiId}.execute-api.${stack.region}.${stack.urlSuffix}`, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      // Proves to the API's functions that a request came through here (infra/env.ts ORIGIN_SECRET).
      customHeaders: { [originSecretHeader]: originSecret.secretValue.unsafeUnwrap() },
    }),
    viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
    allowedMethods: AllowedMethods.ALLOW_ALL,
    // Set, but CloudFront compresses only what its cache policy lets it cache: with caching disabled the
    // API's JSON goes out as the HTTP API sends it (uncompressed; its answers are small).
    compress: true,
    cachePolicy: CachePolicy.CACHING_DISABLED,
    // Every header but Host, the Authorization header included (allowed because caching is off).
    originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    responseHeadersPolicy: securityHeaders,
    functionAssociations: [
      {
        eventType: FunctionEventType.VIEWER_REQUEST,
        function: new CloudFrontFunction(stack, "ForwardViewerHost", {
          code: FunctionCode.fromInline(forwardViewerHost),
        }),
      },
    ],
  };

  const firewall = settings.wafRateLimit === undefined ? undefined : perIpRateLimit(stack, settings.wafRateLimit);

  const site = new StaticSite(stack, "Site", {
    path: webPath,
    // The shop's own domain (REGRIP_DOMAIN): by its Route 53 zone (the deploy makes the certificate in us-east-1 and
    // the DNS records) or with the owner's certificate (the DNS stays theirs). The site's URL follows it.
    ...(settings.domain
      ? {
          customDomain: settings.domainCertificateArn
            ? {
                domainName: settings.domain,
                ...(settings.domainHostedZone ? { hostedZone: settings.domainHostedZone } : { isExternalDomain: true }),
                cdk: { certificate: Certificate.fromCertificateArn(stack, "SiteCertificate", settings.domainCertificateArn) },
              }
            : { domainName: settings.domain, hostedZone: settings.domainHostedZone },
        }
      : {}),
    // The offline synthesis uploads the dist that `npm test` built; `sst deploy`
    // builds with the values below (tokens become `{{ VITE_X }}` placeholders
    // that SST fills in index.html and the JS at deploy time).
    buildCommand: settings.prebuiltWeb ? undefined : "npm run build",
    buildOutput: webBuildOutput,
    environment: {
      VITE_REGION: stack.region,
      VITE_USER_POOL_ID: cognito.userPoolId,
      VITE_USER_POOL_CLIENT_ID: cognito.userPoolClientId,
      // Amplify's default Cognito endpoint in the cloud; cognito-local on one machine.
      VITE_USER_POOL_ENDPOINT: "",
      // The hosted UI only returns to origins registered on the client (stacks/Auth.ts): until
      // the stage knows its site URL, the web app offers the password form alone.
      VITE_OAUTH_DOMAIN: settings.siteUrl ? hostedUiDomain : "",
      // Empty until the stage's URL is configured: the web app then uses its own origin.
      VITE_SITE_URL: settings.siteUrl ?? "",
    },
    // SST writes env typings for Vite apps; keep them out of packages/web (the app types its own config).
    vite: { types: "../../.sst/web-env.d.ts" },
    // Cache-Control stored with each file (infra/web-cache.ts, as the local server sends it): the hashed
    // assets for a year, immutable; the pages and the rest revalidated. The last matching rule wins.
    assets: {
      fileOptions: [
        { files: "**", cacheControl: revalidatedCacheControl },
        { files: `${hashedAssetsDir}/**`, cacheControl: hashedAssetCacheControl },
      ],
    },
    // SST would delete every file the new build does not have as it uploads (its purge): the previous build's chunks
    // would be gone under pages still open. keepPreviousBuild removes them a day later instead, through this rule.
    purgeFiles: false,
    cdk: {
      bucket: {
        lifecycleRules: [
          {
            id: "PreviousBuild",
            tagFilters: { [previousBuildTag.key]: previousBuildTag.value },
            expiration: Duration.days(previousBuildDays),
          },
        ],
      },
      distribution: {
        ...(firewall ? { webAclId: firewall.attrArn } : {}),
        errorResponses: [],
        // Compressed (brotli or gzip) at the edge; CachingOptimized keeps each file as long as its Cache-Control says.
        defaultBehavior: { responseHeadersPolicy: securityHeaders, compress: true, cachePolicy: CachePolicy.CACHING_OPTIMIZED },
        additionalBehaviors: { "/api/*": apiBehavior, "/uploads/*": uploadsBehavior },
      },
    },
  });
  routeSinglePageApp(site);
  keepPreviousBuild(stack, site, join(webPath, webBuildOutput));

  stack.addOutputs({ SiteUrl: site.url });

  return { site };
}

/**
 * The site's AWS WAF web ACL (REGRIP_WAF_RATE_LIMIT): one rule, blocking an IP address that sent more than `limit`
 * requests in the last 5 minutes, pages and API alike, at CloudFront's edge. CloudFront's web ACLs live in
 * us-east-1, so the stage must too.
 */
function perIpRateLimit(stack: Stack, limit: number): CfnWebACL {
  if (stack.region !== "us-east-1") {
    throw new Error(
      `REGRIP_WAF_RATE_LIMIT needs the stage in us-east-1, where CloudFront's web ACLs are made (this stage is in ${stack.region}): unset it, or deploy the stage to us-east-1.`,
    );
  }
  const metrics = (metricName: string) => ({ cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: true });
  return new CfnWebACL(stack, "SiteFirewall", {
    scope: "CLOUDFRONT",
    defaultAction: { allow: {} },
    visibilityConfig: metrics(`${stack.stackName}-site`),
    rules: [
      {
        name: "PerIpRateLimit",
        priority: 0,
        action: { block: {} },
        statement: { rateBasedStatement: { limit, aggregateKeyType: "IP" } },
        visibilityConfig: metrics(`${stack.stackName}-per-ip`),
      },
    ],
  });
}

/** infra/headers.ts as a CloudFront response headers policy, overriding whatever an origin sends. */
function securityHeadersPolicy(stack: Stack, cloud: CloudEndpoints): ResponseHeadersPolicy {
  const referrer = Object.values(HeadersReferrerPolicy).find((value) => value === referrerPolicy);
  if (!referrer) throw new Error(`CloudFront has no Referrer-Policy ${referrerPolicy}`);
  return new ResponseHeadersPolicy(stack, "SecurityHeaders", {
    comment: "infra/headers.ts: CSP, HSTS, nosniff, frame options and Referrer-Policy on every answer",
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(cloudConnectSources(cloud)), override: true },
      strictTransportSecurity: {
        accessControlMaxAge: Duration.seconds(hstsMaxAgeSeconds),
        includeSubdomains: hstsIncludeSubDomains,
        override: true,
      },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: HeadersFrameOption[frameOption], override: true },
      referrerPolicy: { referrerPolicy: referrer, override: true },
    },
  });
}

/**
 * A deploy keeps the previous build's files for a day (infra/web-cache.ts previousBuildDays): a page open since
 * before it still loads its chunks by their old names, so it reloads to the new build only when one is missing
 * (packages/web/src/lib/load-chunk.ts), not on its next move after every deploy.
 *
 * SST v2's StaticSite either deletes every file not in the new build while uploading it, or (purgeFiles: false)
 * never deletes a file, and it uploads every file of the build again each time (so a file's age in S3 is the time
 * of the last deploy that had it). A lifecycle rule on age alone would then delete the current build's files after a
 * day without a deploy. So after each upload a custom resource, given the build's file list, tags the files of
 * earlier builds (keepPreviousBuildCode), and the bucket's lifecycle rule deletes tagged files a day later.
 */
function keepPreviousBuild(stack: Stack, site: StaticSite, buildDir: string): void {
  if (!site.cdk) return;
  const { bucket } = site.cdk;
  const onEvent = new LambdaFunction(stack, "KeepPreviousBuildFunction", {
    runtime: new Runtime(lambdaRuntime, RuntimeFamily.NODEJS, { supportsInlineCode: true }),
    handler: "index.handler",
    code: Code.fromInline(keepPreviousBuildCode),
    timeout: Duration.minutes(5),
    description: "Tags the site's files that the new build no longer has; the bucket's lifecycle deletes them a day later",
  });
  // Read, copy and tag; never delete (the lifecycle rule does).
  bucket.grantRead(onEvent);
  bucket.grantPut(onEvent);
  const provider = new Provider(stack, "KeepPreviousBuildProvider", { onEventHandler: onEvent });
  const keep = new CustomResource(stack, "KeepPreviousBuild", {
    serviceToken: provider.serviceToken,
    resourceType: "Custom::KeepPreviousBuild",
    properties: {
      bucket: bucket.bucketName,
      // Read at synthesis, after StaticSite has built the app. A new list (a new build) runs the resource again.
      files: Lazy.list({ produce: () => filesUnder(buildDir) }),
    },
  });
  // After the upload: the whole site, its uploader among the resources (StaticSite adds that one once the app is
  // built, so it is not there yet to name).
  keep.node.addDependency(site);
}

/** Every file under `dir`, as its key in the site's bucket (`assets/index-Ab12.js`), in order. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .sort();
}

/** Rewrites the code of StaticSite's own viewer-request function (its default behavior's only one). */
function routeSinglePageApp(site: StaticSite): void {
  // `sst remove` and `sst dev` do not create the site's distribution.
  if (!site.cdk) return;
  const cfn = site.node.tryFindChild("CloudFrontFunction")?.node.defaultChild;
  if (!(cfn instanceof CfnFunction)) {
    throw new Error("StaticSite no longer creates its CloudFrontFunction: revisit SPA routing in stacks/Web.ts");
  }
  cfn.functionCode = spaRouting;
}
