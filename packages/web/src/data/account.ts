import { useMutation, useQueryClient } from "@tanstack/react-query";
import { currentUserQueryKey } from "../auth/current-user";
import { apiJson } from "../lib/api";
import type { GripPrefsInput } from "@regrip/core/shared/grip-prefs";
import { currentUserFrom, type CurrentUser } from "@regrip/core/shared/users";

export type ProfileChanges = Partial<
  Pick<CurrentUser, "firstName" | "lastName" | "email" | "phone" | "smsNotifications" | "smsPromotions" | "emailNotifications" | "emailPromotions"> & {
    /** As Shop Tools sends them: a choice cleared is null. */
    defaultPrefs: GripPrefsInput | null;
  }
>;

/** PUT /api/auth/user; the answer becomes the current user. */
export async function updateCurrentUser(changes: ProfileChanges): Promise<CurrentUser> {
  return currentUserFrom(await apiJson("PUT", "/api/auth/user", changes));
}

export function useUpdateCurrentUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCurrentUser,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      return queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}

/** POST /api/user/phone: texts a 6-digit code. */
export function sendPhoneCode(phone: string): Promise<{ phoneNumber: string }> {
  return apiJson("POST", "/api/user/phone", { phone });
}

/** POST /api/user/phone/verify: the user, now with a verified phone. */
export async function verifyPhoneCode(code: string): Promise<CurrentUser> {
  return currentUserFrom(await apiJson("POST", "/api/user/phone/verify", { code }));
}
