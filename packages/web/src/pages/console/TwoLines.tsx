import Box from "@cloudscape-design/components/box";
import type { ReactNode } from "react";

/** A table cell of two lines: what the row is, and a quieter detail under it. */
export function TwoLines({ first, second }: { first: ReactNode; second: ReactNode }) {
  return (
    <>
      <Box display="block">{first}</Box>
      <Box fontSize="body-s" color="text-body-secondary" display="block">
        {second}
      </Box>
    </>
  );
}
