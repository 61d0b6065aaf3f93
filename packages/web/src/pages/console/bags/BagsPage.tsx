import { useCollection } from "@cloudscape-design/collection-hooks";
import Alert from "@cloudscape-design/components/alert";
import Button from "@cloudscape-design/components/button";
import Container from "@cloudscape-design/components/container";
import ContentLayout from "@cloudscape-design/components/content-layout";
import Form from "@cloudscape-design/components/form";
import FormField from "@cloudscape-design/components/form-field";
import Header from "@cloudscape-design/components/header";
import Input from "@cloudscape-design/components/input";
import Link from "@cloudscape-design/components/link";
import SpaceBetween from "@cloudscape-design/components/space-between";
import StatusIndicator from "@cloudscape-design/components/status-indicator";
import Table from "@cloudscape-design/components/table";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { isUnauthorizedError } from "../../../lib/api";
import { serverMessage } from "../../../lib/api-error";
import { usePageMeta } from "../../../lib/page-meta";
import { useToast } from "../../../toast/use-toast";
import { CreateBags } from "@regrip/core/shared/bag-input";
import type { BagView } from "@regrip/core/shared/bags";
import { BAGS_CREATE_FAILED, BAGS_CREATED, MAX_BAGS_PER_CREATE, MIN_BAGS_PER_CREATE } from "@regrip/core/shared/bag-input";
import { orderReference } from "@regrip/core/shared/orders";
import { consoleKeys, createBags, listBags } from "../console-api";
import { useCursorPages } from "../use-cursor-pages";
import { pagedRows } from "../TablePaging";
import { LoadFailed } from "../LoadFailed";
import { createdBagsText } from "./created-toast";

function labelsHref(bags: readonly BagView[]): string {
  return `/bags/labels?codes=${bags.map((bag) => bag.code3).join(",")}`;
}

export default function BagsPage() {
  usePageMeta("Bags", "The shop's bags and their QR labels.");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [count, setCount] = useState("10");
  const [countError, setCountError] = useState<string>();
  const [created, setCreated] = useState<BagView[]>([]);
  const pages = useCursorPages("bags");
  const list = useQuery({ queryKey: consoleKeys.bagsPage(pages.cursor), queryFn: () => listBags(pages.cursor), refetchOnMount: "always", placeholderData: (previous) => previous });
  useEffect(() => {
    if (list.data) pages.learn(pages.pageIndex, list.data.cursor);
  }, [list.data, pages.pageIndex, pages.learn]);
  const { items, collectionProps } = useCollection(list.data?.items ?? [], {
    sorting: { defaultState: { sortingColumn: { sortingField: "code3" } } },
    selection: { trackBy: "id" },
  });
  const selected = collectionProps.selectedItems ?? [];

  const create = useMutation({
    mutationFn: (n: number) => createBags(n),
    onSuccess: (bags) => {
      setCreated(bags);
      const codes = bags.map((bag) => bag.code3);
      toast({ title: BAGS_CREATED, description: createdBagsText(codes) });
      void queryClient.invalidateQueries({ queryKey: consoleKeys.bags });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      toast({ title: BAGS_CREATE_FAILED, description: serverMessage(error), variant: "destructive" });
    },
  });

  function submit(event?: FormEvent) {
    event?.preventDefault();
    // The server's own rule and words (POST /api/admin/bags/create parses with the same schema).
    const parsed = CreateBags.safeParse({ count: Number(count) });
    if (!parsed.success) {
      setCountError(parsed.error.issues[0]?.message);
      return;
    }
    setCountError(undefined);
    create.mutate(parsed.data.count);
  }

  const follow = (href: string) => (event: CustomEvent) => {
    event.preventDefault();
    navigate(href);
  };

  return (
    <ContentLayout header={<Header variant="h1" description="Every bag has a 3-character code and a QR label that opens the order in it.">Bags</Header>}>
      <SpaceBetween size="l">
        <Container header={<Header variant="h2">Create bags</Header>}>
          <form onSubmit={submit} aria-label="Create bags" noValidate>
            <Form
              actions={
                <Button variant="primary" loading={create.isPending} formAction="submit">
                  Create Bags
                </Button>
              }
            >
              <FormField label="Number of bags" constraintText={`${MIN_BAGS_PER_CREATE} to ${MAX_BAGS_PER_CREATE} at a time.`} errorText={countError}>
                <Input type="number" inputMode="numeric" value={count} onChange={({ detail }) => setCount(detail.value)} />
              </FormField>
            </Form>
          </form>
        </Container>
        {created.length > 0 && (
          <Alert
            type="success"
            header={`${created.length} new bag${created.length === 1 ? "" : "s"}: ${created.map((bag) => bag.code3).join(", ")}`}
            action={
              <Button href={labelsHref(created)} onFollow={follow(labelsHref(created))}>
                Print their labels
              </Button>
            }
            dismissible
            onDismiss={() => setCreated([])}
          />
        )}
        <LoadFailed query={list} header="Failed to load bags" />
        <Table
          {...collectionProps}
          variant="container"
          selectionType="multi"
          ariaLabels={{
            tableLabel: "Bags",
            selectionGroupLabel: "Bag selection",
            allItemsSelectionLabel: () => "Select all bags on this page",
            itemSelectionLabel: (_selection, bag) => `Select bag ${bag.code3}`,
          }}
          header={
            <Header
              variant="h2"
              counter={selected.length ? `(${selected.length} selected)` : undefined}
              actions={
                <SpaceBetween direction="horizontal" size="xs">
                  <Button disabled={selected.length === 0} href={labelsHref(selected)} onFollow={follow(labelsHref(selected))}>
                    Print Labels
                  </Button>
                  <Button href="/scan" onFollow={follow("/scan")}>
                    Scan a Bag
                  </Button>
                </SpaceBetween>
              }
            >
              All bags
            </Header>
          }
          columnDefinitions={[
            { id: "code", header: "Code", cell: (bag) => <b>{bag.code3}</b>, sortingField: "code3" },
            {
              id: "state",
              header: "State",
              cell: (bag) =>
                !bag.isActive ? (
                  <StatusIndicator type="stopped">Inactive</StatusIndicator>
                ) : bag.orderId ? (
                  <StatusIndicator type="in-progress">Holding an order</StatusIndicator>
                ) : (
                  <StatusIndicator type="success">Free</StatusIndicator>
                ),
            },
            {
              id: "order",
              header: "Order",
              cell: (bag) =>
                bag.orderId ? (
                  <Link href={`/orders/${bag.orderId}`} onFollow={follow(`/orders/${bag.orderId}`)}>
                    {/* The order's number (the id's end for an order made before numbers): searchable in the queue. */}
                    {orderReference({ id: bag.orderId, number: bag.orderNumber })}
                  </Link>
                ) : (
                  "—"
                ),
            },
          ]}
          {...pagedRows(list, pages, items, "Loading bags", list.isError ? "No bags to show." : "No bags yet. Create some above.")}
        />
      </SpaceBetween>
    </ContentLayout>
  );
}
