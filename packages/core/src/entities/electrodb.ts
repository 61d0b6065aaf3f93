/**
 * ElectroDB's runtime parts, each from its own file instead of the package's
 * index. ElectroDB is CommonJS, so a bundler cannot shake it: importing
 * "electrodb" puts every file its index requires in every Lambda, Service
 * (about 19 KB minified) and the conversions included, and evaluates them on
 * every cold start. The entities and transactions need only these two files
 * (and what they require); the Service is imported where a collection is read
 * (db/account.ts). Types still come from "electrodb" itself: electrodb-parts.d.ts
 * declares these paths as re-exports of the package's own declarations.
 */
export { Entity } from "electrodb/src/entity.js";
export { createWriteTransaction } from "electrodb/src/transaction.js";
export { createConversions } from "electrodb/src/conversions.js";
