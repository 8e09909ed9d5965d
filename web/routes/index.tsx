import { type LoaderFunctionArgs, useLoaderData } from "react-router";
import { SHOP, shopDescription } from "../../shared/shop-info";
import type { Product } from "../../src/modules/catalog/model";
import { asShownOnPages } from "../../src/modules/catalog/shown-stock";
import { Island } from "../components/Island";
import { imageSources, SIZES } from "../components/responsive-image";
import { CustomRequestForm } from "../islands/CustomRequestForm";
import { ProjectsCarousel } from "../islands/ProjectsCarousel";
import { priceLabel } from "../lib/product-view";
import { renderSimpleHtml } from "../lib/simple-html";
import { truncate } from "../lib/text";
import { useShop } from "../lib/use-shop";
import { depsOf } from "./context";
import type { RouteHandle } from "./meta";
import { storeJsonLd } from "./store-json-ld";

/** The hero picture's width: the seed's, and the size the layout reserves. */
const HERO_WIDTH = 1600;

/** Featured card descriptions are cut at 150 characters (docs/product.md#home). */
const FEATURED_DESCRIPTION_LIMIT = 150;

export function homeLoader(args: LoaderFunctionArgs) {
  const { catalog, content } = depsOf(args);
  const featured = content
    .featuredProductIds()
    .map((id) => catalog.getProduct(id))
    .filter((product): product is Product => product !== null)
    .map(asShownOnPages);
  return { hero: content.heroBanner(), projects: content.listProjects(), featured };
}

export const homeHandle: RouteHandle<ReturnType<typeof homeLoader>> = {
  policy: { audience: "public", sitemap: true },
  // The featured products' cards; which products are featured is configuration, whose change forgets every page.
  shows: (data) => data?.featured.map((product) => product.id) ?? null,
  meta: (_data, shop) => ({
    title: `${shop.name} · Custom 3D prints, relief maps and lithophanes`,
    description: shopDescription(shop.name),
    path: "/",
    jsonLd: storeJsonLd(shop),
  }),
};

const OFFERS = [
  { title: "Custom design", text: "Tell us the problem; we design and print the part, from brackets to gifts." },
  { title: "Route relief maps", text: "Your walk, ride or run, printed as a 3D landscape from your GPX file." },
  { title: "Filament variety", text: "PLA, PETG and flexible TPU in a wide range of colours and finishes." },
  { title: "STL file printing", text: "Already have a model? Send the STL or OBJ and we will quote to print it." },
  { title: "Lithophanes", text: "Photos printed in layers that glow into a detailed picture when lit." },
];

const STATIC_CATEGORIES = [
  { title: "Garden", text: "Planters, plant labels and feeders that shrug off British weather.", href: "/products?cat=basic" },
  { title: "Household", text: "Organisers, hooks and stands that make everyday things tidier.", href: "/products?cat=basic" },
  { title: "Sport", text: "Route relief maps and mounts for the rides and runs you are proud of.", href: "/products?cat=personalised" },
];

export function HomePage() {
  const { hero, projects, featured } = useLoaderData<typeof homeLoader>();
  const shop = useShop();
  const hasHero = hero.hero_description.trim() !== "" || hero.hero_image_url !== "";
  return (
    <>
      {hasHero && (
        <section className="hero">
          <div className="container hero__inner">
            <div className="hero__text">
              <h1 className="hero__title">Made layer by layer, made for you</h1>
              {hero.hero_description && (
                <p
                  className="hero__description"
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: renderSimpleHtml escapes everything but bare <strong>, <em> and <br>
                  dangerouslySetInnerHTML={{ __html: renderSimpleHtml(hero.hero_description) }}
                />
              )}
              {hero.hero_cta_text && hero.hero_cta_link && (
                <a className="button button--primary button--large" href={hero.hero_cta_link}>
                  {hero.hero_cta_text}
                </a>
              )}
            </div>
            {hero.hero_image_url && (
              <img
                className="hero__image"
                {...imageSources(hero.hero_image_url, HERO_WIDTH, SIZES.wide)}
                alt=""
                width={HERO_WIDTH}
                height={900}
                fetchPriority="high"
              />
            )}
          </div>
        </section>
      )}
      {!hasHero && (
        <section className="container page-intro">
          <h1>{SHOP.tagline}</h1>
        </section>
      )}

      <section className="container section" aria-labelledby="offer-heading">
        <h2 id="offer-heading">What We Offer</h2>
        <ul className="offer-list">
          {OFFERS.map((offer) => (
            <li key={offer.title} className="offer">
              <h3>{offer.title}</h3>
              <p>{offer.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="container section" aria-labelledby="projects-heading">
        <h2 id="projects-heading">Recent projects</h2>
        <Island name="ProjectsCarousel" component={ProjectsCarousel} props={{ projects }} />
      </section>

      <section className="container section" aria-labelledby="range-heading">
        <div className="section__header">
          <h2 id="range-heading">Explore Our Product Range</h2>
          <a href="/products">See everything →</a>
        </div>
        <ul className="featured-grid">
          {featured.length > 0
            ? featured.map((product) => <FeaturedCard key={product.id} product={product} />)
            : STATIC_CATEGORIES.map((category) => (
                <li key={category.title} className="featured-card featured-card--static">
                  <a href={category.href}>
                    <h3>{category.title}</h3>
                    <p>{category.text}</p>
                  </a>
                </li>
              ))}
        </ul>
      </section>

      <section className="container section contact-section" aria-labelledby="contact-heading">
        <div className="contact-section__intro">
          <h2 id="contact-heading">Get in touch</h2>
          {shop.traderAddress.length > 0 && <p>{shop.traderAddress.join(", ")}</p>}
          <p>
            Email <a href={`mailto:${shop.email}`}>{shop.email}</a> or use the form. {SHOP.replyPromise}
          </p>
        </div>
        <Island name="CustomRequestForm" component={CustomRequestForm} props={{ compact: true }} />
      </section>
    </>
  );
}

function FeaturedCard({ product }: { product: Product }) {
  const image = product.images[0];
  return (
    <li className="featured-card">
      <a href={`/products/${encodeURIComponent(product.id)}`}>
        {image && (
          <img
            {...imageSources(image.url, image.width, SIZES.card)}
            alt=""
            width={image.width ?? 800}
            height={image.height ?? 800}
            loading="lazy"
            decoding="async"
          />
        )}
        <div className="featured-card__body">
          <h3>{product.name}</h3>
          <p className="featured-card__price">{priceLabel(product)}</p>
          <p>{truncate(product.description, FEATURED_DESCRIPTION_LIMIT)}</p>
        </div>
      </a>
    </li>
  );
}
