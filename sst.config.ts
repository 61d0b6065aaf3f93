import type { SSTConfig } from "sst";
import { lambdaArchitecture, lambdaNodejs, lambdaRuntime } from "./infra/bundling";
import { lambdaTracing } from "./infra/functions";
import { Api } from "./stacks/Api";
import { Auth } from "./stacks/Auth";
import { Jobs } from "./stacks/Jobs";
import { AdminApi } from "./stacks/AdminApi";
import { StaffApi } from "./stacks/StaffApi";
import { isProduction } from "./stacks/settings";
import { Storage } from "./stacks/Storage";
import { Web } from "./stacks/Web";
import { watchStage } from "./stacks/watch";
import { Webhooks } from "./stacks/Webhooks";

export default {
  config() {
    return {
      name: "regrip",
      region: process.env.AWS_REGION ?? "us-east-1",
    };
  },
  stacks(app) {
    // Every function is bundled as infra/bundling.ts says (what `npm run bench:lambda` measures), traced by X-Ray in
    // production only (infra/functions.ts); each stack gives a function its kind's memory.
    app.setDefaultFunctionProps({ runtime: lambdaRuntime, architecture: lambdaArchitecture, nodejs: lambdaNodejs, tracing: lambdaTracing(isProduction(app)) });
    // Every stage but production is disposable. Production (REGRIP_PRODUCTION=true, stacks/settings.ts: a stage
    // named like production without it is refused here) keeps what CDK keeps by default plus, explicitly, its
    // table, uploads bucket and user pool.
    if (!isProduction(app)) app.setDefaultRemovalPolicy("destroy");
    app.stack(Storage).stack(Auth).stack(Api).stack(StaffApi).stack(AdminApi).stack(Web).stack(Webhooks).stack(Jobs);
    // Log groups and their retention, alarms and the topic they email (stacks/watch.ts).
    watchStage(app);
  },
} satisfies SSTConfig;
