import type { EntityName } from "../../packages/core/src/entities";

/**
 * The entities some routes' first request builds (db() builds an entity the
 * first time a request reads it: packages/core/src/db/index.ts), so
 * `npm run bench:lambda` can time a cold start honestly as import + first use.
 * test/integration/first-use.test.ts makes each of these requests in a process
 * that has built nothing and checks the list is exactly what was built.
 */
export const firstUse: Record<string, EntityName[]> = {
  "GET /api/services": ["shopSettings", "sku"],
  "GET /api/auth/user": ["user"],
  "GET /api/paddles": ["paddle", "uniqueValue"],
  "GET /api/orders": ["serviceOrder"],
  "POST /api/book-service": ["auditLog", "bag", "communication", "dailyStats", "gripSchedule", "orderCounter", "orderReference", "orderReminder", "packCredit", "paddle", "serviceOrder", "shopCounter", "shopSettings", "sku", "smsConversation", "subscription", "uniqueValue", "user"],
  "POST /api/storefront/invoice": ["auditLog", "bag", "communication", "dailyStats", "orderCounter", "orderReference", "serviceOrder", "shopCounter", "shopSettings", "sku", "smsConversation", "subscription", "uniqueValue", "user"],
  "GET /api/admin/orders": ["serviceOrder"],
};
