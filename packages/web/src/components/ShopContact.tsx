import { phoneWords, telHref, type ShopContact } from "@regrip/core/shared/shop-contact";
import "../styles/shop-contact.css";

/**
 * A shop's contact as the customer pages show it (the landing page, the order page, the bag page): its address with
 * the map link, its opening hours, its phone (a tap calls) and email. `headingLevel` fits the page's outline.
 */
export function ShopContactCard({ label, contact, headingLevel = 3 }: { label: string; contact: ShopContact; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section className="shop-contact" aria-label={`${label}: address, hours and phone`}>
      <Heading className="shop-contact-name">{label}</Heading>
      <address className="shop-contact-address">
        {contact.address.map((line) => (
          <span key={line}>{line}</span>
        ))}
        {contact.mapsUrl && (
          <a href={contact.mapsUrl} target="_blank" rel="noopener noreferrer">
            Map and directions<span className="visually-hidden">{` to ${label} (opens in a new tab)`}</span>
          </a>
        )}
      </address>
      <dl className="shop-contact-hours">
        {contact.hours.map(([days, times]) => (
          <div key={days}>
            <dt>{days}</dt>
            <dd>{times}</dd>
          </div>
        ))}
      </dl>
      <p className="shop-contact-reach">
        {contact.phone && (
          <a href={telHref(contact.phone)}>
            <span className="visually-hidden">{`Call ${label}: `}</span>
            {phoneWords(contact.phone)}
          </a>
        )}
        {contact.email && (
          <a href={`mailto:${contact.email}`}>
            <span className="visually-hidden">{`Email ${label}: `}</span>
            {contact.email}
          </a>
        )}
      </p>
    </section>
  );
}
