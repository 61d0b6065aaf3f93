import { phoneWords, telHref } from "@regrip/core/shared/shop-contact";
import { useShops } from "../data/shops";

/** Each shop's phone, once GET /api/locations answers (the prerendered footer has the legal links and the year). */
export default function FooterShops() {
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
