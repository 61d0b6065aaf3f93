/** The staff order view (console route `/queue/orders/:id`): where the queue's Details, a scan and a sale's toast go. */
export const staffOrderPath = (orderId: string) => `/queue/orders/${encodeURIComponent(orderId)}`;
