/**
 * The model check a Lambda bundle runs (model-validator.ts, put in place of jsonschema by infra/bundling.ts) against
 * the real jsonschema, on ElectroDB's own schemas: the same verdict and the same errors for every model of the table,
 * every built entity and Service (what a Service asks when it joins them), and five hundred broken models.
 */
import * as fc from "fast-check";
import { createRequire } from "node:module";
import { afterAll, describe, expect, it, vi } from "vitest";
import { entityFactories } from "./index";
import * as lite from "./model-validator";

const require = createRequire(import.meta.url);
type Validations = { testModel(model: unknown): [boolean, string]; model(model: unknown): void };
type Errors = { errors: { path: unknown; property: string; name?: string; argument?: unknown; message: string }[] };
type JsonValidator = { schemas: Record<string, object>; validate(instance: unknown, schema: object): Errors; addSchema(schema: object, uri: string): void };

const jsonschemaPath = require.resolve("jsonschema");
const electrodbSrc = require.resolve("electrodb/src/entity.js").replace(/entity\.js$/, "");
const real = {
  validations: require("electrodb/src/validations.js") as Validations,
  Validator: (require("jsonschema") as { Validator: new () => JsonValidator }).Validator,
};

/** ElectroDB loaded a second time with `require("jsonschema")` answered by model-validator.ts, as in a bundle. */
function electrodbWithModelValidator() {
  const saved = Object.entries(require.cache).filter(([path]) => path.startsWith(electrodbSrc) || path === jsonschemaPath);
  for (const [path] of saved) delete require.cache[path];
  require.cache[jsonschemaPath] = { id: jsonschemaPath, filename: jsonschemaPath, loaded: true, exports: { Validator: lite.Validator } } as NodeJS.Module;
  try {
    return {
      validations: require("electrodb/src/validations.js") as Validations,
      Entity: require("electrodb/src/entity.js").Entity as new (model: unknown, config?: object) => object,
      Service: require("electrodb/src/service.js").Service as new (entities: Record<string, object>, config?: object) => object,
    };
  } finally {
    for (const path of Object.keys(require.cache)) if (path.startsWith(electrodbSrc) || path === jsonschemaPath) delete require.cache[path];
    for (const [path, module] of saved) require.cache[path] = module;
  }
}
const bundled = electrodbWithModelValidator();

// Every model of the table as its factory hands it to ElectroDB, and ElectroDB's validator with its schemas.
const models: object[] = [];
let electroValidator: JsonValidator | undefined;
const validate = real.Validator.prototype.validate;
const spy = vi.spyOn(real.Validator.prototype, "validate").mockImplementation(function (this: JsonValidator, instance, schema) {
  electroValidator = this;
  if (!models.includes(instance as object)) models.push(instance as object);
  return validate.call(this, instance, schema);
});
const built = Object.fromEntries(Object.entries(entityFactories).map(([name, make]) => [name, make({ table: "regrip-test" })]));
spy.mockRestore();
afterAll(() => spy.mockRestore());

const schemas = Object.entries(electroValidator!.schemas);
const liteValidator = new lite.Validator();
for (const [uri, schema] of schemas) liteValidator.addSchema(schema as never, uri);
const modelSchemas = schemas.filter(([uri]) => uri === "/ModelBeta" || uri === "/Modelv1").map(([, schema]) => schema);

const shape = ({ errors }: Errors) => errors.map(({ path, property, name, argument, message }) => ({ path, property, name, argument, message }));

/** Both validators on `instance`, against both model schemas, and ElectroDB's verdict with each. */
function expectSameAnswers(instance: unknown) {
  for (const schema of modelSchemas) {
    expect(shape(liteValidator.validate(instance, schema as never) as Errors)).toEqual(shape(electroValidator!.validate(instance, schema)));
  }
  expect(bundled.validations.testModel(instance)).toEqual(real.validations.testModel(instance));
}

/** A copy of the plain objects and arrays of `value` (functions and RegExps shared), so a mutation stays in the copy. */
function copy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copy) as T;
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, copy(inner)])) as T;
  }
  return value;
}

