/**
 * A deploy keeps the previous build's files for a day (stacks/Web.ts keepPreviousBuild): pages open since before it
 * still load their chunks by the old names. Checked on the synthesized Web stack, and the custom resource's code run
 * against an S3 bucket kept in memory.
 */
import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { previousBuildDays, previousBuildTag } from "../../infra/web-cache";
import { keepPreviousBuildCode } from "../../stacks/Web";
import { repoRoot, type Synthesis } from "../../stacks/synth";
import { onlyResource, resource, resourcesOfType, target, type Resource } from "./cloudformation";
import { synthesized } from "./configurations";

let dev: Synthesis;
let production: Synthesis;
beforeAll(async () => {
  dev = await synthesized("dev");
  production = await synthesized("production");
});

const builtFiles = () => {
  const dist = join(repoRoot, "packages/web/dist");
  return readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dist, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .sort();
};

/** The site's bucket: the one the uploader writes to. */
function siteBucket(synthesis: Synthesis): Resource {
  const [, uploader] = onlyResource(synthesis, "Web", "Custom::S3Uploader");
  const bucket = target(synthesis, "Web", uploader.Properties!.destinationBucketName);
  return resource(synthesis, bucket!);
}

describe("the previous build", () => {
  it("is not deleted by SST's upload, and files tagged as a previous build's expire a day later; no other rule expires files", () => {
    for (const synthesis of [dev, production]) {
      const [, uploader] = onlyResource(synthesis, "Web", "Custom::S3Uploader");
      // Without the file list StaticSite's uploader deletes nothing (its purge needs it).
      expect(uploader.Properties!.filenames).toBeUndefined();

      const rules = siteBucket(synthesis).Properties!.LifecycleConfiguration.Rules as Record<string, any>[];
      expect(rules).toEqual([
        {
          Id: "PreviousBuild",
          Status: "Enabled",
          TagFilters: [{ Key: previousBuildTag.key, Value: previousBuildTag.value }],
          ExpirationInDays: previousBuildDays,
        },
      ]);
      expect(previousBuildDays).toBe(1);
    }
  });

  it("is tagged after each upload by a custom resource given the new build's files, which may read and write but not delete", () => {
    const [id, keep] = onlyResource(dev, "Web", "Custom::KeepPreviousBuild");
    const [, uploader] = onlyResource(dev, "Web", "Custom::S3Uploader");
    expect(keep.Properties!.bucket).toEqual(uploader.Properties!.destinationBucketName);
    const files = keep.Properties!.files as string[];
    expect(files).toEqual(builtFiles());
    expect(files).toContain("index.html");
    expect(files.some((file) => /^assets\/index-[\w-]+\.js$/.test(file))).toBe(true);

    // After the upload.
    const [uploaderId] = onlyResource(dev, "Web", "Custom::S3Uploader");
    expect(keep.DependsOn, id).toContain(uploaderId);

    // Its function's role: no s3:DeleteObject anywhere (the lifecycle rule deletes).
    const functions = resourcesOfType(dev, "Web", "AWS::Lambda::Function").filter(([, fn]) => fn.Properties!.Code?.ZipFile === keepPreviousBuildCode);
    expect(functions).toHaveLength(1);
    const role = target(dev, "Web", functions[0]![1].Properties!.Role)!;
    const actions = resourcesOfType(dev, "Web", "AWS::IAM::Policy")
      .filter(([, policy]) => (policy.Properties!.Roles as unknown[]).some((r) => target(dev, "Web", r)?.logicalId === role.logicalId))
      .flatMap(([, policy]) => policy.Properties!.PolicyDocument.Statement.flatMap((s: { Action: string | string[] }) => [s.Action].flat()));
    expect(actions).toEqual(expect.arrayContaining(["s3:PutObject", "s3:PutObjectTagging"]));
    expect(actions.filter((action: string) => action.startsWith("s3:Delete"))).toEqual([]);
  });
});

interface StoredObject {
  body: string;
  cacheControl?: string;
  contentType?: string;
  tags: Record<string, string>;
  copiedOnto?: number;
}

/**
 * keepPreviousBuildCode run as Lambda runs it, its `@aws-sdk/client-s3` a bucket in memory: listed two keys a page
 * (so the code must follow the continuation), each call's input checked as S3 would.
 */
