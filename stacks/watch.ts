/**
 * Watching a stage: where every function logs and for how long, the alarms, the topic they go to, and the queues
 * that keep what failed. sst.config.ts calls `watchStage` once every stack exists; Jobs and Webhooks call
 * `failureQueue`/`keepFailedInvocations` for their asynchronously invoked functions.
 *
 * The Api stack's template is the one near CloudFormation's size limit, and everything here that is per function
 * multiplies by every route. So each stack's functions share one log group (`LoggingConfig.LogGroup`, about 80
 * bytes a function: Lambda names each log stream after its function, so nothing is lost), and a stack's Lambda
 * errors are alarmed in batches of ten functions per metric-math alarm (the most an alarm may use), one metric each.
 * Throttles are watched account-wide, which costs nothing per function; see `watchStage`.
 *
 * Money is watched apart, because a payment error is usually caught and answered (a 503, a refund recorded as
 * failed), so no Lambda error counts it: the functions of the routes flagged `payments` (packages/functions/src/routes.ts)
 * and the Stripe webhook log, in JSON, to a payment log group of their stack, where a metric filter counts every
 * line at level ERROR and an alarm fires on the first; the API's access log counts the 5xx answers of those routes;
 * and the Stripe webhook's function URL counts its 4xx and 5xx answers.
 */
import { Aspects, CfnResource, Duration, RemovalPolicy, Stack, type IAspect } from "aws-cdk-lib";
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
  type IMetric,
} from "aws-cdk-lib/aws-cloudwatch";
import { SnsAction } from "aws-cdk-lib/aws-cloudwatch-actions";
import { CfnTable } from "aws-cdk-lib/aws-dynamodb";
import { CfnFunction } from "aws-cdk-lib/aws-lambda";
import { SqsDestination } from "aws-cdk-lib/aws-lambda-destinations";
import { CfnLogGroup, CfnQueryDefinition, FilterPattern, LogGroup, RetentionDays } from "aws-cdk-lib/aws-logs";
import { Topic } from "aws-cdk-lib/aws-sns";
import { EmailSubscription } from "aws-cdk-lib/aws-sns-subscriptions";
import { Queue, QueueEncryption } from "aws-cdk-lib/aws-sqs";
import type { Construct, IConstruct } from "constructs";
import { Api, App, Function as SstFunction, Table, getStack } from "sst/constructs";
import { routeKey, routes } from "../packages/functions/src/routes";
import { TEXT_FAILED } from "../packages/core/src/shared/monitoring";
import { deploySettings } from "./settings";
import { Storage } from "./Storage";

/** How long logs are kept: a year in production (incidents, disputes about a payment), two weeks elsewhere. */
export const logRetention = { production: RetentionDays.ONE_YEAR, disposable: RetentionDays.TWO_WEEKS } as const;

/** The most metrics one CloudWatch alarm may use (metric math included). */
export const metricsPerAlarm = 10;

/** Every alarm looks at 5-minute periods and fires on the first bad one. */
const period = Duration.minutes(5);

/** API Gateway's 5xx answers, in percent of requests, above which the API alarm fires (with at least `minimumRequests`). */
export const apiErrorRatePercent = 5;
const minimumRequests = 5;

/** The construct ids watchStage and the tests look for. */
export const watchIds = {
  functionLogs: "FunctionLogs",
  paymentLogs: "PaymentLogs",
  failures: "Failures",
  topic: "Alarms",
} as const;

/** Where the payment log groups' error lines are counted: `<namespace>/<stack name>`, metric `paymentErrorMetric`. */
export const paymentMetrics = { namespace: "Regrip", errors: "PaymentErrors", serverErrors: "PaymentServerErrors" } as const;

/** The lines a payment log group's filter counts: Lambda's JSON log format writes console.error at level ERROR. */
export const paymentErrorPattern = FilterPattern.stringValue("$.level", "=", "ERROR");

/** The route keys whose 5xx answers alarm: every route flagged `payments`. */
export const paymentRouteKeys = (): string[] => routes.filter((route) => route.payments).map(routeKey);

const paymentFunctions = new WeakSet<SstFunction>();
const stripeWebhooks = new WeakSet<SstFunction>();

/**
 * Marks `fn` as a payment function (its stack calls this): watchStage sends its logs to the stack's payment log
 * group. `stripeWebhook`: the Stripe webhook, whose function URL's 4xx and 5xx answers alarm too.
 */
