import Box from "@cloudscape-design/components/box";
import Button from "@cloudscape-design/components/button";
import FormField from "@cloudscape-design/components/form-field";
import Input from "@cloudscape-design/components/input";
import SpaceBetween from "@cloudscape-design/components/space-between";
import Table from "@cloudscape-design/components/table";
import { customerName, isSearchable, SEARCH_HINT, SEARCH_MAX_LENGTH, type CustomerView } from "@regrip/core/shared/customers";
import { displayPhone } from "@regrip/core/shared/phone";
import { MemberBadge, type MemberCustomer } from "./MemberBadge";
import { useEffect } from "react";
import { serverMessage } from "../../../lib/api-error";
import { useToast } from "../../../toast/use-toast";
import { useDebounced } from "../use-debounced";
import { useCustomerSearch, type SearchScope } from "./customers-api";
import { CustomerLink } from "./CustomerLink";

interface Props {
  text: string;
  onTextChange: (text: string) => void;
  /** Choosing a row hands the customer on (the queue filters by them; the storefront opens their order). */
  onChoose: (customer: CustomerView) => void;
  chooseLabel?: string;
  /** Offers Edit per result (the queue's Edit Customer). */
  onEdit?: (customer: CustomerView) => void;
  /** Offers Create New Customer beside the field and when nothing is found. */
  onCreate?: () => void;
  /** The queue asks the admin search, the counter pages the storefront's: the same items, both staff-only. */
  scope?: SearchScope;
}

/**
 * The console's one customer search: from 3 characters, asked of the server's search items as the person
 * pauses (300 ms), never a filter over every customer here.
 */
export function CustomerSearch({ text, onTextChange, onChoose, chooseLabel = "Select", onEdit, onCreate, scope = "counter" }: Props) {
  const q = useDebounced(text.trim(), 300);
  const search = useCustomerSearch(q, scope);
  const { toast } = useToast();
  const ready = isSearchable(text);
  const settled = q === text.trim();
  const items = ready ? (search.data?.items ?? []) : [];
  const failed = ready && search.isError;
  useEffect(() => {
    if (search.isError) toast({ title: "Failed to search customers", description: serverMessage(search.error), variant: "destructive" });
  }, [search.isError, search.error, toast]);

  return (
    <SpaceBetween size="m">
      <FormField
        label="Find a customer"
        description="Name, email or phone"
        constraintText={ready ? undefined : SEARCH_HINT}
        errorText={failed ? (serverMessage(search.error) ?? "Failed to search customers") : undefined}
      >
        <SpaceBetween direction="horizontal" size="xs" alignItems="center">
          <div style={{ minWidth: "min(28rem, 70vw)" }}>
            <Input
              type="search"
              value={text}
              onChange={({ detail }) => onTextChange(detail.value.slice(0, SEARCH_MAX_LENGTH))}
              placeholder="Search customers"
              ariaLabel="Find a customer"
              clearAriaLabel="Clear search"
              autoComplete={false}
            />
          </div>
          {onCreate && (
            <Button iconName="add-plus" onClick={onCreate}>
              Create New Customer
            </Button>
          )}
        </SpaceBetween>
      </FormField>
      {ready && (
        <Table
          variant="embedded"
          ariaLabels={{ tableLabel: "Customers found" }}
          loading={search.isPending && !failed}
          loadingText="Searching customers"
          items={items}
          trackBy="id"
          columnDefinitions={[
            {
              id: "name",
              header: "Name",
              minWidth: 150,
              isRowHeader: true,
              cell: (c) => (
                <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                  <Button variant="inline-link" onClick={() => onChoose(c)}>
                    {customerName(c)}
                  </Button>
                  <MemberBadge membership={(c as MemberCustomer).membership} />
                </SpaceBetween>
              ),
            },
            { id: "phone", header: "Phone", minWidth: 150, cell: (c) => displayPhone(c.phone) || "—" },
            { id: "email", header: "Email", cell: (c) => c.email || "—" },
            {
              id: "actions",
              header: "Actions",
              cell: (c) => (
                <SpaceBetween direction="horizontal" size="xs">
                  <Button variant="inline-link" onClick={() => onChoose(c)} ariaLabel={`${chooseLabel} ${customerName(c)}`}>
                    {chooseLabel}
                  </Button>
                  {onEdit && (
                    <Button variant="inline-link" onClick={() => onEdit(c)} ariaLabel={`Edit ${customerName(c)}`}>
                      Edit
                    </Button>
                  )}
                  <CustomerLink id={c.id} ariaLabel={`Customer page of ${customerName(c)}`}>
                    Page
                  </CustomerLink>
                </SpaceBetween>
              ),
            },
          ]}
          empty={
            <Box textAlign="center" color="inherit" padding="s">
              {search.isFetching || !settled ? (
                "Searching..."
              ) : (
                <SpaceBetween size="xs">
                  <b>No customers found</b>
                  {onCreate && <Button onClick={onCreate}>Create New Customer</Button>}
                </SpaceBetween>
              )}
            </Box>
          }
        />
      )}
    </SpaceBetween>
  );
}
