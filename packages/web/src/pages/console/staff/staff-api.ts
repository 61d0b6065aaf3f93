/** The admin's staff calls (docs/api-admin.md, Staff), with their query keys. The server checks every rule again. */
import type { StaffChange, StaffInvite, StaffList, StaffView } from "@regrip/core/shared/staff";
import { apiJson } from "../../../lib/api";

export const staffKeys = { all: ["/api/admin/staff"] as const };

export function listStaff() {
  return apiJson<StaffList>("GET", "/api/admin/staff");
}

export function inviteStaff(body: StaffInvite) {
  return apiJson<StaffView>("POST", "/api/admin/staff", body);
}

export function changeStaff(id: string, body: StaffChange) {
  return apiJson<StaffView>("PATCH", `/api/admin/staff/${encodeURIComponent(id)}`, body);
}
