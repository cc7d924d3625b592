/** Spec 1 §2.4: the empty-state illustration, a simple inline drawing (an empty tray) in the theme's colours. */
export function EmptyStateIllustration({ size = 96, title }: { size?: number; title?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 96 96"
      fill="none"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      data-testid="empty-state-illustration"
    >
      <circle cx="48" cy="48" r="44" fill="var(--mantine-color-blue-light, #e7f5ff)" />
      <path
        d="M24 54 L32 32 H64 L72 54"
        stroke="var(--mantine-color-blue-filled, #228be6)"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path
        d="M24 54 H38 L41 60 H55 L58 54 H72 V68 A4 4 0 0 1 68 72 H28 A4 4 0 0 1 24 68 Z"
        fill="var(--mantine-color-body, #fff)"
        stroke="var(--mantine-color-blue-filled, #228be6)"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path
        d="M40 22 L42 27 M48 19 V25 M56 22 L54 27"
        stroke="var(--mantine-color-blue-filled, #228be6)"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}
