import { usePageMeta } from "../../lib/page-meta";
import "../../styles/legal.css";
import { lastUpdated, OnlineLink, SupportEmail } from "./contact";

const sections = [
  "Overview",
  "Our Services",
  "Information We Collect",
  "How We Use Your Information",
  "SMS Terms",
  "Cookies and Local Storage",
  "Data Security",
  "Sharing Your Information",
  "Children's Privacy (13+)",
  "Intellectual Property",
  "Disclaimers",
  "Governing Law (Colorado)",
  "Changes to This Policy",
  "Contact Us",
];

export default function PrivacyPage() {
  usePageMeta("Privacy Policy and Terms", "How Regrip collects, uses and protects your information, our SMS terms, and the terms of using our site.");
  return (
    <article className="legal-page">
      <header>
        <h1>Privacy Policy, SMS Terms and Terms of Use</h1>
        <p className="legal-updated">Last updated: {lastUpdated}</p>
        <nav aria-label="Sections" className="legal-toc">
          <ol>
            {sections.map((title, i) => (
              <li key={title}>
                <a href={`#privacy-${i + 1}`}>{title}</a>
              </li>
            ))}
          </ol>
        </nav>
      </header>

      <section aria-labelledby="privacy-1">
        <h2 id="privacy-1">1. Overview</h2>
        <p>
          Regrip ("we", "us") is a pickleball paddle regripping shop with locations in Littleton and Highlands Ranch,
          Colorado. This page explains what information we collect when you use our website, book a service or text with
          us, how we use it, and the terms that apply to our site and text messages. By using our site or services you
          agree to this policy and to our <a href="/terms">Terms of Service</a>.
        </p>
      </section>

      <section aria-labelledby="privacy-2">
        <h2 id="privacy-2">2. Our Services</h2>
        <p>
          Through our site you can create an account, save your paddles, book regrips and add-ons, pay for your order and
          follow it from drop-off to pickup. Our staff use the same system to check paddles in, work on them and tell you
          when they are ready.
        </p>
      </section>

      <section aria-labelledby="privacy-3">
        <h2 id="privacy-3">3. Information We Collect</h2>
        <ul>
          <li>
            <strong>Account details:</strong> your name, email address, mobile number and, if you sign in with Google,
            Apple or GitHub, the basic profile that service shares (name, email and photo).
          </li>
          <li>
            <strong>Paddle and order details:</strong> the paddles you save (brand, model, nickname, photos, grip
            preferences), your bookings, bag numbers, notes and order history.
          </li>
          <li>
            <strong>Payment details:</strong> payments are handled by our payment provider, Stripe. We receive the result,
            the card brand and its last four digits, never your full card number.
          </li>
          <li>
            <strong>Messages:</strong> texts you send us and the texts we send you, with their delivery status.
          </li>
          <li>
            <strong>Technical details:</strong> basic logs such as IP address, browser type and the pages requested, kept
            to run and secure the site.
          </li>
        </ul>
      </section>

      <section aria-labelledby="privacy-4">
        <h2 id="privacy-4">4. How We Use Your Information</h2>
        <p>
          We use your information to provide the services you book: to schedule and carry out the work, take payment,
          text you about your order, answer your questions, keep records we are required to keep, prevent fraud, and
          improve our services. If you agree, we also send occasional offers by email or text; you can turn these off at
          any time on your profile page. We do not sell your personal information.
        </p>
      </section>

      <section aria-labelledby="privacy-5">
        <h2 id="privacy-5">5. SMS Terms</h2>
        <p>
          When you verify your mobile number you agree to receive text messages from Regrip about your account and
          orders: verification codes, booking confirmations, payment links, and updates when your paddle is checked in,
          ready and picked up. Promotional texts are sent only if you opt in.
        </p>
        <ul>
          <li>
            <strong>Message frequency</strong> varies with your orders, usually 2 to 6 messages per order, plus at most 4
            promotional messages a month if you opt in.
          </li>
          <li>
            <strong>Message and data rates may apply</strong>, according to your mobile plan.
          </li>
          <li>
            Reply <strong>STOP</strong> to any message to stop receiving texts; we will confirm and send nothing more
            unless you reply <strong>START</strong>. Reply <strong>HELP</strong> for help, or email <SupportEmail />.
          </li>
          <li>Carriers are not liable for delayed or undelivered messages. Consent to texts is not a condition of purchase.</li>
        </ul>
      </section>

      <section aria-labelledby="privacy-6">
        <h2 id="privacy-6">6. Cookies and Local Storage</h2>
        <p>
          We use only what the site needs to work: your browser keeps your sign-in session and a few preferences (such as
          a dismissed message) in local storage. We do not use advertising cookies or third-party trackers. Our payment
          provider may set its own cookies on its payment page to prevent fraud.
        </p>
      </section>

      <section aria-labelledby="privacy-7">
        <h2 id="privacy-7">7. Data Security</h2>
        <p>
          Your information is stored with a major cloud provider, encrypted in transit and at rest. Access is limited to
          the staff who need it to serve you, and verification codes are stored only in scrambled (hashed) form. No
          system is perfectly secure; if we learn of a breach that affects you, we will tell you as the law requires.
        </p>
      </section>

      <section aria-labelledby="privacy-8">
        <h2 id="privacy-8">8. Sharing Your Information</h2>
        <p>
          We share information only with the service providers that help us run the shop (cloud hosting, payments and
          text messaging), under contracts that limit their use of it to serving us; when the law requires it; or to
          protect the rights and safety of our customers and staff. If the business is sold, your information would
          pass to the new owner under this same policy.
        </p>
      </section>

      <section aria-labelledby="privacy-9">
        <h2 id="privacy-9">9. Children's Privacy (13+)</h2>
        <p>
          Our services are for people aged 13 and older; the minimum age to create an account is 13. We do not knowingly
          collect information from children under 13. If you believe a child under 13 has given us information, email{" "}
          <SupportEmail /> and we will delete it.
        </p>
      </section>

      <section aria-labelledby="privacy-10">
        <h2 id="privacy-10">10. Intellectual Property</h2>
        <p>
          The Regrip name, logo, site design and content belong to Regrip. You may use the site to book and manage your
          own services, but you may not copy, resell or misuse it. Photos you upload of your paddles stay yours; you let
          us store and show them to you and our staff to provide the service.
        </p>
      </section>

      <section aria-labelledby="privacy-11">
        <h2 id="privacy-11">11. Disclaimers</h2>
        <p>
          We work to keep the site accurate and available, but it is provided "as is": prices, stock and turnaround
          times can change, and the site may occasionally be unavailable. To the extent the law allows, we are not liable
          for indirect or consequential losses from using the site. Nothing here limits rights you have under consumer
          protection law.
        </p>
      </section>

      <section aria-labelledby="privacy-12">
        <h2 id="privacy-12">12. Governing Law (Colorado)</h2>
        <p>
          This policy and your use of our site are governed by the laws of the State of Colorado, without regard to its
          conflict-of-law rules. Colorado residents may have additional rights under the Colorado Privacy Act, including
          the right to access, correct or delete personal data; email us to use them.
        </p>
      </section>

      <section aria-labelledby="privacy-13">
        <h2 id="privacy-13">13. Changes to This Policy</h2>
        <p>
          We may update this page as our services change. The date at the top shows the latest version; if a change
          materially affects how we use your information, we will tell you by email or text before it applies.
        </p>
      </section>

      <section aria-labelledby="privacy-14">
        <h2 id="privacy-14">14. Contact Us</h2>
        <p>
          For privacy questions, to see, correct or delete your information, or to stop messages, email <SupportEmail />{" "}
          or visit us online at <OnlineLink />.
        </p>
      </section>
    </article>
  );
}
