import Alert from "@cloudscape-design/components/alert";
import Button from "@cloudscape-design/components/button";
import { serverMessage } from "../../lib/api-error";

/** What a console list or figure needs of its query to say it failed and to try again. */
interface FailedQuery {
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * A console page's data could not be read: an error alert with a Retry button, the server's message unless the
 * page names its own (`message`). Nothing while the query has not failed.
 */
export function LoadFailed({ query, header, message }: { query: FailedQuery; header: string; message?: string }) {
  if (!query.isError) return null;
  return (
    <Alert type="error" header={header} action={<Button onClick={() => void query.refetch()}>Retry</Button>}>
      {message ?? serverMessage(query.error) ?? "Please try again."}
    </Alert>
  );
}
