import { Service } from "electrodb/src/service.js";
import { accountMembers, type AccountEntities } from "../entities";
import { entity, follow, onTableChange } from "./index";

/**
 * The `account` collection: a user's profile, paddles, subscriptions and
 * loyalty account in one Query over the user's partition
 * (`account().collections.account({ userId })`). A module of its own so only a
 * route that reads the collection loads ElectroDB's Service code (CommonJS, so
 * not shaken: see entities/electrodb.ts) and joins the four members, built
 * through db() like every entity.
 */
type AccountService = Service<AccountEntities>;
let service: AccountService | undefined;

export function account(): AccountService {
  const table = follow();
  if (!service) {
    const members = Object.fromEntries(accountMembers.map((name) => [name, entity(name)])) as AccountEntities;
    const made = new Service(members, { table });
    onTableChange((name) => made.setTableName(name));
    service = made;
  }
  return service;
}
