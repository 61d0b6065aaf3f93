/**
 * Production by intent and watching a stage (stacks/settings.ts, stacks/watch.ts), on offline syntheses:
 * - "dev": no settings, a disposable stage;
 * - "prod": REGRIP_PRODUCTION=true with two alarm addresses, the Stripe webhook's reservation set to 8, SNS delivery
 *   logs on and no site URL yet (a new production stage's first deploy);
 * - "live": a production-looking name deployed as a disposable stage (REGRIP_PRODUCTION=false).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { table as tableShape } from "../../infra/table";
import { jobsOf, userExportDays, userExportJob } from "../../infra/jobs";
import { repoRoot, stackNames, synthesize, type StackName, type Synthesis } from "../../stacks/synth";
import { TEXT_FAILED } from "../../packages/core/src/shared/monitoring";
import { synthesized, configurations } from "./configurations";
import { apiErrorRatePercent, logRetention, metricsPerAlarm, paymentMetrics, paymentRouteKeys, watchIds } from "../../stacks/watch";
import { routeKey, routes } from "../../packages/functions/src/routes";
import { snsDeliveryStatus, snsInbound, stripeWebhook } from "../../infra/webhooks";
import { joined, onlyResource, resource, resourcesOfType, target, templateJson, type Resource } from "./cloudformation";

const snsDeliveryStatusHandler: string = snsDeliveryStatus.handler;
const snsInboundHandler: string = snsInbound.handler;
const stripeWebhookHandler: string = stripeWebhook.handler;

const { alarmEmails } = configurations.prod.settings;

let dev: Synthesis;
let prod: Synthesis;
let live: Synthesis;

beforeAll(async () => {
  dev = await synthesized("dev");
  prod = await synthesized("prod");
  live = await synthesized("live");
});

interface MetricQuery {
  Id: string;
  Expression?: string;
  ReturnData?: boolean;
  MetricStat?: {
    Metric: { MetricName: string; Namespace: string; Dimensions?: { Name: string; Value: unknown }[] };
    Period: number;
    Stat: string;
  };
}

function alarms(synthesis: Synthesis, stack: StackName): Resource[] {
  return resourcesOfType(synthesis, stack, "AWS::CloudWatch::Alarm").map(([, alarm]) => alarm);
}

/** The metrics an alarm reads: its metric-math inputs, or its one metric. */
function alarmMetrics(alarm: Resource): NonNullable<MetricQuery["MetricStat"]>["Metric"][] {
  const p = alarm.Properties!;
  if (!p.Metrics) return [{ MetricName: p.MetricName, Namespace: p.Namespace, Dimensions: p.Dimensions }];
  return (p.Metrics as MetricQuery[]).filter((q) => q.MetricStat).map((q) => q.MetricStat!.Metric);
}

function dimension(metric: { Dimensions?: { Name: string; Value: unknown }[] }, name: string): unknown {
  return metric.Dimensions?.find((d) => d.Name === name)?.Value;
}

function byMetric(synthesis: Synthesis, stack: StackName, metricName: string): Resource[] {
  return alarms(synthesis, stack).filter((alarm) => alarmMetrics(alarm).some((m) => m.MetricName === metricName));
}

