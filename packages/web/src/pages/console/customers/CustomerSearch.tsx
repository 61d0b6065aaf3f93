import Box from "@cloudscape-design/components/box";
import Button from "@cloudscape-design/components/button";
import FormField from "@cloudscape-design/components/form-field";
import Input from "@cloudscape-design/components/input";
import SpaceBetween from "@cloudscape-design/components/space-between";
import Table from "@cloudscape-design/components/table";
import { customerName, isSearchable, type CustomerView } from "@regrip/core/shared/customers";
import { displayPhone } from "@regrip/core/shared/phone";
import { useDeferredValue } from "react";
import { serverMessage } from "../../../lib/api-error";
import { useCustomerSearch } from "./customers-api";

interface Props {
  text: string;
  onTextChange: (text: string) => void;
  onChoose: (customer: CustomerView) => void;
  /** Offered beside the results: Create New Customer. */
  onCreate: () => void;
  chooseLabel?: string;
}

/** Search by name, email or phone from 3 characters (§2, §5); choosing a row hands the customer on. */
export function CustomerSearch({ text, onTextChange, onChoose, onCreate, chooseLabel = "Select" }: Props) {
  const deferred = useDeferredValue(text);
  const search = useCustomerSearch(deferred);
  const ready = isSearchable(text);
  const items = ready ? (search.data?.items ?? []) : [];

  return (
    <SpaceBetween size="m">
      <FormField
        label="Find a customer"
        description="Name, email or phone"
        constraintText={ready ? undefined : "Type at least 3 characters to search..."}
        errorText={search.isError && ready ? (serverMessage(search.error) ?? "Failed to search customers") : undefined}
      >
        <SpaceBetween direction="horizontal" size="xs" alignItems="center">
          <div style={{ minWidth: "min(28rem, 70vw)" }}>
            <Input
              type="search"
              value={text}
              onChange={({ detail }) => onTextChange(detail.value)}
              placeholder="Search customers"
              ariaLabel="Search customers"
              autoFocus
              clearAriaLabel="Clear search"
            />
          </div>
          <Button iconName="add-plus" onClick={onCreate}>
            Create New Customer
          </Button>
        </SpaceBetween>
      </FormField>
      {ready && (
        <Table
          variant="container"
          ariaLabels={{ tableLabel: "Customers found" }}
          loading={search.isPending}
          loadingText="Searching customers"
          items={items}
          trackBy="id"
          columnDefinitions={[
            {
              id: "name",
              header: "Name",
              cell: (c) => (
                <Button variant="inline-link" onClick={() => onChoose(c)}>
                  {customerName(c)}
                </Button>
              ),
              isRowHeader: true,
            },
            { id: "phone", header: "Phone", cell: (c) => displayPhone(c.phone) || "—" },
            { id: "email", header: "Email", cell: (c) => c.email || "—" },
            {
              id: "choose",
              header: "",
              cell: (c) => (
                <Button onClick={() => onChoose(c)} ariaLabel={`${chooseLabel} ${customerName(c)}`}>
                  {chooseLabel}
                </Button>
              ),
            },
          ]}
          empty={
            <Box textAlign="center" color="inherit" padding="s">
              <SpaceBetween size="xs">
                <b>No customers found</b>
                <Button onClick={onCreate}>Create New Customer</Button>
              </SpaceBetween>
            </Box>
          }
        />
      )}
    </SpaceBetween>
  );
}