function runKeepPreviousBuild(bucket: Map<string, StoredObject>, files: string[], requestType = "Update") {
  let copies = 0;
  const command = (name: string) =>
    class {
      constructor(readonly input: Record<string, any>) {
        (this as { name?: string }).name = name;
      }
    };
  const s3 = {
    ListObjectsV2Command: command("List"),
    GetObjectTaggingCommand: command("GetTagging"),
    HeadObjectCommand: command("Head"),
    CopyObjectCommand: command("Copy"),
    S3Client: class {
      async send({ name, input }: { name: string; input: Record<string, any> }) {
        expect(input.Bucket).toBe("site-bucket");
        const stored = (key: string) => {
          const object = bucket.get(key);
          if (!object) throw new Error(`NoSuchKey ${key}`);
          return object;
        };
        if (name === "List") {
          const keys = [...bucket.keys()].sort();
          const start = Number(input.ContinuationToken ?? 0);
          const next = start + 2 < keys.length ? String(start + 2) : undefined;
          return { Contents: keys.slice(start, start + 2).map((Key) => ({ Key })), NextContinuationToken: next };
        }
        if (name === "GetTagging") return { TagSet: Object.entries(stored(input.Key).tags).map(([Key, Value]) => ({ Key, Value })) };
        if (name === "Head") return { CacheControl: stored(input.Key).cacheControl, ContentType: stored(input.Key).contentType };
        if (name === "Copy") {
          expect(decodeURI(input.CopySource)).toBe(`site-bucket/${input.Key}`);
          expect(input.MetadataDirective).toBe("REPLACE");
          expect(input.TaggingDirective).toBe("REPLACE");
          const source = stored(input.Key);
          bucket.set(input.Key, {
            body: source.body,
            cacheControl: input.CacheControl,
            contentType: input.ContentType,
            tags: Object.fromEntries(new URLSearchParams(input.Tagging)),
            copiedOnto: ++copies,
          });
          return {};
        }
        throw new Error(`unexpected ${name}`);
      }
    },
  };
  const module = { exports: {} as { handler?: (event: unknown) => Promise<unknown> } };
  new Function("require", "exports", "module", keepPreviousBuildCode)(
    (name: string) => {
      expect(name).toBe("@aws-sdk/client-s3");
      return s3;
    },
    module.exports,
    module,
  );
  return module.exports.handler!({ RequestType: requestType, ResourceProperties: { bucket: "site-bucket", files } });
}

describe("the custom resource's code", () => {
  const object = (body: string, tags: Record<string, string> = {}): StoredObject => ({
    body,
    cacheControl: body.endsWith(".js") ? "public, max-age=31536000, immutable" : "no-cache",
    contentType: body.endsWith(".js") ? "text/javascript;charset=utf-8" : "text/html;charset=utf-8",
    tags,
  });

  it("tags each file the new build lacks, keeping its Cache-Control and type, and leaves the build's files and those already tagged", async () => {
    const bucket = new Map([
      ["index.html", object("new index.html")],
      ["assets/index-New.js", object("new.js")],
      ["assets/index-Old.js", object("old.js")],
      ["assets/QueuePage-Old.js", object("queue.js")],
      ["assets/Older.js", object("older.js", { [previousBuildTag.key]: previousBuildTag.value })],
    ]);
    const before = structuredClone(bucket);
    await runKeepPreviousBuild(bucket, ["index.html", "assets/index-New.js"]);

    for (const key of ["assets/index-Old.js", "assets/QueuePage-Old.js"]) {
      expect(bucket.get(key), key).toEqual({ ...before.get(key), tags: { [previousBuildTag.key]: previousBuildTag.value }, copiedOnto: expect.any(Number) });
    }
    // The build's files, and one already counting down (copied again, its day would start over), as they were.
    for (const key of ["index.html", "assets/index-New.js", "assets/Older.js"]) expect(bucket.get(key), key).toEqual(before.get(key));
  });

  it("does nothing when the resource is deleted", async () => {
    const bucket = new Map([["assets/index-Old.js", object("old.js")]]);
    await runKeepPreviousBuild(bucket, [], "Delete");
    expect(bucket.get("assets/index-Old.js")!.tags).toEqual({});
  });
});
