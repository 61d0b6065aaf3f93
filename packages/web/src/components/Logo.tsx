/** A paddle on a court-green tile. */
export function LogoMark() {
  return (
    <svg className="logo-mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="currentColor" />
      <rect x="10" y="4" width="12" height="15" rx="6" fill="#d7f25c" />
      <rect x="14" y="18" width="4" height="10" rx="2" fill="#fff" />
    </svg>
  );
}