export function watchPayments(fn: SstFunction, options: { stripeWebhook?: boolean } = {}): void {
  paymentFunctions.add(fn);
  if (options.stripeWebhook) stripeWebhooks.add(fn);
}

export function watchStage(app: App): void {
  const settings = deploySettings(app);
  const production = settings.production === true;
  const retention = production ? logRetention.production : logRetention.disposable;
  const stacks = app.node.children.filter((child): child is Stack => child instanceof Stack);

  // Each stack's functions log to its log group; Lambda never makes one of its own without a retention.
  for (const stack of stacks) functionLogGroup(stack, retention, production);
  Aspects.of(app).add(new KeepLogs(retention, production));

  // The topic sits in the Storage stack, which every other stack already depends on.
  const storage = getStack(Storage);
  const topic = new Topic(storage, watchIds.topic, { displayName: `Regrip ${app.stage} alarms` });
  for (const address of settings.alarmEmails) topic.addSubscription(new EmailSubscription(address));
  storage.addOutputs({ AlarmTopicArn: topic.topicArn });
  const action = new SnsAction(topic);
  const alarm = (stack: Stack, id: string, name: string, description: string, metric: IMetric, threshold = 1) =>
    new Alarm(stack, id, {
      alarmName: `${stack.stackName} ${name}`,
      alarmDescription: description,
      metric,
      threshold,
      comparisonOperator:
        threshold === 1 ? ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD : ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      // No data is no traffic (or no failure), not a failure.
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }).addAlarmAction(action);

  // Throttles account-wide (Lambda publishes Throttles without dimensions): a throttle is the account's concurrency
  // running out, or a function's reservation (the Stripe webhook's), and either hurts this stage. Per-stage throttle
  // metrics would cost one more metric per function in the Api stack; the price is that throttles of other stages or
  // apps in the account alarm here too.
  alarm(
    storage,
    "LambdaThrottles",
    "Lambda throttles (account)",
    "Lambda throttled invocations somewhere in this account and region: look for the function with Throttles in CloudWatch.",
    new Metric({ namespace: "AWS/Lambda", metricName: "Throttles", statistic: "Sum", period }),
  );

  // A disposable stage watches lighter (every alarm costs $0.10 a month a metric): its functions' errors as one
  // account-wide figure, and no table throttles; production names the failing stack and function.
  if (!production) {
    alarm(
      storage,
      "LambdaErrorsAccount",
      "Lambda errors (account)",
      "A function failed somewhere in this account and region (this stage, or another): see Errors by FunctionName in CloudWatch, then its log streams.",
      new Metric({ namespace: "AWS/Lambda", metricName: "Errors", statistic: "Sum", period }),
    );
  }

  for (const stack of stacks) {
    const found = stack.node.findAll();

    const functions = found.filter((c): c is SstFunction => c instanceof SstFunction);
    if (production) {
      batches(functions).forEach((batch, index, all) =>
        alarm(
          stack,
          `LambdaErrors${index + 1}`,
          `Lambda errors ${index + 1} of ${all.length}`,
          `A function of ${stack.stackName} failed (an exception, a timeout or a crash): see Errors by FunctionName in CloudWatch, then its log streams in the stack's FunctionLogs group.`,
          sum(batch.map((fn) => fn.metricErrors({ statistic: "Sum", period }))),
        ),
      );
    }

    const payments = functions.filter((fn) => paymentFunctions.has(fn));
    if (payments.length) {
      const group = new LogGroup(stack, watchIds.paymentLogs, { retention, removalPolicy: production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY });
      for (const fn of payments) {
        // JSON, so each line carries its level; the KeepLogs aspect leaves a function that names its group alone.
        (fn.node.defaultChild as CfnFunction).loggingConfig = { logGroup: group.logGroupName, logFormat: "JSON" };
      }
      const errors = group.addMetricFilter("PaymentErrorLines", {
        filterPattern: paymentErrorPattern,
        metricNamespace: `${paymentMetrics.namespace}/${stack.stackName}`,
        metricName: paymentMetrics.errors,
        metricValue: "1",
      });
      alarm(
        stack,
        "PaymentErrors",
        "payment errors",
        `A payment function of ${stack.stackName} (a checkout, payment link, counter payment, refund, membership call or the Stripe webhook) logged an error: read the ERROR lines of its PaymentLogs group (docs/deploy.md, "Watching a stage"). "Card payments are not set up" means the stage has no Stripe key.`,
        errors.metric({ statistic: "Sum", period }),
      );
    }

    for (const fn of functions.filter((f) => stripeWebhooks.has(f))) {
      const url = (metricName: string) =>
        new Metric({ namespace: "AWS/Lambda", metricName, dimensionsMap: { FunctionName: fn.functionName }, statistic: "Sum", period });
      alarm(
        stack,
        "StripeWebhookRefusals",
        "Stripe webhook 4xx or 5xx",
        "The Stripe webhook answered a 4xx or a 5xx: a 400 is a bad signature (is STRIPE_WEBHOOK_SECRET the endpoint's signing secret?), a 503 a missing secret or key, a 500 our failure. Stripe retries for three days; until fixed, paid orders stay unpaid and the unpaid hold cancels them.",
        sum([url("Url4xxCount"), url("Url5xxCount")]),
      );
    }

    for (const api of found.filter((c): c is Api => c instanceof Api)) {
      const accessLog = api.cdk.accessLogGroup;
      const keys = paymentRouteKeys();
      if (accessLog && keys.length) {
        const serverErrors = accessLog.addMetricFilter("PaymentServerErrorAnswers", {
          filterPattern: FilterPattern.all(
            FilterPattern.numberValue("$.status", ">=", 500),
            FilterPattern.any(...keys.map((key) => FilterPattern.stringValue("$.routeKey", "=", key))),
          ),
          metricNamespace: `${paymentMetrics.namespace}/${stack.stackName}`,
          metricName: paymentMetrics.serverErrors,
          metricValue: "1",
        });
        alarm(
          stack,
          `${api.node.id}PaymentServerErrors`,
          `${api.node.id} payment route 5xx`,
          "A payment route (checkout, payment link, counter payment, refund, membership) answered a 5xx: find it in the API's access log by routeKey and status, then its function's ERROR lines in the PaymentLogs groups.",
          serverErrors.metric({ statistic: "Sum", period }),
        );
      }

      const httpApi = api.cdk.httpApi;
      alarm(
        stack,
        `${api.node.id}ServerErrors`,
        `${api.node.id} 5xx over ${apiErrorRatePercent} percent`,
        `More than ${apiErrorRatePercent} % of the HTTP API's answers in 5 minutes were 5xx (with at least ${minimumRequests} requests): see the API's access log and the Lambda errors alarms.`,
        new MathExpression({
          expression: `IF(requests >= ${minimumRequests}, 100 * FILL(errors, 0) / requests, 0)`,
          usingMetrics: {
            errors: httpApi.metricServerError({ statistic: "Sum", period }),
            requests: httpApi.metricCount({ statistic: "Sum", period }),
          },
          period,
        }),
        apiErrorRatePercent,
      );
    }

    for (const table of production ? found.filter((c): c is Table => c instanceof Table) : []) {
      batches(tableThrottleMetrics(table)).forEach((batch, index) =>
        alarm(
          stack,
          `${table.node.id}Throttles${index + 1}`,
          `DynamoDB ${table.node.id} throttles${index > 0 ? ` ${index + 1}` : ""}`,
          "DynamoDB throttled reads or writes on the table or an index (a hot key or an account limit): see ReadThrottleEvents and WriteThrottleEvents.",
          sum(batch),
        ),
      );
    }

    const failures = stack.node.tryFindChild(watchIds.failures);
    if (failures instanceof Queue) {
      alarm(
        stack,
        "FailuresWaiting",
        "failed invocations waiting",
        `Something ${stack.stackName} runs in the background failed for good and was kept in its Failures queue: read the messages (the event and the error), fix, then purge the queue.`,
        failures.metricApproximateNumberOfMessagesVisible({ statistic: "Maximum", period }),
      );
    }
  }

  // The shop's emails, once the stage sends through SES: mail providers stop taking an account's mail past a
  // bounce rate of about 10 % or a complaint rate of 0.5 %, and SES pauses it; these fire well before.
  if (settings.emailFrom) {
    const reputation = (metricName: string) => new Metric({ namespace: "AWS/SES", metricName, statistic: "Maximum", period: Duration.hours(1) });
    alarm(storage, "EmailBounces", "email bounce rate over 5 percent", "More than 5 % of the account's SES emails bounced (Reputation.BounceRate): check the addresses customers gave, and the SES console's reputation page.", reputation("Reputation.BounceRate"), sesBounceRate);
    alarm(storage, "EmailComplaints", "email complaint rate over 0.1 percent", "More than 0.1 % of the account's SES emails were marked as spam (Reputation.ComplaintRate): SES pauses sending near 0.5 %.", reputation("Reputation.ComplaintRate"), sesComplaintRate);
  }

  // Texts the SMS provider refused or failed (Twilio's or SNS's answer: a wrong number, an unregistered sender, a
  // spend limit reached): every function that texts logs TEXT_FAILED, counted from every stack's log groups into one
  // metric of the stage. A single wrong number is a customer's typo; five in an hour is the sender.
  const textFailures = { namespace: `${paymentMetrics.namespace}/${app.stage}`, metricName: "TextFailures" };
  for (const stack of stacks) {
    for (const group of stack.node.findAll().filter((c): c is LogGroup => c instanceof LogGroup && (c.node.id === watchIds.functionLogs || c.node.id === watchIds.paymentLogs))) {
      group.addMetricFilter("TextFailureLines", { filterPattern: FilterPattern.literal(`"${TEXT_FAILED}"`), metricNamespace: textFailures.namespace, metricName: textFailures.metricName, metricValue: "1" });
    }
  }
  alarm(
    storage,
    "TextFailures",
    "texts failing",
    `At least ${textFailureAlarm} texts failed in an hour: read the "${TEXT_FAILED}" lines (Logs Insights, regrip-${app.stage}/errors) for the provider's words: an unregistered number, a spend limit reached, a suspended account.`,
    new Metric({ ...textFailures, statistic: "Sum", period: Duration.hours(1) }),
    textFailureAlarm - 1,
  );
  if (settings.smsSpendAlarmUsd !== undefined) {
    alarm(
      storage,
      "SmsSpend",
      `SMS spend over ${settings.smsSpendAlarmUsd} dollars`,
      `Amazon SNS's texts have cost more than $${settings.smsSpendAlarmUsd} this month (SMSMonthToDateSpentUSD): near the account's SMS spend limit SNS stops sending; raise the limit or find what is texting.`,
      new Metric({ namespace: "AWS/SNS", metricName: "SMSMonthToDateSpentUSD", statistic: "Maximum", period: Duration.hours(1) }),
      settings.smsSpendAlarmUsd,
    );
  }

  stageDashboard(app, stacks);
}

