import { fetchAuthSession } from "aws-amplify/auth";

/** The signed-in user's ID token (refreshed by Amplify when needed), or undefined when signed out. */
export async function currentIdToken(): Promise<string | undefined> {
  try {
    const { tokens } = await fetchAuthSession();
    return tokens?.idToken?.toString();
  } catch {
    // Not configured, or the refresh failed: the request goes out anonymous and the server answers 401.
    return undefined;
  }
}
