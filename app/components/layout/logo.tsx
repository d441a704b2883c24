/** The Beyond mark and wordmark; decorative, so the link around it carries the name. */
export function Logo() {
  return (
    <svg
      className="logo"
      viewBox="0 0 132 32"
      width="132"
      height="32"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="9" fill="var(--color-brand)" />
      <path
        d="M9 22.5 15 16l4 3.5 6-8"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="25" cy="11.5" r="2.4" fill="var(--color-accent)" />
      <text
        x="41"
        y="23"
        fill="currentColor"
        fontFamily="var(--font-sans)"
        fontSize="21"
        fontWeight="700"
        letterSpacing="-0.5"
      >
        Beyond
      </text>
    </svg>
  );
}