/** The texts that fail in an hour before the stage's alarm fires. */
export const textFailureAlarm = 5;

/** The SES reputation rates the email alarms fire past (fractions, as SES reports them). */
export const sesBounceRate = 0.05;
export const sesComplaintRate = 0.001;

/**
 * One CloudWatch dashboard for the stage (`regrip-<stage>`), and the Logs Insights queries an owner reaches for
 * first, saved under `regrip-<stage>/`. Both live in the Jobs stack, the last one: they read every other stack's
 * API, functions and groups, and nothing reads them.
 */
function stageDashboard(app: App, stacks: Stack[]): void {
  const jobs = stacks.find((stack) => stack.node.id.endsWith("Jobs"));
  if (!jobs) return;
  const found = stacks.flatMap((stack) => stack.node.findAll());
  const apis = found.filter((c): c is Api => c instanceof Api);
  const tables = found.filter((c): c is Table => c instanceof Table);
  const jobFunctions = jobs.node.findAll().filter((c): c is SstFunction => c instanceof SstFunction);
  const accountWide = (namespace: string, metricName: string, label: string, statistic = "Sum") =>
    new Metric({ namespace, metricName, statistic, period, label });

  const dashboard = new Dashboard(jobs, "StageDashboard", { dashboardName: `regrip-${app.stage}`, defaultInterval: Duration.days(1) });
  const graph = (title: string, left: IMetric[], width = 12) => new GraphWidget({ title, left, width, height: 6 });
  dashboard.addWidgets(
    new TextWidget({
      markdown: `# Regrip ${app.stage}\nAnswers, errors and money at a glance; each alarm of the stage says what to do (docs/deploy.md, "Watching a stage").`,
      width: 24,
      height: 2,
    }),
  );
  for (const api of apis) {
    const http = api.cdk.httpApi;
    dashboard.addWidgets(
      graph("API answers", [http.metricCount({ statistic: "Sum", period, label: "requests" }), http.metricClientError({ statistic: "Sum", period, label: "4xx" }), http.metricServerError({ statistic: "Sum", period, label: "5xx" })]),
      graph("API latency (ms)", [http.metricLatency({ statistic: "p50", period, label: "p50" }), http.metricLatency({ statistic: "p90", period, label: "p90" }), http.metricLatency({ statistic: "p99", period, label: "p99" })]),
    );
  }
  dashboard.addWidgets(
    graph("Payments", stacks.flatMap((stack) => (stack.node.tryFindChild(watchIds.paymentLogs) ? [new Metric({ namespace: `${paymentMetrics.namespace}/${stack.stackName}`, metricName: paymentMetrics.errors, statistic: "Sum", period, label: `${stack.node.id} payment errors` })] : []))),
    graph("Functions (account)", [accountWide("AWS/Lambda", "Errors", "errors"), accountWide("AWS/Lambda", "Throttles", "throttles")]),
  );
  dashboard.addWidgets(
    graph("Texts (Amazon SNS)", [accountWide("AWS/SNS", "SMSMonthToDateSpentUSD", "spent this month ($)", "Maximum"), accountWide("AWS/SNS", "NumberOfNotificationsFailed", "failed")]),
    graph("Emails (Amazon SES)", [accountWide("AWS/SES", "Send", "sent"), accountWide("AWS/SES", "Bounce", "bounced"), accountWide("AWS/SES", "Complaint", "complaints")]),
  );
  dashboard.addWidgets(
    graph("Jobs", jobFunctions.map((fn) => fn.metricErrors({ statistic: "Sum", period, label: `${fn.node.id} errors` }))),
    graph("DynamoDB throttles", tables.flatMap((table) => tableThrottleMetrics(table))),
  );

  const groups = (name: string) =>
    stacks.flatMap((stack) => {
      const group = stack.node.tryFindChild(name);
      return group instanceof LogGroup ? [group.logGroupName] : [];
    });
  const query = (id: string, name: string, logGroupNames: string[], queryString: string) => {
    if (logGroupNames.length) new CfnQueryDefinition(jobs, id, { name: `regrip-${app.stage}/${name}`, logGroupNames, queryString });
  };
  query("ErrorsQuery", "errors", groups(watchIds.functionLogs), "fields @timestamp, @logStream, @message\n| filter @message like /ERROR|Task timed out|Runtime.ExitError/\n| sort @timestamp desc\n| limit 100");
  query("PaymentErrorsQuery", "payment errors", groups(watchIds.paymentLogs), 'fields @timestamp, @logStream, message\n| filter level = "ERROR"\n| sort @timestamp desc\n| limit 100');
  // Cold starts and memory by function, from Lambda's REPORT lines: Init Duration is a cold start's own time (the
  // runtime's start and the bundle's import), Max Memory Used against the kind's setting (infra/functions.ts). The
  // function is the log stream's name (Lambda names each stream after its function, in the stack's shared group).
  // The payment functions log in JSON, where the same figures are the platform.report record's metrics.
  const byFunction = String.raw`| parse @logStream /^\d{4}\/\d{2}\/\d{2}\/(?<function>[^\[]+)\[/`;
  query(
    "ColdStartsQuery",
    "cold starts",
    groups(watchIds.functionLogs),
    [
      'filter @type = "REPORT"',
      byFunction,
      "| stats count(@initDuration) as coldStarts, pct(@initDuration, 50) as initP50Ms, max(@initDuration) as initMaxMs, max(@maxMemoryUsed / 1048576) as usedMaxMB, max(@memorySize / 1048576) as memoryMB by function",
      "| sort initMaxMs desc",
    ].join("\n"),
  );
  query(
    "PaymentColdStartsQuery",
    "payment cold starts",
    groups(watchIds.paymentLogs),
    [
      'filter type = "platform.report"',
      byFunction,
      "| stats count(record.metrics.initDurationMs) as coldStarts, pct(record.metrics.initDurationMs, 50) as initP50Ms, max(record.metrics.initDurationMs) as initMaxMs, max(record.metrics.maxMemoryUsedMB) as usedMaxMB, max(record.metrics.memorySizeMB) as memoryMB by function",
      "| sort initMaxMs desc",
    ].join("\n"),
  );
  query(
    "ServerErrorsQuery",
    "API 5xx answers",
    apis.flatMap((api) => (api.cdk.accessLogGroup ? [api.cdk.accessLogGroup.logGroupName] : [])),
    "fields @timestamp, routeKey, status, requestId\n| filter status >= 500\n| sort @timestamp desc\n| limit 100",
  );
}