describe("production by intent", () => {
  it("refuses a production-looking stage whose settings do not say, and production without an alarm email", async () => {
    await expect(synthesize({ stage: "main" })).rejects.toThrow(
      /Stage "main" looks like production.*REGRIP_PRODUCTION=true in \.env\.main.*REGRIP_PRODUCTION=false/,
    );
    await expect(synthesize({ stage: "Prod-2" })).rejects.toThrow(/Stage "Prod-2" looks like production/);
    await expect(synthesize({ stage: "shop", settings: { production: true } })).rejects.toThrow(
      /"shop" is production \(REGRIP_PRODUCTION=true\) but has no REGRIP_ALARM_EMAIL/,
    );
  });

  it("keeps and protects production's table, user pool and uploads bucket, with no auto-delete", () => {
    const [, table] = onlyResource(prod, "Storage", "AWS::DynamoDB::Table");
    expect(table).toMatchObject({ DeletionPolicy: "Retain", UpdateReplacePolicy: "Retain" });
    expect(table.Properties!.DeletionProtectionEnabled).toBe(true);
    const [, pool] = onlyResource(prod, "Auth", "AWS::Cognito::UserPool");
    expect(pool).toMatchObject({ DeletionPolicy: "Retain", UpdateReplacePolicy: "Retain" });
    expect(pool.Properties!.DeletionProtection).toBe("ACTIVE");
    const [, bucket] = onlyResource(prod, "Storage", "AWS::S3::Bucket");
    expect(bucket).toMatchObject({ DeletionPolicy: "Retain", UpdateReplacePolicy: "Retain" });
    // SST's "destroy" default would empty and delete the bucket through a custom resource; production never gets it.
    expect(resourcesOfType(prod, "Storage", "Custom::S3AutoDeleteObjects")).toHaveLength(0);
    const [, policy] = onlyResource(prod, "Storage", "AWS::S3::BucketPolicy");
    expect(JSON.stringify(policy.Properties!.PolicyDocument)).not.toMatch(/s3:DeleteObject/);
  });

  it("gives production no localhost origin: not in the pool client's callbacks nor in the bucket's CORS", () => {
    for (const stack of ["Storage", "Auth", "Web"] as const) {
      expect(JSON.stringify(templateJson(prod, stack)), stack).not.toContain("localhost");
    }
    // Its site URL follows its own domain (no REGRIP_SITE_URL given): the hosted UI returns there only.
    const [, client] = onlyResource(prod, "Auth", "AWS::Cognito::UserPoolClient");
    expect(client.Properties!.CallbackURLs).toEqual(["https://shop.regrip.example/"]);
  });

  it("serves the site on the shop's own domain: with the owner's certificate, or by its Route 53 zone with a certificate and records made", () => {
    const [, distribution] = onlyResource(prod, "Web", "AWS::CloudFront::Distribution");
    expect(distribution.Properties!.DistributionConfig.Aliases).toEqual(["shop.regrip.example"]);
    expect(distribution.Properties!.DistributionConfig.ViewerCertificate).toMatchObject({
      AcmCertificateArn: configurations.prod.settings.domainCertificateArn,
      SslSupportMethod: "sni-only",
    });
    expect(resourcesOfType(prod, "Web", "AWS::Route53::RecordSet")).toEqual([]);
    // The uploads' CORS and the functions' links follow the domain.
    const [, bucket] = onlyResource(prod, "Storage", "AWS::S3::Bucket");
    expect(bucket.Properties!.CorsConfiguration.CorsRules[0].AllowedOrigins).toEqual(["https://shop.regrip.example"]);

    const [, byZone] = onlyResource(live, "Web", "AWS::CloudFront::Distribution");
    expect(byZone.Properties!.DistributionConfig.Aliases).toEqual(["live.regrip.example"]);
    const records = resourcesOfType(live, "Web", "AWS::Route53::RecordSet").map(([, record]) => record.Properties!);
    expect(records.map((record) => [record.Name, record.Type, record.HostedZoneId])).toEqual(
      expect.arrayContaining([["live.regrip.example.", "A", "Z0REGRIPEXAMPLE"]]),
    );
    expect(JSON.stringify(templateJson(live, "Web"))).toContain("us-east-1");
  });

  it("leaves a disposable stage disposable, whatever its name", () => {
    for (const synthesis of [dev, live]) {
      const [, table] = onlyResource(synthesis, "Storage", "AWS::DynamoDB::Table");
      expect(table.DeletionPolicy, synthesis.stage).toBe("Delete");
      expect(table.Properties!.DeletionProtectionEnabled).toBe(false);
      const [, pool] = onlyResource(synthesis, "Auth", "AWS::Cognito::UserPool");
      expect(pool.DeletionPolicy).toBe("Delete");
      expect(pool.Properties!.DeletionProtection ?? "INACTIVE").toBe("INACTIVE");
      expect(onlyResource(synthesis, "Storage", "AWS::S3::Bucket")[1].DeletionPolicy).toBe("Delete");
      expect(resourcesOfType(synthesis, "Storage", "Custom::S3AutoDeleteObjects")).toHaveLength(1);
      const [, client] = onlyResource(synthesis, "Auth", "AWS::Cognito::UserPoolClient");
      expect(client.Properties!.CallbackURLs).toContain("http://localhost:3000/");
    }
  });
});

describe("logs", () => {
  it("keeps every log group for the stage's retention: two weeks, a year in production", () => {
    for (const [synthesis, days] of [
      [dev, logRetention.disposable],
      [live, logRetention.disposable],
      [prod, logRetention.production],
    ] as const) {
      for (const stack of stackNames) {
        for (const [id, group] of resourcesOfType(synthesis, stack, "AWS::Logs::LogGroup")) {
          expect(group.Properties!.RetentionInDays, `${synthesis.stage} ${stack} ${id}`).toBe(days);
        }
        expect(resourcesOfType(synthesis, stack, "Custom::LogRetention")).toHaveLength(0);
      }
    }
    // The API's access log among them.
    expect(resourcesOfType(prod, "Api", "AWS::Logs::LogGroup").length).toBeGreaterThanOrEqual(2);
  });

  it("sends every Lambda function of every stack to a log group of its stack that has a retention", () => {
    for (const synthesis of [dev, prod]) {
      let functions = 0;
      for (const stack of stackNames) {
        for (const [id, fn] of resourcesOfType(synthesis, stack, "AWS::Lambda::Function")) {
          functions++;
          const group = target(synthesis, stack, fn.Properties!.LoggingConfig?.LogGroup);
          expect(group?.stack, `${synthesis.stage} ${stack} ${id}`).toBe(stack);
          const resolved = resource(synthesis, group!);
          expect(resolved.Type).toBe("AWS::Logs::LogGroup");
          expect(resolved.Properties!.RetentionInDays).toBeGreaterThan(0);
        }
      }
      // SST's functions and the custom resource handlers CDK and SST add (the site's, the bucket emptier, ...).
      expect(functions).toBeGreaterThan(synthesis.functions.length);
    }
    // Production's logs outlive a removal until their retention ends.
    for (const stack of stackNames) {
      for (const [, group] of resourcesOfType(prod, stack, "AWS::Logs::LogGroup")) expect(group.DeletionPolicy).toBe("Retain");
    }
  });
});

