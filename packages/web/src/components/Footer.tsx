import { Suspense } from "react";
import { lazyChunk } from "../lib/load-chunk";
import { NewTabLink } from "./NewTabLink";

/**
 * Each shop's phone, in a chunk of its own loaded after the page's: the footer is on every customer page, whose
 * first-load JavaScript is budgeted (scripts/lib/bundle-budget.ts). The prerendered footer has the links and the year.
 */
const FooterShops = lazyChunk(() => import("./FooterShops"));

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <nav aria-label="Legal" className="footer-links">
          <NewTabLink href="/privacy">Privacy Policy</NewTabLink>
          <NewTabLink href="/terms">Terms of Service</NewTabLink>
        </nav>
        <Suspense fallback={null}>
          <FooterShops />
        </Suspense>
        <p className="copyright">© {new Date().getFullYear()} Regrip. All rights reserved.</p>
      </div>
    </footer>
  );
}
