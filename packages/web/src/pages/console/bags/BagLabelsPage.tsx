import Alert from "@cloudscape-design/components/alert";
import Box from "@cloudscape-design/components/box";
import Button from "@cloudscape-design/components/button";
import ContentLayout from "@cloudscape-design/components/content-layout";
import Header from "@cloudscape-design/components/header";
import SpaceBetween from "@cloudscape-design/components/space-between";
import Spinner from "@cloudscape-design/components/spinner";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { serverMessage } from "../../../lib/api-error";
import { usePageMeta } from "../../../lib/page-meta";
import type { BagView } from "@regrip/core/shared/bags";
import { bagByKey } from "../console-api";
import { bagUrl } from "../../../lib/bag-links";
import { QrCode } from "../../../components/QrCode";
import "./labels.css";

const LABELS_MAX = 100;

/** The bags named by `?codes=101,102`, each asked for by its code (at most 100 a sheet). */
function useLabelBags(codes: string[]) {
  return useQuery({
    queryKey: ["bag-labels", codes],
    queryFn: async (): Promise<BagView[]> => (await Promise.all(codes.map((code) => bagByKey(code)))).map((answer) => answer.bag),
    enabled: codes.length > 0,
  });
}

/** A printable sheet of bag labels: each the QR of the bag page's URL with its slug (staff scanning it reach the order), and its code large. */
export default function BagLabelsPage() {
  usePageMeta("Bag Labels", "Printable QR labels for the shop's bags.");
  const [params] = useSearchParams();
  const codes = [...new Set((params.get("codes") ?? "").split(",").map((code) => code.trim().toUpperCase()).filter(Boolean))].slice(0, LABELS_MAX);
  const bags = useLabelBags(codes);
  const origin = window.location.origin;

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Print on plain paper or label sheets; cut along the dashed lines."
          actions={
            <Button variant="primary" iconName="file" disabled={!bags.data?.length} onClick={() => window.print()}>
              Print
            </Button>
          }
        >
          Bag Labels
        </Header>
      }
    >
      <SpaceBetween size="m">
        {codes.length === 0 && <Box>Choose bags on the Bags page, then Print Labels.</Box>}
        {bags.isLoading && <Spinner size="large" />}
        {bags.isError && (
          <Alert type="error" header="Failed to load bags">
            {serverMessage(bags.error) ?? "Please try again."}
          </Alert>
        )}
        {bags.data && (
          <div className="label-sheet">
            {bags.data.map((bag) => (
              <div className="bag-label" key={bag.id}>
                <QrCode className="bag-label-qr" text={bagUrl(origin, bag.qrSlug)} label={`QR code for bag ${bag.code3}`} />
                <div>
                  <div className="bag-label-code">{bag.code3}</div>
                  <div className="bag-label-hint">Regrip bag. Scan to see its order.</div>
                </div>
              </div>
            ))}
          </div>
        )}
      </SpaceBetween>
    </ContentLayout>
  );
}
