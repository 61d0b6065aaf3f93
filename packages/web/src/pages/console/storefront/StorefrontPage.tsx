import Container from "@cloudscape-design/components/container";
import ContentLayout from "@cloudscape-design/components/content-layout";
import Header from "@cloudscape-design/components/header";
import type { CustomerView } from "@regrip/core/shared/customers";
import { useState } from "react";
import { useNavigate } from "react-router";
import { CustomerFormModal } from "../customers/CustomerFormModal";
import { CustomerSearch } from "../customers/CustomerSearch";

/** /storefront: find or create the customer at the counter, then build their order. */
export default function StorefrontPage() {
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const [creating, setCreating] = useState(false);
  const open = (customer: CustomerView) => navigate(`/storefrontbooking/${encodeURIComponent(customer.id)}`);

  return (
    <ContentLayout header={<Header variant="h1" description="Customer search and creation for in-person orders">Storefront</Header>}>
      <Container header={<Header variant="h2">Customer</Header>}>
        <CustomerSearch text={text} onTextChange={setText} onChoose={open} onCreate={() => setCreating(true)} />
      </Container>
      {creating && (
        <CustomerFormModal
          mode="create"
          seed={text}
          onDismiss={() => setCreating(false)}
          onSaved={(customer) => {
            setCreating(false);
            open(customer);
          }}
        />
      )}
    </ContentLayout>
  );
}
