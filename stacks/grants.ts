import type { Stack } from "aws-cdk-lib";
import type { IBucket } from "aws-cdk-lib/aws-s3";
import { Effect, ManagedPolicy, PolicyDocument, PolicyStatement, Role, ServicePrincipal } from "aws-cdk-lib/aws-iam";
import { domainOfAddress } from "./settings";
import type { Bucket, Cognito, Function as SstFunction, FunctionProps, Table } from "sst/constructs";
import { env } from "../infra/env";
import { grantsKey, secretsOf, tableActions, userExportFolder, type Grants } from "../infra/grants";
import { secretParameterName, type Secrets } from "./Secrets";

/**
 * IAM from declarations (infra/grants.ts): one role per distinct declaration in a stack, shared by every
 * function that declares exactly the same grants, with one inline policy of exactly those actions on exactly
 * those resources.
 *
 * Why roles per declaration and not SST's `bind` or a policy per function (docs/architecture.md, IAM):
 * `bind` grants `dynamodb:*`, `s3:*` and a secret's read per bound resource, inline on each function's own
 * role, about 10 KB of template per route when every function is bound to everything; the API stack passed
 * CloudFormation's 1 MB limit at 54 routes. A route now costs its function, its role reference and its
 * API Gateway resources; a new route that declares what an existing one declares adds no IAM at all, and
 * the declarations in use are few (the synth test prints them).
 */
export interface GrantTargets {
  table: Table;
  uploads: Bucket;
  cognito: Cognito;
  secrets: Secrets;
  /** The stage's verified SES sender (the REGRIP_EMAIL_FROM setting); unset: no function may send email. */
  emailFrom?: string;
  /** The bucket of the nightly user export (the Jobs stack's, production only); unset: no function may declare userExports. */
  userExports?: IBucket;
}

export class FunctionRoles {
  private readonly roles = new Map<string, Role>();

  constructor(
    private readonly stack: Stack,
    private readonly targets: GrantTargets,
  ) {}

  /** What a function with `grants` gets beside its handler: its role, and which secrets SST's runtime may fetch. */
  props(grants: Grants, options: { invokedAsync?: boolean } = {}): Pick<FunctionProps, "role" | "environment"> {
    return {
      role: this.roleFor(grants, options.invokedAsync ?? false),
      // packages/core/src/secrets reads a secret from SSM only when its variable says it lives there.
      environment: {
        ...Object.fromEntries(secretsOf(grants).map((name) => [`SST_Secret_value_${name}`, "__FETCH_FROM_SSM__"])),
        // The sender, only to the functions that may send from it (packages/core/src/email).
        ...(grants.email && this.targets.emailFrom ? { [env.emailFrom]: this.targets.emailFrom } : {}),
        // The export's bucket, only to the function that writes the export.
        ...(grants.userExports && this.targets.userExports ? { [env.userExportsBucket]: this.targets.userExports.bucketName } : {}),
      },
    };
  }

  /**
   * Names the function's secrets in its SST metadata, which is what `sst secrets set` reads to restart the
   * functions that use a secret (a running function keeps the value it read). Metadata only: SST's `bind` would
   * also grant, which the role already does exactly.
   */
  noteSecrets(fn: SstFunction, grants: Grants): void {
    const bindings = (fn as unknown as { allBindings?: unknown[] }).allBindings;
    if (!Array.isArray(bindings)) throw new Error("SST's Function no longer keeps allBindings: revisit noteSecrets in stacks/grants.ts");
    bindings.push(...secretsOf(grants).map((name) => this.targets.secrets[name]));
  }

  /**
   * A function the cloud invokes asynchronously gets a role of its own kind: CDK lets it send to its failure
   * queue (stacks/watch.ts), which a function of the same grants invoked directly must not hold.
   */
  roleFor(grants: Grants, invokedAsync = false): Role {
    const key = `${grantsKey(grants)}${invokedAsync ? " async" : ""}`;
    let role = this.roles.get(key);
    if (!role) {
      const statements = grantStatements(this.stack, this.targets, grants);
      role = new Role(this.stack, `Role ${key}`, {
        assumedBy: new ServicePrincipal("lambda.amazonaws.com"),
        description: `Functions granted: ${key}`.slice(0, 1000),
        // Its own logs (and nothing else): what SST's roles get too.
        managedPolicies: [ManagedPolicy.fromAwsManagedPolicyName("service-role/AWSLambdaBasicExecutionRole")],
        inlinePolicies: statements.length ? { grants: new PolicyDocument({ statements }) } : undefined,
      });
      this.roles.set(key, role);
    }
    return role;
  }
}

