import { usePageMeta } from "../../lib/page-meta";
import "../../styles/legal.css";
import { lastUpdated, OnlineLink, SupportEmail } from "./contact";

export default function TermsPage() {
  usePageMeta("Terms of Service", "The terms for booking paddle regrips with Regrip: bookings, payment, pickup, storage, our satisfaction guarantee and cancellations.");
  return (
    <article className="legal-page">
      <header>
        <h1>Terms of Service</h1>
        <p className="legal-updated">Last updated: {lastUpdated}</p>
        <p>
          These terms apply whenever you book a service with Regrip, whether online, by text or at one of our shops in
          Littleton and Highlands Ranch, Colorado. By booking a service you agree to them. Please read them; they are
          short, and they explain what you can expect from us and what we ask of you.
        </p>
      </header>

      <section aria-labelledby="terms-1">
        <h2 id="terms-1">1. Our Services</h2>
        <p>
          Regrip replaces and refreshes the grips of pickleball paddles and offers add-ons such as additional overgrips,
          performance weight tape, edge guards and edge tape, and handle work. Each service is described, with its price,
          on the booking page. Grip colors and feels depend on what we have in stock; if something you chose runs out
          after you book, we will contact you before substituting anything.
        </p>
      </section>

      <section aria-labelledby="terms-2">
        <h2 id="terms-2">2. Booking and Payment</h2>
        <p>
          You need an account with a verified mobile number to book, so that we can reach you about your paddle. Prices
          are in US dollars. The price of your order is set by our system from the catalogue and any valid promo code at
          the moment you book; the total shown while you choose is an estimate. Payment is by card through our payment
          provider, either right after booking or from the invoice link we send. We never see or store your full card
          number. Promo codes cannot be exchanged for cash and one code applies per order.
        </p>
      </section>

      <section aria-labelledby="terms-3">
        <h2 id="terms-3">3. Drop-Off, Pickup and Storage</h2>
        <p>
          Drop your paddle off in a Regrip bag with the bag number you gave when booking. Most services are ready the
          next business day, and we text you when your paddle is ready. Please pick your paddle up{" "}
          <strong>within 30 days</strong> of that message. After 30 days we may charge a reasonable storage fee for each
          further week. Paddles left <strong>more than 60 days</strong> after we told you they were ready are considered
          abandoned: we are no longer responsible for them and may donate, recycle or otherwise dispose of them.
        </p>
      </section>

      <section aria-labelledby="terms-4">
        <h2 id="terms-4">4. Satisfaction Guarantee</h2>
        <p>
          If you are not happy with the work, tell us <strong>within 48 hours</strong> of picking up your paddle and
          bring it back. We will redo the service free of charge, or refund that service if we cannot make it right.
          The guarantee covers our workmanship; it does not cover normal wear, grips that have been played on
          extensively, or damage after pickup.
        </p>
      </section>

      <section aria-labelledby="terms-5">
        <h2 id="terms-5">5. Cancellations and Refunds</h2>
        <p>
          You may cancel a booking for a <strong>full refund</strong> up to <strong>24 hours</strong> after booking, as
          long as we have not started work on your paddle. After that, or once work has begun, we refund at our
          discretion and may keep the cost of materials already used. Refunds go back to the card you paid with and
          usually appear within 5 to 10 business days.
        </p>
      </section>

      <section aria-labelledby="terms-6">
        <h2 id="terms-6">6. Your Paddle and Our Responsibility</h2>
        <p>
          We handle every paddle with care and note visible damage when it is checked in. We are not responsible for
          damage that existed before drop-off, for hidden defects such as core delamination that our work reveals, or
          for changes in weight or balance you asked for. If we damage your paddle through our own fault, our liability
          is limited to repairing it or paying its reasonable replacement value, up to the paddle's current retail price.
        </p>
      </section>

      <section aria-labelledby="terms-7">
        <h2 id="terms-7">7. Accounts, Messages and Eligibility</h2>
        <p>
          You must be at least 13 years old to create an account, and a parent or guardian must agree to these terms for
          anyone under 18. Keep your sign-in details to yourself; you are responsible for bookings made with your
          account. We send service texts about your orders; promotional texts only if you agree, and you can reply STOP
          to any text to opt out. How we handle your information is explained in our{" "}
          <a href="/privacy">Privacy Policy</a>.
        </p>
      </section>

      <section aria-labelledby="terms-8">
        <h2 id="terms-8">8. Changes and Governing Law</h2>
        <p>
          We may update these terms from time to time; the date at the top shows the latest version, and changes apply
          to bookings made after that date. These terms are governed by the laws of the State of Colorado, and any
          dispute will be handled in the courts of Arapahoe or Douglas County, Colorado.
        </p>
      </section>

      <section aria-labelledby="terms-contact">
        <h2 id="terms-contact">Contact Us</h2>
        <p>
          Questions about these terms, a booking or your paddle? Email <SupportEmail />, visit <OnlineLink />, or ask us
          at either shop.
        </p>
      </section>
    </article>
  );
}
