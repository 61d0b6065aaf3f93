/**
 * True when a write lost its condition (`attribute_exists` of a patch, a
 * `where`, `create`'s `attribute_not_exists`). ElectroDB wraps DynamoDB's
 * ConditionalCheckFailedException in its own error, keeping it as `cause`.
 */
export function isConditionFailed(error: unknown): boolean {
  const cause = (error as { cause?: { name?: string } } | undefined)?.cause;
  return cause?.name === "ConditionalCheckFailedException" || /conditional request failed/i.test((error as Error | undefined)?.message ?? "");
}
