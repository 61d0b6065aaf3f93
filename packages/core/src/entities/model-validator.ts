/**
 * What a Lambda bundle gives ElectroDB in place of the `jsonschema` package (infra/bundling.ts aliases it here):
 * ElectroDB requires jsonschema for one thing, to check an entity's model against its own five schemas when the
 * entity is built (and whether something is a model, when a Service joins it). jsonschema implements every draft
 * and format, about 28 KB minified in every bundle and read on every cold start; those schemas use ten keywords.
 *
 * This is jsonschema's `Validator` for exactly those keywords, with its semantics and its errors (path, property,
 * name, argument, message), so ElectroDB answers the same verdicts and messages. A keyword, type or `$ref` it does not
 * implement throws rather than passing unchecked, so a newer ElectroDB whose schemas use more fails loudly.
 * model-validator.test.ts holds it to the real jsonschema on ElectroDB's own schemas, every model of this table and
 * five hundred broken ones (fast-check). Tests and `npm start` run ElectroDB with the real jsonschema; only bundles use this.
 */

type Schema = { [keyword: string]: unknown };
type Path = (string | number)[];

/** An error in jsonschema's shape: ElectroDB reads `property`, `argument` and `message`. */
export class ValidationError {
  path: Path;
  property: string;
  message: string;
  schema: unknown;
  instance: unknown;
  name: string | undefined;
  argument: unknown;
  stack: string;
  constructor(message: string, instance: unknown, schema: Schema, path: Path, name?: string, argument?: unknown) {
    this.path = path;
    this.property = path.reduce<string>((sum, key) => sum + suffix(key), "instance");
    this.message = message;
    this.schema = schema.$id ?? schema.id ?? schema;
    if (instance !== undefined) this.instance = instance;
    this.name = name;
    this.argument = argument;
    this.stack = `${this.property} ${this.message}`;
  }
}

/** jsonschema's `makeSuffix`: `.name`, `[0]` or `["odd key"]`. */
function suffix(key: string | number): string {
  const text = String(key);
  if (!/[.\s[\]]/.test(text) && !/^\d/.test(text)) return `.${text}`;
  if (/^\d+$/.test(text)) return `[${text}]`;
  return `[${JSON.stringify(text)}]`;
}

const types: Record<string, (instance: unknown) => boolean> = {
  string: (instance) => typeof instance === "string",
  number: (instance) => typeof instance === "number" && Number.isFinite(instance),
  integer: (instance) => typeof instance === "number" && instance % 1 === 0,
  boolean: (instance) => typeof instance === "boolean",
  array: (instance) => Array.isArray(instance),
  null: (instance) => instance === null,
  date: (instance) => instance instanceof Date,
  any: () => true,
  object: (instance) => !!instance && typeof instance === "object" && !Array.isArray(instance) && !(instance instanceof Date),
};
const isObject = types.object as (instance: unknown) => instance is Record<string, unknown>;

/** jsonschema's `getEnumerableProperty`: the value `for (key in object)` would visit. */
function enumerable(object: Record<string, unknown>, key: string): unknown {
  if (Object.prototype.hasOwnProperty.call(object, key)) return object[key];
  if (!(key in object)) return undefined;
  let proto = Object.getPrototypeOf(object);
  while (proto) {
    if (Object.prototype.propertyIsEnumerable.call(proto, key)) return object[key];
    proto = Object.getPrototypeOf(proto);
  }
  return undefined;
}

const subschemas = (value: unknown, keyword: string): Record<string, Schema> => {
  if (!isObject(value)) throw new Error(`model-validator: "${keyword}" must be an object of schemas`);
  return value as Record<string, Schema>;
};

/** Keywords that check nothing themselves (jsonschema's `ignoreProperties`, and ElectroDB's `message` note). */
const informative = new Set(["id", "$id", "default", "description", "title", "$schema", "message"]);

export class Validator {
  declare customFormats: Record<string, (input: unknown) => boolean>;
  schemas: Record<string, Schema> = {};

  constructor() {
    this.customFormats = Object.create(Validator.prototype.customFormats);
  }

  addSchema(schema: Schema | undefined, base?: string): Schema | null {
    if (!schema) return null;
    const uri = base ?? (schema.$id as string | undefined) ?? (schema.id as string | undefined);
    if (uri === undefined) throw new Error("model-validator: a schema is added under its id");
    this.schemas[uri] = schema;
    if (typeof schema.id === "string") this.schemas[schema.id] = schema;
    return schema;
  }

