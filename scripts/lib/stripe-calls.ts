/**
 * The Stripe API calls the sources make, found by reading them, so scripts/lib/stripe-calls.test.ts can hold
 * STRIPE_KEY_PERMISSIONS (packages/core/src/payments/stripe-permissions.ts) to what the code really calls:
 *
 * - the SDK's calls on a client made with `new Stripe(...)`: `<client>.<resource>.<method>(`, its resource the path
 *   between (`checkout.sessions`), read for `retrieve` and `list`, write for anything else;
 * - the SDK's helpers on the class (`Stripe.webhooks.constructEvent`), which compute offline and need no permission;
 * - expansions (`expand: ["latest_charge"]`) in a file that calls Stripe: the expanded object is read too;
 * - REST calls (`https://api.stripe.com/v1/<resource>`), written with `fetch`: read for a GET, write for a POST or
 *   a DELETE in the same file.
 */

export interface StripeCall {
  file: string;
  /** The SDK's name of the resource: `checkout.sessions`, `webhookEndpoints`. */
  sdk: string;
  /** The method, the HTTP verb of a REST call, or `expand <field>`. */
  call: string;
  access: "read" | "write";
}

/** The SDK's namespaces that never reach the API: signatures made and checked locally. */
export const offlineNamespaces = ["webhooks"];

const readMethods = new Set(["retrieve", "list", "search", "listLineItems"]);

/** `webhook_endpoints` → `webhookEndpoints`, as the SDK names the REST path's resource. */
const camel = (path: string) => path.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** The Stripe calls of one source file; `expandedAs` maps an expanded field to the SDK name of what it reads. */
export function stripeCallsIn(file: string, text: string, expandedAs: Record<string, string>): StripeCall[] {
  const calls: StripeCall[] = [];
  const clients = [...text.matchAll(/\b(?:const|let|var)\s+(\w+)\s*=\s*new\s+Stripe\s*\(/g)].map(([, name]) => name!);
  for (const client of clients) {
    for (const [, path, method] of text.matchAll(new RegExp(`\\b${client}\\.((?:[a-zA-Z]+\\.)*[a-zA-Z]+)\\.([a-zA-Z]+)\\s*\\(`, "g"))) {
      calls.push({ file, sdk: path!, call: method!, access: readMethods.has(method!) ? "read" : "write" });
    }
  }
  for (const [, path, method] of text.matchAll(/\bStripe\.((?:[a-zA-Z]+\.)*[a-zA-Z]+)\.([a-zA-Z]+)\s*\(/g)) {
    if (!offlineNamespaces.includes(path!.split(".")[0]!)) calls.push({ file, sdk: path!, call: method!, access: readMethods.has(method!) ? "read" : "write" });
  }
  const rest = [...text.matchAll(/api\.stripe\.com\/v1\/([a-z_]+)/g)].map(([, path]) => camel(path!));
  for (const sdk of new Set(rest)) {
    for (const verb of ["GET", "POST", "DELETE"]) {
      if (text.includes(`"${verb}"`)) calls.push({ file, sdk, call: verb, access: verb === "GET" ? "read" : "write" });
    }
  }
  if (clients.length || rest.length) {
    for (const [, list] of text.matchAll(/\bexpand\s*:\s*\[([^\]]*)\]/g)) {
      for (const [, field] of list!.matchAll(/["']([\w.]+)["']/g)) {
        calls.push({ file, sdk: expandedAs[field!] ?? `(expanded ${field})`, call: `expand ${field}`, access: "read" });
      }
    }
  }
  return calls;
}
