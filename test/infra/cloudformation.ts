/** Small readers over synthesized templates, following references between resources and stacks. */
import type { Synthesis, StackName } from "../../stacks/synth";
import { stackNames } from "../../stacks/synth";

export interface Resource {
  Type: string;
  Properties?: Record<string, any>;
  DependsOn?: string[];
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
}

export interface Located {
  stack: StackName;
  logicalId: string;
}

export function templateJson(synthesis: Synthesis, stack: StackName): {
  Resources: Record<string, Resource>;
  Outputs?: Record<string, { Value: unknown; Export?: { Name: string } }>;
} {
  return synthesis.templates[stack].toJSON() as never;
}

export function resourcesOfType(synthesis: Synthesis, stack: StackName, type: string): [string, Resource][] {
  return Object.entries(templateJson(synthesis, stack).Resources).filter(([, r]) => r.Type === type);
}

export function onlyResource(synthesis: Synthesis, stack: StackName, type: string): [string, Resource] {
  const found = resourcesOfType(synthesis, stack, type);
  if (found.length !== 1) throw new Error(`expected one ${type} in ${stack}, found ${found.length}`);
  return found[0];
}

export function resource(synthesis: Synthesis, at: Located): Resource {
  const found = templateJson(synthesis, at.stack).Resources[at.logicalId];
  if (!found) throw new Error(`no resource ${at.logicalId} in ${at.stack}`);
  return found;
}

/**
 * What a `{ Ref }`, `{ Fn::GetAtt }` or cross-stack `{ Fn::ImportValue }` points at,
 * seen from `stack`: the resource and, for GetAtt, the attribute.
 */
export function target(
  synthesis: Synthesis,
  stack: StackName,
  value: unknown,
): (Located & { attribute?: string }) | undefined {
  if (!value || typeof value !== "object") return undefined;
  const v = value as Record<string, any>;
  if (typeof v.Ref === "string") return { stack, logicalId: v.Ref };
  if (Array.isArray(v["Fn::GetAtt"])) return { stack, logicalId: v["Fn::GetAtt"][0], attribute: v["Fn::GetAtt"][1] };
  if (typeof v["Fn::ImportValue"] === "string") {
    const name: string = v["Fn::ImportValue"];
    for (const other of stackNames) {
      for (const output of Object.values(templateJson(synthesis, other).Outputs ?? {})) {
        if (output.Export?.Name === name) return target(synthesis, other, output.Value);
      }
    }
    throw new Error(`no stack exports ${name}`);
  }
  return undefined;
}

/** The string parts of an `Fn::Join` with "" (or a plain string), references as `${...}` markers. */
export function joined(value: unknown): string {
  if (typeof value === "string") return value;
  const v = value as Record<string, any>;
  if (Array.isArray(v?.["Fn::Join"]) && v["Fn::Join"][0] === "") {
    return (v["Fn::Join"][1] as unknown[]).map((part) => (typeof part === "string" ? part : "${ref}")).join("");
  }
  return "${ref}";
}

/** A CloudFront Function's code, run the way CloudFront runs it on one request. */
export function runCloudFrontFunction(
  code: string,
  request: { uri: string; headers?: Record<string, { value: string }> },
  viewer: { ip: string } = { ip: "198.51.100.7" },
) {
  const handler = new Function(`${code}\nreturn handler;`)() as (event: unknown) => typeof request;
  return handler({ request: { headers: {}, ...request }, viewer });
}
