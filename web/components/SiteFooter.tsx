import { SHOP } from "../../shared/shop-info";
import { InfoPageLinks } from "./InfoPageLinks";

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p className="site-footer__brand">
          <strong>{SHOP.name}</strong> · {SHOP.tagline}
        </p>
        <nav aria-label="Footer">
          <ul className="site-footer__links">
            <InfoPageLinks />
          </ul>
        </nav>
        <p className="site-footer__small">Prices include VAT where applicable. Payments are taken securely by card.</p>
      </div>
    </footer>
  );
}
