import Box from "@cloudscape-design/components/box";
import Button from "@cloudscape-design/components/button";
import ColumnLayout from "@cloudscape-design/components/column-layout";
import Container from "@cloudscape-design/components/container";
import Header from "@cloudscape-design/components/header";
import SpaceBetween from "@cloudscape-design/components/space-between";
import StatusIndicator from "@cloudscape-design/components/status-indicator";
import type { StorefrontGroup, StorefrontProduct } from "@regrip/core/shared/storefront";
import { formatCents } from "../../../lib/money";

const details = (item: StorefrontProduct) => [item.color, item.feel, item.brand].filter(Boolean).join(" · ");

function stockNote(item: StorefrontProduct) {
  if (!item.isInStock) return <StatusIndicator type="stopped">Out of stock</StatusIndicator>;
  if (item.isLowStock && item.stockQuantity !== null) return <StatusIndicator type="warning">{`Only ${item.stockQuantity} left`}</StatusIndicator>;
  return null;
}

/** The catalogue in the server's groups (§9's order and headings); Add puts one in the cart, again adds 1. */
export function ProductCatalogue({ groups, inCart, onAdd }: { groups: StorefrontGroup[]; inCart: (id: string) => number; onAdd: (item: StorefrontProduct) => void }) {
  return (
    <SpaceBetween size="l">
      {groups.map((group) => (
        <Container key={group.category} header={<Header variant="h2" counter={`(${group.items.length})`}>{group.heading}</Header>}>
          <ColumnLayout columns={2} borders="horizontal">
            {group.items.map((item) => {
              const count = inCart(item.id);
              return (
                <div key={item.id} className="storefront-product">
                  <SpaceBetween size="xxs">
                    <Box fontWeight="bold">{item.name}</Box>
                    {details(item) && <Box color="text-body-secondary" fontSize="body-s">{details(item)}</Box>}
                    {item.description && <Box color="text-body-secondary" fontSize="body-s">{item.description}</Box>}
                    <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                      <Box fontWeight="bold">{formatCents(item.price)}</Box>
                      {stockNote(item)}
                    </SpaceBetween>
                    <Button
                      iconName="add-plus"
                      disabled={!item.isInStock}
                      onClick={() => onAdd(item)}
                      ariaLabel={`Add ${item.name}${details(item) ? ` (${details(item)})` : ""}`}
                    >
                      {count > 0 ? `Add (${count} in cart)` : "Add"}
                    </Button>
                  </SpaceBetween>
                </div>
              );
            })}
          </ColumnLayout>
        </Container>
      ))}
    </SpaceBetween>
  );
}
