import Alert from "@cloudscape-design/components/alert";
import Button from "@cloudscape-design/components/button";
import Container from "@cloudscape-design/components/container";
import ContentLayout from "@cloudscape-design/components/content-layout";
import Form from "@cloudscape-design/components/form";
import FormField from "@cloudscape-design/components/form-field";
import Header from "@cloudscape-design/components/header";
import Input from "@cloudscape-design/components/input";
import SpaceBetween from "@cloudscape-design/components/space-between";
import Textarea from "@cloudscape-design/components/textarea";
import type { ShopView } from "@regrip/core/shared/schedule";
import type { ShopContact } from "@regrip/core/shared/shop-contact";
import type { ShopContactBody } from "@regrip/core/shared/shop-contact-input";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson, isUnauthorizedError } from "../../../lib/api";
import { failureMessage, serverMessage } from "../../../lib/api-error";
import { usePageMeta } from "../../../lib/page-meta";
import { useToast } from "../../../toast/use-toast";
import { LoadFailed } from "../LoadFailed";
import { shopFormValues, shopFromForm, type ShopField } from "./shop-form";
import { useSettingsForm } from "./use-settings-form";

const locationsKey = ["/api/locations"] as const;

/**
 * /admin/settings/shops (admin): each shop's address, phone, email, hours and map link, as the landing page, the
 * footer, the order page, the bag page and the order texts show them. Read from GET /api/locations, each shop saved
 * with PUT /api/admin/locations/{key}, checked with the route's own schema, each message under its field.
 */
export default function ShopDetailsPage() {
  usePageMeta("Shop details", "Each shop's address, phone, email, hours and map link.");
  const shops = useQuery({ queryKey: locationsKey, queryFn: () => apiJson<{ shops: ShopView[] }>("GET", "/api/locations"), refetchOnMount: "always" });
  return (
    <ContentLayout
      header={
        <Header variant="h1" description="What customers read on the landing page, the footer, their order, the bag page and the order texts.">
          Shop details
        </Header>
      }
    >
      {shops.data ? (
        <SpaceBetween size="l">
          {shops.data.shops.map((shop) => (
            <ShopForm key={`${shop.value}-${JSON.stringify([shop.address, shop.phone, shop.email, shop.hours, shop.mapsUrl])}`} shop={shop} />
          ))}
        </SpaceBetween>
      ) : shops.isError ? (
        <LoadFailed query={shops} header="Error Loading Shop Details" message="Unable to load the shops. Please try again." />
      ) : (
        <Container>Loading shop details…</Container>
      )}
    </ContentLayout>
  );
}

function ShopForm({ shop }: { shop: ShopView }) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const { values, set, errorOf, refusal, refuse, invalid, submit } = useSettingsForm<ShopField, ShopContactBody>(() => shopFormValues(shop), shopFromForm);
  const id = (field: ShopField) => `${shop.value}-${field}`;

  const save = useMutation({
    mutationFn: (body: ShopContactBody) => apiJson<ShopContact>("PUT", `/api/admin/locations/${shop.value}`, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: locationsKey });
      toast({ title: `${shop.label} saved`, description: "Customers see the new details now." });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      refuse(serverMessage(error) ?? `${shop.label} not saved`);
      toast({ title: `${shop.label} not saved`, description: failureMessage(error), variant: "destructive" });
    },
  });

  return (
    <form onSubmit={submit((body) => save.mutate(body))} noValidate aria-label={shop.label}>
      <Form
        actions={
          <Button variant="primary" formAction="submit" loading={save.isPending} ariaLabel={`Save ${shop.label}`}>
            Save
          </Button>
        }
        errorText={refusal}
      >
        <Container header={<Header variant="h2">{shop.label}</Header>}>
          <SpaceBetween size="m">
            <FormField label="Address" description="One line each, at most 3." errorText={errorOf("address")} controlId={id("address")}>
              <Textarea controlId={id("address")} value={values.address} rows={3} onChange={({ detail }) => set("address", detail.value)} />
            </FormField>
            <FormField label="Phone" errorText={errorOf("phone")} controlId={id("phone")}>
              <Input controlId={id("phone")} value={values.phone} inputMode="tel" onChange={({ detail }) => set("phone", detail.value)} />
            </FormField>
            <FormField label="Email" errorText={errorOf("email")} controlId={id("email")}>
              <Input controlId={id("email")} value={values.email} inputMode="email" type="email" onChange={({ detail }) => set("email", detail.value)} />
            </FormField>
            <FormField
              label="Hours"
              description='One line each: the days, a colon, the times ("Monday to Friday: 10 am to 7 pm"). Customers read these words; the pickup days the shop promises follow its calendar in the code, which these do not change.'
              errorText={errorOf("hours")}
              controlId={id("hours")}
            >
              <Textarea controlId={id("hours")} value={values.hours} rows={4} onChange={({ detail }) => set("hours", detail.value)} />
            </FormField>
            <FormField label="Map link (optional)" description="A web address starting with https://" errorText={errorOf("mapsUrl")} controlId={id("mapsUrl")}>
              <Input controlId={id("mapsUrl")} value={values.mapsUrl} inputMode="url" type="url" onChange={({ detail }) => set("mapsUrl", detail.value)} />
            </FormField>
            {invalid && <Alert type="error">Correct the fields marked above, then save again.</Alert>}
          </SpaceBetween>
        </Container>
      </Form>
    </form>
  );
}
