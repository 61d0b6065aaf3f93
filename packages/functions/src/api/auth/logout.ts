import { api } from "../../http/handler";
import { redirect } from "../../http/reply";

/** Browser navigation to /api/logout: the web app's /logout clears the session in the browser, then goes home. */
export const handler = api(async () => redirect("/logout"));