/** The IAM statements of one declaration: each grant's actions on its own resources, nothing service-wide. */
export function grantStatements(stack: Stack, targets: GrantTargets, grants: Grants): PolicyStatement[] {
  const statements: PolicyStatement[] = [];
  const tableArn = targets.table.tableArn;
  if (grants.table?.includes("read")) {
    // Queries run on the table and its indexes.
    statements.push(new PolicyStatement({ actions: [...tableActions.read], resources: [tableArn, `${tableArn}/index/*`] }));
  }
  const writes = (grants.table ?? []).filter((access) => access !== "read").flatMap((access) => tableActions[access]);
  if (writes.length) statements.push(new PolicyStatement({ actions: writes, resources: [tableArn] }));
  if (grants.uploads?.length) {
    // A presigned PUT is signed with this role's credentials: it may write only these folders.
    statements.push(
      new PolicyStatement({
        actions: ["s3:PutObject"],
        resources: grants.uploads.map((folder) => targets.uploads.cdk.bucket.arnForObjects(`${folder}/*`)),
      }),
    );
  }
  const secretNames = secretsOf(grants);
  if (secretNames.length) {
    statements.push(
      new PolicyStatement({
        actions: ["ssm:GetParameters"],
        resources: secretNames.map((name) =>
          stack.formatArn({ service: "ssm", resource: "parameter", resourceName: secretParameterName(name).slice(1) }),
        ),
      }),
    );
  }
  if (grants.texts) {
    // A text to a phone number has no ARN to name: SNS's direct publish is authorized on "*". Every topic's ARN is
    // refused beside it (AWS's own pattern for "SMS only"), so a texting function cannot publish to any topic, the
    // alarm topic included.
    statements.push(new PolicyStatement({ actions: ["sns:Publish"], resources: ["*"] }));
    statements.push(new PolicyStatement({ effect: Effect.DENY, actions: ["sns:Publish"], resources: ["arn:aws:sns:*:*:*"] }));
  }
  if (grants.email && targets.emailFrom) {
    // From the stage's verified sender only: its address identity and, when the domain is what SES verified, the
    // domain's (SES authorizes a send on the identity that verified the From address).
    const domain = domainOfAddress(targets.emailFrom);
    statements.push(
      new PolicyStatement({
        actions: ["ses:SendEmail"],
        resources: [targets.emailFrom, domain].map((identity) => stack.formatArn({ service: "ses", resource: "identity", resourceName: identity })),
      }),
    );
  }
  if (grants.passwordSignIn) {
    statements.push(
      new PolicyStatement({ actions: ["cognito-idp:InitiateAuth", "cognito-idp:RespondToAuthChallenge"], resources: [targets.cognito.userPoolArn] }),
    );
  }
  if (grants.authenticator) {
    statements.push(
      new PolicyStatement({
        actions: ["cognito-idp:AdminGetUser", "cognito-idp:AdminAddUserToGroup", "cognito-idp:AdminRemoveUserFromGroup"],
        resources: [targets.cognito.userPoolArn],
      }),
    );
  }
  if (grants.listUsers) {
    // The pool's users and groups, read; nothing that changes the pool.
    statements.push(
      new PolicyStatement({ actions: ["cognito-idp:ListUsers", "cognito-idp:ListGroups", "cognito-idp:ListUsersInGroup"], resources: [targets.cognito.userPoolArn] }),
    );
  }
  if (grants.inviteStaff) {
    // A staff member's account made (the pool emails the temporary password) and put in their role's group.
    statements.push(
      new PolicyStatement({ actions: ["cognito-idp:AdminCreateUser", "cognito-idp:AdminAddUserToGroup"], resources: [targets.cognito.userPoolArn] }),
    );
  }
  if (grants.manageStaff) {
    statements.push(
      new PolicyStatement({
        actions: [
          "cognito-idp:AdminAddUserToGroup",
          "cognito-idp:AdminRemoveUserFromGroup",
          "cognito-idp:AdminDisableUser",
          "cognito-idp:AdminEnableUser",
          "cognito-idp:AdminUserGlobalSignOut",
        ],
        resources: [targets.cognito.userPoolArn],
      }),
    );
  }
  if (grants.userExports) {
    if (!targets.userExports) throw new Error("A function declares userExports in a stack without the user-exports bucket (stacks/Jobs.ts makes it, production only).");
    // New exports only: no read, list or delete, so a leaked role cannot read the users back or remove a night's copy.
    statements.push(new PolicyStatement({ actions: ["s3:PutObject"], resources: [targets.userExports.arnForObjects(`${userExportFolder}/*`)] }));
  }
  return statements;
}
