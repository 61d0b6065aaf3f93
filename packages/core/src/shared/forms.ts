/**
 * Form errors from a schema, for the pages: the first message per field, keyed by the field's name. Browser-safe:
 * a form checks its input with the same zod schema the server parses the request with, and shows the schema's
 * message under the field.
 */
import * as z from "zod/mini";

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

export function fieldErrors<T extends z.ZodMiniType>(schema: T, input: unknown): FieldErrors<Extract<keyof z.input<T>, string>> {
  const parsed = z.safeParse(schema, input);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? "");
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors as FieldErrors<Extract<keyof z.input<T>, string>>;
}
