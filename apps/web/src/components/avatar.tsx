import type { AvatarId } from "@felt/protocol/avatars";

/**
 * The built-in avatars (@felt/protocol/avatars), drawn here as small SVG
 * glyphs on a coloured disc: nothing is fetched, and the id is all the API
 * stores.
 */
const GLYPHS: Record<AvatarId, { colour: string; draw: React.ReactNode }> = {
  spade: {
    colour: "#3b4a6b",
    draw: (
      <path d="M12 3C9.5 6.5 5 9 5 13a3.8 3.8 0 0 0 6.3 2.9L10.5 20h3l-.8-4.1A3.8 3.8 0 0 0 19 13c0-4-4.5-6.5-7-10z" />
    ),
  },
  heart: {
    colour: "#8c2f39",
    draw: (
      <path d="M12 20s-7.5-4.9-7.5-10.3A4.2 4.2 0 0 1 12 7.1a4.2 4.2 0 0 1 7.5 2.6C19.5 15.1 12 20 12 20z" />
    ),
  },
  diamond: { colour: "#a0442a", draw: <path d="M12 3l6.5 9L12 21l-6.5-9z" /> },
  club: {
    colour: "#2f5d46",
    draw: (
      <>
        <circle cx="12" cy="8" r="3.4" />
        <circle cx="7.8" cy="13.4" r="3.4" />
        <circle cx="16.2" cy="13.4" r="3.4" />
        <path d="M11 13h2l1 7h-4z" />
      </>
    ),
  },
  chip: {
    colour: "#6b4b8c",
    draw: (
      <>
        <circle
          cx="12"
          cy="12"
          r="7.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeDasharray="3.9 2"
        />
        <circle cx="12" cy="12" r="3.5" />
      </>
    ),
  },
  crown: { colour: "#7a6220", draw: <path d="M4 18l1.5-10 4.5 4.5L12 5l2 7.5L18.5 8 20 18z" /> },
  star: {
    colour: "#2d5f7a",
    draw: <path d="M12 3l2.7 6 6.3.6-4.8 4.3 1.4 6.4L12 17l-5.6 3.3 1.4-6.4L3 9.6 9.3 9z" />,
  },
  moon: { colour: "#33415c", draw: <path d="M15 4a8.5 8.5 0 1 0 5.5 13.5A7 7 0 0 1 15 4z" /> },
  sun: {
    colour: "#9a5a1c",
    draw: (
      <>
        <circle cx="12" cy="12" r="4" />
        <path
          d="M12 3v3M12 18v3M3 12h3M18 12h3M5.6 5.6l2.1 2.1M16.3 16.3l2.1 2.1M5.6 18.4l2.1-2.1M16.3 7.7l2.1-2.1"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </>
    ),
  },
  bolt: { colour: "#5c5c1f", draw: <path d="M13.5 3L5 13.5h6L10 21l9-11h-6z" /> },
  leaf: {
    colour: "#3d6b2a",
    draw: (
      <path
        d="M5 19c0-9 5.5-14 15-14 0 9.5-5 14-13.5 14M5 19l7-7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
      />
    ),
  },
  anchor: {
    colour: "#2a5a6b",
    draw: (
      <path
        d="M12 8v12M8.5 11h7M5 13.5a7 7 0 0 0 14 0M12 4.2a1.9 1.9 0 1 1 0 3.8 1.9 1.9 0 0 1 0-3.8z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    ),
  },
};

/** An avatar disc; decorative unless `label` names it for screen readers. */
export function Avatar({ id, size = 28, label }: { id: AvatarId; size?: number; label?: string }) {
  const glyph = GLYPHS[id];
  const body = (
    <>
      <circle cx="12" cy="12" r="12" fill={glyph.colour} />
      <g color="#f4efe2" fill="#f4efe2">
        {glyph.draw}
      </g>
    </>
  );
  const common = {
    className: "avatar",
    width: size,
    height: size,
    viewBox: "0 0 24 24",
    fill: "currentColor",
    "data-avatar": id,
  };
  return label ? (
    <svg {...common} role="img" aria-label={label}>
      <title>{label}</title>
      {body}
    </svg>
  ) : (
    <svg {...common} aria-hidden="true">
      {body}
    </svg>
  );
}
