import type { ReactNode } from "react";

/** The legal pages open in a new tab, as the spec asks; screen readers are told so. */
export function NewTabLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
