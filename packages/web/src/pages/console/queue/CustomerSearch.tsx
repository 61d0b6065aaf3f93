import Box from "@cloudscape-design/components/box";
import Button from "@cloudscape-design/components/button";
import FormField from "@cloudscape-design/components/form-field";
import Input from "@cloudscape-design/components/input";
import SpaceBetween from "@cloudscape-design/components/space-between";
import Table from "@cloudscape-design/components/table";
import { customerName, isSearchable, SEARCH_MAX_LENGTH, type CustomerView } from "@regrip/core/shared/customers";
import { displayPhone } from "@regrip/core/shared/phone";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { isStaff } from "../../../auth/roles";
import { useCurrentUser } from "../../../auth/current-user";
import { useToast } from "../../../toast/use-toast";
import { consoleKeys, searchCustomers } from "../console-api";
import { useDebounced } from "../use-debounced";

/** Customer search (3 or more characters, on the server's search items) with Select and Edit per result. */
export function CustomerSearch({ onSelect, onEdit }: { onSelect: (customer: CustomerView) => void; onEdit: (customer: CustomerView) => void }) {
  const { data: user } = useCurrentUser();
  const [text, setText] = useState("");
  const q = useDebounced(text.trim(), 300);
  const { toast } = useToast();
  const search = useQuery({
    queryKey: consoleKeys.customerSearch(q),
    queryFn: () => searchCustomers(q),
    // The search call is enabled only for staff roles (§2).
    enabled: isStaff(user) && isSearchable(q),
    staleTime: 0,
  });
  useEffect(() => {
    if (search.isError) toast({ title: "Failed to search customers", variant: "destructive" });
  }, [search.isError, toast]);

  const searching = isSearchable(text);
  const results = searching && isSearchable(q) ? (search.data?.items ?? []) : [];
  return (
    <SpaceBetween size="s">
      <FormField label="Find a customer" constraintText={searching ? undefined : "Type at least 3 characters to search..."} stretch>
        <Input
          type="search"
          value={text}
          onChange={({ detail }) => setText(detail.value.slice(0, SEARCH_MAX_LENGTH))}
          placeholder="Name, email or phone"
          ariaLabel="Find a customer"
          clearAriaLabel="Clear search"
        />
      </FormField>
      {searching && (
        <Table
          variant="embedded"
          ariaLabels={{ tableLabel: "Customers found" }}
          loading={search.isFetching}
          loadingText="Searching customers"
          items={results}
          trackBy="id"
          columnDefinitions={[
            { id: "name", header: "Name", cell: (c) => customerName(c) },
            { id: "email", header: "Email", cell: (c) => c.email ?? "—" },
            { id: "phone", header: "Phone", cell: (c) => displayPhone(c.phone) || "—" },
            {
              id: "actions",
              header: "Actions",
              cell: (c) => (
                <SpaceBetween direction="horizontal" size="xs">
                  <Button variant="inline-link" onClick={() => onSelect(c)} ariaLabel={`Select ${customerName(c)}`}>
                    Select
                  </Button>
                  <Button variant="inline-link" onClick={() => onEdit(c)} ariaLabel={`Edit ${customerName(c)}`}>
                    Edit
                  </Button>
                </SpaceBetween>
              ),
            },
          ]}
          empty={
            <Box textAlign="center" color="inherit">
              {search.isFetching || q !== text.trim() ? "Searching..." : "No customers found"}
            </Box>
          }
        />
      )}
    </SpaceBetween>
  );
}
