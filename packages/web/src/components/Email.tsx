import { Fragment } from "react";

/**
 * An email address that wraps between its parts, after the '@' and before each '.', rather than mid-word
 * (`overflow-wrap: anywhere` broke 'casey.player@exam|ple.com' in the user menu at 390 px). A part longer than the
 * line still breaks (the `.email` class), so nothing overflows.
 */
export function Email({ address }: { address: string }) {
  // No look-behind in the pattern: Safari before 16.4 cannot parse one, and the whole bundle would fail.
  const parts = address.replace(/@/g, "@\n").replace(/\./g, "\n.").split("\n");
  return (
    <span className="email">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