  validate(instance: unknown, schema: Schema, options?: Record<string, unknown>): { instance: unknown; errors: ValidationError[]; readonly valid: boolean } {
    if (options && Object.keys(options).length > 0) throw new Error("model-validator: validate takes no options");
    const errors = this.check(instance, schema, []);
    return {
      instance,
      errors,
      get valid() {
        return errors.length === 0;
      },
    };
  }

  private check(instance: unknown, schema: Schema, path: Path): ValidationError[] {
    if (!isObject(schema)) throw new Error("model-validator: a schema is an object");
    if (typeof schema.$ref === "string") {
      const resolved = this.schemas[schema.$ref];
      if (!schema.$ref.startsWith("/") || !resolved) throw new Error(`model-validator: no such schema <${schema.$ref}>`);
      return this.check(instance, resolved, path);
    }
    const errors: ValidationError[] = [];
    const fail = (name: string, message: string, argument?: unknown) => errors.push(new ValidationError(message, instance, schema, path, name, argument));
    // In the schema's own keyword order, as jsonschema walks it, so the errors come in its order.
    for (const keyword in schema) {
      if (informative.has(keyword)) continue;
      const value = schema[keyword];
      switch (keyword) {
        case "type": {
          if (instance === undefined) break;
          const list = Array.isArray(value) ? value : [value];
          const known = list.map((type) => {
            const test = typeof type === "string" ? types[type] : undefined;
            if (!test) throw new Error(`model-validator: unsupported type ${JSON.stringify(type)}`);
            return test;
          });
          if (!known.some((test) => test(instance))) fail("type", `is not of a type(s) ${list.map(String)}`, list.map(String));
          break;
        }
        case "required":
          if (instance === undefined && value === true) fail("required", "is required");
          else if (isObject(instance) && Array.isArray(value)) {
            for (const name of value as string[]) {
              if (enumerable(instance, name) === undefined) fail("required", `requires property ${JSON.stringify(name)}`, name);
            }
          }
          break;
        case "properties":
          if (!isObject(instance)) break;
          for (const [name, subschema] of Object.entries(subschemas(value, keyword))) {
            if (subschema === undefined) continue;
            errors.push(...this.check(enumerable(instance, name), subschema, [...path, name]));
          }
          break;
        case "patternProperties": {
          if (!isObject(instance)) break;
          const patterns = Object.entries(subschemas(value, keyword)).map(([pattern, subschema]) => [new RegExp(pattern, "u"), subschema] as const);
          for (const name in instance) {
            let matched = false;
            for (const [pattern, subschema] of patterns) {
              if (!pattern.test(name)) continue;
              matched = true;
              errors.push(...this.check(instance[name], subschema, [...path, name]));
            }
            // A property no pattern names is checked against `additionalProperties`: absent here, so nothing to check.
            if (!matched && schema.additionalProperties !== undefined) throw new Error("model-validator: additionalProperties is not supported");
          }
          break;
        }
        case "items": {
          if (!Array.isArray(instance) || value === undefined) break;
          if (!isObject(value)) throw new Error("model-validator: only one schema for every item is supported");
          instance.forEach((item, index) => errors.push(...this.check(item, value, [...path, index])));
          break;
        }
        case "enum": {
          if (instance === undefined) break;
          if (!Array.isArray(value) || value.some((allowed) => allowed !== null && typeof allowed === "object")) {
            throw new Error("model-validator: enum supports a list of plain values only");
          }
          if (!value.some((allowed) => allowed === instance)) fail("enum", `is not one of enum values: ${value.map(String).join(",")}`, value);
          break;
        }
        case "format": {
          if (instance === undefined) break;
          const format = this.customFormats[value as string];
          if (typeof format !== "function") throw new Error(`model-validator: unsupported format ${JSON.stringify(value)}`);
          if (!format(instance)) fail("format", `does not conform to the ${JSON.stringify(value)} format`, value);
          break;
        }
        case "minProperties":
          if (!isObject(instance)) break;
          if (!(Object.keys(instance).length >= (value as number))) fail("minProperties", `does not meet minimum property length of ${value}`, value);
          break;
        default:
          throw new Error(`model-validator: unsupported keyword ${JSON.stringify(keyword)}`);
      }
    }
    return errors;
  }
}
Validator.prototype.customFormats = {};
