import { buildWebIfStale } from "../infra/local/web";

if (!(await buildWebIfStale())) console.log("The web app is up to date.");
