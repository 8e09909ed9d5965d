import { useCallback, useEffect, useState } from "react";
import type { Project } from "../../src/modules/content/model";
import { ChevronIcon } from "../components/Icons";
import { imageSources, SIZES } from "../components/responsive-image";

/** Advance every 7 s with a 450 ms fade (docs/product.md#home). */
const CAROUSEL_INTERVAL_MS = 7000;
const CAROUSEL_FADE_MS = 450;

/**
 * The fade's length reaches the stylesheet through the CSS object model: a
 * `style` attribute in the server's HTML would need 'unsafe-inline' in the
 * Content-Security-Policy. Until hydration home.css's fallback (the same 450 ms) applies.
 */
function setFadeDuration(node: HTMLElement | null): void {
  node?.style.setProperty("--fade-ms", `${CAROUSEL_FADE_MS}ms`);
}

export type ProjectsCarouselProps = { projects: Project[] };

export function ProjectsCarousel({ projects }: ProjectsCarouselProps) {
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = projects.length;

  const go = useCallback((index: number) => setActive(((index % count) + count) % count), [count]);

  useEffect(() => {
    if (count < 2 || paused) return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const timer = setInterval(() => setActive((index) => (index + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [count, paused]);

  if (count === 0) {
    return (
      <div className="carousel carousel--empty">
        <p>Fresh prints are in the works</p>
      </div>
    );
  }

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label="Featured projects"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      ref={setFadeDuration}
    >
      <div className="carousel__slides" aria-live={paused ? "polite" : "off"}>
        {projects.map((project, index) => (
          <figure
            key={project.id}
            className={`carousel__slide ${index === active ? "is-active" : ""}`}
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${count}`}
            aria-hidden={index !== active}
          >
            {project.image_url && (
              <img
                {...imageSources(project.image_url, 1200, SIZES.wide)}
                alt=""
                width={1200}
                height={800}
                loading={index === 0 ? "eager" : "lazy"}
                decoding="async"
              />
            )}
            <figcaption className="carousel__caption">
              <h3>{project.title}</h3>
              {project.description && <p>{project.description}</p>}
              {project.link_url && (
                <a
                  className="button button--ghost"
                  href={project.link_url}
                  tabIndex={index === active ? 0 : -1}
                  {...(isExternal(project.link_url) ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                >
                  {project.link_label || "Find out more"}
                </a>
              )}
            </figcaption>
          </figure>
        ))}
      </div>
      {count > 1 && (
        <div className="carousel__controls">
          <button type="button" className="icon-button" aria-label="Previous project" onClick={() => go(active - 1)}>
            <ChevronIcon direction="left" size={20} />
          </button>
          <div className="carousel__dots">
            {projects.map((project, index) => (
              <button
                key={project.id}
                type="button"
                className="carousel__dot"
                aria-label={`Show project ${index + 1}: ${project.title}`}
                aria-current={index === active ? "true" : undefined}
                onClick={() => go(index)}
              />
            ))}
          </div>
          <button type="button" className="icon-button" aria-label="Next project" onClick={() => go(active + 1)}>
            <ChevronIcon direction="right" size={20} />
          </button>
        </div>
      )}
    </section>
  );
}

function isExternal(url: string): boolean {
  return /^https?:\/\//i.test(url);
}
