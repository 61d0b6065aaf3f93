import Alert from "@cloudscape-design/components/alert";
import Box from "@cloudscape-design/components/box";
import Button from "@cloudscape-design/components/button";
import ContentLayout from "@cloudscape-design/components/content-layout";
import Header from "@cloudscape-design/components/header";
import SpaceBetween from "@cloudscape-design/components/space-between";
import { useNavigate } from "react-router";
import { errorStatus, serverMessage } from "../../lib/api-error";

/** What a console list or figure needs of its query to say it failed and to try again. */
interface FailedQuery {
  isError: boolean;
  isPending?: boolean;
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

/** Back to the Service Queue, where a record's page is reached from (its search, its Details). */
export function BackToQueue() {
  const navigate = useNavigate();
  return (
    <Button variant="link" iconName="angle-left" onClick={() => navigate("/queue")}>
      Service Queue
    </Button>
  );
}

/**
 * A record's console page (an order, a customer) before its record is read: loading, not found (404, with the page's
 * words for what to do), or failed with Retry.
 */
export function RecordNotLoaded({ kind, query, notFound }: { kind: "Order" | "Customer"; query: FailedQuery; notFound: { header: string; text: string } }) {
  const lower = kind.toLowerCase();
  return (
    <ContentLayout header={<Header variant="h1">{kind}</Header>}>
      <SpaceBetween size="l">
        <BackToQueue />
        {query.isError && errorStatus(query.error) === 404 ? (
          <Alert type="error" header={notFound.header}>
            {notFound.text}
          </Alert>
        ) : (
          <LoadFailed query={query} header={`Error Loading ${kind}`} message={`Unable to load this ${lower}. Please try again.`} />
        )}
        {query.isPending && <Box>{`Loading ${lower}…`}</Box>}
      </SpaceBetween>
    </ContentLayout>
  );
}
