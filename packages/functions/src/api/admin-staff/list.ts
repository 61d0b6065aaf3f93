import { Staff } from "@regrip/core/staff";
import { api } from "../../http/handler";

/** GET /api/admin/staff: {items: StaffView[]}, every employee and admin by name. Admin. */
export const handler = api(async (req) => Staff.list(req.user()));
