/** The file in a test shop's data folder that says why the shop did not start (global-setup.ts writes it, shop-ready.ts reads it). */
export const START_FAILED = "start-failed.txt";