/**
 * The stack's queue for what failed after its retries: a cron run, a text SNS could not hand over, an event a
 * function threw on. Kept 14 days (SQS's longest), encrypted by SQS; watchStage alarms while anything is in it.
 */
export function failureQueue(scope: Construct): Queue {
  const stack = Stack.of(scope);
  const existing = stack.node.tryFindChild(watchIds.failures);
  if (existing instanceof Queue) return existing;
  return new Queue(stack, watchIds.failures, {
    retentionPeriod: Duration.days(14),
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
  });
}

/** An asynchronously invoked function's failed events (after Lambda's two retries) go to its stack's failure queue. */
export function keepFailedInvocations(fn: SstFunction): void {
  fn.configureAsyncInvoke({ onFailure: new SqsDestination(failureQueue(fn)) });
}

/** The log group every function of `stack` writes to. */
function functionLogGroup(stack: Stack, retention: RetentionDays, production: boolean): LogGroup {
  const existing = stack.node.tryFindChild(watchIds.functionLogs);
  if (existing instanceof LogGroup) return existing;
  return new LogGroup(stack, watchIds.functionLogs, {
    retention,
    // Production's logs outlive an accidental removal (until their retention ends); a disposable stage's do not.
    removalPolicy: production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
  });
}

/**
 * Every log group gets the stage's retention unless it has one, and every Lambda function (SST's, and the custom
 * resource handlers CDK and SST add, which are plain CfnResources) logs to its stack's log group unless it names one.
 */
