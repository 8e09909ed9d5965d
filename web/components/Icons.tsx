/** Inline SVG icons: no icon font, no extra request, inherit currentColor. */
type IconProps = { size?: number };

const base = (size: number) => ({
  width: size,
  height: size,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round" as const,
  strokeLinejoin: "round" as const,
});

export function BasketIcon({ size = 22 }: IconProps) {
  return (
    <svg {...base(size)} aria-hidden="true" focusable="false">
      <path d="M5 8h14l-1.2 11.1a2 2 0 0 1-2 1.9H8.2a2 2 0 0 1-2-1.9L5 8Z" />
      <path d="M9 8V6a3 3 0 0 1 6 0v2" />
    </svg>
  );
}

export function SunIcon({ size = 20 }: IconProps) {
  return (
    <svg {...base(size)} aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </svg>
  );
}

export function MoonIcon({ size = 20 }: IconProps) {
  return (
    <svg {...base(size)} aria-hidden="true" focusable="false">
      <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5Z" />
    </svg>
  );
}

export function MenuIcon({ size = 22 }: IconProps) {
  return (
    <svg {...base(size)} aria-hidden="true" focusable="false">
      <path d="M4 7h16M4 12h16M4 17h16" />
    </svg>
  );
}

export function CloseIcon({ size = 22 }: IconProps) {
  return (
    <svg {...base(size)} aria-hidden="true" focusable="false">
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}

export function ChevronIcon({ size = 16, direction = "down" }: IconProps & { direction?: "down" | "left" | "right" }) {
  const d = { down: "M6 9l6 6 6-6", left: "M15 6l-6 6 6 6", right: "M9 6l6 6-6 6" }[direction];
  return (
    <svg {...base(size)} aria-hidden="true" focusable="false">
      <path d={d} />
    </svg>
  );
}

export function LogoMark({ size = 28 }: IconProps) {
  // Three stacked layers: what a 3D printer does, and the shop's name.
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <path d="M16 4 29 11 16 18 3 11Z" fill="var(--accent)" />
      <path d="M3 16l13 7 13-7" fill="none" stroke="var(--accent-2)" strokeWidth="2.5" strokeLinejoin="round" />
      <path d="M3 21l13 7 13-7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinejoin="round" opacity=".55" />
    </svg>
  );
}
