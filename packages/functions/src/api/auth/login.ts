import { env } from "../../../../../infra/env";
import { api } from "../../http/handler";
import { redirect } from "../../http/reply";

/** Browser navigation to /api/login: the sign-in page (or the stage's hosted UI). */
export const handler = api(async () => redirect(process.env[env.loginUrl] || "/login"));