/** Every path to a value inside `value`'s plain objects and arrays. */
function paths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  const inner = Array.isArray(value)
    ? value.flatMap((item, index) => paths(item, [...at, index]))
    : value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype
      ? Object.entries(value).flatMap(([key, item]) => paths(item, [...at, key]))
      : [];
  return [at, ...inner];
}

describe("model-validator against jsonschema on ElectroDB's schemas", () => {
  it("found ElectroDB's schemas and every model of the table", () => {
    expect(schemas.map(([uri]) => uri)).toEqual(expect.arrayContaining(["/Attribute", "/Index", "/Filters", "/ModelBeta", "/Modelv1"]));
    expect(models.length).toBe(Object.keys(entityFactories).length);
  });

  it("accepts every model of the table, and ElectroDB builds each entity and a Service of them with it", () => {
    for (const model of models) expectSameAnswers(model);
    const entities = models.map((model) => new bundled.Entity(model, { table: "regrip-test" }));
    const service = new bundled.Service(Object.fromEntries(entities.map((entity, index) => [`e${index}`, entity])), { table: "regrip-test" });
    expect(Object.keys((service as { entities: object }).entities)).toHaveLength(models.length);
  });

  it("answers as jsonschema for built entities and a Service (not models: what Service.join asks)", () => {
    for (const entity of Object.values(built)) expectSameAnswers(entity);
    expectSameAnswers(new bundled.Service({ bag: new bundled.Entity(models[0], { table: "t" }) }, { table: "t" }));
    for (const odd of [undefined, null, 0, "model", [], {}, () => 1, new Date(0), /x/]) expectSameAnswers(odd);
  });

  it("answers as jsonschema for broken models: each value of a model replaced, removed, or joined by a new one", () => {
    const anyValue = fc.oneof(
      fc.anything(),
      fc.constantFrom<unknown>(() => 1, /x/, new Date(0), undefined, null, Number.NaN, Infinity),
      fc.constantFrom("string", "number", "boolean", "upper", "lower", "none", "default", "isolated", "clustered", "all", "bogus", ""),
      fc.array(fc.oneof(fc.string(), fc.integer())),
      fc.dictionary(fc.constantFrom("type", "field", "pk", "sk", "composite", "casing", "cast", "required", "entity", "version", "service", "x y"), fc.anything()),
    );
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.constantFrom("replace", "remove", "add"), fc.constantFrom("k", "type", "0", "a b", "[x]", "9"), anyValue, (which, where, change, key, value) => {
        const model = copy(models[which % models.length]) as Record<string, unknown>;
        const all = paths(model);
        const path = all[where % all.length];
        if (path.length === 0) {
          expectSameAnswers(change === "remove" ? undefined : value);
          return;
        }
        const parent = path.slice(0, -1).reduce<Record<string | number, unknown>>((node, step) => node[step] as Record<string | number, unknown>, model);
        const last = path[path.length - 1];
        if (change === "replace") parent[last] = value;
        else if (change === "remove") delete parent[last];
        else {
          const target = parent[last];
          if (target && typeof target === "object" && !Array.isArray(target)) (target as Record<string, unknown>)[key] = value;
          else parent[last] = value;
        }
        expectSameAnswers(model);
      }),
      { numRuns: 500 },
    );
  }, 60_000);

  it("refuses a schema it does not implement rather than passing it unchecked", () => {
    const validator = new lite.Validator();
    expect(() => validator.validate({ b: 1 }, { type: "object", additionalProperties: false, patternProperties: { a: {} } })).toThrow(/additionalProperties/);
    expect(() => validator.validate({}, { oneOf: [] })).toThrow(/unsupported keyword "oneOf"/);
    expect(() => validator.validate("x", { format: "email" })).toThrow(/unsupported format/);
    expect(() => validator.validate({}, { $ref: "/Nowhere" })).toThrow(/no such schema/);
    expect(() => validator.validate(1, { type: "uint" })).toThrow(/unsupported type/);
  });
});
