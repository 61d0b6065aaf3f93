import Button from "@cloudscape-design/components/button";
import Container from "@cloudscape-design/components/container";
import ContentLayout from "@cloudscape-design/components/content-layout";
import Form from "@cloudscape-design/components/form";
import FormField from "@cloudscape-design/components/form-field";
import Header from "@cloudscape-design/components/header";
import Input from "@cloudscape-design/components/input";
import SpaceBetween from "@cloudscape-design/components/space-between";
import Alert from "@cloudscape-design/components/alert";
import { TAX_LOCATION_LABELS, TAX_LOCATIONS, type MoneySettings } from "@regrip/core/shared/money-settings";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { isUnauthorizedError } from "../../../lib/api";
import { failureMessage, serverMessage } from "../../../lib/api-error";
import { usePageMeta } from "../../../lib/page-meta";
import { useToast } from "../../../toast/use-toast";
import { LoadFailed } from "../LoadFailed";
import { floatField, moneyFormValues, moneyFromForm, type MoneyField } from "./money-form";
import { BOOKABLE_LOCATIONS } from "@regrip/core/shared/location-names";
import { useSettingsForm } from "./use-settings-form";
import { moneySettingsKeys, readMoneySettings, saveMoneySettings } from "./money-api";

const MONEY_SETTINGS_SAVED = "Money settings saved";
const SAVE_FAILED = "Money settings not saved";

/**
 * /admin/settings/money (admin): the sales tax rate of each place, typed as a percentage, and the most an employee
 * may take off a counter sale, and the float each shop's cash drawer opens with. Checked with the route's own schema, each message under its field; saved with PUT.
 */
export default function MoneySettingsPage() {
  usePageMeta("Money settings", "Sales tax rates, the employee discount limit and the drawers' float.");
  const settings = useQuery({ queryKey: moneySettingsKeys.admin, queryFn: readMoneySettings, refetchOnMount: "always" });
  return (
    <ContentLayout header={<Header variant="h1" description="Sales tax for each place an order is taxed at, and how much an employee may take off a counter sale.">Money settings</Header>}>
      {settings.data ? (
        <MoneyForm key={JSON.stringify(settings.data)} saved={settings.data} />
      ) : settings.isError ? (
        <LoadFailed query={settings} header="Error Loading Money Settings" message="Unable to load the money settings. Please try again." />
      ) : (
        <Container>Loading money settings…</Container>
      )}
    </ContentLayout>
  );
}

function MoneyForm({ saved }: { saved: MoneySettings }) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const { values, set, errorOf, refusal, refuse, invalid, submit } = useSettingsForm<MoneyField, MoneySettings>(() => moneyFormValues(saved), moneyFromForm);

  const save = useMutation({
    mutationFn: saveMoneySettings,
    onSuccess: (answer) => {
      queryClient.setQueryData(moneySettingsKeys.admin, answer);
      void queryClient.invalidateQueries({ queryKey: moneySettingsKeys.counter });
      toast({ title: MONEY_SETTINGS_SAVED, description: `Tax: ${TAX_LOCATIONS.map((place) => `${TAX_LOCATION_LABELS[place]} ${answer.taxRateBps[place] / 100}%`).join(", ")}. Employee discount limit ${answer.employeeDiscountLimitPercent}%.` });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      refuse(serverMessage(error) ?? SAVE_FAILED);
      toast({ title: SAVE_FAILED, description: failureMessage(error), variant: "destructive" });
    },
  });

  return (
    <form onSubmit={submit((body) => save.mutate(body))} noValidate>
      <Form
        actions={
          <Button variant="primary" formAction="submit" loading={save.isPending}>
            Save
          </Button>
        }
        errorText={refusal}
      >
        <SpaceBetween size="l">
          <Container header={<Header variant="h2" description="A percentage with at most 2 decimals, e.g. 7.25. Goods are taxed (a product's Taxable box); labour is not.">Sales tax</Header>}>
            <SpaceBetween size="m">
              {TAX_LOCATIONS.map((place) => (
                <FormField key={place} label={`${TAX_LOCATION_LABELS[place]} (%)`} errorText={errorOf(place)}>
                  <Input value={values[place]} inputMode="decimal" onChange={({ detail }) => set(place, detail.value)} />
                </FormField>
              ))}
            </SpaceBetween>
          </Container>
          <Container header={<Header variant="h2">Counter discounts</Header>}>
            <FormField
              label="Employee discount limit (%)"
              description="The most an employee may take off a counter sale, as a share of its subtotal. Admins have no limit; a discount that leaves nothing to pay is a comp, an admin's alone."
              errorText={errorOf("employeeDiscountLimitPercent")}
            >
              <Input value={values.employeeDiscountLimitPercent} inputMode="numeric" onChange={({ detail }) => set("employeeDiscountLimitPercent", detail.value)} />
            </FormField>
          </Container>
          <Container header={<Header variant="h2" description="What each shop's cash drawer opens with: the Drawer page fills it in, staff change it when they counted another amount.">Drawer float</Header>}>
            <SpaceBetween size="m">
              {BOOKABLE_LOCATIONS.map((place) => (
                <FormField key={place} label={`${TAX_LOCATION_LABELS[place]} float ($)`} errorText={errorOf(floatField(place))}>
                  <Input value={values[floatField(place)]} inputMode="decimal" onChange={({ detail }) => set(floatField(place), detail.value)} />
                </FormField>
              ))}
            </SpaceBetween>
          </Container>
          {invalid && <Alert type="error">Correct the fields marked above, then save again.</Alert>}
        </SpaceBetween>
      </Form>
    </form>
  );
}
