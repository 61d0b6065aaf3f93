import StatusIndicator, { type StatusIndicatorProps } from "@cloudscape-design/components/status-indicator";
import { staffStageLabel, type Stage } from "@regrip/core/shared/lifecycle";

const statusType: Record<Stage, StatusIndicatorProps.Type> = {
  awaiting_payment: "pending",
  scheduled: "pending",
  checked_in: "info",
  in_queue: "in-progress",
  in_service: "in-progress",
  ready: "success",
  picked_up: "stopped",
  canceled: "error",
};

/** An order's stage on every staff screen, in the staff's one word for it. */
export function StageStatus({ stage }: { stage: Stage }) {
  return <StatusIndicator type={statusType[stage] ?? "info"}>{staffStageLabel[stage] ?? stage}</StatusIndicator>;
}