describe("alarms", () => {
  it("email the stage's topic: one per stage in the Storage stack, subscribed by each alarm address", () => {
    for (const synthesis of [dev, prod]) {
      const [topicId] = onlyResource(synthesis, "Storage", "AWS::SNS::Topic");
      const subscriptions = resourcesOfType(synthesis, "Storage", "AWS::SNS::Subscription").map(([, s]) => s.Properties!);
      if (synthesis === dev) expect(subscriptions).toHaveLength(0);
      else {
        expect(subscriptions.map((s) => s.Endpoint).sort()).toEqual([...alarmEmails].sort());
        for (const s of subscriptions) {
          expect(s.Protocol).toBe("email");
          expect(s.TopicArn).toEqual({ Ref: topicId });
        }
      }
      expect(Object.keys(templateJson(synthesis, "Storage").Outputs ?? {})).toContain("AlarmTopicArn");
      let count = 0;
      for (const stack of stackNames) {
        for (const alarm of alarms(synthesis, stack)) {
          count++;
          expect(alarm.Properties!.AlarmActions).toHaveLength(1);
          expect(target(synthesis, stack, alarm.Properties!.AlarmActions[0])).toMatchObject({ stack: "Storage", logicalId: topicId });
          expect(alarm.Properties!.TreatMissingData).toBe("notBreaching");
          expect(alarm.Properties!.AlarmName).toMatch(new RegExp(`^${synthesis.stage}-regrip-${stack} `));
        }
      }
      expect(count).toBeGreaterThan(5);
    }
  });

  it("watch a disposable stage lighter: its functions' errors account-wide in one alarm, no table throttles", () => {
    for (const synthesis of [dev, live]) {
      const errors = stackNames.flatMap((stack) => byMetric(synthesis, stack, "Errors"));
      expect(errors.map((alarm) => alarmMetrics(alarm))).toEqual([[{ MetricName: "Errors", Namespace: "AWS/Lambda", Dimensions: undefined }]]);
      expect([...byMetric(synthesis, "Storage", "ReadThrottleEvents"), ...byMetric(synthesis, "Storage", "WriteThrottleEvents")]).toEqual([]);
    }
    expect(stackNames.flatMap((stack) => byMetric(prod, stack, "Errors")).length).toBeGreaterThan(5);
  });

  it("watch every one of production's functions for errors, at most ten metrics an alarm", () => {
    for (const synthesis of [prod]) {
      for (const fn of synthesis.functions) {
        const watching = byMetric(synthesis, fn.stack, "Errors").filter((alarm) =>
          alarmMetrics(alarm).some(
            (m) => m.Namespace === "AWS/Lambda" && target(synthesis, fn.stack, dimension(m, "FunctionName"))?.logicalId === fn.logicalId,
          ),
        );
        expect(watching, `${synthesis.stage} ${fn.handler}`).toHaveLength(1);
        expect(watching[0].Properties).toMatchObject({ Threshold: 1, ComparisonOperator: "GreaterThanOrEqualToThreshold" });
      }
      for (const stack of stackNames) {
        for (const alarm of alarms(synthesis, stack)) {
          const queries = (alarm.Properties!.Metrics ?? []) as MetricQuery[];
          expect(queries.filter((q) => q.MetricStat).length).toBeLessThanOrEqual(metricsPerAlarm);
          if (queries.length) expect(queries.filter((q) => q.ReturnData !== false)).toHaveLength(1);
        }
      }
    }
  });

  it("watch the HTTP API's 5xx rate", () => {
    const [apiId] = onlyResource(prod, "Api", "AWS::ApiGatewayV2::Api");
    const [alarm] = byMetric(prod, "Api", "5xx");
    expect(alarm).toBeDefined();
    const metrics = alarmMetrics(alarm);
    expect(metrics.map((m) => m.MetricName).sort()).toEqual(["5xx", "Count"]);
    for (const m of metrics) {
      expect(m.Namespace).toBe("AWS/ApiGateway");
      expect(dimension(m, "ApiId")).toEqual({ Ref: apiId });
    }
    const expression = (alarm.Properties!.Metrics as MetricQuery[]).find((q) => q.Expression)!.Expression!;
    expect(expression).toMatch(/^IF\(/);
    expect(alarm.Properties).toMatchObject({ Threshold: apiErrorRatePercent, ComparisonOperator: "GreaterThanThreshold" });
  });

  it("watch DynamoDB throttles on the table and each of its indexes", () => {
    const [tableId] = onlyResource(prod, "Storage", "AWS::DynamoDB::Table");
    const metrics = [...byMetric(prod, "Storage", "ReadThrottleEvents"), ...byMetric(prod, "Storage", "WriteThrottleEvents")]
      .filter((alarm, index, all) => all.indexOf(alarm) === index)
      .flatMap(alarmMetrics);
    const seen = metrics.map((m) => {
      expect(m.Namespace).toBe("AWS/DynamoDB");
      expect(dimension(m, "TableName")).toEqual({ Ref: tableId });
      return `${m.MetricName} ${dimension(m, "GlobalSecondaryIndexName") ?? "table"}`;
    });
    const expected = ["table", ...tableShape.globalIndexes.map((index) => index.name)].flatMap((scope) => [
      `ReadThrottleEvents ${scope}`,
      `WriteThrottleEvents ${scope}`,
    ]);
    expect(seen.sort()).toEqual(expected.sort());
  });

  it("watch Lambda throttles account-wide", () => {
    const [alarm] = byMetric(prod, "Storage", "Throttles");
    expect(alarmMetrics(alarm)).toEqual([{ MetricName: "Throttles", Namespace: "AWS/Lambda", Dimensions: undefined }]);
    expect(alarm.Properties).toMatchObject({ Statistic: "Sum", Threshold: 1 });
  });
});

describe("payment alarms", () => {
  const paymentRoutes = routes.filter((route) => route.payments);
  const isPaymentFunction = (handler: string | undefined) => handler === stripeWebhookHandler || paymentRoutes.some((route) => route.handler === handler);

  /** The metric filters of `stack`, with the log group each reads. */
  function metricFilters(synthesis: Synthesis, stack: StackName) {
    return resourcesOfType(synthesis, stack, "AWS::Logs::MetricFilter").map(([id, filter]) => ({
      id,
      group: target(synthesis, stack, filter.Properties!.LogGroupName),
      pattern: filter.Properties!.FilterPattern as string,
      metric: filter.Properties!.MetricTransformations[0] as { MetricNamespace: string; MetricName: string; MetricValue: string },
    }));
  }

  /** The alarms of `stack` that read `metricName` of namespace `namespace`. */
  const alarmsOn = (synthesis: Synthesis, stack: StackName, namespace: string, metricName: string) =>
    alarms(synthesis, stack).filter((alarm) => alarmMetrics(alarm).some((m) => m.Namespace === namespace && m.MetricName === metricName));

  it("flag the routes that take or give back money, the card checkout and the counter's payments among them", () => {
    expect(paymentRouteKeys()).toEqual(expect.arrayContaining(["POST /api/orders/{id}/checkout", "POST /api/orders/{id}/payments", "POST /api/orders/{id}/payment-link", "POST /api/orders/{id}/tip", "POST /api/orders/{id}/status", "POST /api/subscriptions/checkout", "POST /api/subscriptions/cancel"]));
    expect(paymentRouteKeys()).not.toContain("GET /api/orders/{id}");
  });

  it("send every payment function's logs, and only theirs, in JSON to a PaymentLogs group of its stack, whose ERROR lines alarm", () => {
    for (const synthesis of [dev, prod]) {
      const groups = new Map<StackName, string>();
      let watched = 0;
      for (const fn of synthesis.functions) {
        const config = resource(synthesis, { stack: fn.stack, logicalId: fn.logicalId }).Properties!.LoggingConfig;
        const group = target(synthesis, fn.stack, config?.LogGroup);
        expect(group?.stack).toBe(fn.stack);
        const payment = group!.logicalId.startsWith(watchIds.paymentLogs);
        expect(payment, `${synthesis.stage} ${fn.handler}`).toBe(isPaymentFunction(fn.handler));
        if (!payment) continue;
        watched++;
        expect(config.LogFormat).toBe("JSON");
        groups.set(fn.stack, group!.logicalId);
      }
      expect(watched).toBe(paymentRoutes.length + 1);
      expect([...groups.keys()].sort()).toEqual(["Api", "StaffApi", "Webhooks"]);
      for (const [stack, groupId] of groups) {
        expect(resource(synthesis, { stack, logicalId: groupId }).Properties!.RetentionInDays).toBe(synthesis === prod ? logRetention.production : logRetention.disposable);
        const [filter] = metricFilters(synthesis, stack).filter((f) => f.group?.logicalId === groupId);
        expect(filter.pattern).toBe('{ $.level = "ERROR" }');
        expect(filter.metric).toMatchObject({ MetricName: paymentMetrics.errors, MetricValue: "1" });
        const [alarm] = alarmsOn(synthesis, stack, filter.metric.MetricNamespace, paymentMetrics.errors);
        expect(alarm.Properties, `${synthesis.stage} ${stack}`).toMatchObject({ Statistic: "Sum", Threshold: 1, ComparisonOperator: "GreaterThanOrEqualToThreshold" });
        expect(alarm.Properties!.AlarmDescription).toMatch(/Card payments are not set up/);
      }
    }
  });

  it("count the 5xx answers of every payment route in the API's access log, and alarm on the first", () => {
    for (const synthesis of [dev, prod]) {
      const [groupId] = resourcesOfType(synthesis, "Api", "AWS::Logs::LogGroup").find(([, group]) => /vendedlogs\/apis/.test(joined(group.Properties!.LogGroupName)))!;
      const [filter] = metricFilters(synthesis, "Api").filter((f) => f.group?.logicalId === groupId);
      expect(filter.pattern).toMatch(/\$\.status >= 500/);
      const named = [...filter.pattern.matchAll(/\$\.routeKey = "([^"]+)"/g)].map((m) => m[1]);
      expect(named.sort()).toEqual(paymentRoutes.map(routeKey).sort());
      // CloudWatch Logs takes a filter pattern of at most 1,024 characters: room for more payment routes.
      expect(filter.pattern.length).toBeLessThan(800);
      const [alarm] = alarmsOn(synthesis, "Api", filter.metric.MetricNamespace, paymentMetrics.serverErrors);
      expect(alarm.Properties).toMatchObject({ Statistic: "Sum", Threshold: 1 });
    }
  });

  it("alarm on every 4xx and 5xx the Stripe webhook's function URL answers", () => {
    for (const synthesis of [dev, prod]) {
      const webhook = synthesis.functions.find((f) => f.handler === stripeWebhookHandler)!;
      const [alarm] = [...byMetric(synthesis, "Webhooks", "Url4xxCount")];
      const metrics = alarmMetrics(alarm);
      expect(metrics.map((m) => m.MetricName).sort()).toEqual(["Url4xxCount", "Url5xxCount"]);
      for (const m of metrics) {
        expect(m.Namespace).toBe("AWS/Lambda");
        expect(target(synthesis, "Webhooks", dimension(m, "FunctionName"))?.logicalId).toBe(webhook.logicalId);
      }
      expect(alarm.Properties).toMatchObject({ Threshold: 1, ComparisonOperator: "GreaterThanOrEqualToThreshold" });
    }
  });
});

describe("failures kept", () => {
  /** The stack's failure queue, and the alarm that fires while anything waits in it. */
  function failureQueue(synthesis: Synthesis, stack: StackName): string {
    const [queueId, queue] = onlyResource(synthesis, stack, "AWS::SQS::Queue");
    expect(queue.Properties!.MessageRetentionPeriod).toBe(14 * 24 * 3600);
    const [alarm] = byMetric(synthesis, stack, "ApproximateNumberOfMessagesVisible");
    expect(alarm.Properties).toMatchObject({ Namespace: "AWS/SQS", Statistic: "Maximum", Threshold: 1 });
    expect(target(synthesis, stack, dimension(alarmMetrics(alarm)[0], "QueueName"))).toMatchObject({ logicalId: queueId });
    return queueId;
  }

  function onFailure(synthesis: Synthesis, stack: StackName, functionId: string): unknown {
    const configs = resourcesOfType(synthesis, stack, "AWS::Lambda::EventInvokeConfig")
      .map(([, c]) => c.Properties!)
      .filter((c) => target(synthesis, stack, c.FunctionName)?.logicalId === functionId);
    expect(configs).toHaveLength(1);
    return configs[0].DestinationConfig.OnFailure.Destination;
  }

  function queuePolicyAllows(synthesis: Synthesis, stack: StackName, service: string, source: string): void {
    const [, policy] = onlyResource(synthesis, stack, "AWS::SQS::QueuePolicy");
    const statements = (policy.Properties!.PolicyDocument.Statement as { Effect: string; Principal?: { Service?: string }; Action: string; Condition?: any }[])
      .filter((s) => s.Effect === "Allow" && s.Principal?.Service === service);
    const statement = statements.find((s) => target(synthesis, stack, s.Condition?.ArnEquals?.["aws:SourceArn"])?.logicalId === source);
    expect(statement?.Action).toBe("sqs:SendMessage");
  }

  it("keeps every job's failed runs in the Jobs stack's queue: EventBridge's and Lambda's", () => {
    for (const synthesis of [dev, prod]) {
      const queueId = failureQueue(synthesis, "Jobs");
      const rules = resourcesOfType(synthesis, "Jobs", "AWS::Events::Rule");
      const jobs = jobsOf(synthesis === prod);
      expect(rules).toHaveLength(jobs.length);
      for (const declared of jobs) {
        const job = synthesis.functions.find((f) => f.handler === declared.handler)!;
        expect(onFailure(synthesis, "Jobs", job.logicalId)).toEqual({ "Fn::GetAtt": [queueId, "Arn"] });
      }
      for (const [ruleId, rule] of rules) {
        expect(rule.Properties!.Targets[0].DeadLetterConfig).toEqual({ Arn: { "Fn::GetAtt": [queueId, "Arn"] } });
        queuePolicyAllows(synthesis, "Jobs", "events.amazonaws.com", ruleId);
      }
    }
    // Production alarms on the jobs' errors too (see "watch every one of production's functions"): one alarm, a metric
    // a job; a disposable stage's account-wide errors alarm counts them.
    const [errors] = byMetric(prod, "Jobs", "Errors");
    // And the deploy's data migrations (the Script's two functions) beside them.
    expect(alarmMetrics(errors).filter((m) => m.MetricName === "Errors")).toHaveLength(jobsOf(true).length + 2);
  });

  it("keeps texts SNS could not deliver, and events the SNS functions failed on, in the Webhooks stack's queue", () => {
    for (const synthesis of [dev, prod]) {
      const queueId = failureQueue(synthesis, "Webhooks");
      const inbound = synthesis.functions.find((f) => f.handler === snsInboundHandler)!;
      expect(onFailure(synthesis, "Webhooks", inbound.logicalId)).toEqual({ "Fn::GetAtt": [queueId, "Arn"] });
      const [topicId] = onlyResource(synthesis, "Webhooks", "AWS::SNS::Topic");
      const [, subscription] = onlyResource(synthesis, "Webhooks", "AWS::SNS::Subscription");
      expect(subscription.Properties!.RedrivePolicy).toEqual({ deadLetterTargetArn: { "Fn::GetAtt": [queueId, "Arn"] } });
      queuePolicyAllows(synthesis, "Webhooks", "sns.amazonaws.com", topicId);
    }
    const status = prod.functions.find((f) => f.handler === snsDeliveryStatusHandler)!;
    expect(onFailure(prod, "Webhooks", status.logicalId)).toEqual({
      "Fn::GetAtt": [onlyResource(prod, "Webhooks", "AWS::SQS::Queue")[0], "Arn"],
    });
  });

  it("reserves the Stripe webhook's concurrency as the stage says, and none on a disposable stage", () => {
    const stripe = (synthesis: Synthesis) =>
      resource(synthesis, { stack: "Webhooks", logicalId: synthesis.functions.find((f) => f.handler === stripeWebhookHandler)!.logicalId });
    expect(stripe(prod).Properties!.ReservedConcurrentExecutions).toBe(8);
    expect(stripe(dev).Properties!.ReservedConcurrentExecutions).toBeUndefined();
    expect(stripe(live).Properties!.ReservedConcurrentExecutions).toBeUndefined();
  });
});

describe("the deploy guide's figures", () => {
  /** Alarms and the metrics they read (a metric-math alarm reads each metric it names) over a synthesized stage. */
  function alarmFigures(synthesis: Synthesis) {
    let count = 0;
    let metrics = 0;
    for (const stack of stackNames) {
      for (const alarm of alarms(synthesis, stack)) {
        count++;
        const queries = (alarm.Properties!.Metrics ?? []) as MetricQuery[];
        metrics += queries.length ? queries.filter((query) => query.MetricStat).length : 1;
      }
    }
    return { count, metrics };
  }

  it("are the templates' own: a production stage's alarms and the metrics they read, the functions and their roles", () => {
    // Sentences wrap across lines: read the guide as one run of words.
    const guide = readFileSync(join(repoRoot, "docs/deploy.md"), "utf8").replace(/\s+/g, " ");
    const { count, metrics } = alarmFigures(prod);
    const said = /(\d+) alarms on a production stage, reading (\d+) metrics in all/.exec(guide);
    expect(said, "docs/deploy.md names the alarms and metrics of a production stage").not.toBeNull();
    expect({ alarms: Number(said![1]), metrics: Number(said![2]) }).toEqual({ alarms: count, metrics });
    const disposable = alarmFigures(dev);
    const light = /(\d+) alarms on a disposable stage, reading (\d+) metrics/.exec(guide);
    expect(light, "docs/deploy.md names the alarms and metrics of a disposable stage").not.toBeNull();
    expect({ alarms: Number(light![1]), metrics: Number(light![2]) }).toEqual({ alarms: disposable.count, metrics: disposable.metrics });
    // The shop's own functions (the routes', the webhooks', the jobs'; not CDK's helpers), and the roles they run as.
    const roles = new Set(prod.functions.map((fn) => `${fn.stack} ${JSON.stringify(resource(prod, fn).Properties!.Role)}`));
    const roleSentence = /(\d+) functions of the shop's own, with (\d+) roles/.exec(guide);
    expect(roleSentence, "docs/deploy.md names the functions and their roles").not.toBeNull();
    expect({ functions: Number(roleSentence![1]), roles: Number(roleSentence![2]) }).toEqual({ functions: prod.functions.length, roles: roles.size });
  });
});

describe("backups", () => {
  it("back production's table up daily for 35 days into a vault that outlives the stack, and keep a photo's earlier versions 30 days", () => {
    for (const synthesis of [dev, live]) {
      expect(resourcesOfType(synthesis, "Storage", "AWS::Backup::BackupPlan"), synthesis.stage).toEqual([]);
      expect(onlyResource(synthesis, "Storage", "AWS::S3::Bucket")[1].Properties!.VersioningConfiguration, synthesis.stage).toBeUndefined();
    }
    const [vaultId, vault] = onlyResource(prod, "Storage", "AWS::Backup::BackupVault");
    expect(vault.DeletionPolicy).toBe("Retain");
    const [planId, plan] = onlyResource(prod, "Storage", "AWS::Backup::BackupPlan");
    expect(plan.Properties!.BackupPlan.BackupPlanRule).toEqual([
      expect.objectContaining({ RuleName: "Daily", ScheduleExpression: "cron(0 9 * * ? *)", Lifecycle: { DeleteAfterDays: 35 } }),
    ]);
    expect(target(prod, "Storage", plan.Properties!.BackupPlan.BackupPlanRule[0].TargetBackupVault)?.logicalId).toBe(vaultId);
    const [, selection] = onlyResource(prod, "Storage", "AWS::Backup::BackupSelection");
    expect(target(prod, "Storage", selection.Properties!.BackupPlanId)?.logicalId).toBe(planId);
    const [tableId] = onlyResource(prod, "Storage", "AWS::DynamoDB::Table");
    expect(JSON.stringify(selection.Properties!.BackupSelection.Resources)).toContain(tableId);
    const [, uploads] = onlyResource(prod, "Storage", "AWS::S3::Bucket");
    expect(uploads.Properties!.VersioningConfiguration).toEqual({ Status: "Enabled" });
    expect(uploads.Properties!.LifecycleConfiguration.Rules).toEqual([
      expect.objectContaining({ Id: "ExpireOldVersions", Status: "Enabled", NoncurrentVersionExpiration: { NoncurrentDays: 30 } }),
    ]);
  });

  it("export production's users nightly to a bucket of their own: kept, versioned, each export 35 days, encrypted, private, TLS only", () => {
    for (const synthesis of [dev, live]) {
      expect(resourcesOfType(synthesis, "Jobs", "AWS::S3::Bucket"), synthesis.stage).toEqual([]);
      expect(synthesis.functions.filter((fn) => fn.handler === userExportJob.handler), synthesis.stage).toEqual([]);
    }
    const [bucketId, bucket] = onlyResource(prod, "Jobs", "AWS::S3::Bucket");
    expect(bucket).toMatchObject({ DeletionPolicy: "Retain", UpdateReplacePolicy: "Retain" });
    expect(resourcesOfType(prod, "Jobs", "Custom::S3AutoDeleteObjects")).toEqual([]);
    const p = bucket.Properties!;
    expect(p.VersioningConfiguration).toEqual({ Status: "Enabled" });
    expect(p.LifecycleConfiguration.Rules).toEqual([
      expect.objectContaining({ Status: "Enabled", ExpirationInDays: userExportDays, NoncurrentVersionExpiration: { NoncurrentDays: 7 } }),
    ]);
    expect(p.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm).toBe("AES256");
    expect(p.PublicAccessBlockConfiguration).toEqual({ BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true });
    const [, policy] = onlyResource(prod, "Jobs", "AWS::S3::BucketPolicy");
    expect(target(prod, "Jobs", policy.Properties!.Bucket)?.logicalId).toBe(bucketId);
    expect(policy.Properties!.PolicyDocument.Statement).toEqual([
      expect.objectContaining({ Effect: "Deny", Action: "s3:*", Condition: { Bool: { "aws:SecureTransport": "false" } } }),
    ]);
    expect(target(prod, "Jobs", templateJson(prod, "Jobs").Outputs!.UserExportsBucket.Value)?.logicalId).toBe(bucketId);
    // Nightly, before the table's backup at 09:00 UTC.
    const job = prod.functions.find((fn) => fn.handler === userExportJob.handler)!;
    const [, rule] = resourcesOfType(prod, "Jobs", "AWS::Events::Rule").find(([, r]) => target(prod, "Jobs", r.Properties!.Targets[0].Arn)?.logicalId === job.logicalId)!;
    expect(rule.Properties!.ScheduleExpression).toBe("cron(30 8 * * ? *)");
  });
});

describe("the stage's dashboard, saved queries and email alarms", () => {
  it("draw one dashboard a stage from every stack's API, payments, jobs and table, with the account's texts and emails", () => {
    for (const synthesis of [dev, prod]) {
      const [, dashboard] = onlyResource(synthesis, "Jobs", "AWS::CloudWatch::Dashboard");
      expect(dashboard.Properties!.DashboardName).toBe(`regrip-${synthesis.stage}`);
      const body = JSON.stringify(dashboard.Properties!.DashboardBody);
      for (const words of ['"API answers"', '"API latency (ms)"', '"Payments"', '"Texts (Amazon SNS)"', '"Emails (Amazon SES)"', '"Jobs"', '"DynamoDB throttles"', "SMSMonthToDateSpentUSD", "Bounce", "PaymentErrors", "ReadThrottleEvents"]) {
        expect(body.replace(/\\"/g, '"'), words).toContain(words.replace(/^"|"$/g, ""));
      }
    }
  });

  it("save the owner's first Logs Insights questions over the stage's own groups", () => {
    const queries = resourcesOfType(prod, "Jobs", "AWS::Logs::QueryDefinition").map(([, q]) => q.Properties!);
    expect(queries.map((q) => q.Name).sort()).toEqual([
      "regrip-prod/API 5xx answers",
      "regrip-prod/cold starts",
      "regrip-prod/errors",
      "regrip-prod/payment cold starts",
      "regrip-prod/payment errors",
    ]);
    const errors = queries.find((q) => q.Name === "regrip-prod/errors")!;
    // Every stack's function log group (Api, StaffApi, Webhooks, Jobs and more).
    expect(errors.LogGroupNames.length).toBeGreaterThanOrEqual(4);
    expect(queries.find((q) => q.Name === "regrip-prod/API 5xx answers")!.QueryString).toContain("filter status >= 500");
    // Cold starts by function from the REPORT lines, in the text format and in the payment groups' JSON.
    const coldStarts = queries.find((q) => q.Name === "regrip-prod/cold starts")!;
    expect(coldStarts.LogGroupNames).toEqual(errors.LogGroupNames);
    expect(coldStarts.QueryString).toContain("max(@initDuration)");
    expect(coldStarts.QueryString).toContain("(?<function>");
    expect(queries.find((q) => q.Name === "regrip-prod/payment cold starts")!.QueryString).toContain("max(record.metrics.initDurationMs)");
  });

  it("alarm on SES's bounce and complaint rates once the stage sends email", () => {
    expect([...byMetric(dev, "Storage", "Reputation.BounceRate"), ...byMetric(dev, "Storage", "Reputation.ComplaintRate")]).toEqual([]);
    const [bounces] = byMetric(prod, "Storage", "Reputation.BounceRate");
    expect(bounces.Properties).toMatchObject({ Threshold: 0.05, ComparisonOperator: "GreaterThanThreshold", Namespace: "AWS/SES", Period: 3600 });
    const [complaints] = byMetric(prod, "Storage", "Reputation.ComplaintRate");
    expect(complaints.Properties).toMatchObject({ Threshold: 0.001, ComparisonOperator: "GreaterThanThreshold" });
  });
});

describe("the deploy's data migrations", () => {
  it("run from the Jobs stack's Script, after the stacks, again whenever the latest migration's version changes", async () => {
    const { latestVersion } = await import("../../packages/core/src/migrations");
    for (const synthesis of [dev, prod]) {
      const scripts = Object.values(templateJson(synthesis, "Jobs").Resources).filter((r) => r.Type.startsWith("Custom::") && r.Properties?.Version !== undefined);
      expect(scripts, synthesis.stage).toHaveLength(1);
      expect(scripts[0]!.Properties!.Version).toBe(String(latestVersion));
      expect(synthesis.functions.filter((fn) => fn.handler === "packages/functions/src/jobs/migrate.handler").map((fn) => fn.stack)).toEqual(["Jobs", "Jobs"]);
    }
  });
});

describe("texts", () => {
  it("count every stack's failed-text lines into one metric of the stage, alarm at five an hour, and on SNS's spend when asked", () => {
    for (const synthesis of [dev, prod]) {
      let filters = 0;
      for (const stack of stackNames) {
        for (const [, filter] of resourcesOfType(synthesis, stack, "AWS::Logs::MetricFilter").filter(([, f]) => f.Properties!.MetricTransformations[0].MetricName === "TextFailures")) {
          expect(filter.Properties!.FilterPattern).toBe(`"${TEXT_FAILED}"`);
          expect(filter.Properties!.MetricTransformations[0].MetricNamespace).toBe(`Regrip/${synthesis.stage}`);
          filters++;
        }
      }
      // The stacks with functions: each one's function logs, and the payment logs beside them.
      expect(filters, synthesis.stage).toBeGreaterThanOrEqual(4);
      const [alarm] = byMetric(synthesis, "Storage", "TextFailures");
      expect(alarm!.Properties).toMatchObject({ Threshold: 4, ComparisonOperator: "GreaterThanThreshold", Period: 3600 });
    }
    expect(byMetric(dev, "Storage", "SMSMonthToDateSpentUSD")).toEqual([]);
    const [spend] = byMetric(prod, "Storage", "SMSMonthToDateSpentUSD");
    expect(spend!.Properties).toMatchObject({ Threshold: 40, ComparisonOperator: "GreaterThanThreshold" });
  });
});
