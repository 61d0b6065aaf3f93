import { CognitoIdentityProviderClient } from "@aws-sdk/client-cognito-identity-provider";
import { sdkClientConfig } from "../aws";

/**
 * The one user pool client of the identity module. The SDK finds the endpoint itself
 * (AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER on one machine).
 *
 * On one machine the local runtime adds a stand-in (infra/local/cognito-stand-in.ts) for what cognito-local does
 * not do, as the grant check is installed (aws/grants.ts): the user pool's invitation email put in the email outbox,
 * a disabled user refused at sign-in, the global sign-out. In the cloud nothing is installed.
 */
export type CognitoStandIn = (client: CognitoIdentityProviderClient) => void;

let client: CognitoIdentityProviderClient | undefined;
let standIn: CognitoStandIn | undefined;

export function installCognitoStandIn(installed: CognitoStandIn): void {
  standIn = installed;
  if (client) installed(client);
}

export function cognito(): CognitoIdentityProviderClient {
  if (!client) {
    client = new CognitoIdentityProviderClient(sdkClientConfig());
    standIn?.(client);
  }
  return client;
}
