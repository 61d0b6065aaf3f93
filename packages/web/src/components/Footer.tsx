import { phoneWords, telHref } from "@regrip/core/shared/shop-contact";
import { useShops } from "../data/shops";
import { NewTabLink } from "./NewTabLink";

/** Each shop's phone, once GET /api/locations answers (the prerendered footer has the legal links and the year). */
function FooterShops() {
  const shops = useShops();
  if (shops.state !== "ready") return null;
  return (
    <ul className="footer-shops" aria-label="Call a shop">
      {shops.shops.map((shop) => (
        <li key={shop.value}>
          {shop.label}
          {shop.phone && (
            <>
              {": "}
              <a href={telHref(shop.phone)}>{phoneWords(shop.phone)}</a>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <nav aria-label="Legal" className="footer-links">
          <NewTabLink href="/privacy">Privacy Policy</NewTabLink>
          <NewTabLink href="/terms">Terms of Service</NewTabLink>
        </nav>
        <FooterShops />
        <p className="copyright">© {new Date().getFullYear()} Regrip. All rights reserved.</p>
      </div>
    </footer>
  );
}
