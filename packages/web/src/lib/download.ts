import { apiRequest } from "./api";

/**
 * Downloads a signed-in file (a report's CSV, an order's calendar file): fetched with the session, then saved under
 * the name the server's Content-Disposition gives (`fallbackName` when it gives none).
 * Kept out of lib/api, which every page loads first: only the pages with a file to save load this.
 */
export async function downloadFile(path: string, type: string, fallbackName: string): Promise<void> {
  const response = await apiRequest("GET", path, undefined, { Accept: type });
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? fallbackName;
  const url = URL.createObjectURL(new Blob([await response.text()], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
