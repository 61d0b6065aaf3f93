import { Suspense, type ReactNode } from "react";
import { Link } from "react-router";
import { lazyChunk } from "../../lib/load-chunk";
import { usePageMeta } from "../../lib/page-meta";
import "../../styles/landing.css";
import { useBookNow } from "./use-book-now";

const features: { title: string; text: string; icon: ReactNode }[] = [
  {
    title: "Professional Gripping",
    text: "We strip the old wrap, clean the handle and build your grip back to the size and tack you like, from a quick overgrip to a full premium regrip.",
    icon: <path d="M9 3h6v9a3 3 0 0 1-6 0zM11 15h2v6h-2z" />,
  },
  {
    title: "Complete Add-Ons",
    text: "Dial your paddle in with extra overgrips, performance weights placed exactly where you want them, and edge guards or tape to protect the frame.",
    icon: <path d="M11 4h2v7h7v2h-7v7h-2v-7H4v-2h7z" />,
  },
  {
    title: "Drop Off & Pick Up",
    text: "Leave your paddle in a numbered bag at Littleton or Highlands Ranch and pick it up ready to play, usually by the next business day. We text you when it's ready.",
    icon: <path d="M12 2a7 7 0 0 1 7 7c0 5-7 13-7 13S5 14 5 9a7 7 0 0 1 7-7zm0 4.5A2.5 2.5 0 1 0 12 11.5 2.5 2.5 0 0 0 12 6.5z" />,
  },
];

/**
 * The services with their starting prices and the shops' contact, below the fold: loaded after the page's own
 * chunk, so the landing page's first load stays within its budget (scripts/lib/bundle-budget.ts). The prerendered
 * HTML holds their headings and loading lines.
 */
const LandingDetails = lazyChunk(() => import("./LandingDetails"));

export default function LandingPage() {
  usePageMeta(
    "Regrip | Pickleball Paddle Regripping",
    "Better Grip. Better Game. Book a professional pickleball paddle regrip with add-ons, and drop off and pick up at Littleton or Highlands Ranch.",
  );
  const bookNow = useBookNow();

  return (
    <div className="landing">
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero-inner">
          <p className="hero-kicker">Pickleball paddle regripping</p>
          <h1 id="hero-title">Better Grip. Better Game.</h1>
          <p className="hero-lead">
            A fresh, tacky grip built by people who play. Drop your paddle off, pick your add-ons, and get back on the
            court with a handle that feels brand new.
          </p>
          <button type="button" className="btn btn-accent btn-large" onClick={bookNow}>
            Book Your Service Now
          </button>
          <p className="hero-onsite">
            Or have it done at your club: <Link to="/onsite">see the on-site gripping days</Link>.
          </p>
        </div>
      </section>

      <section className="features" aria-labelledby="features-title">
        <h2 id="features-title">Everything your paddle needs</h2>
        <ul className="feature-grid">
          {features.map(({ title, text, icon }) => (
            <li key={title} className="feature-card">
              <svg className="feature-icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
                {icon}
              </svg>
              <h3>{title}</h3>
              <p>{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <Suspense fallback={null}>
        <LandingDetails />
      </Suspense>

      <section className="cta" aria-labelledby="cta-title">
        <h2 id="cta-title">Ready for a grip that holds up?</h2>
        <p>Book in a minute, drop off at your nearest shop, and we'll take it from there.</p>
        <button type="button" className="btn btn-primary btn-large" onClick={bookNow}>
          Book Your Service Now
        </button>
      </section>
    </div>
  );
}
