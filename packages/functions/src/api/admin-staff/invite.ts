import { Staff } from "@regrip/core/staff";
import { api } from "../../http/handler";
import { json } from "../../http/reply";

/**
 * POST /api/admin/staff {email, firstName, lastName, role}: 201 StaffView; the user pool emails the temporary
 * password. 409 when the email already has an account. Audit `staff.invited`. Admin.
 */
export const handler = api({ body: Staff.invite.schema }, async (req) => json(await Staff.invite(req.user(), req.body()), 201));
