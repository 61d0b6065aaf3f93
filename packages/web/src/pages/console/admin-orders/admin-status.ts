import { staffStageLabel, type Stage } from "@regrip/core/shared/lifecycle";

/**
 * Admin Orders' four counters (the spec's four), in the staff's one word per stage: the orders not yet in service (scheduled,
 * checked in, in the queue), being serviced, complete, picked up.
 */
export function adminCounters(stages: Partial<Record<Stage, number>> | undefined) {
  const n = (stage: Stage) => stages?.[stage] ?? 0;
  return [
    { key: "waiting", label: "Scheduled & Queued", value: stages ? n("scheduled") + n("checked_in") + n("in_queue") : undefined },
    { key: "service", label: staffStageLabel.in_service, value: stages ? n("in_service") : undefined },
    { key: "ready", label: staffStageLabel.ready, value: stages ? n("ready") : undefined },
    { key: "club", label: staffStageLabel.picked_up, value: stages ? n("picked_up") : undefined },
  ];
}
