import { useState } from "react";
import { initials } from "../auth/roles";
import type { CurrentUser } from "@regrip/core/shared/users";

/** The profile photo, or the user's initials when there is none (or it fails to load). */
export function Avatar({ user }: { user: CurrentUser }) {
  const [photoFailed, setPhotoFailed] = useState(false);
  const photo = user.profileImageUrl && !photoFailed ? user.profileImageUrl : undefined;
  return (
    <span className="avatar" aria-hidden="true">
      {photo ? <img src={photo} alt="" onError={() => setPhotoFailed(true)} /> : initials(user)}
    </span>
  );
}
