/** The staff order view (console route `/queue/orders/:id`): where the queue's Details, a scan and a sale's toast go. */
export const staffOrderPath = (orderId: string) => `/queue/orders/${encodeURIComponent(orderId)}`;

/** The order's work ticket for the bench (console route `/queue/orders/:id/ticket`; `?size=label` for a 4x6 label). */
export const workTicketPath = (orderId: string) => `${staffOrderPath(orderId)}/ticket`;
