/**
 * Which field of a console form a server's refusal is about, so its message sits under that field (the console's
 * forms show their own checks there too): the first field whose pattern the message matches, else undefined (the
 * message then stays in the form, above its buttons). The server answers `{ message }` only; its words name the field.
 */
export function refusalField<K extends string>(message: string, patterns: readonly (readonly [K, RegExp])[]): K | undefined {
  return patterns.find(([, pattern]) => pattern.test(message))?.[0];
}
