import Box from "@cloudscape-design/components/box";

/** One figure of a console page (the dashboard's, the reports' totals): its label, its value large, and a line under it. */
export function Figure({ label, value, text, testId }: { label: string; value: string; text?: string; testId: string }) {
  return (
    <div role="group" aria-label={label}>
      <Box variant="awsui-key-label">{label}</Box>
      <Box variant="awsui-value-large" display="block">
        <span data-testid={testId}>{value}</span>
      </Box>
      {text && (
        <Box fontSize="body-s" color="text-body-secondary" display="block">
          {text}
        </Box>
      )}
    </div>
  );
}
