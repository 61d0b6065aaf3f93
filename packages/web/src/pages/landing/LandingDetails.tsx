import type { CoreService } from "@regrip/core/shared/catalogue";
import { useEffect, useState } from "react";
import { ShopContactCard } from "../../components/ShopContact";
import { useShops } from "../../data/shops";

/** A starting price as the landing page says it: "$45", "$22.50". */
const startingPrice = (cents: number) => `$${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)}`;

type Services = { state: "loading" } | { state: "failed" } | { state: "ready"; items: CoreService[] };

/** The core services and their lowest prices, from GET /api/services with a plain fetch (no query client here). */
function useServices(): Services {
  const [services, setServices] = useState<Services>({ state: "loading" });
  useEffect(() => {
    let current = true;
    fetch("/api/services", { headers: { Accept: "application/json" } })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const body = (await response.json()) as { coreServices: CoreService[] };
        if (current) setServices({ state: "ready", items: body.coreServices });
      })
      .catch(() => current && setServices({ state: "failed" }));
    return () => {
      current = false;
    };
  }, []);
  return services;
}

/** The services with their starting prices; the prerendered page holds the heading and the loading line. */
function ServicesSection() {
  const services = useServices();
  return (
    <section className="landing-services" aria-labelledby="services-title">
      <h2 id="services-title">Services and prices</h2>
      {services.state === "loading" && (
        <p className="muted" role="status">
          Loading services...
        </p>
      )}
      {services.state === "failed" && <p className="muted">The services could not be loaded. Book now to see them all with their prices.</p>}
      {services.state === "ready" && (
        <ul className="service-list">
          {services.items.map((service) => (
            <li key={service.name} className="service-item">
              <h3>{service.name}</h3>
              <p className="service-price">from {startingPrice(service.basePrice)}</p>
              {service.description && <p>{service.description}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Both shops' address, hours, phone, email and map link (GET /api/locations, as an admin set them). */
function ShopsSection() {
  const shops = useShops();
  return (
    <section className="landing-shops" aria-labelledby="shops-title">
      <h2 id="shops-title">Visit or call a shop</h2>
      {shops.state === "loading" && (
        <p className="muted" role="status">
          Loading the shops' hours...
        </p>
      )}
      {shops.state === "failed" && <p className="muted">The shops' details could not be loaded. Please try again later.</p>}
      {shops.state === "ready" && (
        <div className="shop-grid">
          {shops.shops.map((shop) => (
            <ShopContactCard key={shop.value} label={shop.label} contact={shop} />
          ))}
        </div>
      )}
    </section>
  );
}

/** Below the fold of the landing page, in a chunk of its own (its first load is budgeted): the services and the shops. */
export default function LandingDetails() {
  return (
    <>
      <ServicesSection />
      <ShopsSection />
    </>
  );
}
