import { findMove, type MoveRole } from "@regrip/core/shared/moves";
import { adminStageLabel, type Stage } from "@regrip/core/shared/lifecycle";

/** The Admin Orders dropdown's four values (staff-and-admin-side §4) and their labels there. */
const adminStatusOptions = [
  { stage: "scheduled", value: "SCHEDULED", label: "steam & showering" },
  { stage: "in_service", value: "IN_SERVICE", label: "getting service" },
  { stage: "ready", value: "READY", label: "relaxed and ready" },
  { stage: "picked_up", value: "PICKED_UP", label: "at the Club waiting on you" },
] as const satisfies readonly { stage: Stage; value: string; label: string }[];

/** Where an order's stage shows on the dropdown: checked-in and in-queue orders read as steam & showering. */
function dropdownStage(stage: Stage): Stage | undefined {
  if (stage === "checked_in" || stage === "in_queue") return "scheduled";
  return adminStatusOptions.some((option) => option.stage === stage) ? stage : undefined;
}

export interface DropdownOption {
  value: Stage;
  label: string;
  /** Why the server would refuse this move for this role; undefined when it is allowed. */
  disabledReason?: string;
}

/** The dropdown for one order: the four values, each disabled unless the server allows this role that move. */
export function adminStatusMenu(stage: Stage, role: MoveRole | undefined): { selected: DropdownOption; options: DropdownOption[] } {
  const current = dropdownStage(stage);
  const selected: DropdownOption = current
    ? { value: current, label: adminStatusOptions.find((o) => o.stage === current)!.label }
    : { value: stage, label: adminStageLabel[stage] };
  const options = adminStatusOptions.map(({ stage: to, label }): DropdownOption => {
    if (to === current) return { value: to, label };
    const allowed = role && (to !== stage ? findMove(stage, to, role) : undefined);
    return allowed ? { value: to, label } : { value: to, label, disabledReason: "Not a move your role can make from this status" };
  });
  return { selected, options };
}

/** The four counters (§2): Steam & Showering counts scheduled, checked-in and in-queue orders. */
export function adminCounters(stages: Partial<Record<Stage, number>> | undefined) {
  const n = (stage: Stage) => stages?.[stage] ?? 0;
  return [
    { key: "steam", label: "Steam & Showering", value: stages ? n("scheduled") + n("checked_in") + n("in_queue") : undefined },
    { key: "service", label: "Getting Service", value: stages ? n("in_service") : undefined },
    { key: "ready", label: "Relaxed & Ready", value: stages ? n("ready") : undefined },
    { key: "club", label: "At the Club", value: stages ? n("picked_up") : undefined },
  ];
}
