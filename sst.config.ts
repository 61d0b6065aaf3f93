import type { SSTConfig } from "sst";
import { Api } from "./stacks/Api";
import { Auth } from "./stacks/Auth";
import { isProduction } from "./stacks/settings";
import { Storage } from "./stacks/Storage";
import { Web } from "./stacks/Web";
import { Webhooks } from "./stacks/Webhooks";

export default {
  config() {
    return {
      name: "regrip",
      region: process.env.AWS_REGION ?? "us-east-1",
    };
  },
  stacks(app) {
    // Node 22 is SST's default runtime; the handlers are ES modules.
    app.setDefaultFunctionProps({ nodejs: { format: "esm" } });
    // Every stage but production is disposable. Production keeps what CDK keeps
    // by default plus, explicitly, its table, uploads bucket and user pool.
    if (!isProduction(app)) app.setDefaultRemovalPolicy("destroy");
    app.stack(Storage).stack(Auth).stack(Api).stack(Web).stack(Webhooks);
  },
} satisfies SSTConfig;
