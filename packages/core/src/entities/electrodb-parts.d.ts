// ElectroDB's files by path (see electrodb.ts): the same classes and functions the package's index exports, with its types.
declare module "electrodb/src/entity.js" {
  export { Entity } from "electrodb";
}
declare module "electrodb/src/transaction.js" {
  export { createWriteTransaction, createGetTransaction } from "electrodb";
}
declare module "electrodb/src/service.js" {
  export { Service } from "electrodb";
}
declare module "electrodb/src/conversions.js" {
  export { createConversions } from "electrodb";
}
