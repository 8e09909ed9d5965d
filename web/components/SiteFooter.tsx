import { SHOP } from "../../shared/shop-info";
import { useShop } from "../lib/use-shop";
import { InfoPageLinks } from "./InfoPageLinks";
import { TraderFooterLine } from "./TraderDetails";

export function SiteFooter() {
  const shop = useShop();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p className="site-footer__brand">
          <strong>{shop.name}</strong> · {SHOP.tagline}
        </p>
        <nav aria-label="Footer">
          <ul className="site-footer__links">
            <InfoPageLinks />
          </ul>
        </nav>
        <TraderFooterLine shop={shop} />
        <p className="site-footer__small">Prices include VAT where applicable. Payments are taken securely by card.</p>
      </div>
    </footer>
  );
}
