import { Link } from "react-router";
import { usePageMeta } from "../lib/page-meta";

export default function NotFoundPage() {
  usePageMeta("Page Not Found", "This page does not exist. Head back to Regrip to book a paddle regrip.");
  return (
    <section className="message-page" aria-labelledby="not-found-title">
      <h1 id="not-found-title">404 Page Not Found</h1>
      <p>The page you're looking for doesn't exist or has moved.</p>
      <Link to="/" className="btn btn-primary">
        Back to home
      </Link>
    </section>
  );
}
