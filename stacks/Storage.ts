import { Duration, RemovalPolicy } from "aws-cdk-lib";
import { BackupPlan, BackupPlanRule, BackupResource, BackupVault } from "aws-cdk-lib/aws-backup";
import { Schedule } from "aws-cdk-lib/aws-events";
import { PolicyStatement, ServicePrincipal } from "aws-cdk-lib/aws-iam";
import { BlockPublicAccess } from "aws-cdk-lib/aws-s3";
import { Secret } from "aws-cdk-lib/aws-secretsmanager";
import { Bucket, Table, type StackContext } from "sst/constructs";
import { uploadFolders } from "../infra/grants";
import { keyAttributes, table as tableShape } from "../infra/table";
import { createSecrets } from "./Secrets";
import { deploySettings, isProduction, siteOrigins } from "./settings";

/** How long production keeps each daily backup of the table, and an uploaded photo's earlier versions. */
export const backupDays = 35;
export const uploadVersionDays = 30;

export function Storage({ app, stack }: StackContext) {
  const production = isProduction(app);
  // Production keeps its data when the stage is removed; other stages leave nothing behind.
  const removalPolicy = production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

  const table = new Table(stack, tableShape.id, {
    fields: Object.fromEntries(keyAttributes().map((name) => [name, "string" as const])),
    primaryIndex: { partitionKey: tableShape.primary.partitionKey, sortKey: tableShape.primary.sortKey },
    globalIndexes: Object.fromEntries(
      tableShape.globalIndexes.map((index) => [
        index.name,
        { partitionKey: index.partitionKey, sortKey: index.sortKey },
      ]),
    ),
    timeToLiveAttribute: tableShape.timeToLiveAttribute,
    cdk: {
      table: {
        // SST turns on the deprecated `pointInTimeRecovery`; CDK refuses both spellings at once.
        pointInTimeRecovery: undefined,
        pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
        deletionProtection: production,
        removalPolicy,
      },
    },
  });

  const settings = deploySettings(app);
  const uploads = new Bucket(stack, "Uploads", {
    // Paddle photos: the browser PUTs to a presigned URL, so the bucket's CORS
    // must admit the site. Before the site's URL is known (a stage's first
    // deploy) any origin may send the preflight; the signature still decides.
    cors: [
      {
        allowedMethods: ["PUT"],
        allowedOrigins: settings.siteUrl ? siteOrigins(app, settings) : ["*"],
        allowedHeaders: ["*"],
        maxAge: "1 hour",
      },
    ],
    blockPublicACLs: true,
    cdk: {
      bucket: {
        blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
        removalPolicy,
        // Production keeps a photo overwritten or deleted by mistake for 30 days (its earlier versions), then lets it go.
        ...(production
          ? { versioned: true, lifecycleRules: [{ id: "ExpireOldVersions", noncurrentVersionExpiration: Duration.days(uploadVersionDays) }] }
          : {}),
      },
    },
  });

  // Production's table is backed up daily, each backup kept 35 days, in a vault that outlives the stack (AWS
  // Backup; point-in-time recovery above covers the last 35 days to the second, this any day's state after a
  // restore's mistake too). docs/deploy.md "Backups" says what there is and how to read one back.
  if (production) {
    const vault = new BackupVault(stack, "TableBackups", { removalPolicy: RemovalPolicy.RETAIN });
    const plan = new BackupPlan(stack, "TableBackupPlan", {
      backupVault: vault,
      backupPlanRules: [
        new BackupPlanRule({ ruleName: "Daily", scheduleExpression: Schedule.cron({ hour: "9", minute: "0" }), deleteAfter: Duration.days(backupDays) }),
      ],
    });
    plan.addSelection("Table", { resources: [BackupResource.fromDynamoDbTable(table.cdk.table)] });
  }

  // CloudFront serves the photos at /uploads/* (stacks/Web.ts) with origin access control. The grant names the
  // account's distributions, not the site's: that one is made later, in the Web stack, and naming it here would
  // make the two stacks depend on each other (CDK scopes its own OAC key policies the same way for that reason).
  uploads.cdk.bucket.addToResourcePolicy(
    new PolicyStatement({
      principals: [new ServicePrincipal("cloudfront.amazonaws.com")],
      actions: ["s3:GetObject"],
      // Paddle photos and product images (infra/grants.ts uploadFolders): the product images under skus/ were not
      // readable through the site before, so an admin's new image showed broken in the cloud.
      resources: uploadFolders.map((folder) => uploads.cdk.bucket.arnForObjects(`${folder}/*`)),
      conditions: { ArnLike: { "AWS:SourceArn": `arn:${stack.partition}:cloudfront::${stack.account}:distribution/*` } },
    }),
  );

  // What CloudFront sends the API with every request and the API's functions compare (infra/env.ts ORIGIN_SECRET):
  // generated here once and kept across deploys, never written in a template (a dynamic reference resolves it).
  const originSecret = new Secret(stack, "OriginSecret", {
    description: `${app.stage}: proves a request to the API came through the site's CloudFront distribution`,
    generateSecretString: { passwordLength: 48, excludePunctuation: true },
    removalPolicy,
  });

  // npm run stage:setup finds a deployed stage's table here (and TABLE_NAME for npm run recount is this value).
  stack.addOutputs({ TableName: table.tableName });

  return { table, uploads, originSecret, secrets: createSecrets(stack) };
}
