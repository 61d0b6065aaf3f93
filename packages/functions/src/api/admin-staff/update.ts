import { Staff } from "@regrip/core/staff";
import { StaffChange } from "@regrip/core/shared/staff";
import { api } from "../../http/handler";

/**
 * PATCH /api/admin/staff/{id} {role?, active?}: StaffView. 409 for the last admin's demotion or switch-off and for
 * one's own account. Audit `staff.role_changed`, `staff.switched_off`, `staff.switched_on`. Admin.
 */
export const handler = api({ body: StaffChange }, async (req) => Staff.update(req.user(), { id: req.params.id, ...req.body() }));