class KeepLogs implements IAspect {
  constructor(
    private readonly retention: RetentionDays,
    private readonly production: boolean,
  ) {}

  visit(node: IConstruct): void {
    if (node instanceof CfnLogGroup) {
      node.retentionInDays ??= this.retention;
      return;
    }
    const isFunction =
      node instanceof CfnFunction || (node instanceof CfnResource && node.cfnResourceType === "AWS::Lambda::Function");
    if (!isFunction) return;
    const group = functionLogGroup(Stack.of(node), this.retention, this.production);
    if (node instanceof CfnFunction) {
      const config = (node.loggingConfig ?? {}) as CfnFunction.LoggingConfigProperty;
      if (!config.logGroup) node.loggingConfig = { ...config, logGroup: group.logGroupName };
    } else {
      node.addPropertyOverride("LoggingConfig.LogGroup", group.logGroupName);
    }
  }
}

/** Read and write throttle events of the table and of each of its global indexes (the table's own leave them out). */
function tableThrottleMetrics(table: Table): Metric[] {
  const cfn = table.cdk.table.node.defaultChild as CfnTable;
  const indexes = (Stack.of(cfn).resolve(cfn.globalSecondaryIndexes) ?? []) as CfnTable.GlobalSecondaryIndexProperty[];
  const scopes = [{}, ...indexes.map((index) => ({ GlobalSecondaryIndexName: index.indexName }))];
  return scopes.flatMap((scope) =>
    ["ReadThrottleEvents", "WriteThrottleEvents"].map(
      (metricName) =>
        new Metric({
          namespace: "AWS/DynamoDB",
          metricName,
          dimensionsMap: { TableName: table.tableName, ...scope },
          statistic: "Sum",
          period,
        }),
    ),
  );
}

/** One time series: the sum of the given ones at each period (a series without data there counts as nothing). */
function sum(metrics: IMetric[]): IMetric {
  const usingMetrics = Object.fromEntries(metrics.map((metric, index) => [`m${index}`, metric]));
  return new MathExpression({ expression: `SUM([${Object.keys(usingMetrics).join(",")}])`, usingMetrics, period });
}

function batches<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += metricsPerAlarm) out.push(items.slice(i, i + metricsPerAlarm));
  return out;
}
