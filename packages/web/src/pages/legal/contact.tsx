const supportEmail = "support@regrip.shop";
const siteAddress = "https://regrip.shop";
export const lastUpdated = "January 15, 2025";

export function SupportEmail() {
  return <a href={`mailto:${supportEmail}`}>{supportEmail}</a>;
}

export function OnlineLink() {
  return (
    <a href={siteAddress} target="_blank" rel="noopener noreferrer">
      regrip.shop
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
