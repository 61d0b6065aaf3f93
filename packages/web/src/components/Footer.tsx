import { NewTabLink } from "./NewTabLink";

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <nav aria-label="Legal" className="footer-links">
          <NewTabLink href="/privacy">Privacy Policy</NewTabLink>
          <NewTabLink href="/terms">Terms of Service</NewTabLink>
        </nav>
        <p className="copyright">© 2025 Regrip. All rights reserved.</p>
      </div>
    </footer>
  );
}
